import { MSG, PASSWORD_LINK_MSG, RESET_REQUESTS_PER_EMAIL, TENANT_HOST_HEADER } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/fixtures/renewals.ts';
import {
  bearer,
  createAdmin,
  createAgencyClient,
  createTestApp,
  PORTAL_HOST,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
  uniqueIp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { mailOutbox, passwordLinks } from '../../db/schema.ts';

// "Forgot password?" for every role (issue 24 item 1, decision 025): a one-time link valid one hour, at the
// right address, the same answer whether or not the e-mail has an account, every session ended after the reset.
// c5ef5a3 had no such calls: every request here was a 404.

let smtp: SmtpReceiver;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const forgot = (email: string, host: string, remoteAddress = uniqueIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    headers: { [TENANT_HOST_HEADER]: host },
    payload: { email },
    remoteAddress,
  });

/** The link of the newest mail to `to`, waiting for it (the link is sent after the answer). */
async function linkMailedTo(to: string, after = 0): Promise<{ url: string; token: string }> {
  for (let i = 0; i < 100; i += 1) {
    const mails = smtp.to(to);
    if (mails.length > after) {
      const url = /(https?:\/\/\S+\/set-password#[A-Za-z0-9_-]{43})/.exec(mails.at(-1)!.text)?.[1];
      if (!url) throw new Error(`no link in: ${mails.at(-1)!.text}`);
      return { url, token: url.split('#')[1]! };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail reached ${to}`);
}

const check = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link', payload: { token } });
const setWith = (token: string, new_password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link/set', payload: { token, new_password } });

describe('forgotten passwords', () => {
  it("mails an owner a link at their agency's address that sets a new password once and ends every session", async () => {
    const agency = await registerAgency(t.app);
    const before = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });

    const res = await forgot(agency.email, PORTAL_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_LINK_MSG.resetRequested });
    const { url, token } = await linkMailedTo(agency.email);
    expect(url.startsWith(`http://${agency.host}/set-password#`)).toBe(true);
    const mail = smtp.to(agency.email).at(-1)!;
    expect(mail.subject).toBe('Choose a new password for your Agency Portal account');
    expect(mail.text).toContain('within 60 minutes');

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ purpose: 'reset', email: agency.email });

    const fresh = 'Naya#Password2026';
    expect((await setWith(token, fresh)).json()).toEqual({ message: PASSWORD_LINK_MSG.passwordSet });
    // The session of before is over; the old password no longer signs in, the new one does.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(before) });
    expect(me.statusCode).toBe(401);
    expect(
      (await signIn(t.app, { email: agency.email, password: agency.password, host: agency.host })).statusCode,
    ).toBe(401);
    expect(
      (await signIn(t.app, { email: agency.email, password: fresh, host: agency.host })).statusCode,
    ).toBe(200);
    // Once only.
    const again = await setWith(token, 'Teesra#Password2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_LINK_MSG.linkUnusable);
    expect((await check(token)).statusCode).toBe(400);
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const email = `nobody.${Date.now()}@example.in`;
    const res = await forgot(email, PORTAL_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_LINK_MSG.resetRequested });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.to(email)).toHaveLength(0);
  });

  it("mails a client with portal access a link at their agency's address, from the agency", async () => {
    const agency = await registerAgency(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createAgencyClient(t, agency.agencyId);
    expect((await forgot(client.email, agency.host)).statusCode).toBe(200);
    const { url, token } = await linkMailedTo(client.email);
    expect(url.startsWith(`http://${agency.host}/set-password#`)).toBe(true);
    expect(smtp.to(client.email).at(-1)!.from).toBeDefined();
    expect((await setWith(token, 'Grahak#Naya2026')).statusCode).toBe(200);
    expect(
      (await signIn(t.app, { email: client.email, password: 'Grahak#Naya2026', host: agency.host }))
        .statusCode,
    ).toBe(200);
  });

  it('sends nothing to an account that could not sign in there', async () => {
    const unverified = await registerAgency(t.app);
    const client = await createAgencyClient(t, unverified.agencyId);
    const other = await registerAgency(t.app);
    await verifyOwner(t.db, other.ownerId);
    const noAccess = await createAgencyClient(t, other.agencyId, { portalAccess: false });
    // A client of an unverified agency; a client without portal access; an owner at another agency's address.
    expect((await forgot(client.email, unverified.host)).statusCode).toBe(200);
    expect((await forgot(noAccess.email, other.host)).statusCode).toBe(200);
    expect((await forgot(unverified.email, other.host)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.to(client.email)).toHaveLength(0);
    expect(smtp.to(noAccess.email)).toHaveLength(0);
    expect(smtp.to(unverified.email)).toHaveLength(0);
  });

  it('gives the platform admin a link at the bare portal address', async () => {
    const admin = await createAdmin(t);
    expect((await forgot(admin.email, PORTAL_HOST)).statusCode).toBe(200);
    const { url } = await linkMailedTo(admin.email);
    expect(url.startsWith(`http://${PORTAL_HOST}/set-password#`)).toBe(true);
  });

  it('refuses a link after its hour, and only the newest link works', async () => {
    const agency = await registerAgency(t.app);
    await forgot(agency.email, agency.host);
    const first = await linkMailedTo(agency.email);
    await forgot(agency.email, agency.host);
    const second = await linkMailedTo(agency.email, 1);
    expect((await check(first.token)).statusCode).toBe(400);
    expect((await check(second.token)).statusCode).toBe(200);
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordLinks.userId, agency.userId));
    const late = await setWith(second.token, 'Der#Se2026Aaya');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: PASSWORD_LINK_MSG.linkUnusable });
  });

  it(`limits requests to ${RESET_REQUESTS_PER_EMAIL} per e-mail, known or not, in a window`, async () => {
    for (const email of [(await registerAgency(t.app)).email, `ghost.${Date.now()}@example.in`]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i += 1)
        expect((await forgot(email, PORTAL_HOST)).statusCode).toBe(200);
      const res = await forgot(email, PORTAL_HOST);
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(PASSWORD_LINK_MSG.tooManyRequests);
    }
  });

  it('refuses a weak new password with the registration rule, naming the field', async () => {
    const agency = await registerAgency(t.app);
    await forgot(agency.email, agency.host);
    const { token } = await linkMailedTo(agency.email);
    const res = await setWith(token, 'weak');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(MSG.passwordRule);
    // The link still works after a refused password.
    expect((await check(token)).statusCode).toBe(200);
  });

  it('answers an unknown portal address with 404, as sign-in does', async () => {
    const res = await forgot('someone@example.in', `nosuchagency.${PORTAL_HOST}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MSG.unknownPortal);
  });
});

describe('forgotten passwords without SMTP', () => {
  it("keeps a client's link in the agency's outbox, and an owner's only in the server's log", async () => {
    const lines: string[] = [];
    const local = await createTestApp({ logStream: { write: (l) => lines.push(l) } });
    try {
      const agency = await registerAgency(local.app);
      await verifyOwner(local.db, agency.ownerId);
      const client = await createAgencyClient(local, agency.agencyId);
      const ask = (email: string) =>
        local.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          headers: { [TENANT_HOST_HEADER]: agency.host },
          payload: { email },
          remoteAddress: uniqueIp(),
        });
      expect((await ask(client.email)).statusCode).toBe(200);
      expect((await ask(agency.email)).statusCode).toBe(200);
      let kept: { to: string; text: string }[] = [];
      for (let i = 0; i < 100 && !lines.some((l) => l.includes(agency.email)); i += 1) {
        await new Promise((r) => setTimeout(r, 50));
      }
      kept = await local.db
        .select({ to: mailOutbox.toAddress, text: mailOutbox.textBody })
        .from(mailOutbox)
        .where(eq(mailOutbox.agencyId, agency.agencyId));
      expect(kept.map((m) => m.to)).toEqual([client.email]);
      expect(kept[0]!.text).toContain(`http://${agency.host}/set-password#`);
      expect(lines.some((l) => l.includes(agency.email) && l.includes('/set-password#'))).toBe(true);
    } finally {
      await local.close();
    }
  });
});
