import {
  ErrorResponseSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MSG,
  SESSION_EXPIRED_REASON,
  SESSION_SIGNED_OUT_DETAIL,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { base64url, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencyHost,
  bearer,
  createAdmin,
  createAgencyClient,
  createTestApp,
  decodeToken,
  PORTAL_HOST,
  registerAgency,
  signIn,
  signInToken,
  TEST_TOKEN_SECRET,
  type TestApp,
  uniqueIp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { auditLog, ownerAccounts, primaryClients, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const logout = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });

function expectError(res: { statusCode: number; json(): unknown }, status: number, message?: string) {
  expect(res.statusCode).toBe(status);
  const body = ErrorResponseSchema.parse(res.json());
  if (message) expect(body.message).toBe(message);
  return body;
}

describe('sign-in of an agency owner', () => {
  it.each([
    ['the platform address', () => PORTAL_HOST],
    ['its agency address', (slug: string) => agencyHost(slug)],
    [
      'its agency address with a port and in capitals',
      (slug: string) => `${agencyHost(slug).toUpperCase()}:3000`,
    ],
  ])('works on %s, before verification', async (_where, host) => {
    const agency = await registerAgency(t.app);
    const res = await signIn(t.app, {
      email: agency.email,
      password: agency.password,
      host: host(agency.slug),
    });
    expect(res.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(res.json());
    expect(body.message).toBe(MSG.loginSuccess);
    expect(body.data.agency_name).toBe(agency.form.AgencyName);
    expect(body.data.must_change_password).toBe(false);
  });

  it('accepts the email in any case', async () => {
    const agency = await registerAgency(t.app);
    const res = await signIn(t.app, {
      email: agency.email.toUpperCase(),
      password: agency.password,
      host: agency.host,
    });
    expect(res.statusCode).toBe(200);
  });

  it('issues an HS256 token with the claims of decisions §3', async () => {
    const agency = await registerAgency(t.app);
    const before = Math.floor(Date.now() / 1000);
    const token = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    const { header, payload } = decodeToken(token);
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    const [user] = await t.db.select().from(users).where(eq(users.email, agency.email));
    expect(payload).toMatchObject({
      sub: user!.id,
      roleid: ['AO'],
      clientName: agency.form.ClientName,
      agency_id: agency.agencyId,
      agency_name: agency.form.AgencyName,
      tv: 1,
      iss: 'agency-portal',
      aud: 'agency-portal-web',
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp! - payload.iat!).toBe(t.config.tokenTtlSeconds);
    expect(JSON.stringify(payload)).not.toContain(agency.password);

    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(MeResponseSchema.parse(res.json())).toEqual({
      user_id: user!.id,
      email: agency.email,
      full_name: agency.form.ClientName,
      roles: ['AO'],
      agency_id: agency.agencyId,
      agency_name: agency.form.AgencyName,
      agency_slug: agency.slug,
      is_verified: false,
      must_change_password: false,
    });
    expect(user!.lastLoginAt).toBeInstanceOf(Date);
  });

  it('is refused on another agency address', async () => {
    const mine = await registerAgency(t.app);
    const theirs = await registerAgency(t.app);
    const res = await signIn(t.app, { email: mine.email, password: mine.password, host: theirs.host });
    expectError(res, 401, MSG.loginInvalid);
  });

  it('is refused once the owner is deactivated, and so are their clients', async () => {
    const agency = await registerAgency(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createAgencyClient(t, agency.agencyId);
    const [owner] = await t.db.select().from(ownerAccounts).where(eq(ownerAccounts.id, agency.ownerId));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, owner!.userId));
    const res = await signIn(t.app, { email: agency.email, password: agency.password, host: agency.host });
    expectError(res, 403, MSG.accountInactive);
    expectError(await signIn(t.app, { ...client, host: agency.host }), 403);
  });
});

describe('sign-in of a platform admin', () => {
  it('works on the platform address with roleid ADMIN and no agency', async () => {
    // Before its second factor is set up, the password alone answers a token (second-factor.test.ts has the rest).
    const admin = await createAdmin(t, { secondFactor: false });
    const res = await signIn(t.app, { ...admin, host: PORTAL_HOST });
    expect(res.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(res.json());
    expect(body.data.agency_name).toBeNull();
    const { payload } = decodeToken(body.data.token);
    expect(payload).toMatchObject({
      sub: admin.userId,
      roleid: ['ADMIN'],
      agency_id: null,
      agency_name: null,
    });
    const who = MeResponseSchema.parse((await me(body.data.token)).json());
    expect(who).toMatchObject({ roles: ['ADMIN'], agency_id: null, is_verified: null });
  });

  it('is refused on an agency address', async () => {
    const admin = await createAdmin(t);
    const agency = await registerAgency(t.app);
    expectError(await signIn(t.app, { ...admin, host: agency.host }), 401, MSG.loginInvalid);
  });
});

describe('sign-in of an agency client', () => {
  it('is refused with the pending message while the agency is not verified', async () => {
    const agency = await registerAgency(t.app);
    const client = await createAgencyClient(t, agency.agencyId);
    expectError(await signIn(t.app, { ...client, host: agency.host }), 403, MSG.agencyPending);
  });

  it('works on its agency address once the owner is verified', async () => {
    const agency = await registerAgency(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createAgencyClient(t, agency.agencyId, { fullName: 'Meera Iyer' });
    const res = await signIn(t.app, { ...client, host: agency.host });
    expect(res.statusCode).toBe(200);
    const body = LoginResponseSchema.parse(res.json());
    expect(body.data.agency_name).toBe(agency.form.AgencyName);
    expect(decodeToken(body.data.token).payload).toMatchObject({
      sub: client.userId,
      roleid: ['AC'],
      clientName: 'Meera Iyer',
      agency_id: agency.agencyId,
    });
    expect(MeResponseSchema.parse((await me(body.data.token)).json())).toMatchObject({
      roles: ['AC'],
      agency_id: agency.agencyId,
      is_verified: true,
    });
  });

  it('is refused on the platform address and on another agency address', async () => {
    const agency = await registerAgency(t.app);
    const other = await registerAgency(t.app);
    await verifyOwner(t.db, agency.ownerId);
    await verifyOwner(t.db, other.ownerId);
    const client = await createAgencyClient(t, agency.agencyId);
    expectError(await signIn(t.app, { ...client, host: PORTAL_HOST }), 401, MSG.loginInvalid);
    expectError(await signIn(t.app, { ...client, host: other.host }), 401, MSG.loginInvalid);
  });

  it('is refused without portal access, or once the client record is removed', async () => {
    const agency = await registerAgency(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const noAccess = await createAgencyClient(t, agency.agencyId, { portalAccess: false });
    expectError(await signIn(t.app, { ...noAccess, host: agency.host }), 403);
    const removed = await createAgencyClient(t, agency.agencyId);
    await t.db
      .update(primaryClients)
      .set({ deletedAt: new Date() })
      .where(eq(primaryClients.id, removed.primaryClientId));
    expectError(await signIn(t.app, { ...removed, host: agency.host }), 403);
  });

  it('can hold one email in two agencies, each with its own password', async () => {
    const a = await registerAgency(t.app);
    const b = await registerAgency(t.app);
    await verifyOwner(t.db, a.ownerId);
    await verifyOwner(t.db, b.ownerId);
    const email = `shared.${Date.now()}@example.in`;
    await createAgencyClient(t, a.agencyId, { email, password: 'Agency#A2026' });
    await createAgencyClient(t, b.agencyId, { email, password: 'Agency#B2026' });
    const inA = await signInToken(t.app, { email, password: 'Agency#A2026', host: a.host });
    expect(decodeToken(inA).payload.agency_id).toBe(a.agencyId);
    expectError(await signIn(t.app, { email, password: 'Agency#A2026', host: b.host }), 401);
    const inB = await signInToken(t.app, { email, password: 'Agency#B2026', host: b.host });
    expect(decodeToken(inB).payload.agency_id).toBe(b.agencyId);
  });
});

describe('refused sign-ins', () => {
  it('answers a wrong password and an unknown email alike', async () => {
    const agency = await registerAgency(t.app);
    const wrong = await signIn(t.app, { email: agency.email, password: 'Wrong#Pass2026', host: agency.host });
    const unknown = await signIn(t.app, {
      email: `nobody.${Date.now()}@example.in`,
      password: agency.password,
      host: agency.host,
    });
    expect(expectError(wrong, 401)).toEqual({ message: MSG.loginInvalid, detail: MSG.loginInvalid });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await t.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login_failed'));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['an unknown agency address', 'no-such-agency.portal.test'],
    ['a foreign host', 'evil.example.com'],
    ['a reserved-looking deep subdomain', 'a.b.portal.test'],
    ['no X-Tenant-Host header', undefined],
  ])('answers 404 on %s', async (_why, host) => {
    const agency = await registerAgency(t.app);
    const res = await signIn(t.app, { email: agency.email, password: agency.password, host });
    expectError(res, 404, MSG.unknownPortal);
  });

  it.each([
    [{}, { email: 'Email is required.', password: 'Password is required.' }],
    [{ email: 'owner@example.in' }, { password: 'Password is required.' }],
    [{ password: 'x' }, { email: 'Email is required.' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'Invalid email format.' }],
  ])('answers 400 with the spec message for %j', async (payload, fields) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/client-login',
      headers: { 'x-tenant-host': PORTAL_HOST },
      payload,
      remoteAddress: uniqueIp(),
    });
    const body = expectError(res, 400, Object.values(fields)[0]);
    expect(body.fields).toEqual(fields);
  });
});

describe('tokens', () => {
  async function ownerToken() {
    const agency = await registerAgency(t.app);
    const token = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    return { agency, token, claims: decodeToken(token).payload };
  }

  it('are revoked by logout, every one of the user', async () => {
    const { agency, token } = await ownerToken();
    const other = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: PORTAL_HOST,
    });
    expect((await me(token)).statusCode).toBe(200);
    const res = await logout(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Signed out.' });
    expectError(await me(token), 401, SESSION_EXPIRED_REASON);
    // The other device is told why (issue 24 item 3): the spec's message, and the portal's reason in detail.
    expect(expectError(await me(other), 401, SESSION_EXPIRED_REASON).detail).toBe(SESSION_SIGNED_OUT_DETAIL);
    expectError(await logout(token), 401);
    // A new sign-in works and carries the new version.
    const fresh = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    expect(decodeToken(fresh).payload.tv).toBe(2);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('stop working when the user is deactivated', async () => {
    const { token, claims } = await ownerToken();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, claims.sub!));
    expectError(await me(token), 401);
  });

  it('refuse a tampered payload', async () => {
    const { token } = await ownerToken();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload!)));
    const forged = base64url.encode(JSON.stringify({ ...claims, roleid: ['ADMIN'] }));
    expectError(await me(`${header}.${forged}.${signature}`), 401);
    expectError(await me(`${token.slice(0, -2)}xx`), 401);
  });

  async function sign(claims: Record<string, unknown>, secret = TEST_TOKEN_SECRET, exp?: number) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(exp === undefined ? now : exp - 3600)
      .setExpirationTime(exp ?? now + 600)
      .sign(new TextEncoder().encode(secret));
  }

  it('accept a token we sign with the same secret and claims (the control for the cases below)', async () => {
    const { claims } = await ownerToken();
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expect((await me(await sign(rest))).statusCode).toBe(200);
  });

  it('refuse a token signed with another secret', async () => {
    const { claims } = await ownerToken();
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expectError(await me(await sign(rest, 'another-secret-that-is-also-long-enough-42')), 401);
  });

  it('refuse an expired token', async () => {
    const { claims } = await ownerToken();
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expectError(await me(await sign(rest, TEST_TOKEN_SECRET, Math.floor(Date.now() / 1000) - 60)), 401);
  });

  it('refuse a token for another issuer or audience, or without a token version', async () => {
    const { claims } = await ownerToken();
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expectError(await me(await sign({ ...rest, iss: 'someone-else' })), 401);
    expectError(await me(await sign({ ...rest, aud: 'another-app' })), 401);
    const { tv: _tv, ...noVersion } = rest;
    expectError(await me(await sign(noVersion)), 401);
  });

  it('refuse a well-signed token whose role is not the user’s', async () => {
    const { claims } = await ownerToken();
    const { exp: _exp, iat: _iat, ...rest } = claims;
    expectError(await me(await sign({ ...rest, roleid: ['ADMIN'] })), 401);
  });

  it('refuse alg "none"', async () => {
    const { claims } = await ownerToken();
    const enc = (v: unknown) => base64url.encode(JSON.stringify(v));
    const unsigned = `${enc({ alg: 'none', typ: 'JWT' })}.${enc(claims)}.`;
    expectError(await me(unsigned), 401);
  });

  it('are read only from a Bearer authorization header', async () => {
    const { token } = await ownerToken();
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: token } }),
      401,
    );
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Basic ${token}` },
      }),
      401,
    );
    expectError(await t.app.inject({ method: 'GET', url: `/api/auth/me?token=${token}` }), 401);
  });
});
