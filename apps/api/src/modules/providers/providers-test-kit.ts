import type { FastifyInstance } from 'fastify';
import { bearer, registerAgency, signInToken } from '../../../test/helpers.ts';
import { multipart, type Part } from '../../../test/multipart.ts';
import type { Db } from '../../db/client.ts';
import { insurancePolicies, primaryClients } from '../../db/schema.ts';

// Shared set-up of the provider tests: an agency owner with a token, and provider calls as the web sends them.

export const SERVICE = {
  life: '00000000-0000-4000-8000-000000000001',
  health: '00000000-0000-4000-8000-000000000002',
  motor: '00000000-0000-4000-8000-000000000003',
  mutual_funds: '00000000-0000-4000-8000-000000000006',
  nps: '00000000-0000-4000-8000-000000000007',
} as const;

export const ACCOUNT_NUMBER = '501004567891234';

export function insurancePayload(overrides: Record<string, unknown> = {}) {
  return {
    service_id: SERVICE.life,
    provider_name: 'LIC of India',
    agency_code: 'AG-77821',
    startdate: '2021-04-01',
    agent_name: 'Ravi Kulkarni',
    email: 'ravi.k@licindia.in',
    mobile_number: '9822012345',
    bank_details: { bank_name: 'HDFC Bank', account_number: ACCOUNT_NUMBER },
    ...overrides,
  };
}

export function investmentPayload(overrides: Record<string, unknown> = {}) {
  return {
    ...insurancePayload({
      service_id: SERVICE.mutual_funds,
      provider_name: 'HDFC Mutual Fund',
      agency_code: 'MF-1001',
    }),
    investment_type: 'Mutual Funds',
    agency_type: 'Individual',
    arn_number: 'ARN-123456',
    arn_expiry: '2030-03-31',
    euin_number: 'E123456',
    ...overrides,
  };
}

export async function ownerWithToken(app: FastifyInstance) {
  const agency = await registerAgency(app);
  const token = await signInToken(app, { email: agency.email, password: agency.password, host: agency.host });
  return { agency, token };
}

export interface Logo {
  filename: string;
  type: string;
  bytes: Buffer;
}

export function sendProvider(
  app: FastifyInstance,
  token: string,
  options: {
    category: 'insurance' | 'investment';
    id?: string;
    payload?: unknown;
    rawPayload?: string;
    logo?: Logo;
    extra?: Part[];
  },
) {
  const parts: Part[] = [];
  const text =
    options.rawPayload ?? (options.payload === undefined ? undefined : JSON.stringify(options.payload));
  if (text !== undefined) parts.push({ name: 'payload', value: text });
  if (options.logo) parts.push({ name: 'providerlogourl', ...options.logo });
  parts.push(...(options.extra ?? []));
  const body = multipart(parts);
  return app.inject({
    method: options.id ? 'PUT' : 'POST',
    url: `/api/plans/${options.category}${options.id ? `/${options.id}` : ''}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** A primary client with one insurance policy on the provider, written straight to the database. */
export async function insertPolicy(
  db: Db,
  agencyId: string,
  providerId: string,
  values: Partial<typeof insurancePolicies.$inferInsert> = {},
) {
  const [client] = await db
    .insert(primaryClients)
    .values({
      agencyId,
      clientCode: `P-${Math.random().toString(36).slice(2, 8)}`,
      firstName: 'Kiran',
      lastName: 'Rao',
    })
    .returning({ id: primaryClients.id });
  const [policy] = await db
    .insert(insurancePolicies)
    .values({
      agencyId,
      primaryClientId: client!.id,
      providerId,
      serviceId: SERVICE.life,
      policyNumber: `POL-${Math.random().toString(36).slice(2, 8)}`,
      premiumAmount: '12000.00',
      ...values,
    })
    .returning({ id: insurancePolicies.id });
  return { clientId: client!.id, policyId: policy!.id };
}
