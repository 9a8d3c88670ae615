import { PASSWORD_LINK_MSG } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/fixtures/renewals.ts';
import {
  bearer,
  createTestApp,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { AGENCY_NOT_OPEN } from './invitation.service.ts';

// Portal access by invitation (issue 24 item 2): the owner sends a one-time link instead of reading the client a
// password. On c5ef5a3 the call did not exist (404) and portal access needed an initial password.

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

async function ownerOf(verified: boolean) {
  const agency = await registerAgency(t.app);
  if (verified) await verifyOwner(t.db, agency.ownerId);
  const token = await signInToken(t.app, {
    email: agency.email,
    password: agency.password,
    host: agency.host,
  });
  return { agency, token };
}

const invite = (token: string, id: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/primary-clients/${id}/invitation`,
    headers: bearer(token),
  });

describe('inviting a client to the portal', () => {
  it('turns access on, e-mails a link at the agency address, and the client chooses a password with it', async () => {
    const { agency, token } = await ownerOf(true);
    const client = await createClient(t.app, token, { phone: '+91 98765 01234' });
    const res = await invite(token, client.primary_client_id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe(`Invitation e-mailed to ${client.email}.`);
    expect(body.data.portal_access).toBe(true);
    expect(body.invitation.delivery).toBe('email');
    expect(body.invitation.url).toMatch(new RegExp(`^http://${agency.host}/set-password#[A-Za-z0-9_-]{43}$`));
    const wa = new URL(body.invitation.whatsapp_url);
    expect(`${wa.origin}${wa.pathname}`).toBe('https://wa.me/919876501234');
    expect(wa.searchParams.get('text')).toContain(body.invitation.url);

    const mail = smtp.to(client.email!).at(-1)!;
    expect(mail.subject).toBe(`${agency.form.AgencyName} invites you to your client portal`);
    expect(mail.text).toContain(body.invitation.url);

    // Nobody knows the account's first password; the link is the way in.
    const token43 = body.invitation.url.split('#')[1];
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-link',
      payload: { token: token43 },
    });
    expect(checked.json()).toMatchObject({ purpose: 'invite', email: client.email });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-link/set',
      payload: { token: token43, new_password: 'Pehla#Password2026' },
    });
    expect(set.json()).toEqual({ message: PASSWORD_LINK_MSG.passwordSet });
    const signedIn = await signIn(t.app, {
      email: client.email!,
      password: 'Pehla#Password2026',
      host: agency.host,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.must_change_password).toBe(false);
  });

  it('sends a new link on a second invitation, and only the newest works', async () => {
    const { token } = await ownerOf(true);
    const client = await createClient(t.app, token);
    const first = (await invite(token, client.primary_client_id)).json().invitation.url.split('#')[1];
    const second = (await invite(token, client.primary_client_id)).json().invitation.url.split('#')[1];
    const check = (tk: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password-link', payload: { token: tk } });
    expect((await check(first)).statusCode).toBe(400);
    expect((await check(second)).statusCode).toBe(200);
  });

  it("is refused while the agency is not verified, and for a client without e-mail; another agency's is a 404", async () => {
    const { token } = await ownerOf(false);
    const client = await createClient(t.app, token);
    const refused = await invite(token, client.primary_client_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGENCY_NOT_OPEN);

    const open = await ownerOf(true);
    const noEmail = await createClient(t.app, open.token, { email: '' });
    const missing = await invite(open.token, noEmail.primary_client_id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toBe('Add the client’s email before inviting them to the portal.');

    expect((await invite(open.token, client.primary_client_id)).statusCode).toBe(404);
  });

  it('leaves no WhatsApp link for a client without a mobile number', async () => {
    const { token } = await ownerOf(true);
    const client = await createClient(t.app, token, { phone: '' });
    const res = await invite(token, client.primary_client_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invitation.whatsapp_url).toBeNull();
  });
});
