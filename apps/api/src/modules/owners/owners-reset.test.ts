import { randomUUID } from 'node:crypto';
import {
  type Endpoint,
  ErrorResponseSchema,
  endpoints,
  LoginResponseSchema,
  MeResponseSchema,
  MSG,
  type Role,
  SESSION_EXPIRED_REASON,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditOf,
  expectError,
  NEW_PASSWORD,
  OWNER_NOT_FOUND,
  ownerCalls,
  send,
  snapshot,
  startAdminApp,
  userRow,
  verifiedAgencyWithClient,
} from '../../../test/fixtures/owners.ts';
import { type Account, registerAgency, signIn, signInToken, type TestApp } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';

// The admin's reset of an owner's password (spec §2 Reset modal, §5; decisions §3): the registration rule,
// the owner's tokens revoked, and a new password of their own before anything else at the next sign-in.

let t: TestApp;
let admin: Account;
let adminToken: string;
beforeAll(async () => {
  ({ t, admin, adminToken } = await startAdminApp());
});
afterAll(() => t?.close());

const { resetPassword, changePassword, me, agencyOnly, ownerSignIn } = ownerCalls(() => t.app);

describe('POST /api/clients/:id/reset-ao-password', () => {
  it.each([
    [{}, 'New Password is required.'],
    [{ new_password: '' }, 'New Password is required.'],
    [{ new_password: 'Ab1!xyz' }, MSG.passwordRule],
    [{ new_password: 'alllowercase1!' }, MSG.passwordRule],
    [{ new_password: 'ALLUPPERCASE1!' }, MSG.passwordRule],
    [{ new_password: 'NoDigitsHere!' }, MSG.passwordRule],
    [{ new_password: 'NoSpecial1234' }, MSG.passwordRule],
    [{ new_password: 'Password@123' }, MSG.passwordTooCommon],
    [{ new_password: `Aa1!${'x'.repeat(125)}` }, MSG.passwordTooLong],
  ])(
    'refuses %j with the rule message in fields.new_password, and changes nothing',
    async (payload, message) => {
      const { agency, aoToken } = await verifiedAgencyWithClient(t);
      const before = await snapshot(t.db);
      const body = expectError(await resetPassword(adminToken, agency.ownerId, payload), 400, message);
      expect(body.fields).toEqual({ new_password: message });
      expect(await snapshot(t.db)).toEqual(before);
      expect((await me(aoToken)).statusCode).toBe(200);
    },
  );

  it('answers 404 for an unknown id or the id of another thing, 400 for a malformed one, and changes nothing', async () => {
    const { agency, client, aoToken } = await verifiedAgencyWithClient(t);
    const before = await snapshot(t.db);
    for (const id of [randomUUID(), agency.userId, agency.agencyId, client.userId, admin.userId]) {
      expectError(await resetPassword(adminToken, id, { new_password: NEW_PASSWORD }), 404, OWNER_NOT_FOUND);
    }
    const malformed = expectError(
      await resetPassword(adminToken, 'not-a-uuid', { new_password: NEW_PASSWORD }),
      400,
    );
    expect(malformed.fields).toEqual({ id: 'The id must be a valid identifier.' });
    expect(await snapshot(t.db)).toEqual(before);
    expect((await me(aoToken)).statusCode).toBe(200);
    expect((await ownerSignIn(agency)).statusCode).toBe(200);
  });

  it('revokes the owner’s tokens and makes them choose a new password before anything else', async () => {
    const { agency, client, aoToken, acToken } = await verifiedAgencyWithClient(t);
    expect((await agencyOnly(aoToken)).statusCode).toBe(200);

    const res = await resetPassword(adminToken, agency.ownerId, { new_password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Agency Owner password reset successfully!' });
    const afterReset = await userRow(t.db, agency.userId);
    expect(afterReset.mustChangePassword).toBe(true);
    expect(afterReset.passwordChangedAt).toBeInstanceOf(Date);
    const [audit] = await auditOf(t.db, 'owner.password_reset', agency.ownerId);
    expect(audit).toMatchObject({ actorUserId: admin.userId, actorRole: 'ADMIN', targetType: 'owner' });
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);

    expectError(await me(aoToken), 401, SESSION_EXPIRED_REASON);
    expectError(await ownerSignIn(agency), 401, MSG.loginInvalid);
    // The agency's clients are not affected by their owner's reset.
    expect((await me(acToken)).statusCode).toBe(200);
    expect((await signIn(t.app, { ...client, host: agency.host })).statusCode).toBe(200);

    const signedIn = await ownerSignIn(agency, agency.host, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const login = LoginResponseSchema.parse(signedIn.json());
    expect(login.data.must_change_password).toBe(true);
    const pending = login.data.token;

    // me and change-password are open; everything else answers 403 until the password is changed.
    expect(MeResponseSchema.parse((await me(pending)).json()).must_change_password).toBe(true);
    expectError(await agencyOnly(pending), 403, MSG.passwordChangeRequired);
    const guarded = Object.values(endpoints as Record<string, Endpoint>).filter(
      (e): e is Endpoint & { access: readonly Role[] } => e.access !== 'public' && !e.beforePasswordChange,
    );
    expect(guarded.length).toBeGreaterThan(0);
    for (const endpoint of guarded) {
      const url = endpoint.path.replace(/:[A-Za-z_]+/g, agency.ownerId);
      const answer = await send(t.app, endpoint.method, url, pending, endpoint.body ? {} : undefined);
      // An owner's own routes name the pending change; the admin's refuse the role first.
      const message = endpoint.access.includes('AO') ? MSG.passwordChangeRequired : MSG.forbidden;
      expect(ErrorResponseSchema.parse(answer.json()), `${endpoint.method} ${endpoint.path}`).toEqual({
        message,
        detail: message,
      });
      expect(answer.statusCode).toBe(403);
    }

    // Refused changes leave the account as it was.
    const held = await userRow(t.db, agency.userId);
    expectError(
      await changePassword(pending, { current_password: 'Wrong#Pass2026', new_password: 'Mera#Apna2026' }),
      400,
      MSG.currentPasswordWrong,
    );
    const same = expectError(
      await changePassword(pending, { current_password: NEW_PASSWORD, new_password: NEW_PASSWORD }),
      400,
      MSG.passwordUnchanged,
    );
    expect(same.fields).toEqual({ new_password: MSG.passwordUnchanged });
    const weak = expectError(
      await changePassword(pending, { current_password: NEW_PASSWORD, new_password: 'weakpass' }),
      400,
      MSG.passwordRule,
    );
    expect(weak.fields).toEqual({ new_password: MSG.passwordRule });
    expect(await userRow(t.db, agency.userId)).toEqual(held);
    expect((await me(pending)).statusCode).toBe(200);

    const changed = await changePassword(pending, {
      current_password: NEW_PASSWORD,
      new_password: 'Mera#Apna2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = LoginResponseSchema.parse(changed.json());
    expect(fresh.message).toBe(MSG.passwordChanged);
    expect(fresh.data.must_change_password).toBe(false);

    expectError(await me(pending), 401);
    expect((await agencyOnly(fresh.data.token)).statusCode).toBe(200);
    expect(MeResponseSchema.parse((await me(fresh.data.token)).json()).must_change_password).toBe(false);
    expect((await userRow(t.db, agency.userId)).mustChangePassword).toBe(false);
    expectError(await ownerSignIn(agency, agency.host, NEW_PASSWORD), 401);
    const again = LoginResponseSchema.parse((await ownerSignIn(agency, agency.host, 'Mera#Apna2026')).json());
    expect(again.data.must_change_password).toBe(false);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.password_changed'), eq(auditLog.actorUserId, agency.userId))),
    ).toHaveLength(1);
  });

  it('lets an owner who must change their password sign out', async () => {
    const agency = await registerAgency(t.app);
    await resetPassword(adminToken, agency.ownerId, { new_password: NEW_PASSWORD });
    const pending = await signInToken(t.app, {
      email: agency.email,
      password: NEW_PASSWORD,
      host: agency.host,
    });
    const res = await send(t.app, 'POST', '/api/auth/logout', pending);
    expect(res.statusCode, res.body).toBe(200);
    expectError(await me(pending), 401);
    // Signing out does not waive the change.
    const next = LoginResponseSchema.parse((await ownerSignIn(agency, agency.host, NEW_PASSWORD)).json());
    expect(next.data.must_change_password).toBe(true);
  });
});
