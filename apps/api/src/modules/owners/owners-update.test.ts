import { randomUUID } from 'node:crypto';
import {
  MeResponseSchema,
  MSG,
  SESSION_DEACTIVATED_DETAIL,
  SESSION_EXPIRED_REASON,
  UpdateOwnerResponseSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  expectError,
  insertAgency,
  OWNER_NOT_FOUND,
  ownerCalls,
  ownerRow,
  snapshot,
  startAdminApp,
  userRow,
  verifiedAgencyWithClient,
} from '../../../test/fixtures/owners.ts';
import {
  type Account,
  createAgencyClient,
  PORTAL_HOST,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';

// The admin's active and verified flags (spec §4 client status; decisions §3): deactivating ends the owner's
// sessions and closes the agency's client portal, verifying opens it, every change is in the audit log.

const PORTAL_CLOSED = 'This agency portal is currently unavailable. Please contact your agency.';

let t: TestApp;
let admin: Account;
let adminToken: string;
beforeAll(async () => {
  ({ t, admin, adminToken } = await startAdminApp());
});
afterAll(() => t?.close());

const { listOwners, updateOwner, me, ownerSignIn } = ownerCalls(() => t.app);

describe('PUT /api/clients/update', () => {
  it("deactivating signs the owner out, refuses their sign-in and closes the agency's client portal", async () => {
    const { agency, client, aoToken, acToken } = await verifiedAgencyWithClient(t);
    const bystander = await verifiedAgencyWithClient(t);

    const res = await updateOwner(adminToken, {
      ClientId: agency.ownerId,
      IsActive: false,
      IsVerified: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(UpdateOwnerResponseSchema.parse(res.json())).toEqual({
      message: 'Client updated successfully!',
      data: {
        ClientId: agency.ownerId,
        ClientName: agency.form.ClientName,
        AgencyName: agency.form.AgencyName,
        AgencyEmail: agency.email,
        IsActive: false,
        IsVerified: true,
        CreatedAt: expect.any(String),
      },
    });

    // The owner's screen says the account was deactivated (issue 24 item 3).
    expect(expectError(await me(aoToken), 401, SESSION_EXPIRED_REASON).detail).toBe(
      SESSION_DEACTIVATED_DETAIL,
    );
    expectError(await ownerSignIn(agency), 403, MSG.accountInactive);
    expectError(await ownerSignIn(agency, PORTAL_HOST), 403, MSG.accountInactive);
    expectError(await me(acToken), 401, SESSION_EXPIRED_REASON);
    expectError(await signIn(t.app, { ...client, host: agency.host }), 403, PORTAL_CLOSED);
    // Another agency's owner and client are untouched.
    expect((await me(bystander.aoToken)).statusCode).toBe(200);
    expect((await me(bystander.acToken)).statusCode).toBe(200);

    expect((await userRow(t.db, agency.userId)).isActive).toBe(false);
    expect((await ownerRow(t.db, agency.ownerId)).isVerified).toBe(true);
    expect((await listOwners(adminToken, `?search=${agency.ownerId}`)).json().items).toEqual([
      expect.objectContaining({ ClientId: agency.ownerId, IsActive: false, IsVerified: true }),
    ]);

    // Reactivating lets both sign in again; the tokens revoked stay revoked.
    expect(
      (await updateOwner(adminToken, { ClientId: agency.ownerId, IsActive: true, IsVerified: true }))
        .statusCode,
    ).toBe(200);
    expect((await ownerSignIn(agency)).statusCode).toBe(200);
    expect((await signIn(t.app, { ...client, host: agency.host })).statusCode).toBe(200);
    expectError(await me(aoToken), 401);
    expectError(await me(acToken), 401);
  });

  it("ends the sessions of the clients of every one of the owner's agencies", async () => {
    const { agency, acToken } = await verifiedAgencyWithClient(t);
    const second = await insertAgency(t.db, agency.ownerId);
    const branchClient = await createAgencyClient(t, second.id);
    const branchToken = await signInToken(t.app, { ...branchClient, host: `${second.slug}.${PORTAL_HOST}` });

    await updateOwner(adminToken, { ClientId: agency.ownerId, IsActive: false, IsVerified: true });
    expectError(await me(acToken), 401);
    expectError(await me(branchToken), 401);
  });

  it("verifying lets the agency's clients sign in; unverifying ends their sessions but not the owner's", async () => {
    const agency = await registerAgency(t.app);
    const client = await createAgencyClient(t, agency.agencyId);
    const aoToken = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    expectError(await signIn(t.app, { ...client, host: agency.host }), 403, MSG.agencyPending);

    const verified = await updateOwner(adminToken, {
      ClientId: agency.ownerId,
      IsActive: true,
      IsVerified: true,
    });
    expect(UpdateOwnerResponseSchema.parse(verified.json()).data).toMatchObject({
      IsActive: true,
      IsVerified: true,
    });
    expect((await ownerRow(t.db, agency.ownerId)).verifiedAt).toBeInstanceOf(Date);
    const acToken = await signInToken(t.app, { ...client, host: agency.host });
    expect(MeResponseSchema.parse((await me(aoToken)).json()).is_verified).toBe(true);

    const unverified = await updateOwner(adminToken, {
      ClientId: agency.ownerId,
      IsActive: true,
      IsVerified: false,
    });
    expect(unverified.statusCode).toBe(200);
    expectError(await me(acToken), 401);
    expectError(await signIn(t.app, { ...client, host: agency.host }), 403, MSG.agencyPending);
    // An unverified owner may still sign in and set up the agency (decisions §3).
    expect((await me(aoToken)).statusCode).toBe(200);
    expect((await ownerRow(t.db, agency.ownerId)).verifiedAt).toBeNull();
  });

  it('revokes nothing when the flags do not change', async () => {
    const { agency, aoToken, acToken } = await verifiedAgencyWithClient(t);
    const res = await updateOwner(adminToken, { ClientId: agency.ownerId, IsActive: true, IsVerified: true });
    expect(res.statusCode).toBe(200);
    expect((await me(aoToken)).statusCode).toBe(200);
    expect((await me(acToken)).statusCode).toBe(200);
  });

  it('writes who changed what, before and after, to the audit log', async () => {
    const agency = await registerAgency(t.app);
    const started = Date.now();
    await updateOwner(adminToken, { ClientId: agency.ownerId, IsActive: true, IsVerified: true });
    await updateOwner(adminToken, { ClientId: agency.ownerId, IsActive: false, IsVerified: true });
    const rows = await auditOf(t.db, 'owner.updated', agency.ownerId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.userId,
      actorRole: 'ADMIN',
      agencyId: null,
      targetType: 'owner',
      targetId: agency.ownerId,
      detail: {
        before: { IsActive: true, IsVerified: false },
        after: { IsActive: true, IsVerified: true },
      },
    });
    expect(rows[1]!.detail).toEqual({
      before: { IsActive: true, IsVerified: true },
      after: { IsActive: false, IsVerified: true },
    });
    expect(rows[0]!.at.getTime()).toBeGreaterThanOrEqual(started - 5_000);
    expect(rows[0]!.ip).toBeTruthy();
  });

  it('answers 404 for an unknown owner or an id of another thing, and changes nothing', async () => {
    const { agency, client, aoToken } = await verifiedAgencyWithClient(t);
    const before = await snapshot(t.db);
    for (const id of [randomUUID(), agency.userId, agency.agencyId, client.userId]) {
      expectError(
        await updateOwner(adminToken, { ClientId: id, IsActive: false, IsVerified: false }),
        404,
        OWNER_NOT_FOUND,
      );
    }
    expect(await snapshot(t.db)).toEqual(before);
    expect((await me(aoToken)).statusCode).toBe(200);
  });

  it.each([
    [
      { ClientId: 'not-a-uuid', IsActive: true, IsVerified: true },
      { ClientId: 'Client Id must be a valid identifier.' },
    ],
    [{ IsActive: false, IsVerified: true }, { ClientId: 'Client Id must be a valid identifier.' }],
    [{ ClientId: 'OWNER', IsVerified: true }, { IsActive: 'Is Active must be true or false.' }],
    [
      { ClientId: 'OWNER', IsActive: 'false', IsVerified: true },
      { IsActive: 'Is Active must be true or false.' },
    ],
    [
      { ClientId: 'OWNER', IsActive: false, IsVerified: 0 },
      { IsVerified: 'Is Verified must be true or false.' },
    ],
    [
      {},
      {
        ClientId: 'Client Id must be a valid identifier.',
        IsActive: 'Is Active must be true or false.',
        IsVerified: 'Is Verified must be true or false.',
      },
    ],
  ])('answers 400 naming the fields for %j, and changes nothing', async (payload, fields) => {
    const { agency, aoToken } = await verifiedAgencyWithClient(t);
    // 'OWNER' stands for a real owner's id, so only the other fields are wrong.
    const body =
      'ClientId' in payload && payload.ClientId === 'OWNER'
        ? { ...payload, ClientId: agency.ownerId }
        : payload;
    const before = await snapshot(t.db);
    const error = expectError(await updateOwner(adminToken, body), 400);
    expect(error.fields).toEqual(fields);
    expect(await snapshot(t.db)).toEqual(before);
    expect((await me(aoToken)).statusCode).toBe(200);
  });
});
