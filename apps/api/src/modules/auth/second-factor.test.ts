import {
  type Endpoint,
  endpoints,
  LoginResponseSchema,
  MeResponseSchema,
  MSG,
  RECOVERY_CODE_PATTERN,
  RecoveryCodesResponseSchema,
  SECOND_FACTOR_MSG,
  SecondFactorChallengeSchema,
  SecondFactorEnrolmentSchema,
  SecondFactorStatusSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../../../test/figures.ts';
import {
  bearer,
  createAdmin,
  createTestApp,
  PORTAL_HOST,
  type RegisteredAgency,
  registerAgency,
  signIn,
  signInToken,
  TEST_ENCRYPTION_KEY,
  type TestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { mailOutbox, recoveryCodes, users } from '../../db/schema.ts';
import { decryptField } from '../../lib/crypto.ts';

// Issue 23 item 14: the TOTP second factor of the platform admin and agency owners (decision 022).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A code of the time step `offset` seconds from now: -30, 0 and 30 are all accepted (one step of drift). */
const codeAt = (secret: string, offset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, ip = uniqueIp()) =>
  t.app.inject({ method, url, headers: bearer(token), remoteAddress: ip, ...(payload ? { payload } : {}) });
const status = (token: string) => call('GET', '/api/auth/second-factor', token);
const enrol = (token: string) => call('POST', '/api/auth/second-factor/enrol', token);
const confirm = (token: string, code: string, ip?: string) =>
  call('POST', '/api/auth/second-factor/confirm', token, { code }, ip);
const disable = (token: string, body: object, ip?: string) =>
  call('POST', '/api/auth/second-factor/disable', token, body, ip);
const secondStep = (body: object, ip = uniqueIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/second-factor/login', payload: body, remoteAddress: ip });

const passwordStep = async (who: { email: string; password: string }) => {
  const res = await signIn(t.app, { email: who.email, password: who.password, host: PORTAL_HOST });
  expect(res.statusCode).toBe(200);
  return SecondFactorChallengeSchema.parse(res.json()).data.challenge;
};

interface Enrolled {
  agency: RegisteredAgency;
  token: string;
  secret: string;
  codes: string[];
}

/** An owner who turned the second factor on, with the code of the step before now (so now and next are free). */
async function enrolledOwner(): Promise<Enrolled> {
  const agency = await registerAgency(t.app);
  const token = await signInToken(t.app, {
    email: agency.email,
    password: agency.password,
    host: PORTAL_HOST,
  });
  const started = await enrol(token);
  expect(started.statusCode).toBe(200);
  const { secret } = SecondFactorEnrolmentSchema.parse(started.json());
  const done = await confirm(token, await codeAt(secret, -30));
  expect(done.statusCode).toBe(200);
  return { agency, token, secret, codes: RecoveryCodesResponseSchema.parse(done.json()).recovery_codes };
}

describe('enrolment', () => {
  it('answers a key, its otpauth URI and an SVG QR code; the key is kept encrypted until a code confirms it', async () => {
    const agency = await registerAgency(t.app);
    const token = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: PORTAL_HOST,
    });
    expect(SecondFactorStatusSchema.parse((await status(token)).json())).toEqual({
      enabled: false,
      required: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const res = await enrol(token);
    expect(res.statusCode).toBe(200);
    const body = SecondFactorEnrolmentSchema.parse(res.json());
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Agency%20Portal:/);
    expect(body.otpauth_uri).toContain(`secret=${body.secret}`);
    expect(body.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    const [row] = await t.db
      .select({ enc: users.totpSecretEnc, on: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, agency.userId));
    expect(row!.enc).not.toContain(body.secret);
    expect(decryptField(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'), row!.enc!)).toBe(body.secret);
    expect(row!.on).toBeNull();
    // Not on yet: the password alone still signs in.
    const before = await signIn(t.app, { email: agency.email, password: agency.password, host: PORTAL_HOST });
    expect(LoginResponseSchema.safeParse(before.json()).success).toBe(true);

    const wrong = await confirm(token, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toBe(SECOND_FACTOR_MSG.codeWrong);

    const ok = await confirm(token, await codeAt(body.secret));
    expect(ok.statusCode).toBe(200);
    const { recovery_codes } = RecoveryCodesResponseSchema.parse(ok.json());
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    // Only their SHA-256 is kept.
    const kept = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, agency.userId));
    expect(kept).toHaveLength(10);
    const keptText = JSON.stringify(kept);
    for (const code of recovery_codes) expect(keptText).not.toContain(code);

    const after = SecondFactorStatusSchema.parse((await status(token)).json());
    expect(after).toMatchObject({ enabled: true, required: false, recovery_codes_left: 10 });
    expect((await enrol(token)).statusCode).toBe(409);
    expect((await confirm(token, await codeAt(body.secret, 30))).statusCode).toBe(409);
  });

  it('is not offered to agency clients, and needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/second-factor/enrol' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sign-in with a second factor', () => {
  it('answers a challenge instead of a token; the challenge and a current code answer the login response', async () => {
    const { agency, secret } = await enrolledOwner();
    const first = await signIn(t.app, { email: agency.email, password: agency.password, host: PORTAL_HOST });
    expect(first.statusCode).toBe(200);
    const answer = SecondFactorChallengeSchema.parse(first.json());
    expect(answer).toMatchObject({ status: 'second_factor_required', data: { expires_in: 300 } });
    expect(first.body).not.toContain('"token"');
    // The challenge is no bearer token.
    const asBearer = await call('GET', '/api/auth/me', answer.data.challenge);
    expect(asBearer.statusCode).toBe(401);

    const res = await secondStep({ challenge: answer.data.challenge, code: await codeAt(secret) });
    expect(res.statusCode).toBe(200);
    const login = LoginResponseSchema.strict().parse(res.json());
    expect(login).toMatchObject({ status: 'success', message: MSG.loginSuccess });
    expect((await call('GET', '/api/auth/me', login.data.token)).statusCode).toBe(200);
  });

  it('keeps the login answer exactly as before for an account without one', async () => {
    const agency = await registerAgency(t.app);
    const res = await signIn(t.app, { email: agency.email, password: agency.password, host: PORTAL_HOST });
    expect(Object.keys(res.json()).sort()).toEqual(['data', 'message', 'status']);
    expect(Object.keys(res.json().data).sort()).toEqual(['agency_name', 'must_change_password', 'token']);
  });

  it('refuses a used code (replay), a forged challenge and a session token as a challenge', async () => {
    const { agency, secret, token } = await enrolledOwner();
    const code = await codeAt(secret);
    const ok = await secondStep({ challenge: await passwordStep(agency), code });
    expect(ok.statusCode).toBe(200);
    const replay = await secondStep({ challenge: await passwordStep(agency), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SECOND_FACTOR_MSG.codeWrong);
    // The code of the step before the one used is refused too.
    const older = await secondStep({
      challenge: await passwordStep(agency),
      code: await codeAt(secret, -30),
    });
    expect(older.statusCode).toBe(401);
    figure(
      'Issue 23, 14. Second factor',
      `[security] second factor: a code answered ${ok.statusCode}, the same code again ${replay.statusCode}, the step before ${older.statusCode}`,
    );

    const forged = await secondStep({
      challenge: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
      code: await codeAt(secret, 30),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(SECOND_FACTOR_MSG.challengeExpired);
    const bearerAsChallenge = await secondStep({ challenge: token, code: await codeAt(secret, 30) });
    expect(bearerAsChallenge.statusCode).toBe(401);
    expect(bearerAsChallenge.json().message).toBe(SECOND_FACTOR_MSG.challengeExpired);
  });

  it('takes each recovery code once', async () => {
    const { agency, codes, token } = await enrolledOwner();
    // Typed in lower case without dashes, it is the same code.
    const typed = codes[0]!.replace(/-/g, '').toLowerCase();
    const first = await secondStep({ challenge: await passwordStep(agency), recovery_code: typed });
    expect(first.statusCode).toBe(200);
    expect(LoginResponseSchema.safeParse(first.json()).success).toBe(true);
    const again = await secondStep({ challenge: await passwordStep(agency), recovery_code: codes[0] });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(SECOND_FACTOR_MSG.recoveryWrong);
    expect(SecondFactorStatusSchema.parse((await status(token)).json()).recovery_codes_left).toBe(9);
    const other = await secondStep({ challenge: await passwordStep(agency), recovery_code: codes[1] });
    expect(other.statusCode).toBe(200);
    figure(
      'Issue 23, 14. Second factor',
      `[security] second factor: a recovery code answered ${first.statusCode}, then ${again.statusCode} when used again; another ${other.statusCode}; 10 kept as SHA-256 only`,
    );
  });

  it('counts at most 5 wrong codes per account in a window, from any address', async () => {
    const { agency, secret } = await enrolledOwner();
    const challenge = await passwordStep(agency);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(await codeAt(secret)) + 1 + i) % 1_000_000).padStart(6, '0');
      statuses.push((await secondStep({ challenge, code: wrong }, uniqueIp())).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The right code is not even checked now.
    const blocked = await secondStep({ challenge, code: await codeAt(secret) }, uniqueIp());
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().message).toBe(SECOND_FACTOR_MSG.tooManyCodes);
    const recovery = await secondStep({ challenge, recovery_code: 'AAAA-AAAA-AAAA-AAAA' }, uniqueIp());
    expect(recovery.statusCode).toBe(429);
    figure(
      'Issue 23, 14. Second factor',
      `[security] second factor: 5 wrong codes from 5 addresses answered ${statuses.join(', ')}; then the right code ${blocked.statusCode} (Retry-After ${blocked.headers['retry-after']} s) and a recovery code ${recovery.statusCode}`,
    );
  });

  it('refuses a challenge once the account signed out since the password', async () => {
    const { agency, secret } = await enrolledOwner();
    const challenge = await passwordStep(agency);
    await t.db.update(users).set({ tokenVersion: 99 }).where(eq(users.id, agency.userId));
    const res = await secondStep({ challenge, code: await codeAt(secret) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SECOND_FACTOR_MSG.challengeExpired);
  });
});

describe('turning it off', () => {
  it('needs the current password and a current code', async () => {
    const { agency, secret, token } = await enrolledOwner();
    const missing = await disable(token, { code: await codeAt(secret) });
    expect(missing.statusCode).toBe(400);
    const wrongPassword = await disable(token, {
      current_password: 'Galat#Pass2026',
      code: await codeAt(secret),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields.current_password).toBe(MSG.currentPasswordWrong);
    const wrongCode = await disable(token, { current_password: agency.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fields.code).toBe(SECOND_FACTOR_MSG.codeWrong);
    expect(SecondFactorStatusSchema.parse((await status(token)).json()).enabled).toBe(true);

    const ok = await disable(token, { current_password: agency.password, code: await codeAt(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(SECOND_FACTOR_MSG.disabled);
    expect(SecondFactorStatusSchema.parse((await status(token)).json())).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, agency.userId))).toEqual(
      [],
    );
    const [row] = await t.db
      .select({ enc: users.totpSecretEnc })
      .from(users)
      .where(eq(users.id, agency.userId));
    expect(row!.enc).toBeNull();
    // The password alone signs in again.
    const res = await signIn(t.app, { email: agency.email, password: agency.password, host: PORTAL_HOST });
    expect(LoginResponseSchema.safeParse(res.json()).success).toBe(true);
    expect(
      (await disable(token, { current_password: agency.password, code: await codeAt(secret, 30) }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the platform admin must have it', () => {
  it('refuses every other route (403) until the admin has set it up, then asks for a code at sign-in', async () => {
    const admin = await createAdmin(t, { secondFactor: false });
    const res = await signIn(t.app, { ...admin, host: PORTAL_HOST });
    const token = LoginResponseSchema.parse(res.json()).data.token;
    const me = await call('GET', '/api/auth/me', token);
    expect(MeResponseSchema.parse(me.json()).must_enrol_second_factor).toBe(true);

    const refused: string[] = [];
    const guarded = Object.values(endpoints as Record<string, Endpoint>).filter(
      (e) => e.access !== 'public' && e.access.includes('ADMIN') && !e.beforeSecondFactor,
    );
    for (const e of guarded) {
      const answer = await t.app.inject({
        method: e.method,
        url: e.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000'),
        headers: bearer(token),
      });
      if (answer.statusCode === 403 && answer.json().message === SECOND_FACTOR_MSG.enrolRequired) {
        refused.push(`${e.method} ${e.path}`);
      }
    }
    expect(guarded.length).toBeGreaterThan(5);
    expect(refused).toHaveLength(guarded.length);

    const started = SecondFactorEnrolmentSchema.parse((await enrol(token)).json());
    expect(SecondFactorStatusSchema.parse((await status(token)).json()).required).toBe(true);
    expect((await confirm(token, await codeAt(started.secret, -30))).statusCode).toBe(200);
    // The same session goes on, now with everything open.
    expect((await call('GET', '/api/clients/stats', token)).statusCode).toBe(200);
    expect(
      MeResponseSchema.parse((await call('GET', '/api/auth/me', token)).json()).must_enrol_second_factor,
    ).toBe(false);
    const next = await signIn(t.app, { ...admin, host: PORTAL_HOST });
    expect(SecondFactorChallengeSchema.safeParse(next.json()).success).toBe(true);
    figure(
      'Issue 23, 14. Second factor',
      `[security] second factor: an admin without it was refused 403 on ${refused.length} of ${guarded.length} admin routes; after set-up the same session answered 200 and sign-in asked for a code`,
    );
  });

  it("signs in the helpers' admins through the code step", async () => {
    const admin = await createAdmin(t);
    const token = await signInToken(t.app, { ...admin, host: PORTAL_HOST });
    expect((await call('GET', '/api/clients/stats', token)).statusCode).toBe(200);
  });
});

describe("the platform admin's reset of an owner's password", () => {
  it('leaves the second factor in place and e-mails the owner', async () => {
    const { agency, secret } = await enrolledOwner();
    const admin = await createAdmin(t);
    const adminToken = await signInToken(t.app, { ...admin, host: PORTAL_HOST });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${agency.ownerId}/reset-ao-password`,
      headers: bearer(adminToken),
      payload: { new_password: 'Badal#Naya2026m' },
    });
    expect(reset.statusCode).toBe(200);

    // The new password alone opens nothing: the owner's code is still asked for.
    const first = await signIn(t.app, {
      email: agency.email,
      password: 'Badal#Naya2026m',
      host: PORTAL_HOST,
    });
    expect(first.statusCode).toBe(200);
    const { challenge } = SecondFactorChallengeSchema.parse(first.json()).data;
    const second = await secondStep({ challenge, code: await codeAt(secret) });
    expect(second.statusCode).toBe(200);
    expect(LoginResponseSchema.parse(second.json()).data.must_change_password).toBe(true);

    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.agencyId, agency.agencyId), eq(mailOutbox.kind, 'security')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      toAddress: agency.email,
      subject: 'Your Agency Portal password was reset',
    });
    expect(mails[0]!.textBody).toContain('two-step verification stays on');
    expect(mails[0]!.textBody).not.toContain('Badal#Naya2026m');
    figure(
      'Issue 23, 14. Second factor',
      `[security] second factor: after the admin's reset the new password answered a challenge (no token), the owner's code then ${second.statusCode}; ${mails.length} security e-mail to the owner in the outbox`,
    );
  });
});
