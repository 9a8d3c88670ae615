import {
  AgencyDashboardResponseSchema,
  defaultWhatsAppTemplate,
  PlanFollowUpsResponseSchema,
  PrimaryClientDetailResponseSchema,
  RenewalListResponseSchema,
  RenewalPlanResponseSchema,
  WhatsAppTemplatesResponseSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { bearer, createStaff, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { auditLog, insurancePolicies, primaryClients } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 27 items 4 and 5: the agency's WhatsApp messages, "contacted on WhatsApp", follow-ups and lost plans.
// Each test makes its own agency.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();
const day = (n: number) => addDays(today, n);

async function world() {
  const a: Agency = await agencyWithClients(t);
  const host = a.agency.host;
  const token = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const staff = async (role: 'AA' | 'AG') => {
    const s = await createStaff(t, a.agency.agencyId, role);
    return { userId: s.userId, token: await signInToken(t.app, { ...s, host }) };
  };
  return { a, token, meera, staff };
}

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function auditOf(action: string, targetId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

describe('WhatsApp messages of the agency', () => {
  it('answers the portal’s own in English and Hindi until the agency saves its own', async () => {
    const { token, staff } = await world();
    const res = await call('GET', '/api/renewals/whatsapp-templates', token);
    expect(res.statusCode, res.body).toBe(200);
    const { templates } = WhatsAppTemplatesResponseSchema.parse(res.json()).data;
    expect(templates).toHaveLength(4);
    const hi = templates.find((x) => x.kind === 'renewal' && x.language === 'hi')!;
    expect(hi).toMatchObject({ is_default: true, text: defaultWhatsAppTemplate('renewal', 'hi') });
    // An agent reads them to write a client's message, but may not change them.
    const agent = await staff('AG');
    expect((await call('GET', '/api/renewals/whatsapp-templates', agent.token)).statusCode).toBe(200);
    const put = await call('PUT', '/api/renewals/whatsapp-templates', agent.token, {
      kind: 'renewal',
      language: 'en',
      text: '{client_name} {plan_number} {date}',
    });
    expect(put.statusCode).toBe(403);
  });

  it('saves one, audited, for this agency only; an agency admin may too', async () => {
    const { a, token, staff } = await world();
    const text =
      'Hello {client_name}, your {plan_name} ({plan_number}) is due on {date}: {amount}. {agency_name}';
    const res = await call('PUT', '/api/renewals/whatsapp-templates', token, {
      kind: 'premium_due',
      language: 'en',
      text,
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = WhatsAppTemplatesResponseSchema.parse(res.json()).data.templates.find(
      (x) => x.kind === 'premium_due' && x.language === 'en',
    )!;
    expect(saved).toMatchObject({ text, is_default: false });
    expect(await auditOf('agency.whatsapp_template', a.agency.agencyId)).toHaveLength(1);

    const admin = await staff('AA');
    const hindi = 'नमस्ते {client_name} जी, {plan_number} {date} को समाप्त हो रही है।';
    const byAdmin = await call('PUT', '/api/renewals/whatsapp-templates', admin.token, {
      kind: 'renewal',
      language: 'hi',
      text: hindi,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);

    // Another agency still has the portal's own.
    const other = await world();
    const theirs = WhatsAppTemplatesResponseSchema.parse(
      (await call('GET', '/api/renewals/whatsapp-templates', other.token)).json(),
    ).data.templates;
    expect(theirs.every((x) => x.is_default)).toBe(true);
  });

  it('answers 400 naming the field: a missing placeholder, an unknown one, too long, a bad kind', async () => {
    const { token } = await world();
    const put = (payload: Record<string, unknown>) =>
      call('PUT', '/api/renewals/whatsapp-templates', token, payload);
    const missing = await put({
      kind: 'premium_due',
      language: 'en',
      text: 'Hi {client_name} {plan_number}',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.text).toBe('Message must keep the placeholders {date}, {amount}.');
    const unknown = await put({
      kind: 'renewal',
      language: 'en',
      text: '{client_name} {plan_number} {date} {clientname}',
    });
    expect(unknown.json().fields.text).toMatch(/unknown placeholder \{clientname\}/);
    const long = await put({
      kind: 'renewal',
      language: 'en',
      text: `{client_name} {plan_number} {date} ${'x'.repeat(1000)}`,
    });
    expect(long.json().fields.text).toBe('Message must be at most 1000 characters.');
    const kind = await put({ kind: 'birthday', language: 'en', text: '{client_name}' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().fields.kind).toBe('Kind must be premium_due or renewal.');
  });
});

describe('contacted on WhatsApp', () => {
  it('records the contact with its channel, audited, and the work-list carries the client’s language', async () => {
    const { a, token, meera } = await world();
    await t.db
      .update(primaryClients)
      .set({ preferredLanguage: 'hi', phone: '+91 98765 43210' })
      .where(eq(primaryClients.id, meera.primaryClientId));
    const plan = await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(12) });
    const res = await call('POST', `/api/renewals/plans/${plan.id}/contacted`, token, {
      channel: 'whatsapp',
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = RenewalPlanResponseSchema.parse(res.json()).data;
    expect(item.events.at(-1)).toMatchObject({ kind: 'contacted', channel: 'whatsapp', note: null });
    expect(item.last_contacted_at).not.toBeNull();
    expect(item.client_language).toBe('hi');
    // The client record answers it too, for its plans' WhatsApp buttons.
    const record = await call('GET', `/api/users/primary-clients/${meera.primaryClientId}`, token);
    expect(PrimaryClientDetailResponseSchema.parse(record.json()).data.client.reminder_language).toBe('hi');
    const [entry] = await auditOf('plan.contacted', plan.id);
    expect(entry?.detail).toMatchObject({ channel: 'whatsapp' });
    expect(entry?.primaryClientId).toBe(meera.primaryClientId);
    const bad = await call('POST', `/api/renewals/plans/${plan.id}/contacted`, token, { channel: 'sms' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.channel).toBe('Channel must be call or whatsapp.');
  });
});

describe('follow-ups', () => {
  it('adds follow-ups newest first; the latest date is the work-list’s next follow-up', async () => {
    const { a, token, meera } = await world();
    const plan = await addPolicy(t, a, meera.primaryClientId, 'health', { endDate: day(9) });
    const url = `/api/renewals/plans/${plan.id}/follow-ups`;
    const empty = PlanFollowUpsResponseSchema.parse((await call('GET', url, token)).json()).data;
    expect(empty).toEqual({ follow_ups: [], next_follow_up: null, lost: null });
    const first = await call('POST', url, token, { next_date: day(3), note: 'Asked to call after salary' });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', url, token, { next_date: day(1), note: 'Will pay by Friday' });
    const data = PlanFollowUpsResponseSchema.parse(second.json()).data;
    expect(data.follow_ups.map((f) => f.note)).toEqual(['Will pay by Friday', 'Asked to call after salary']);
    expect(data.next_follow_up).toBe(day(1));
    expect(data.follow_ups[0]?.by).toBeTruthy();
    expect(await auditOf('plan.follow_up', plan.id)).toHaveLength(2);
    // The plan now sits on the work-list on its follow-up's day, sooner than its renewal (decision 042).
    const tomorrow = RenewalListResponseSchema.parse(
      (await call('GET', '/api/renewals?bucket=tomorrow', token)).json(),
    ).data;
    expect(tomorrow.items.find((i) => i.plan_id === plan.id)).toMatchObject({
      next_follow_up: day(1),
      work_date: day(1),
      due_kind: 'follow_up',
      end_date: day(9),
    });
    expect(tomorrow.counts.tomorrow).toBe(1);
    expect(tomorrow.counts.week).toBe(0);
  });

  it('closes a follow-up by a contact on or after its day, not before; the plan goes back to its due', async () => {
    const { a, token, meera } = await world();
    const plan = await addPolicy(t, a, meera.primaryClientId, 'health', { endDate: day(9) });
    const url = `/api/renewals/plans/${plan.id}/follow-ups`;
    const bucketOf = async () => {
      const lists = await Promise.all(
        ['today', 'tomorrow', 'week', '30'].map(
          async (b) =>
            RenewalListResponseSchema.parse((await call('GET', `/api/renewals?bucket=${b}`, token)).json())
              .data,
        ),
      );
      return lists.find((l) => l.items.some((i) => i.plan_id === plan.id))?.bucket ?? null;
    };
    expect(await bucketOf()).toBe('30');
    await call('POST', url, token, { next_date: day(1), note: 'Call tomorrow' });
    expect(await bucketOf()).toBe('tomorrow');
    // A contact before the follow-up's day leaves it open.
    await call('POST', `/api/renewals/plans/${plan.id}/contacted`, token, { note: 'Sent the quote' });
    expect(await bucketOf()).toBe('tomorrow');
    await call('POST', url, token, { next_date: day(0), note: 'Call today instead' });
    expect(await bucketOf()).toBe('today');
    await call('POST', `/api/renewals/plans/${plan.id}/contacted`, token, { channel: 'whatsapp' });
    expect(await bucketOf()).toBe('30');
    const shown = PlanFollowUpsResponseSchema.parse((await call('GET', url, token)).json()).data;
    expect(shown.next_follow_up).toBeNull();
    expect(shown.follow_ups).toHaveLength(2);
  });

  it('answers 400 naming the field: no date, a past date, no note', async () => {
    const { a, token, meera } = await world();
    const plan = await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(9) });
    const url = `/api/renewals/plans/${plan.id}/follow-ups`;
    const noDate = await call('POST', url, token, { note: 'x' });
    expect(noDate.json().fields.next_date).toBe('Next follow-up date is required.');
    const past = await call('POST', url, token, { next_date: day(-1), note: 'x' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.next_date).toMatch(/^Next follow-up date must be today/);
    const noNote = await call('POST', url, token, { next_date: day(2), note: '  ' });
    expect(noNote.json().fields.note).toMatch(/^Note is required/);
  });
});

describe('mark lost', () => {
  it('needs a reason, and text for "other"', async () => {
    const { a, token, meera } = await world();
    const plan = await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(9) });
    const url = `/api/renewals/plans/${plan.id}/lost`;
    const none = await call('POST', url, token, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.reason).toBe('Choose why the plan was lost.');
    const other = await call('POST', url, token, { reason: 'other' });
    expect(other.json().fields.reason_text).toBe('Say why the plan was lost.');
    expect(await auditOf('plan.lost', plan.id)).toHaveLength(0);
  });

  it('lapses a policy and closes an investment, audited; it leaves the work-list and counts on the home', async () => {
    const { a, token, meera } = await world();
    const policy = await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(9) });
    const account = await addAccount(t, a, meera.primaryClientId, 'postoffice', { endDate: day(20) });
    const home = async () =>
      AgencyDashboardResponseSchema.parse((await call('GET', '/api/agencies/dashboard', token)).json()).data;
    expect((await home()).lost_this_month).toBe(0);

    const res = await call('POST', `/api/renewals/plans/${policy.id}/lost`, token, {
      reason: 'moved_to_another_agent',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RenewalPlanResponseSchema.parse(res.json()).data.plan_status).toBe('lapsed');
    const closed = await call('POST', `/api/renewals/plans/${account.id}/lost`, token, {
      reason: 'other',
      reason_text: 'Moved the money to a fixed deposit',
    });
    expect(RenewalPlanResponseSchema.parse(closed.json()).data.plan_status).toBe('closed');

    const [entry] = await auditOf('plan.lost', policy.id);
    expect(entry).toMatchObject({ primaryClientId: meera.primaryClientId });
    expect(entry?.detail).toMatchObject({ reason: 'moved_to_another_agent' });
    const shown = PlanFollowUpsResponseSchema.parse(
      (await call('GET', `/api/renewals/plans/${account.id}/follow-ups`, token)).json(),
    ).data;
    expect(shown.lost).toMatchObject({ reason: 'other', reason_text: 'Moved the money to a fixed deposit' });

    const list = RenewalListResponseSchema.parse(
      (await call('GET', '/api/renewals?bucket=30', token)).json(),
    ).data;
    expect(list.items.map((i) => i.plan_id)).not.toContain(policy.id);
    expect(list.items.map((i) => i.plan_id)).not.toContain(account.id);
    expect((await home()).lost_this_month).toBe(2);

    const again = await call('POST', `/api/renewals/plans/${policy.id}/lost`, token, {
      reason: 'cannot_afford',
    });
    expect(again.statusCode).toBe(409);
    const followUp = await call('POST', `/api/renewals/plans/${policy.id}/follow-ups`, token, {
      next_date: day(2),
      note: 'x',
    });
    expect(followUp.statusCode).toBe(409);
  });

  it('keeps an agent to their own clients: another’s plan is a 404, nothing written; their home counts theirs', async () => {
    const { a, token, meera, staff } = await world();
    const agent = await staff('AG');
    const mine = await signedInClient(t, a, 'Rohan Kulkarni');
    await t.db
      .update(primaryClients)
      .set({ assignedAgentId: agent.userId })
      .where(eq(primaryClients.id, mine.primaryClientId));
    const theirs = await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(9) });
    const own = await addPolicy(t, a, mine.primaryClientId, 'life', { endDate: day(9) });

    const refused = await call('POST', `/api/renewals/plans/${theirs.id}/lost`, agent.token, {
      reason: 'not_interested',
    });
    expect(refused.statusCode).toBe(404);
    const noFollowUp = await call('POST', `/api/renewals/plans/${theirs.id}/follow-ups`, agent.token, {
      next_date: day(2),
      note: 'x',
    });
    expect(noFollowUp.statusCode).toBe(404);
    expect((await call('GET', `/api/renewals/plans/${theirs.id}/follow-ups`, agent.token)).statusCode).toBe(
      404,
    );
    const [row] = await t.db
      .select({ status: insurancePolicies.status })
      .from(insurancePolicies)
      .where(eq(insurancePolicies.id, theirs.id));
    expect(row?.status).toBe('active');
    expect(await auditOf('plan.lost', theirs.id)).toHaveLength(0);

    // The owner loses a plan of the agency's other client; the agent loses one of theirs.
    expect(
      (await call('POST', `/api/renewals/plans/${theirs.id}/lost`, token, { reason: 'cannot_afford' }))
        .statusCode,
    ).toBe(200);
    const ok = await call('POST', `/api/renewals/plans/${own.id}/lost`, agent.token, {
      reason: 'not_interested',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [entry] = await auditOf('plan.lost', own.id);
    expect(entry).toMatchObject({ actorRole: 'AG', actorUserId: agent.userId });
    const count = async (tok: string) =>
      AgencyDashboardResponseSchema.parse((await call('GET', '/api/agencies/dashboard', tok)).json()).data
        .lost_this_month;
    expect(await count(token)).toBe(2);
    expect(await count(agent.token)).toBe(1);
  });
});
