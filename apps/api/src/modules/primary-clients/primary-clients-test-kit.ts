import { type CreatePrimaryClient, verhoeffCheckDigit } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { bearer } from '../../../test/helpers.ts';

// Shared set-up of the client tests: valid payloads and calls as the web app sends them.

export const PAN = 'ABCDE1234F';
/** A 12-digit number that passes the Verhoeff check. */
export const AADHAAR = `23456789012${verhoeffCheckDigit('23456789012')}`;
export const PORTAL_PASSWORD = 'Grahak#2026pw';

let n = 0;
export function clientPayload(overrides: Partial<CreatePrimaryClient> = {}): CreatePrimaryClient {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    first_name: 'Meera',
    last_name: 'Iyer',
    date_of_birth: '1984-06-12',
    gender: 'female',
    occupation: 'Architect',
    email: `meera.${tag}@example.in`,
    phone: '9876501234',
    alternate_phone: '',
    emergency_contact_name: 'Ravi Iyer',
    emergency_contact_phone: '9876505678',
    house_number: 'B-402',
    society: 'Shanti Niketan',
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    pan_number: PAN,
    aadhaar_number: AADHAAR,
    ...overrides,
  };
}

export function postClient(app: FastifyInstance, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/users/primary-clients',
    headers: bearer(token),
    payload: payload as object,
  });
}

export async function createClient(
  app: FastifyInstance,
  token: string,
  overrides: Partial<CreatePrimaryClient> = {},
) {
  const res = await postClient(app, token, clientPayload(overrides));
  if (res.statusCode !== 201) throw new Error(`create client answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { primary_client_id: string; client_code: string; email: string | null } }>().data;
}
