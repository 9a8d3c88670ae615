import {
  NotificationPreferenceResponseSchema,
  OutboxListResponseSchema,
  OutboxMessageResponseSchema,
  ReminderSettingsResponseSchema,
  RenewalListResponseSchema,
  RenewalPlanResponseSchema,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import { atIndia } from '../../../test/fixtures/renewals.ts';
import { bearer, createTestApp, PORTAL_HOST, signInToken, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  auditLog,
  insurancePolicies,
  investmentAccounts,
  reminderSends,
  secondaryClients,
} from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import { runReminderJob } from './reminder-job.ts';

// The renewal work-list API: buckets, what was done, the owner's marks, reminder settings, the outbox, the
// client's notification preference; another agency's plan is a 404 like an unknown one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();
const day = (n: number) => addDays(today, n);

async function owner(a: Agency) {
  return signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });
}

async function world() {
  const a = await agencyWithClients(t);
  const token = await owner(a);
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const [son] = await t.db
    .insert(secondaryClients)
    .values({
      agencyId: a.agency.agencyId,
      primaryClientId: meera.primaryClientId,
      firstName: 'Arjun',
      lastName: 'Iyer',
      relationship: 'Son',
    })
    .returning({ id: secondaryClients.id });
  const plans = {
    in3: await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(3), premiumAmount: '24000.00' }),
    in20: await addPolicy(t, a, meera.primaryClientId, 'health', {
      endDate: day(20),
      secondaryClientId: son!.id,
    }),
    in45: await addAccount(t, a, meera.primaryClientId, 'postoffice', {
      endDate: day(45),
      amount: '150000.00',
    }),
    in80: await addPolicy(t, a, meera.primaryClientId, 'motor', { endDate: day(80) }),
    late: await addPolicy(t, a, meera.primaryClientId, 'travel', { endDate: day(-5) }),
    far: await addPolicy(t, a, meera.primaryClientId, 'home', { endDate: day(200) }),
    lapsed: await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: day(10), status: 'lapsed' }),
    removed: await addPolicy(t, a, meera.primaryClientId, 'life', {
      endDate: day(10),
      deletedAt: new Date(),
    }),
    undated: await addPolicy(t, a, meera.primaryClientId, 'life', { endDate: null }),
  };
  return { a, token, meera, plans };
}

async function list(token: string, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/renewals${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return RenewalListResponseSchema.parse(res.json()).data;
}

const post = (token: string, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload ?? {} });

function renew(
  token: string,
  planId: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'document', filename: file.name, type: file.type, bytes: file.bytes }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/renewals/plans/${planId}/renewed`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('the work-list', () => {
  it('lists active plans in each bucket, soonest first, with client, family member, provider and money', async () => {
    const { token, plans } = await world();
    const week = await list(token, '?bucket=week');
    expect(week.bucket).toBe('week');
    expect(week.as_of).toBe(today);
    expect(week.counts).toEqual({ overdue: 1, today: 0, tomorrow: 0, week: 1, '30': 1, '60': 1, '90': 1 });
    expect(week.delivery).toBe('outbox');
    expect(week.items.map((i) => i.plan_id)).toEqual([plans.in3.id]);
    expect(week.items[0]).toMatchObject({
      plan_type: 'insurance',
      plan_number: plans.in3.policyNumber,
      client_name: 'Meera Iyer',
      family_member: null,
      amount: '24000.00',
      end_date: day(3),
      work_date: day(3),
      due_kind: 'maturity',
      days_left: 3,
      plan_status: 'active',
      reminders: [],
      events: [],
      problem: null,
    });
    expect(week.items[0]?.provider_name).toContain('LIFE Provider');
    const d30 = await list(token, '?bucket=30');
    expect(d30.items[0]).toMatchObject({
      plan_id: plans.in20.id,
      family_member: 'Arjun Iyer',
      service_code: 'health',
      days_left: 20,
      // A cover's renewal premium falls due on its end date: one row, a renewal (decision 042).
      due_kind: 'renewal',
      premium: { premium_mode: 'Yearly', next_due_date: day(20), state: 'due' },
    });
    expect((await list(token, '?bucket=60')).items).toMatchObject([
      { plan_id: plans.in45.id, plan_type: 'investment', amount: '150000.00', due_kind: 'maturity' },
    ]);
    expect((await list(token, '?bucket=90')).items.map((i) => [i.plan_id, i.due_kind])).toEqual([
      [plans.in80.id, 'renewal'],
    ]);
    expect((await list(token, '?bucket=60&type=insurance')).items).toEqual([]);
    const overdue = await list(token, '?bucket=overdue');
    expect(overdue.items.map((i) => [i.plan_id, i.days_left])).toEqual([[plans.late.id, -5]]);
    expect(overdue.total).toBe(1);
    // Today's bucket is the default: nothing falls today.
    const first = await list(token);
    expect([first.bucket, first.items, first.total]).toEqual(['today', [], 0]);
  });

  it('puts a premium due on its day, apart from the end date, and moves it when the premium is paid', async () => {
    const { a, token, meera } = await world();
    // A yearly life policy started a year ago less 5 days: its second premium falls due in 5 days; it ends in 15 years.
    const lic = await addPolicy(t, a, meera.primaryClientId, 'life', {
      startDate: addDays(day(5), -365),
      endDate: addDays(day(5), 365 * 15),
      premiumAmount: '12000.00',
      subtypeFields: { mode: 'Yearly', term: 15, ppt: 15 },
    });
    const week = await list(token, '?bucket=week');
    const item = week.items.find((i) => i.plan_id === lic.id);
    expect(item).toMatchObject({
      work_date: day(5),
      due_kind: 'premium',
      end_date: addDays(day(5), 365 * 15),
    });
    expect(item?.premium).toMatchObject({
      next_due_date: day(5),
      state: 'due',
      instalment_amount: '12000.00',
    });
    expect(week.counts.week).toBe(2);
    const body = multipart([
      { name: 'paid_on', value: today },
      { name: 'amount', value: '12000' },
      { name: 'receipt_number', value: 'R-1' },
      { name: 'instalments', value: '1' },
    ]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/plans/${lic.id}/premiums`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await list(token, '?bucket=week');
    expect(after.items.map((i) => i.plan_id)).not.toContain(lic.id);
    expect(after.counts.week).toBe(1);
  });

  it('filters by service and provider, and counts what it filters', async () => {
    const { a, token, plans } = await world();
    const health = await list(token, '?bucket=30&service=health');
    expect(health.items.map((i) => i.plan_id)).toEqual([plans.in20.id]);
    expect(health.counts).toEqual({ overdue: 0, today: 0, tomorrow: 0, week: 0, '30': 1, '60': 0, '90': 0 });
    expect((await list(token, '?bucket=30&service=motor')).items).toEqual([]);
    const motor = await list(token, `?bucket=90&provider=${a.prov.motor}`);
    expect(motor.items.map((i) => i.plan_id)).toEqual([plans.in80.id]);
    expect(motor.counts['90']).toBe(1);
    expect(motor.counts.week).toBe(0);
    // A code the catalogue does not hold has nothing.
    expect((await list(token, '?bucket=30&service=nosuch')).total).toBe(0);
  });

  it('answers 400 naming the field for a bucket, provider or staff it cannot read', async () => {
    const { token } = await world();
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/renewals${q}`, headers: bearer(token) });
    const res = await get('?bucket=14');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.bucket).toBe(
      'Bucket must be one of overdue, today, tomorrow, week, 30, 60 or 90.',
    );
    expect((await get('?provider=abc')).json().fields.provider).toBe('Provider must be an id from the list.');
    expect((await get('?staff=abc')).json().fields.staff).toBe('Staff member must be an id from the list.');
  });
});

describe('marking plans', () => {
  it('records a contact with its note on the plan', async () => {
    const { token, plans } = await world();
    const res = await post(token, `/api/renewals/plans/${plans.in3.id}/contacted`, {
      note: 'Called, will pay Friday',
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = RenewalPlanResponseSchema.parse(res.json()).data;
    expect(item.events).toMatchObject([{ kind: 'contacted', note: 'Called, will pay Friday' }]);
    expect(item.events[0]?.by).toBeTruthy();
    expect(item.last_contacted_at).not.toBeNull();
    expect((await list(token, '?bucket=week')).items[0]?.last_contacted_at).toBe(item.last_contacted_at);
  });

  it('renews a plan with a new end date and PDF: it leaves the bucket and its history says so', async () => {
    const { token, plans, a } = await world();
    const newEnd = addDays(day(3), 365);
    const res = await renew(
      token,
      plans.in3.id,
      { new_end_date: newEnd, note: 'Paid online' },
      {
        bytes: pdfOf('document', 600),
        name: 'renewal.pdf',
        type: 'application/pdf',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const item = RenewalPlanResponseSchema.parse(res.json()).data;
    expect(item).toMatchObject({ end_date: newEnd, plan_status: 'active', days_left: 368 });
    expect(item.events).toMatchObject([
      {
        kind: 'renewed',
        previous_end_date: day(3),
        new_end_date: newEnd,
        note: 'Paid online',
        document_attached: true,
      },
    ]);
    expect((await list(token, '?bucket=week')).items).toEqual([]);
    const [row] = await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, plans.in3.id));
    expect(row?.endDate).toBe(newEnd);
    const doc = await t.app.services.documents.read(t.db, a.agency.agencyId, row!.documentId!);
    expect(doc?.bytes.equals(pdfOf('document', 600))).toBe(true);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, plans.in3.id));
    expect(audit.map((e) => e.action)).toContain('plan.renewed');
  });

  it('renews without a document too, and cancels reminders not yet sent for the old end date', async () => {
    const { token, plans, a, meera } = await world();
    await t.db.insert(reminderSends).values({
      agencyId: a.agency.agencyId,
      dedupeKey: `reminder:${plans.in20.id}:${day(20)}:30`,
      kind: 'reminder',
      planType: 'insurance',
      planId: plans.in20.id,
      primaryClientId: meera.primaryClientId,
      offsetDays: 30,
      endDate: day(20),
      recipient: meera.email,
      nextAttemptAt: new Date(Date.now() + 60_000),
      reason: 'The mail server could not be reached (attempt 1 of 5)',
      attempts: 1,
    });
    const res = await renew(token, plans.in20.id, { new_end_date: day(385) });
    expect(res.statusCode, res.body).toBe(200);
    const item = RenewalPlanResponseSchema.parse(res.json()).data;
    expect(item.reminders).toMatchObject([
      { status: 'cancelled', reason: 'The plan was renewed before this reminder went out.', offset_days: 30 },
    ]);
    expect(item.events[0]).toMatchObject({ kind: 'renewed', document_attached: false });
  });

  it('refuses a new end date that is not after the current one, and a document that is not a PDF', async () => {
    const { token, plans } = await world();
    const early = await renew(token, plans.in20.id, { new_end_date: day(10) });
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.new_end_date).toMatch(
      /^New end date must be after the current end date \(\d{2} \w+ \d{4}\)\.$/,
    );
    const past = await renew(token, plans.late.id, { new_end_date: day(-1) });
    expect(past.json().fields.new_end_date).toMatch(/^New end date must be after today/);
    const missing = await renew(token, plans.in20.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.new_end_date).toBe('New end date is required.');
    const bad = await renew(token, plans.in20.id, { new_end_date: '2031-02-30' });
    expect(bad.json().fields.new_end_date).toBe('New end date must be a real calendar date.');
    const png = await renew(
      token,
      plans.in20.id,
      { new_end_date: day(400) },
      { bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), name: 'scan.png', type: 'image/png' },
    );
    expect(png.statusCode).toBe(400);
    expect(png.json().fields.document).toBe('Document must be a PDF file.');
    // Nothing changed.
    expect((await list(token, '?bucket=week')).items.map((i) => i.end_date)).toEqual([day(3)]);
    expect((await list(token, '?bucket=30')).items.map((i) => i.end_date)).toEqual([day(20)]);
  });

  it('marks a policy lapsed and an investment closed: both leave the list, a second time is a 409', async () => {
    const { token, plans } = await world();
    const res = await post(token, `/api/renewals/plans/${plans.late.id}/lapsed`, {
      note: 'Client sold the car',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RenewalPlanResponseSchema.parse(res.json()).data).toMatchObject({
      plan_status: 'lapsed',
      events: [{ kind: 'lapsed', note: 'Client sold the car' }],
    });
    expect((await list(token, '?bucket=overdue')).items).toEqual([]);
    const again = await post(token, `/api/renewals/plans/${plans.late.id}/lapsed`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This plan is already marked lapsed.');
    const closed = await post(token, `/api/renewals/plans/${plans.in45.id}/lapsed`);
    expect(RenewalPlanResponseSchema.parse(closed.json()).data.plan_status).toBe('closed');
    const [acc] = await t.db
      .select()
      .from(investmentAccounts)
      .where(eq(investmentAccounts.id, plans.in45.id));
    expect(acc?.status).toBe('closed');
  });

  it('keeps each agency to its own plans: another agency’s plan is a 404 everywhere', async () => {
    const mine = await world();
    const other = await world();
    const id = other.plans.in3.id;
    const calls = [
      renew(mine.token, id, { new_end_date: day(400) }),
      post(mine.token, `/api/renewals/plans/${id}/lapsed`),
      post(mine.token, `/api/renewals/plans/${id}/contacted`),
      t.app.inject({ method: 'GET', url: `/api/renewals/plans/${id}`, headers: bearer(mine.token) }),
      post(mine.token, `/api/renewals/plans/${mine.plans.removed.id}/contacted`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No plan of your agency’s clients exists with this id.');
    }
    const [row] = await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, id));
    expect(row).toMatchObject({ endDate: day(3), status: 'active' });
    expect((await list(mine.token)).items.map((i) => i.plan_id)).not.toContain(id);
  });
});

describe('reminder settings', () => {
  it('answers the default days and saves the owner’s own, sorted, refusing bad ones by name', async () => {
    const { token } = await world();
    const get = await t.app.inject({ method: 'GET', url: '/api/renewals/settings', headers: bearer(token) });
    expect(ReminderSettingsResponseSchema.parse(get.json()).data).toEqual({
      reminder_days: [30, 15, 7, 1],
      delivery: 'outbox',
    });
    const put = (reminder_days: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/renewals/settings',
        headers: bearer(token),
        payload: { reminder_days },
      });
    const saved = await put([5, 60, 20]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.reminder_days).toEqual([60, 20, 5]);
    for (const [days, message] of [
      [[0], 'Each reminder day must be between 1 and 120.'],
      [[121], 'Each reminder day must be between 1 and 120.'],
      [[7, 7], 'Reminder days must not repeat.'],
      [[], 'Choose at least one reminder day.'],
      [[1, 2, 3, 4, 5, 6, 7], 'Choose at most 6 reminder days.'],
    ] as const) {
      const res = await put(days);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().fields as Record<string, string>)).toContain(message);
    }
  });
});

describe('the outbox', () => {
  it('keeps the reminders and the digest when no mail server is configured, for the owner to read', async () => {
    const { token, a, meera, plans } = await world();
    const other = await world();
    const report = await runReminderJob(
      { db: t.db, mailer: t.app.services.mailer, portalHost: PORTAL_HOST, portalScheme: 'http' },
      { now: atIndia(today, 10) },
    );
    expect(report.sent).toBeGreaterThanOrEqual(4);
    const res = await t.app.inject({ method: 'GET', url: '/api/renewals/outbox', headers: bearer(token) });
    const outbox = OutboxListResponseSchema.parse(res.json()).data;
    const subjects = outbox.items.map((m) => m.subject);
    expect(subjects).toContain(`Reminder: your policy ${plans.in3.policyNumber} expires on ${fmt(day(3))}`);
    expect(subjects.some((s) => s.startsWith('Renewals for '))).toBe(true);
    expect(outbox.items.every((m) => m.to === meera.email || m.to === a.agency.email)).toBe(true);
    const digest = outbox.items.find((m) => m.kind === 'digest')!;
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/renewals/outbox/${digest.id}`,
      headers: bearer(token),
    });
    const message = OutboxMessageResponseSchema.parse(read.json()).data;
    expect(message.text).toContain(plans.in3.policyNumber);
    expect(message.html).toContain('<html lang="en">');
    // The other agency's owner sees neither the list's messages nor this one.
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/renewals/outbox',
      headers: bearer(other.token),
    });
    expect(otherList.json().data.items.map((m: { id: string }) => m.id)).not.toContain(digest.id);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/renewals/outbox/${digest.id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    // The work-list shows the reminder as sent.
    const item = (await list(token, '?bucket=week')).items.find((i) => i.plan_id === plans.in3.id)!;
    expect(item.reminders).toMatchObject([
      { status: 'sent', offset_days: 7, recipient: meera.email, attempts: 1 },
    ]);
  });
});

describe('the client’s notification preference', () => {
  it('answers e-mail on in English by default and saves the client’s choice', async () => {
    const { a } = await world();
    const c = await signedInClient(t, a, 'Sunita Sharma');
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/agency-user/client/notification-preference',
        headers: bearer(c.token),
      });
    expect(NotificationPreferenceResponseSchema.parse((await get()).json()).data).toEqual({
      email_reminders: true,
      language: 'en',
      email: c.email,
    });
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/agency-user/client/notification-preference',
        headers: bearer(c.token),
        payload,
      });
    const saved = await put({ email_reminders: false, language: 'hi' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get()).json().data).toMatchObject({ email_reminders: false, language: 'hi' });
    const bad = await put({ email_reminders: true, language: 'ta' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.language).toBe('Language must be en (English) or hi (Hindi).');
  });
});

function fmt(date: string) {
  return new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
