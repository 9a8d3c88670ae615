import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helpers.ts';
import { PDF_BYTES } from '../../../test/images.ts';
import { multipart, type Part } from '../../../test/multipart.ts';
import { createClient } from '../primary-clients/primary-clients-test-kit.ts';
import { ownerWithToken } from '../providers/providers-test-kit.ts';

// Shared set-up of the client-plan tests: providers of each service, valid plans, and the calls as the web
// app sends them.

export const SERVICE_IDS: Record<string, string> = {
  life: '00000000-0000-4000-8000-000000000001',
  health: '00000000-0000-4000-8000-000000000002',
  motor: '00000000-0000-4000-8000-000000000003',
  travel: '00000000-0000-4000-8000-000000000004',
  home: '00000000-0000-4000-8000-000000000005',
  mutual_funds: '00000000-0000-4000-8000-000000000006',
  nps: '00000000-0000-4000-8000-000000000007',
  postoffice: '00000000-0000-4000-8000-000000000008',
};
export const INVESTMENT = ['mutual_funds', 'nps', 'postoffice'];

export async function addProvider(app: FastifyInstance, token: string, service: string) {
  const category = INVESTMENT.includes(service) ? 'investment' : 'insurance';
  const body = multipart([
    {
      name: 'payload',
      value: JSON.stringify({
        service_id: SERVICE_IDS[service],
        provider_name: `${service} Co`,
        agency_code: 'AG-1',
      }),
    },
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/plans/${category}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: { provider_id: string } }>().data.provider_id;
}

export const SUBTYPE: Record<string, Record<string, unknown>> = {
  life: { sum_assured: '1000000', plan_name: 'Jeevan Anand', mode: 'yearly', term: 20, ppt: '15' },
  health: {
    cover_type: 'family_floater',
    sum_assured: 500000,
    plan_name: 'Optima Secure',
    term: 1,
    insured_members: [
      {
        insured_member_name: 'Meera Iyer',
        relationship: 'self',
        insured_member_dob: '1984-06-12',
        insured_member_phone_number: '9876501234',
      },
      {
        insured_member_name: 'Kabir Iyer',
        relationship: 'son',
        insured_member_dob: '2012-03-04',
        insured_member_phone_number: '',
      },
    ],
  },
  motor: { rc_number: 'mh12ab1234', term: 1 },
  travel: {
    insurance_company_name: 'Tata AIG',
    trip_type: 'single',
    destination: 'Singapore',
    duration: 10,
    term: 1,
  },
  home: { insurance_company_name: 'HDFC Ergo', term: 5 },
  mutual_funds: { folio_number: '1234567/89', scheme: 'HDFC Flexi Cap', fund: 'HDFC MF' },
  nps: { pran: '110012345678' },
  postoffice: { account_number: 'PO-9988', scheme_name: 'NSC', term: 5, roi: '7.7' },
};

export function plan(service: string, providerId: string, overrides: Record<string, unknown> = {}) {
  const investment = INVESTMENT.includes(service);
  return {
    provider_id: providerId,
    service_code: service.toUpperCase(),
    policy_number: `${service.toUpperCase()}-${Math.floor(Math.random() * 1e6)}`,
    ...(investment ? { amount: '250000.50' } : { premium_amount: '24500' }),
    start_date: '2025-04-01',
    end_date: '2045-03-31',
    subtype_fields: SUBTYPE[service],
    nominee: {
      full_name: 'Ravi Iyer',
      relation: 'spouse',
      dob: '1982-01-01',
      phone_number: '9876505678',
      email: 'ravi@example.in',
    },
    ...overrides,
  };
}

export interface FileInput {
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A PDF of spec §9's minimum size and more, with a tag so two of them differ. */
export function pdfOf(tag: string): Buffer {
  return Buffer.concat([
    PDF_BYTES,
    Buffer.from(
      `% ${tag} ${'padding so the document is over one hundred bytes long. '.repeat(2)}\n`,
      'latin1',
    ),
  ]);
}

export const pdfFile = (name: string, bytes = pdfOf(name)): FileInput => ({
  filename: `${name}.pdf`,
  type: 'application/pdf',
  bytes,
});

export function addPlans(
  app: FastifyInstance,
  token: string,
  fields: { primary_client_id: string; secondary_client_id?: string; plans: unknown[] },
  files: FileInput[] = [],
) {
  const parts: Part[] = [{ name: 'primary_client_id', value: fields.primary_client_id }];
  if (fields.secondary_client_id)
    parts.push({ name: 'secondary_client_id', value: fields.secondary_client_id });
  parts.push({ name: 'plansData', value: JSON.stringify(fields.plans) });
  for (const f of files) parts.push({ name: 'planFiles', ...f });
  const body = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/agencies/add-plans-to-existing',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** An owner with a client and a provider for each service named. */
export async function ownerWithClient(app: FastifyInstance, services: string[]) {
  const owner = await ownerWithToken(app);
  const client = await createClient(app, owner.token);
  const providers: Record<string, string> = {};
  for (const s of services) providers[s] = await addProvider(app, owner.token, s);
  return { ...owner, client, providers };
}

/** Adds one plan of the service (with a PDF when given) and answers its id. */
export async function addOnePlan(
  app: FastifyInstance,
  setUp: Awaited<ReturnType<typeof ownerWithClient>>,
  service: string,
  options: { overrides?: Record<string, unknown>; file?: FileInput } = {},
) {
  const res = await addPlans(
    app,
    setUp.token,
    {
      primary_client_id: setUp.client.primary_client_id,
      plans: [plan(service, setUp.providers[service]!, options.overrides)],
    },
    options.file ? [options.file] : [],
  );
  if (res.statusCode !== 201) throw new Error(`add plan answered ${res.statusCode}: ${res.body}`);
  const data = res.json<{
    data: { insurance: Array<{ plan_id: string }>; investment: Array<{ plan_id: string }> };
  }>().data;
  return (data.insurance[0] ?? data.investment[0])!.plan_id;
}

export function uploadPlanDocument(app: FastifyInstance, token: string, planId: string, file?: FileInput) {
  const body = multipart(file ? [{ name: 'file', ...file }] : []);
  return app.inject({
    method: 'POST',
    url: `/api/client-plans/${planId}/document`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
