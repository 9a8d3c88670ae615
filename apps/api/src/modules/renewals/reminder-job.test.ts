import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
} from '../../../test/fixtures/client-portal.ts';
import {
  atIndia,
  jobDeps,
  type SmtpReceiver,
  smtpMailer,
  startSmtpReceiver,
} from '../../../test/fixtures/renewals.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import {
  agencies,
  insurancePolicies,
  ownerAccounts,
  planFollowUps,
  primaryClients,
  reminderSends,
  users,
} from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import { createSmtpMailer } from '../../lib/mail.ts';
import { claimDue } from './reminder-job.repository.ts';
import { planReminders, REASONS, runReminderJob } from './reminder-job.ts';

// The reminder job against a real SMTP receiver, with the calendar driven by the test: which e-mails go out
// on which days, once each under concurrent runners and restarts, retries with back-off, then failure.

let t: TestApp;
let smtp: SmtpReceiver;
beforeAll(async () => {
  t = await createTestApp();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  await smtp?.close();
  await t?.close();
});

let seq = 0;
async function client(a: Agency, values: Partial<typeof primaryClients.$inferInsert> = {}) {
  seq += 1;
  const email = `client${seq}.${Math.random().toString(36).slice(2, 7)}@example.in`;
  const [row] = await t.db
    .insert(primaryClients)
    .values({
      agencyId: a.agency.agencyId,
      clientCode: `R-${seq}-${Math.random().toString(36).slice(2, 6)}`,
      firstName: 'Meera',
      lastName: `Iyer ${seq}`,
      email,
      ...values,
    })
    .returning({ id: primaryClients.id, email: primaryClients.email });
  return { id: row!.id, email: row!.email ?? email };
}

/** An agency of its own for each test, so one test's plans never reach another's mailbox. */
async function agency() {
  const a = await agencyWithClients(t);
  await t.db
    .update(agencies)
    .set({ phone: '9820012345', name: `Suraksha Advisors ${seq}` })
    .where(eq(agencies.id, a.agency.agencyId));
  return a;
}

const sendsOf = (planId: string) =>
  t.db.select().from(reminderSends).where(eq(reminderSends.planId, planId)).orderBy(reminderSends.createdAt);

const run = (now: Date, mailerUrl = smtp.url, extra: Parameters<typeof runReminderJob>[1] = {}) => {
  const mailer = smtpMailer(mailerUrl);
  return runReminderJob(jobDeps(t, mailer), { now, ...extra }).finally(() => mailer.close());
};

describe('client reminders', () => {
  it('go out 30, 15, 7 and 1 days before a policy ends and before an investment matures, once each', async () => {
    const a = await agency();
    const meera = await client(a);
    const end = '2027-04-15';
    const policy = await addPolicy(t, a, meera.id, 'life', { endDate: end, premiumAmount: '123456.50' });
    const account = await addAccount(t, a, meera.id, 'mutual_funds', { endDate: '2027-04-20' });

    const daysWithMail: Record<string, number[]> = { policy: [], account: [] };
    for (let left = 35; left >= -6; left -= 1) {
      const day = addDays(end, -left);
      const before = smtp.to(meera.email).length;
      await run(atIndia(day, 9));
      for (const m of smtp.to(meera.email).slice(before)) {
        if (m.subject.includes(policy.policyNumber)) daysWithMail.policy!.push(left);
        if (m.subject.includes(account.accountNumber)) daysWithMail.account!.push(left + 5);
      }
    }
    expect(daysWithMail.policy).toEqual([30, 15, 7, 1]);
    expect(daysWithMail.account).toEqual([30, 15, 7, 1]);

    const first = smtp.to(meera.email).find((m) => m.subject.includes(policy.policyNumber))!;
    expect(first.subject).toBe(`Reminder: your policy ${policy.policyNumber} expires on 15 Apr 2027`);
    expect(first.text).toContain('Dear Meera Iyer');
    expect(first.text).toContain('That is in 30 days.');
    expect(first.text).toContain('Premium: ₹1,23,456.50');
    expect(first.text).toContain('Phone: 9820012345');
    expect(first.text).toContain(a.agency.email);
    expect(first.html).toContain('<strong>Suraksha Advisors');
    expect(first.html).toContain('Premium: ₹1,23,456.50');
    expect(first.headers.from).toContain('Suraksha Advisors');
    expect(first.headers.from).toContain('reminders@portal.test');
    expect(first.headers['reply-to']).toContain(a.agency.email);
    const maturity = smtp.to(meera.email).find((m) => m.subject.includes(account.accountNumber))!;
    expect(maturity.subject).toBe(
      `Reminder: your investment ${account.accountNumber} matures on 20 Apr 2027`,
    );

    const rows = await sendsOf(policy.id);
    expect(rows.map((r) => [r.offsetDays, r.status, r.attempts, r.recipient])).toEqual([
      [30, 'sent', 1, meera.email],
      [15, 'sent', 1, meera.email],
      [7, 'sent', 1, meera.email],
      [1, 'sent', 1, meera.email],
    ]);
  });

  it('wait for the morning in India and catch up a missed day with the reminder that is due', async () => {
    const a = await agency();
    const ravi = await client(a);
    const policy = await addPolicy(t, a, ravi.id, 'motor', { endDate: '2027-06-30' });
    await run(atIndia('2027-05-31', 7, 30));
    expect(smtp.to(ravi.email)).toHaveLength(0);
    // The server was down on the 30-day mark: the next morning the 30-day reminder goes out, late.
    await run(atIndia('2027-06-01', 8, 5));
    expect(smtp.to(ravi.email).map((m) => m.text.includes('That is in 29 days.'))).toEqual([true]);
    expect((await sendsOf(policy.id)).map((r) => r.offsetDays)).toEqual([30]);
  });

  it('uses the agency’s own reminder days', async () => {
    const a = await agency();
    await t.db
      .update(agencies)
      .set({ reminderDays: [45, 3] })
      .where(eq(agencies.id, a.agency.agencyId));
    const c = await client(a);
    const policy = await addPolicy(t, a, c.id, 'home', { endDate: '2027-09-30' });
    for (const left of [46, 45, 30, 15, 7, 3, 1]) await run(atIndia(addDays('2027-09-30', -left)));
    expect((await sendsOf(policy.id)).map((r) => r.offsetDays)).toEqual([45, 3]);
    expect(smtp.to(c.email)).toHaveLength(2);
  });

  it('are in Hindi for a client who chose Hindi', async () => {
    const a = await agency();
    const c = await client(a, { firstName: 'सुनीता', lastName: 'शर्मा', preferredLanguage: 'hi' });
    const policy = await addPolicy(t, a, c.id, 'health', {
      endDate: '2027-08-10',
      premiumAmount: '25000.00',
    });
    await run(atIndia('2027-07-11'));
    const [mail] = smtp.to(c.email);
    expect(mail?.subject).toBe(`अनुस्मारक: आपकी पॉलिसी ${policy.policyNumber} 10 अगस्त 2027 को समाप्त हो रही है`);
    expect(mail?.text).toContain('नमस्ते सुनीता शर्मा,');
    expect(mail?.text).toContain('30 दिन शेष हैं।');
    expect(mail?.text).toContain('प्रीमियम: ₹25,000.00');
    expect(mail?.text).toContain('फ़ोन: 9820012345');
    expect(mail?.html).toContain('<html lang="hi">');
    expect(mail?.html).toContain('नवीनीकरण');
    expect(mail?.headers['content-language']).toBe('hi');
  });

  it('record a clear reason for a client without e-mail, reminders off, or a policy without an end date, and go on', async () => {
    const a = await agency();
    const noMail = await client(a, { email: null });
    const off = await client(a, { notifyByEmail: false });
    const fine = await client(a);
    const p1 = await addPolicy(t, a, noMail.id, 'life', { endDate: '2027-10-31' });
    const p2 = await addPolicy(t, a, off.id, 'life', { endDate: '2027-10-31' });
    const p3 = await addPolicy(t, a, fine.id, 'life', { endDate: '2027-10-31' });
    const p4 = await addPolicy(t, a, fine.id, 'travel', { endDate: null });
    const report = await run(atIndia('2027-10-01'));
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(smtp.to(fine.email)).toHaveLength(1);
    expect(smtp.to(off.email)).toHaveLength(0);
    const reasons = async (id: string) => (await sendsOf(id)).map((r) => [r.status, r.reason]);
    expect(await reasons(p1.id)).toEqual([['skipped', REASONS.noEmail]]);
    expect(await reasons(p2.id)).toEqual([['skipped', REASONS.optedOut]]);
    expect(await reasons(p3.id)).toEqual([['sent', null]]);
    expect(await reasons(p4.id)).toEqual([['skipped', REASONS.noEndDate]]);
    // Recorded once, not again on every run.
    await run(atIndia('2027-10-02'));
    expect(await reasons(p4.id)).toHaveLength(1);
  });
});

describe('exactly once', () => {
  it('are held, with the reason, for an agency that is not verified or not active (issue 23 item 8)', async () => {
    for (const hold of ['not verified', 'deactivated']) {
      const a = await agency();
      if (hold === 'not verified')
        await t.db
          .update(ownerAccounts)
          .set({ isVerified: false })
          .where(eq(ownerAccounts.id, a.agency.ownerId));
      else await t.db.update(users).set({ isActive: false }).where(eq(users.id, a.agency.userId));
      const meera = await client(a);
      const end = '2027-06-15';
      const policy = await addPolicy(t, a, meera.id, 'life', { endDate: end });
      const ownerMail = smtp.to(a.agency.email).length;
      await run(atIndia(addDays(end, -30), 9));
      expect(smtp.to(meera.email)).toEqual([]);
      // Nor the owner's digest.
      expect(smtp.to(a.agency.email).length).toBe(ownerMail);
      const rows = await sendsOf(policy.id);
      // A deactivated owner's plans are not even planned; an unverified agency's say why they were held.
      expect(rows.map((r) => [r.status, r.reason])).toEqual(
        hold === 'not verified' ? [['skipped', REASONS.notVerified]] : [],
      );
    }
  });

  it('sends each reminder and digest once when two runners work at the same moment', async () => {
    const a = await agency();
    const clients = await Promise.all([client(a), client(a), client(a), client(a), client(a)]);
    for (const c of clients) await addPolicy(t, a, c.id, 'life', { endDate: '2028-01-31' });
    // A second connection pool on PostgreSQL, so the two runners really overlap; PGlite has one connection.
    let second: Database | null = null;
    if (t.config.databaseUrl) second = await openPostgres(t.config.databaseUrl, 4);
    const m1 = smtpMailer(smtp.url);
    const m2 = smtpMailer(smtp.url);
    try {
      const now = atIndia('2028-01-01');
      await Promise.all([
        runReminderJob(jobDeps(t, m1), { now, runnerId: 'runner-a' }),
        runReminderJob({ ...jobDeps(t, m2), db: second?.db ?? t.db }, { now, runnerId: 'runner-b' }),
      ]);
    } finally {
      m1.close();
      m2.close();
      await second?.close();
    }
    for (const c of clients) expect(smtp.to(c.email)).toHaveLength(1);
    expect(smtp.to(a.agency.email)).toHaveLength(1);
    const rows = await t.db.select().from(reminderSends).where(eq(reminderSends.agencyId, a.agency.agencyId));
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r.status, r.attempts, r.claimedBy])).toEqual(Array(6).fill(['sent', 1, null]));
  });

  it('takes over a claim left by a runner that died mid-send, after the lease, and sends it once', async () => {
    const a = await agency();
    const c = await client(a);
    const policy = await addPolicy(t, a, c.id, 'life', { endDate: '2028-02-29' });
    const now = atIndia('2028-01-30');
    // Planned, then claimed by a runner that dies before sending (a crash between claim and send).
    await planReminders(jobDeps(t, smtpMailer(smtp.url)), '2028-01-30', now);
    const claimed = await claimDue(t.db, 'dead-runner', now, new Date(now.getTime() - 600_000), 1000);
    expect(claimed.filter((r) => r.planId === policy.id)).toHaveLength(1);
    expect((await sendsOf(policy.id))[0]).toMatchObject({ status: 'sending', attempts: 1 });

    await run(new Date(now.getTime() + 60_000));
    expect(smtp.to(c.email)).toHaveLength(0);
    await run(new Date(now.getTime() + 11 * 60_000));
    expect(smtp.to(c.email)).toHaveLength(1);
    await run(new Date(now.getTime() + 30 * 60_000));
    expect(smtp.to(c.email)).toHaveLength(1);
    const [after] = await sendsOf(policy.id);
    expect(after).toMatchObject({ status: 'sent', attempts: 2, claimedBy: null });
  });

  it('claims a due row for one runner only', async () => {
    const a = await agency();
    const c = await client(a);
    const policy = await addPolicy(t, a, c.id, 'life', { endDate: '2028-03-31' });
    const now = atIndia('2028-03-01');
    await t.db.insert(reminderSends).values({
      agencyId: a.agency.agencyId,
      dedupeKey: `reminder:${policy.id}:2028-03-31:30`,
      kind: 'reminder',
      planType: 'insurance',
      planId: policy.id,
      primaryClientId: c.id,
      offsetDays: 30,
      endDate: '2028-03-31',
      recipient: c.email,
      nextAttemptAt: now,
    });
    const stale = new Date(now.getTime() - 600_000);
    const [x, y] = await Promise.all([
      claimDue(t.db, 'x', now, stale, 1000),
      claimDue(t.db, 'y', now, stale, 1000),
    ]);
    const mine = (rows: typeof x) => rows.filter((r) => r.planId === policy.id);
    expect(mine(x).length + mine(y).length).toBe(1);
  });
});

describe('failures', () => {
  it('retries a refusing server with back-off, then records the failure and reports it', async () => {
    const a = await agency();
    const c = await client(a);
    const policy = await addPolicy(t, a, c.id, 'life', { endDate: '2028-05-31' });
    smtp.refuse.set(c.email.toLowerCase(), 451);
    try {
      const start = atIndia('2028-05-01');
      await run(start);
      let [row] = await sendsOf(policy.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row?.reason).toContain('451');
      expect(row?.reason).toContain('attempt 1 of 5');
      expect(row?.nextAttemptAt?.getTime()).toBe(start.getTime() + 60_000);

      // Not before its time.
      await run(new Date(start.getTime() + 30_000));
      [row] = await sendsOf(policy.id);
      expect(row?.attempts).toBe(1);

      // 1, 4, 16 and 64 minutes later: attempts 2 to 5, the last one gives up.
      let at = start.getTime();
      for (const wait of [1, 4, 16, 64]) {
        at += wait * 60_000;
        await run(new Date(at));
      }
      [row] = await sendsOf(policy.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(row?.reason).toContain('gave up after 5 attempts');
      expect(smtp.to(c.email)).toHaveLength(0);

      // Nothing more is tried.
      await run(new Date(at + 86_400_000 / 2));
      [row] = await sendsOf(policy.id);
      expect(row?.attempts).toBe(5);

      // The next morning's digest tells the owner.
      await run(atIndia('2028-05-02'));
      const digest = smtp.to(a.agency.email).at(-1)!;
      expect(digest.subject).toContain('1 reminder not sent');
      expect(digest.text).toContain('Meera Iyer');
      expect(digest.text).toContain(policy.policyNumber);
      expect(digest.text).toContain('gave up after 5 attempts');
    } finally {
      smtp.refuse.delete(c.email.toLowerCase());
    }
  });

  it('gives up at once on a permanent refusal, and keeps retrying while the server is down', async () => {
    const a = await agency();
    const c1 = await client(a);
    const c2 = await client(a);
    const p1 = await addPolicy(t, a, c1.id, 'life', { endDate: '2028-07-31' });
    smtp.refuse.set(c1.email.toLowerCase(), 550);
    try {
      await run(atIndia('2028-07-01'));
    } finally {
      smtp.refuse.delete(c1.email.toLowerCase());
    }
    const [r1] = await sendsOf(p1.id);
    expect(r1).toMatchObject({ status: 'failed', attempts: 1 });
    expect(r1?.reason).toContain('refused the message (permanently)');

    const p2 = await addPolicy(t, a, c2.id, 'life', { endDate: '2028-08-31' });
    const down = createSmtpMailer({
      url: 'smtp://127.0.0.1:9',
      fromAddress: 'x@portal.test',
      timeoutSeconds: 2,
    });
    try {
      await runReminderJob(jobDeps(t, down), { now: atIndia('2028-08-01') });
    } finally {
      down.close();
    }
    const [r2] = await sendsOf(p2.id);
    expect(r2).toMatchObject({ status: 'pending', attempts: 1 });
    expect(r2?.reason).toContain('could not be reached');
    // Back up: the retry goes out.
    await run(new Date(atIndia('2028-08-01').getTime() + 61_000));
    expect(smtp.to(c2.email)).toHaveLength(1);
    expect((await sendsOf(p2.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the owner’s daily digest', () => {
  it('lists what is due, what is overdue, how many were reminded and what could not be sent', async () => {
    const a = await agency();
    const due = await client(a, { firstName: 'Kavya', lastName: 'Rao' });
    const late = await client(a, { firstName: 'Arjun', lastName: 'Mehta' });
    const noMail = await client(a, { firstName: 'Farah', lastName: 'Khan', email: null });
    const today = '2028-10-02';
    const p1 = await addPolicy(t, a, due.id, 'life', {
      endDate: addDays(today, 15),
      premiumAmount: '15000.00',
    });
    const p2 = await addPolicy(t, a, late.id, 'motor', { endDate: addDays(today, -3) });
    const p3 = await addAccount(t, a, noMail.id, 'postoffice', { endDate: addDays(today, 7) });
    await run(atIndia(today));
    const digests = smtp.to(a.agency.email);
    expect(digests).toHaveLength(1);
    const d = digests[0]!;
    expect(d.subject).toBe('Renewals for 02 Oct 2028: 2 due in 30 days, 1 overdue, 1 reminder not sent');
    expect(d.text).toContain(`Kavya Rao: policy ${p1.policyNumber}`);
    expect(d.text).toContain('(in 15 days), premium ₹15,000.00');
    expect(d.text).toContain(`Arjun Mehta: policy ${p2.policyNumber}`);
    expect(d.text).toContain('(3 days ago)');
    expect(d.text).toContain(`Farah Khan: investment ${p3.accountNumber}`);
    expect(d.text).toMatch(
      new RegExp(`${p3.accountNumber} with .+ matures \\d{2} \\w+ 2028 \\(in 7 days\\), amount ₹5,000\\.00`),
    );
    expect(d.text).toContain('Reminders sent to clients today: 1.');
    expect(d.text).toContain(`Farah Khan, ${p3.accountNumber}: ${REASONS.noEmail}`);
    expect(d.text).toContain(`http://${a.agency.slug}.portal.test/dashboard/renewals`);
    expect(d.html).toContain('Overdue: end date passed, not yet marked renewed or lapsed (1)');
    // Once a day.
    await run(atIndia(today, 15));
    expect(smtp.to(a.agency.email)).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(reminderSends)
      .where(and(eq(reminderSends.agencyId, a.agency.agencyId), eq(reminderSends.kind, 'digest')));
    expect(rows.map((r) => [r.dedupeKey, r.status])).toEqual([[`digest:${today}`, 'sent']]);
  });
});

describe('premium-due reminders (decision 040)', () => {
  const lifeYearly = (nextDueDate: string) => ({
    planName: 'Jeevan Anand',
    startDate: `2020${nextDueDate.slice(4)}`,
    endDate: `2045${nextDueDate.slice(4)}`,
    premiumAmount: '24000.00',
    subtypeFields: { mode: 'Yearly', ppt: 20 },
    nextDueDate,
  });

  // The days around each reminder day; early in 2027, before the other tests' plans are due, so that each run
  // does not also write a digest for every earlier test's agency.
  const DAYS = [35, 31, 30, 29, 16, 15, 14, 8, 7, 6, 2, 1, 0, -1, -3];

  /** The days before `due` on which each plan's client got a mail naming its number. */
  async function mailDays(email: string, due: string, numbers: Record<string, string>) {
    const days: Record<string, number[]> = Object.fromEntries(Object.keys(numbers).map((k) => [k, []]));
    for (const left of DAYS) {
      const before = smtp.to(email).length;
      await run(atIndia(addDays(due, -left), 9));
      for (const m of smtp.to(email).slice(before))
        for (const [k, n] of Object.entries(numbers)) if (m.subject.includes(n)) days[k]!.push(left);
    }
    return days;
  }

  it("go before a life premium's due date on every reminder day, once each; a renewing cover stays one e-mail", {
    timeout: 60_000,
  }, async () => {
    const a = await agency();
    const c = await client(a);
    const due = '2027-01-10';
    const life = await addPolicy(t, a, c.id, 'life', lifeYearly(due));
    // Health renews at its end date: its renewal premium is due then, and its expiry reminder says so.
    const health = await addPolicy(t, a, c.id, 'health', { startDate: '2026-01-11', endDate: due });
    const days = await mailDays(c.email, due, { life: life.policyNumber, health: health.policyNumber });
    expect(days).toEqual({ life: [30, 15, 7, 1], health: [30, 15, 7, 1] });

    const mails = smtp.to(c.email).filter((m) => m.subject.includes(life.policyNumber));
    expect(mails[0]?.subject).toBe(
      `Reminder: the premium of your policy ${life.policyNumber} is due on 10 Jan 2027`,
    );
    expect(mails[0]?.text).toContain(`Jeevan Anand (${life.policyNumber})`);
    expect(mails[0]?.text).toContain('is due on 10 Jan 2027. That is in 30 days.');
    expect(mails[0]?.text).toContain('Amount due: ₹24,000.00');
    expect(mails[0]?.text).toContain('Phone: 9820012345');
    expect(mails[0]?.headers.from).toContain('Suraksha Advisors');
    expect(mails[0]?.headers['reply-to']).toContain(a.agency.email);
    const healthMails = smtp.to(c.email).filter((m) => m.subject.includes(health.policyNumber));
    expect(healthMails.every((m) => m.subject.includes('expires on'))).toBe(true);

    const rows = async (id: string) => (await sendsOf(id)).map((r) => [r.kind, r.dedupeKey, r.status]);
    expect(await rows(life.id)).toEqual(
      [30, 15, 7, 1].map((d) => ['premium_due', `premium-due:${life.id}:${due}:${d}`, 'sent']),
    );
    expect((await rows(health.id)).map((r) => r[0])).toEqual([
      'reminder',
      'reminder',
      'reminder',
      'reminder',
    ]);
  });

  it("for a monthly premium use only the days shorter than a month, in Hindi when chosen; an RD's too, a SIP's never", {
    timeout: 60_000,
  }, async () => {
    const a = await agency();
    const c = await client(a, { firstName: 'सुनीता', lastName: 'शर्मा', preferredLanguage: 'hi' });
    const due = '2027-02-05';
    const life = await addPolicy(t, a, c.id, 'life', {
      startDate: '2020-01-05',
      endDate: '2040-01-05',
      premiumAmount: '2500.00',
      subtypeFields: { mode: 'Monthly', ppt: 15 },
      nextDueDate: due,
    });
    const rd = await addAccount(t, a, c.id, 'postoffice', {
      startDate: '2027-01-05',
      endDate: '2032-01-05',
      amount: '2000.00',
      subtypeFields: { scheme_name: 'Recurring Deposit', term: 5 },
      nextDueDate: due,
    });
    const sip = await addAccount(t, a, c.id, 'mutual_funds', {
      startDate: '2024-01-05',
      amount: '3000.00',
      subtypeFields: { investment_mode: 'sip', sip_day: 5, sip_amount: '3000' },
      nextDueDate: due,
    });
    const days = await mailDays(c.email, due, {
      life: life.policyNumber,
      rd: rd.accountNumber,
      sip: sip.accountNumber,
    });
    expect(days).toEqual({ life: [15, 7, 1], rd: [15, 7, 1], sip: [] });
    const [mail] = smtp.to(c.email).filter((m) => m.subject.includes(life.policyNumber));
    expect(mail?.subject).toBe(`अनुस्मारक: आपकी पॉलिसी ${life.policyNumber} का प्रीमियम 5 फ़रवरी 2027 को देय है`);
    expect(mail?.text).toContain('नमस्ते सुनीता शर्मा,');
    expect(mail?.text).toContain('15 दिन शेष हैं।');
    expect(mail?.text).toContain('देय राशि: ₹2,500.00');
    const [rdMail] = smtp.to(c.email).filter((m) => m.subject.includes(rd.accountNumber));
    expect(rdMail?.subject).toBe(`अनुस्मारक: आपके खाते ${rd.accountNumber} की किस्त 5 फ़रवरी 2027 को देय है`);
    expect(rdMail?.text).toContain('देय राशि: ₹2,000.00');
  });

  it('are cancelled when a payment moves the due date, and go out for the next one in its time', async () => {
    const a = await agency();
    const c = await client(a);
    const due = addDays(todayInIndia(), 20);
    const policy = await addPolicy(t, a, c.id, 'life', lifeYearly(due));
    // Planned 30 days before, not yet sent (the job's morning run was cut short).
    const now = atIndia(addDays(due, -30));
    await planReminders(jobDeps(t, smtpMailer(smtp.url)), addDays(due, -30), now);
    expect((await sendsOf(policy.id)).map((r) => [r.kind, r.status])).toEqual([['premium_due', 'pending']]);

    const owner = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const form = multipart([
      { name: 'paid_on', value: todayInIndia() },
      { name: 'amount', value: '24000.00' },
      { name: 'receipt_number', value: 'LIC-2029' },
    ]);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/plans/${policy.id}/premiums`,
      headers: { ...bearer(owner), ...form.headers },
      payload: form.payload,
    });
    expect(paid.statusCode).toBe(200);
    expect((await sendsOf(policy.id)).map((r) => [r.status, r.reason])).toEqual([
      ['cancelled', REASONS.paid],
    ]);
    await run(new Date(now.getTime() + 60_000));
    expect(smtp.to(c.email)).toHaveLength(0);

    // The next premium, a year on, is reminded of 30 days before it.
    const next = `${Number(due.slice(0, 4)) + 1}${due.slice(4)}`;
    await run(atIndia(addDays(next, -30)));
    expect(smtp.to(c.email).map((m) => m.subject)).toEqual([expect.stringContaining(`is due on`)]);
    expect((await sendsOf(policy.id)).at(-1)?.dedupeKey).toBe(`premium-due:${policy.id}:${next}:30`);
  });

  it('are cancelled at send time when the due date changed after they were planned', async () => {
    const a = await agency();
    const c = await client(a);
    const due = '2030-09-15';
    const policy = await addPolicy(t, a, c.id, 'life', lifeYearly(due));
    const now = atIndia(addDays(due, -7));
    await planReminders(jobDeps(t, smtpMailer(smtp.url)), addDays(due, -7), now);
    // Paid by some other writer than "Mark premium paid": the next due date moved under the planned row.
    await t.db
      .update(insurancePolicies)
      .set({ nextDueDate: '2031-09-15' })
      .where(eq(insurancePolicies.id, policy.id));
    await run(now);
    expect(smtp.to(c.email)).toHaveLength(0);
    expect((await sendsOf(policy.id)).map((r) => [r.offsetDays, r.status, r.reason])).toEqual([
      [7, 'cancelled', REASONS.paid],
    ]);
  });
});

describe('follow-ups in the owner’s daily digest (decision 040)', () => {
  it('lists active plans whose latest follow-up is due today or passed, and sends a digest for them alone', async () => {
    const a = await agency();
    const asha = await client(a, { firstName: 'Asha', lastName: 'Pillai' });
    const ravi = await client(a, { firstName: 'Ravi', lastName: 'Kumar' });
    const today = '2031-02-10';
    // No plan ends within the reminder days: only the follow-ups make this digest.
    const late = await addPolicy(t, a, asha.id, 'life', { endDate: '2040-01-01' });
    const onTheDay = await addPolicy(t, a, ravi.id, 'life', { endDate: '2040-01-01' });
    const later = await addPolicy(t, a, ravi.id, 'life', { endDate: '2040-01-01' });
    const lapsed = await addPolicy(t, a, ravi.id, 'life', { endDate: '2040-01-01', status: 'lapsed' });
    // As "Add follow-up" writes one: the follow-up, and the plan's open follow-up date (decision 042).
    const followUp = async (planId: string, clientId: string, nextDate: string, note: string, at: string) => {
      await t.db.insert(planFollowUps).values({
        agencyId: a.agency.agencyId,
        planType: 'insurance',
        planId,
        primaryClientId: clientId,
        nextDate,
        note,
        at: new Date(at),
      });
      await t.db
        .update(insurancePolicies)
        .set({ followUpDate: nextDate })
        .where(eq(insurancePolicies.id, planId));
    };
    await followUp(late.id, asha.id, '2031-02-08', 'Pay after salary on the 7th', '2031-02-01T10:00:00Z');
    await followUp(onTheDay.id, ravi.id, '2031-02-01', 'Call in the evening', '2031-01-20T10:00:00Z');
    await followUp(onTheDay.id, ravi.id, today, 'Wants the premium receipt first', '2031-02-02T10:00:00Z');
    // The latest follow-up of this plan is ahead, so its older, passed one is no longer due.
    await followUp(later.id, ravi.id, '2031-02-05', 'Busy this week', '2031-01-30T10:00:00Z');
    await followUp(later.id, ravi.id, '2031-02-20', 'Call after the 20th', '2031-02-06T10:00:00Z');
    await followUp(lapsed.id, ravi.id, '2031-02-01', 'Went to another agent', '2031-01-25T10:00:00Z');

    await run(atIndia(today));
    const digests = smtp.to(a.agency.email);
    expect(digests).toHaveLength(1);
    const d = digests[0]!;
    expect(d.subject).toBe('Renewals for 10 Feb 2031: 0 due in 30 days, 0 overdue, 2 follow-ups due');
    expect(d.text).toContain('Follow-ups due today or passed (2)');
    const lines = d.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.includes(late.policyNumber) || l.includes(onTheDay.policyNumber));
    const provider = / with (.+?), follow/.exec(lines[0] ?? '')?.[1];
    expect(lines).toEqual([
      `- Asha Pillai: policy ${late.policyNumber} with ${provider}, follow-up was due 08 Feb 2031 (2 days ago): “Pay after salary on the 7th”`,
      `- Ravi Kumar: policy ${onTheDay.policyNumber} with ${provider}, follow up today: “Wants the premium receipt first”`,
    ]);
    expect(d.text).not.toContain(later.policyNumber);
    expect(d.text).not.toContain(lapsed.policyNumber);
    expect(d.html).toContain('Follow-ups due today or passed (2)');
  });
});
