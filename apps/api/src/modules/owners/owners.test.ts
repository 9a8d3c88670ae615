import { randomUUID } from 'node:crypto';
import { MSG, OwnerAgenciesResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  insertAgency,
  LIMIT_MESSAGE,
  NEW_PASSWORD,
  OWNER_NOT_FOUND,
  ownerCalls,
  type Res,
  send,
  snapshot,
  startAdminApp,
  verifiedAgencyWithClient,
} from '../../../test/fixtures/owners.ts';
import {
  PORTAL_HOST,
  registerAgency,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';

// The platform admin's calls (spec §2, §3, §7; decisions §1): who may make them, and an owner's agencies.
// The list and stats are in owners-list.test.ts, the status update in owners-update.test.ts, the password
// reset in owners-reset.test.ts.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  ({ t, adminToken } = await startAdminApp());
});
afterAll(() => t?.close());

const { ownerAgencies } = ownerCalls(() => t.app);

describe('GET /api/clients/:id/agencies', () => {
  it("answers each of the owner's agencies with its fields, oldest first, paged", async () => {
    const agency = await registerAgency(t.app);
    const second = await insertAgency(t.db, agency.ownerId, {
      name: 'Verma Investments',
      email: 'invest@vermainsurance.in',
      phone: '02024456789',
      locality: 'FC Road',
      pincode: '411004',
      licenseNumber: 'IRDAI-CA-0042',
      createdAt: new Date(Date.now() + 60_000),
    });
    const res = await ownerAgencies(adminToken, agency.ownerId);
    expect(res.statusCode, res.body).toBe(200);
    const body = OwnerAgenciesResponseSchema.parse(res.json());
    expect(body.pagination).toEqual({ total: 2, limit: 10, offset: 0 });
    expect(body.items[0]).toEqual({
      agency_id: agency.agencyId,
      agency_name: agency.form.AgencyName,
      portal_address: agency.portalUrl,
      agency_email: agency.email,
      phone_number: '9876543210',
      alternate_phone_number: null,
      address: 'Shanti Niketan, MG Road, Pune, Maharashtra, 411001',
      website: 'www.vermainsurance.in',
      years_in_business: 12,
      license_number: null,
      company_description: 'Life and health insurance advisers since 2014.',
      is_verified: false,
      registered_on: expect.any(String),
    });
    expect(body.items[1]).toMatchObject({
      agency_id: second.id,
      agency_name: 'Verma Investments',
      portal_address: `http://${second.slug}.${PORTAL_HOST}`,
      address: 'FC Road, Pune, Maharashtra, 411004',
      website: null,
      license_number: 'IRDAI-CA-0042',
      registered_on: second.createdAt.toISOString(),
    });

    await verifyOwner(t.db, agency.ownerId);
    const page = OwnerAgenciesResponseSchema.parse(
      (await ownerAgencies(adminToken, agency.ownerId, '?offset=1&limit=1')).json(),
    );
    expect(page.pagination).toEqual({ total: 2, limit: 1, offset: 1 });
    expect(page.items.map((a) => [a.agency_name, a.is_verified])).toEqual([['Verma Investments', true]]);
  });

  it('answers 404 for an unknown id and for ids of other things', async () => {
    const agency = await registerAgency(t.app);
    for (const id of [randomUUID(), agency.userId, agency.agencyId]) {
      expectError(await ownerAgencies(adminToken, id), 404, OWNER_NOT_FOUND);
    }
  });

  it('answers 400 for a malformed id or page', async () => {
    const agency = await registerAgency(t.app);
    const bad = expectError(await ownerAgencies(adminToken, 'not-a-uuid'), 400);
    expect(bad.fields).toEqual({ id: 'The id must be a valid identifier.' });
    const page = expectError(await ownerAgencies(adminToken, agency.ownerId, '?limit=101'), 400);
    expect(page.fields).toEqual({ limit: LIMIT_MESSAGE });
  });
});

describe('who may call the admin endpoints', () => {
  const calls: Array<[string, (token: string | undefined, ownerId: string) => Promise<Res>]> = [
    ['GET /api/clients', (token) => send(t.app, 'GET', '/api/clients', token)],
    ['GET /api/clients/stats', (token) => send(t.app, 'GET', '/api/clients/stats', token)],
    [
      'GET /api/clients/:id/agencies',
      (token, id) => send(t.app, 'GET', `/api/clients/${id}/agencies`, token),
    ],
    [
      'PUT /api/clients/update',
      (token, id) =>
        send(t.app, 'PUT', '/api/clients/update', token, { ClientId: id, IsActive: true, IsVerified: true }),
    ],
    [
      'POST /api/clients/:id/reset-ao-password',
      (token, id) =>
        send(t.app, 'POST', `/api/clients/${id}/reset-ao-password`, token, { new_password: NEW_PASSWORD }),
    ],
  ];

  it.each(calls)('%s: 401 anonymous, 403 to AO and AC, and nothing changes', async (_name, call) => {
    const { agency, aoToken, acToken } = await verifiedAgencyWithClient(t);
    const unverified = await registerAgency(t.app);
    const ownToken = await signInToken(t.app, {
      email: unverified.email,
      password: unverified.password,
      host: unverified.host,
    });
    const before = await snapshot(t.db);
    expectError(await call(undefined, agency.ownerId), 401, MSG.unauthenticated);
    expectError(await call(aoToken, agency.ownerId), 403, MSG.forbidden);
    expectError(await call(acToken, agency.ownerId), 403, MSG.forbidden);
    // An owner cannot verify, activate or reset themselves either.
    expectError(await call(ownToken, unverified.ownerId), 403, MSG.forbidden);
    expect(await snapshot(t.db)).toEqual(before);
    // The same call as the admin goes through.
    expect((await call(adminToken, agency.ownerId)).statusCode).toBe(200);
  });
});
