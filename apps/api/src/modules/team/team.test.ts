import {
  PASSWORD_LINK_MSG,
  StaffInvitationResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  TEAM_MSG,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../test/fixtures/renewals.ts';
import {
  assignClients,
  bearer,
  createAgencyClient,
  createStaff,
  createTestApp,
  decodeToken,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { auditLog, passwordLinks, users } from '../../db/schema.ts';

// The owner's team (issue 25 item 2): invitations by e-mail with a one-time link (72 hours), resend, revoke, role
// changes, deactivation that ends every session at once. Before this module every /api/team call was a 404.

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

async function owner() {
  const agency = await registerAgency(t.app);
  const token = await signInToken(t.app, {
    email: agency.email,
    password: agency.password,
    host: agency.host,
  });
  return { agency, token };
}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    remoteAddress: uniqueIp(),
    ...(payload ? { payload } : {}),
  });
const invite = (token: string, payload: object) => api('POST', '/api/team', token, payload);
const list = async (token: string) =>
  StaffListResponseSchema.parse((await api('GET', '/api/team', token)).json()).data;
const checkLink = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link', payload: { token } });
const setPassword = (token: string, new_password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-link/set', payload: { token, new_password } });
const secretOf = (url: string) => url.split('#')[1]!;

let n = 0;
const person = (role: 'AA' | 'AG' = 'AG') => ({
  full_name: 'Arjun Mehta',
  email: `arjun.${Date.now()}.${++n}@example.in`,
  phone: '+91 98765 43210',
  role,
});

describe('inviting a member of staff', () => {
  it('e-mails a link at the agency address; the agent chooses a password and signs in there as an agent', async () => {
    const { agency, token } = await owner();
    const who = person('AG');
    const res = await invite(token, who);
    expect(res.statusCode, res.body).toBe(201);
    const body = StaffInvitationResponseSchema.parse(res.json());
    expect(body.message).toBe(`Invitation e-mailed to ${who.email}.`);
    expect(body.data).toMatchObject({
      full_name: who.full_name,
      role: 'AG',
      status: 'invited',
      assigned_clients: 0,
    });
    expect(body.invitation.delivery).toBe('email');
    expect(body.invitation.url).toMatch(new RegExp(`^http://${agency.host}/set-password#[A-Za-z0-9_-]{43}$`));
    const hours = (Date.parse(body.invitation.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    expect(new URL(body.invitation.whatsapp_url!).pathname).toBe('/919876543210');

    const mail = smtp.to(who.email).at(-1)!;
    expect(mail.subject).toBe(`${agency.form.AgencyName} invites you to its workspace`);
    expect(mail.text).toContain(`invites you to work in its workspace as Agent`);
    expect(mail.text).toContain(body.invitation.url);

    const secret = secretOf(body.invitation.url);
    expect((await checkLink(secret)).json()).toMatchObject({
      purpose: 'invite',
      full_name: who.full_name,
      agency_name: agency.form.AgencyName,
    });
    expect((await setPassword(secret, 'Karyakarta#2026')).json()).toEqual({
      message: PASSWORD_LINK_MSG.passwordSet,
    });
    const signedIn = await signIn(t.app, {
      email: who.email,
      password: 'Karyakarta#2026',
      host: agency.host,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(decodeToken(signedIn.json().data.token).payload.roleid).toEqual(['AG']);

    const [member] = await list(token);
    expect(member).toMatchObject({ email: who.email, status: 'active', invitation_expires_at: null });
    expect(member!.last_login_at).not.toBeNull();
    const audits = await t.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'staff'), eq(auditLog.targetId, body.data.id)));
    expect(audits).toEqual([{ action: 'staff.invited', actor: agency.userId }]);
  });

  it('names each field that is wrong', async () => {
    const { token } = await owner();
    const res = await invite(token, { full_name: ' ', email: 'not-an-email', phone: '12', role: 'AO' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      full_name: 'Full Name is required.',
      email: 'Invalid email format.',
      phone: 'Phone Number must be a valid phone number.',
      role: TEAM_MSG.roleRequired,
    });
  });

  it('refuses an e-mail a member of staff, a client of the agency or the owner already uses (409)', async () => {
    const { agency, token } = await owner();
    const who = person();
    expect((await invite(token, who)).statusCode).toBe(201);
    const again = await invite(token, { ...person(), email: who.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.email).toBe(TEAM_MSG.emailTakenByStaff);

    const client = await createAgencyClient(t, agency.agencyId);
    const asClient = await invite(token, { ...person(), email: client.email });
    expect(asClient.statusCode).toBe(409);
    expect(asClient.json().fields.email).toBe(TEAM_MSG.emailTakenByClient);

    const own = await invite(token, { ...person(), email: agency.email });
    expect(own.statusCode).toBe(409);
    expect(own.json().fields.email).toBe(TEAM_MSG.emailIsOwners);

    // Another agency may have a member of staff with the same e-mail: e-mails are unique per agency.
    const other = await owner();
    expect((await invite(other.token, { ...person(), email: who.email })).statusCode).toBe(201);
  });

  it('resend replaces the old link; revoke makes the link unusable and removes the invitee', async () => {
    const { token } = await owner();
    const first = StaffInvitationResponseSchema.parse((await invite(token, person('AA'))).json());
    const resent = await api('POST', `/api/team/${first.data.id}/invitation`, token);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = StaffInvitationResponseSchema.parse(resent.json());
    expect(second.message).toBe(`Invitation re-sent to ${first.data.email}.`);
    expect((await checkLink(secretOf(first.invitation.url))).statusCode).toBe(400);
    expect((await checkLink(secretOf(second.invitation.url))).statusCode).toBe(200);

    const revoked = await api('DELETE', `/api/team/${first.data.id}/invitation`, token);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message).toBe('Invitation of Arjun Mehta withdrawn. The link no longer works.');
    const unusable = await setPassword(secretOf(second.invitation.url), 'Karyakarta#2026');
    expect(unusable.statusCode).toBe(400);
    expect(await list(token)).toEqual([]);
    // The e-mail is free again.
    expect((await invite(token, { ...person(), email: first.data.email })).statusCode).toBe(201);
  });

  it('an invitation expires after 72 hours: the list says so, the link fails, a resend opens a new one', async () => {
    const { token } = await owner();
    const sent = StaffInvitationResponseSchema.parse((await invite(token, person())).json());
    await t.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLinks.userId, sent.data.id));
    expect((await list(token))[0]!.status).toBe('invitation_expired');
    expect((await checkLink(secretOf(sent.invitation.url))).statusCode).toBe(400);
    const resent = StaffInvitationResponseSchema.parse(
      (await api('POST', `/api/team/${sent.data.id}/invitation`, token)).json(),
    );
    expect(resent.data.status).toBe('invited');
  });

  it('an accepted invitation can be neither re-sent nor revoked', async () => {
    const { agency, token } = await owner();
    const staff = await createStaff(t, agency.agencyId, 'AG');
    await signInToken(t.app, { email: staff.email, password: staff.password, host: agency.host });
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await api(method, `/api/team/${staff.userId}/invitation`, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(TEAM_MSG.alreadyAccepted);
    }
  });
});

describe('managing the team', () => {
  it('lists staff with their role, status and assigned clients', async () => {
    const { agency, token } = await owner();
    const agent = await createStaff(t, agency.agencyId, 'AG', { fullName: 'Arjun Mehta' });
    await createStaff(t, agency.agencyId, 'AA', { fullName: 'Kavita Rao' });
    const a = await createClient(t.app, token);
    const b = await createClient(t.app, token);
    await assignClients(t.db, [a.primary_client_id, b.primary_client_id], agent.userId);
    const rows = await list(token);
    expect(rows.map((r) => [r.full_name, r.role, r.assigned_clients])).toEqual([
      ['Arjun Mehta', 'AG', 2],
      ['Kavita Rao', 'AA', 0],
    ]);
  });

  it('deactivation ends every session at once; reactivation lets them sign in again', async () => {
    const { agency, token } = await owner();
    const staff = await createStaff(t, agency.agencyId, 'AA');
    const staffToken = await signInToken(t.app, {
      email: staff.email,
      password: staff.password,
      host: agency.host,
    });
    expect((await api('GET', '/api/users/primary-clients', staffToken)).statusCode).toBe(200);

    const off = await api('POST', `/api/team/${staff.userId}/deactivate`, token);
    expect(off.statusCode).toBe(200);
    expect(StaffMemberResponseSchema.parse(off.json()).data.status).toBe('deactivated');
    expect((await api('GET', '/api/users/primary-clients', staffToken)).statusCode).toBe(401);
    const refused = await signIn(t.app, { email: staff.email, password: staff.password, host: agency.host });
    expect(refused.statusCode).not.toBe(200);

    const on = await api('POST', `/api/team/${staff.userId}/reactivate`, token);
    expect(on.json().data.status).toBe('active');
    const back = await signIn(t.app, { email: staff.email, password: staff.password, host: agency.host });
    expect(back.statusCode).toBe(200);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, staff.userId));
    expect(actions.map((a) => a.action)).toEqual(['staff.deactivated', 'staff.reactivated']);
  });

  it('a role change ends the old sessions; the next sign-in carries the new role', async () => {
    const { agency, token } = await owner();
    const staff = await createStaff(t, agency.agencyId, 'AG');
    const before = await signInToken(t.app, {
      email: staff.email,
      password: staff.password,
      host: agency.host,
    });
    const res = await api('PUT', `/api/team/${staff.userId}/role`, token, { role: 'AA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('AA');
    expect((await api('GET', '/api/auth/me', before)).statusCode).toBe(401);
    const after = await signInToken(t.app, {
      email: staff.email,
      password: staff.password,
      host: agency.host,
    });
    expect(decodeToken(after).payload.roleid).toEqual(['AA']);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, staff.userId));
    expect(row!.role).toBe('AA');
  });

  it("is the owner's alone: staff get 403, and another agency's member of staff is a 404", async () => {
    const { agency, token } = await owner();
    const admin = await createStaff(t, agency.agencyId, 'AA');
    const agent = await createStaff(t, agency.agencyId, 'AG');
    for (const s of [admin, agent]) {
      const staffToken = await signInToken(t.app, {
        email: s.email,
        password: s.password,
        host: agency.host,
      });
      expect((await api('GET', '/api/team', staffToken)).statusCode).toBe(403);
      expect((await invite(staffToken, person())).statusCode).toBe(403);
      expect((await api('POST', `/api/team/${agent.userId}/deactivate`, staffToken)).statusCode).toBe(403);
    }
    const other = await owner();
    const res = await api('POST', `/api/team/${agent.userId}/deactivate`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TEAM_MSG.notFound);
    // A client's account is not a member of staff either.
    const client = await createClient(t.app, token);
    expect(
      (await api('PUT', `/api/team/${client.primary_client_id}/role`, token, { role: 'AA' })).statusCode,
    ).toBe(404);
  });
});
