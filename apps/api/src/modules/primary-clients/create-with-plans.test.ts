import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PrimaryClientDetailResponseSchema, PrimaryClientResponseSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProvider } from '../../../test/fixtures/plans.ts';
import { clientPayload, PORTAL_PASSWORD } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { INVESTMENT } from '../../../test/fixtures/services.ts';
import { bearer, createTestApp, signIn, type TestApp, verifyOwner } from '../../../test/helpers.ts';
import { PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { multipart, type Part } from '../../../test/multipart.ts';
import {
  agencies,
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
  users,
} from '../../db/schema.ts';

/** A valid client with the given changes, and plans when given. */
function payloadOf(overrides: Parameters<typeof clientPayload>[0] & { plans?: unknown[] } = {}) {
  const { plans, ...rest } = overrides;
  return { ...clientPayload(rest), ...(plans ? { plans } : {}) };
}

// POST /users/primary-clients as one multipart submission: the client, portal account, plans, their PDFs
// and a photo, all or nothing (issue 5 item 2; decisions 008).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SUBTYPE: Record<string, Record<string, unknown>> = {
  life: { sum_assured: '1000000', plan_name: 'Jeevan Anand', mode: 'Yearly', term: 20, ppt: 15 },
  health: {
    cover_type: 'Family Floater',
    sum_assured: '500000',
    plan_name: 'Optima Secure',
    term: 1,
    insured_members: [{ insured_member_name: 'Meera Iyer', relationship: 'Self' }],
  },
  motor: { rc_number: 'MH12AB1234', term: 1 },
  travel: {
    insurance_company_name: 'Tata AIG',
    trip_type: 'Single trip',
    destination: 'Singapore',
    duration: 10,
    term: 1,
  },
  home: { insurance_company_name: 'HDFC Ergo', term: 5 },
  mutual_funds: { folio_number: '1234567/89', scheme: 'HDFC Flexi Cap', fund: 'HDFC MF' },
  nps: { pran: '110012345678' },
  postoffice: { account_number: 'PO-9988', scheme_name: 'NSC', term: 5, roi: '7.7' },
};

let policySeq = 0;
function plan(service: string, providerId: string, overrides: Record<string, unknown> = {}) {
  policySeq += 1;
  return {
    provider_id: providerId,
    service_code: service,
    policy_number: `${service.toUpperCase()}-${policySeq}`,
    ...(INVESTMENT.includes(service) ? { amount: '250000.50' } : { premium_amount: '24500' }),
    start_date: '2025-04-01',
    end_date: '2045-03-31',
    subtype_fields: SUBTYPE[service],
    nominee: { full_name: 'Ravi Iyer', relation: 'Spouse' },
    ...overrides,
  };
}

type FilePart = { filename: string; type: string; bytes: Buffer };
const pdf = (name: string): FilePart => ({
  filename: `${name}.pdf`,
  type: 'application/pdf',
  bytes: PDF_BYTES,
});

function sendClient(token: string, payload: unknown, planFiles: FilePart[] = [], avatar?: FilePart) {
  const parts: Part[] = [
    { name: 'payload', value: typeof payload === 'string' ? payload : JSON.stringify(payload) },
  ];
  for (const f of planFiles) parts.push({ name: 'planFiles', ...f });
  if (avatar) parts.push({ name: 'avatar', ...avatar });
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/primary-clients',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function setUp(services: string[]) {
  const owner = await ownerWithToken(t.app);
  const providers: Record<string, string> = {};
  for (const s of services) providers[s] = await addProvider(t.app, owner.token, s);
  return { ...owner, providers };
}

/** Everything a create could have left behind in the agency. */
async function storedFor(agencyId: string) {
  const count = async (
    table: typeof primaryClients | typeof insurancePolicies | typeof investmentAccounts | typeof documents,
  ) => (await t.db.select().from(table).where(eq(table.agencyId, agencyId))).length;
  const clientUsers = await t.db
    .select()
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'AC')));
  const members = await t.db.select().from(insuredMembers).where(eq(insuredMembers.agencyId, agencyId));
  let files = 0;
  try {
    files = readdirSync(path.join(t.app.services.documents.dir, agencyId)).length;
  } catch {
    files = 0;
  }
  return {
    clients: await count(primaryClients),
    users: clientUsers.length,
    policies: await count(insurancePolicies),
    accounts: await count(investmentAccounts),
    insuredMembers: members.length,
    documents: await count(documents),
    files,
  };
}

const NOTHING = { clients: 0, users: 0, policies: 0, accounts: 0, insuredMembers: 0, documents: 0, files: 0 };

async function nextSeq(agencyId: string) {
  const [row] = await t.db.select().from(agencies).where(eq(agencies.id, agencyId));
  return row!.nextClientSeq;
}

describe('adding a client with plans and their PDFs in one multipart submission', () => {
  it('creates the client, portal account, a life and a mutual-fund plan with PDFs, and the photo', async () => {
    const { agency, token, providers } = await setUp(['life', 'mutual_funds']);
    const payload = payloadOf({
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
      plans: [
        plan('life', providers.life!, { file_index: 1 }),
        plan('mutual_funds', providers.mutual_funds!, { file_index: 0 }),
      ],
    });
    const res = await sendClient(token, payload, [pdf('mf-statement'), pdf('life-policy')], {
      filename: 'meera.png',
      type: 'image/png',
      bytes: pngBytes(4, 4),
    });
    expect(res.statusCode).toBe(201);
    const created = PrimaryClientResponseSchema.parse(res.json()).data;
    expect(created).toMatchObject({
      full_name: 'Meera Iyer',
      portal_access: true,
      must_change_password: true,
      pan_number: '••••234F',
    });
    expect(created.avatar_url).toBe(`/api/users/primary-clients/${created.primary_client_id}/avatar`);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${created.primary_client_id}`,
      headers: bearer(token),
    });
    const { data } = PrimaryClientDetailResponseSchema.parse(detail.json());
    expect(data.plans.insurance).toHaveLength(1);
    expect(data.plans.investment).toHaveLength(1);
    expect(data.plans.insurance[0]).toMatchObject({
      service_code: 'life',
      plan_name: 'Jeevan Anand',
      premium_amount: '24500.00',
      document_available: true,
    });
    expect(data.plans.investment[0]).toMatchObject({
      service_code: 'mutual_funds',
      amount: '250000.50',
      document_available: true,
    });
    const planDocs = data.documents.filter((d) => d.belongs_to === 'plan');
    expect(planDocs.map((d) => d.original_name).sort()).toEqual(['life-policy.pdf', 'mf-statement.pdf']);
    // file_index 1 went to the life plan.
    const lifeDoc = planDocs.find((d) => d.owner_id === data.plans.insurance[0]!.plan_id);
    expect(lifeDoc?.original_name).toBe('life-policy.pdf');
    expect(await storedFor(agency.agencyId)).toEqual({
      ...NOTHING,
      clients: 1,
      users: 1,
      policies: 1,
      accounts: 1,
      documents: 3,
      files: 3,
    });

    const photo = await t.app.inject({ method: 'GET', url: created.avatar_url!, headers: bearer(token) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    // The client signs in with the initial password and must change it.
    await verifyOwner(t.db, agency.ownerId);
    const login = await signIn(t.app, {
      email: created.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.must_change_password).toBe(true);
  });

  it('matches files to plans in order when no plan names a file_index, and stores insured members', async () => {
    const { agency, token, providers } = await setUp(['health', 'nps']);
    const payload = payloadOf({
      plans: [plan('health', providers.health!), plan('nps', providers.nps!)],
    });
    const res = await sendClient(token, payload, [pdf('health'), pdf('nps')]);
    expect(res.statusCode).toBe(201);
    expect(await storedFor(agency.agencyId)).toEqual({
      ...NOTHING,
      clients: 1,
      policies: 1,
      accounts: 1,
      insuredMembers: 1,
      documents: 2,
      files: 2,
    });
  });

  it('still takes JSON, and checks a JSON body with the same schema', async () => {
    const { token, providers } = await setUp(['motor']);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: bearer(token),
      payload: payloadOf({ plans: [plan('motor', providers.motor!)] }),
    });
    expect(ok.statusCode).toBe(201);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: bearer(token),
      payload: payloadOf({
        pan_number: 'ABC',
        plans: [plan('motor', providers.motor!, { end_date: '2020-01-01' })],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      pan_number: 'PAN Number must be 5 letters, 4 digits and a letter, for example ABCDE1234F.',
      'plans.0.end_date': 'End Date must be on or after the Start Date.',
    });
  });
});

describe('PAN only with investments (issue 24 item 7)', () => {
  it('takes an insurance-only client without a PAN, and asks for it with an investment', async () => {
    const { token, providers } = await setUp(['motor', 'mutual_funds']);
    const post = (payload: ReturnType<typeof payloadOf>) =>
      t.app.inject({ method: 'POST', url: '/api/users/primary-clients', headers: bearer(token), payload });
    const noPlans = await post(payloadOf({ pan_number: '' }));
    expect(noPlans.statusCode).toBe(201);
    expect(PrimaryClientResponseSchema.parse(noPlans.json()).data.pan_number).toBeNull();
    const motorOnly = await post(payloadOf({ pan_number: null, plans: [plan('motor', providers.motor!)] }));
    expect(motorOnly.statusCode).toBe(201);
    const withFund = await post(
      payloadOf({
        pan_number: '',
        plans: [plan('motor', providers.motor!), plan('mutual_funds', providers.mutual_funds!)],
      }),
    );
    expect(withFund.statusCode).toBe(400);
    expect(withFund.json().fields).toEqual({
      pan_number:
        'PAN Number is required for a client who holds an investment (mutual funds, NPS or post office), for KYC.',
    });
  });
});

describe('all or nothing', () => {
  it('a bad third plan (another agency’s provider) leaves no client, user, plan, document or file', async () => {
    const { agency, token, providers } = await setUp(['life', 'mutual_funds']);
    const other = await setUp(['life']);
    const seqBefore = await nextSeq(agency.agencyId);
    const payload = payloadOf({
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
      plans: [
        plan('life', providers.life!),
        plan('mutual_funds', providers.mutual_funds!),
        plan('life', other.providers.life!),
      ],
    });
    const res = await sendClient(token, payload, [pdf('1'), pdf('2'), pdf('3')], {
      filename: 'p.png',
      type: 'image/png',
      bytes: pngBytes(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'plans.2.provider_id': 'Provider Id does not name a provider company of your agency.',
    });
    expect(await storedFor(agency.agencyId)).toEqual(NOTHING);
    // The failed create did not use up a client code either.
    expect(await nextSeq(agency.agencyId)).toBe(seqBefore);
  });

  it('a renamed executable sent as a plan PDF leaves nothing behind and names the file', async () => {
    const { agency, token, providers } = await setUp(['life']);
    const exe = {
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(400, 1)]),
    };
    const payload = payloadOf({
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
      plans: [plan('life', providers.life!), plan('life', providers.life!)],
    });
    const res = await sendClient(token, payload, [pdf('ok'), exe]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'planFiles.1': 'Plan File 2 must be a PDF file.' });
    expect(await storedFor(agency.agencyId)).toEqual(NOTHING);
  });

  it('an HTML page named .pdf, a PDF as the photo, or a file no plan names are refused before anything is stored', async () => {
    const { agency, token, providers } = await setUp(['life']);
    const html = {
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    };
    const one = await sendClient(token, payloadOf({ plans: [plan('life', providers.life!)] }), [html]);
    expect(one.statusCode).toBe(400);
    expect(one.json().fields).toEqual({ 'planFiles.0': 'Plan File 1 must be a PDF file.' });

    const avatar = await sendClient(token, payloadOf(), [], pdf('me'));
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json().fields).toEqual({ avatar: 'Avatar must be a PNG, JPEG or WebP image file.' });

    const extra = await sendClient(token, payloadOf({ plans: [plan('life', providers.life!)] }), [
      pdf('a'),
      pdf('b'),
    ]);
    expect(extra.statusCode).toBe(400);
    expect(Object.keys(extra.json().fields)).toEqual(['planFiles']);

    const missing = await sendClient(
      token,
      payloadOf({ plans: [plan('life', providers.life!, { file_index: 3 })] }),
      [pdf('a')],
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      'plans.0.file_index': 'File Index 3 names no file in planFiles.',
    });

    const noPlans = await sendClient(token, payloadOf(), [pdf('a')]);
    expect(noPlans.statusCode).toBe(400);
    expect(Object.keys(noPlans.json().fields)).toEqual(['planFiles']);
    expect(await storedFor(agency.agencyId)).toEqual(NOTHING);
  });

  it('refuses a missing or broken payload and unknown fields by name', async () => {
    const { token } = await setUp([]);
    const broken = await sendClient(token, '{"first_name":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().fields).toEqual({ payload: 'payload must be valid JSON.' });

    const body = multipart([{ name: 'note', value: 'x' }]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ note: 'The field note is not expected here.' });

    const empty = multipart([
      { name: 'planFiles', filename: 'a.pdf', type: 'application/pdf', bytes: PDF_BYTES },
    ]);
    const noPayload = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: { ...bearer(token), ...empty.headers },
      payload: empty.payload,
    });
    expect(noPayload.statusCode).toBe(400);
    expect(noPayload.json().fields).toEqual({
      payload: 'payload is required: the client and plans as JSON.',
    });
  });
});

describe('per-service fields in a multipart create', () => {
  it.each([
    [
      'life',
      { ...SUBTYPE.life, sum_assured: undefined },
      'subtype_fields.sum_assured',
      'Sum Assured is required.',
    ],
    [
      'health',
      { ...SUBTYPE.health, insured_members: [] },
      'subtype_fields.insured_members',
      'Insured Members must name at least one person covered.',
    ],
    [
      'health',
      { ...SUBTYPE.health, insured_members: [{ relationship: 'Self' }] },
      'subtype_fields.insured_members.0.insured_member_name',
      'Insured Member Name is required.',
    ],
    ['motor', { term: 1 }, 'subtype_fields.rc_number', 'Registration (RC) Number is required.'],
    [
      'travel',
      { ...SUBTYPE.travel, destination: '' },
      'subtype_fields.destination',
      'Destination is required.',
    ],
    [
      'home',
      { insurance_company_name: 'HDFC Ergo', term: 0 },
      'subtype_fields.term',
      'Term must be a whole number of years from 1 to 100.',
    ],
    ['mutual_funds', { ...SUBTYPE.mutual_funds, scheme: '' }, 'subtype_fields.scheme', 'Scheme is required.'],
    ['nps', { pran: '1100-1234' }, 'subtype_fields.pran', 'PRAN must be 12 digits.'],
    [
      'postoffice',
      { ...SUBTYPE.postoffice, roi: 25 },
      'subtype_fields.roi',
      'ROI must be a percentage from 0 to 20.',
    ],
  ])('%s: %s → the field is named', async (service, subtype, field, message) => {
    const { agency, token, providers } = await setUp([service]);
    const res = await sendClient(
      token,
      payloadOf({ plans: [plan(service, providers[service]!, { subtype_fields: subtype })] }),
      [pdf('p')],
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[`plans.0.${field}`]).toBe(message);
    expect(await storedFor(agency.agencyId)).toEqual(NOTHING);
  });

  it('a provider of another service is refused on provider_id', async () => {
    const { token, providers } = await setUp(['life', 'health']);
    const res = await sendClient(token, payloadOf({ plans: [plan('health', providers.life!)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'plans.0.provider_id': 'Provider Id names a life provider; this plan is health.',
    });
  });
});

describe('the OpenAPI document', () => {
  it('documents the JSON body and says how to send the multipart form', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/users/primary-clients'].post;
    expect(op.summary).toContain('multipart: `payload` (the same JSON), `planFiles`');
    expect(op.summary).toContain('`avatar`');
    const schema = op.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['first_name', 'pan_number', 'plans']),
    );
  });
});
