import {
  MSG,
  PASSWORD_LINK_MSG,
  SecondFactorChallengeSchema,
  SecondFactorEnrolmentSchema,
  StaffInvitationResponseSchema,
  TENANT_HOST_HEADER,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createStaff,
  createTestApp,
  decodeToken,
  PORTAL_HOST,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { mailOutbox, users } from '../../db/schema.ts';

// Issue 25 item 6: sign-in, the second factor, throttling, revocation, forced password change and the forgotten
// password apply to staff exactly as to owners. This app has no SMTP_URL: staff links go to the server's log,
// never to the agency's outbox (decision 025), and the owner is answered the invitation link to pass on.

const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => void logs.push(line) },
  });
});
afterAll(() => t?.close());

async function agencyWithStaff(role: 'AA' | 'AG' = 'AG') {
  const agency = await registerAgency(t.app);
  const staff = await createStaff(t, agency.agencyId, role);
  return { agency, staff, creds: { email: staff.email, password: staff.password, host: agency.host } };
}

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: uniqueIp(),
    ...(payload ? { payload } : {}),
  });

/** The newest link the log holds for `email`, waiting for it (a forgotten-password link is sent after the answer). */
async function loggedLink(email: string, after: number): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const line = logs.slice(after).find((l) => l.includes(`one-time password link for ${email}`));
    const token = line && /set-password#([A-Za-z0-9_-]{43})/.exec(line)?.[1];
    if (token) return token;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no link for ${email} in the log`);
}

describe('a member of staff signs in', () => {
  it('without SMTP the owner is answered the link, which the log holds and the outbox does not', async () => {
    const agency = await registerAgency(t.app);
    const owner = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    const email = `kavita.${Date.now()}@example.in`;
    const res = await call('POST', '/api/team', owner, { full_name: 'Kavita Rao', email, role: 'AA' });
    expect(res.statusCode, res.body).toBe(201);
    const body = StaffInvitationResponseSchema.parse(res.json());
    expect(body.invitation.delivery).toBe('log');
    expect(body.message).toBe(
      'No mail server is set up: send Kavita Rao the link yourself, by WhatsApp or by copying it.',
    );
    expect(body.invitation.whatsapp_url).toBeNull();
    expect(logs.some((l) => l.includes(body.invitation.url))).toBe(true);
    const kept = await t.db.select().from(mailOutbox).where(eq(mailOutbox.agencyId, agency.agencyId));
    expect(kept).toEqual([]);

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-link/set',
      payload: { token: body.invitation.url.split('#')[1], new_password: 'Prabandhak#2026' },
    });
    expect(set.statusCode).toBe(200);
    const token = await signInToken(t.app, { email, password: 'Prabandhak#2026', host: agency.host });
    expect(decodeToken(token).payload.roleid).toEqual(['AA']);
  });

  it("only at the agency's own address", async () => {
    const { creds } = await agencyWithStaff();
    expect((await signIn(t.app, creds)).statusCode).toBe(200);
    expect((await signIn(t.app, { ...creds, host: PORTAL_HOST })).statusCode).toBe(401);
    const other = await registerAgency(t.app);
    expect((await signIn(t.app, { ...creds, host: other.host })).statusCode).toBe(401);
  });

  it('is throttled like an owner: 5 failures lock the account at that address', async () => {
    const { creds } = await agencyWithStaff('AA');
    const guesser = uniqueIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await signIn(t.app, { ...creds, password: `Wrong#${i}Pass2026`, remoteAddress: guesser });
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn(t.app, { ...creds, remoteAddress: guesser });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MSG.tooManyAttempts);
    expect((await signIn(t.app, { ...creds, remoteAddress: uniqueIp() })).statusCode).toBe(200);
  });

  it('with a second factor: the password answers a challenge, the code answers the session', async () => {
    const { creds } = await agencyWithStaff('AG');
    const token = await signInToken(t.app, creds);
    const enrolled = SecondFactorEnrolmentSchema.parse(
      (await call('POST', '/api/auth/second-factor/enrol', token)).json(),
    );
    const step = (offset: number) =>
      generate({ secret: enrolled.secret, epoch: Math.floor(Date.now() / 1000) + offset });
    expect(
      (await call('POST', '/api/auth/second-factor/confirm', token, { code: await step(-30) })).statusCode,
    ).toBe(200);
    const first = await signIn(t.app, creds);
    const { challenge } = SecondFactorChallengeSchema.parse(first.json()).data;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/second-factor/login',
      payload: { challenge, code: await step(0) },
      remoteAddress: uniqueIp(),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(decodeToken(second.json().data.token).payload.roleid).toEqual(['AG']);
  });

  it('a forgotten password is reset by a link at the agency address, which ends the old sessions', async () => {
    const { agency, creds } = await agencyWithStaff('AG');
    const old = await signInToken(t.app, creds);
    const mark = logs.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { [TENANT_HOST_HEADER]: agency.host },
      payload: { email: creds.email },
      remoteAddress: uniqueIp(),
    });
    expect(asked.json()).toEqual({ message: PASSWORD_LINK_MSG.resetRequested });
    const token = await loggedLink(creds.email, mark);
    expect(logs.slice(mark).find((l) => l.includes(token))).toContain(`http://${agency.host}/set-password#`);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-link/set',
      payload: { token, new_password: 'Naya#Password2026' },
    });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', old)).statusCode).toBe(401);
    expect((await signIn(t.app, { ...creds, password: 'Naya#Password2026' })).statusCode).toBe(200);
  });

  it('must choose a new password first when one is due, and nothing else is open until then', async () => {
    const { staff, creds } = await agencyWithStaff('AA');
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, staff.userId));
    const res = await signIn(t.app, creds);
    expect(res.json().data.must_change_password).toBe(true);
    const token = res.json().data.token as string;
    expect((await call('GET', '/api/users/primary-clients', token)).statusCode).toBe(403);
    const changed = await call('POST', '/api/auth/change-password', token, {
      current_password: creds.password,
      new_password: 'Badla#Password2026',
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().data.token as string;
    expect((await call('GET', '/api/users/primary-clients', fresh)).statusCode).toBe(200);
  });
});
