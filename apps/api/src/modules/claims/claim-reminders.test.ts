import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPolicy, agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import {
  atIndia,
  jobDeps,
  type SmtpReceiver,
  smtpMailer,
  startSmtpReceiver,
} from '../../../test/fixtures/renewals.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { reminderSends } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import { planReminders, runReminderJob } from '../renewals/reminder-job.ts';
import { STALE_REASONS } from './claim-reminders.ts';

// Issue 28 item 4 (decision 045): a claim that stays in one open status longer than its agency's setting is
// followed up by e-mail, once per stretch, to the agent the client is assigned to, or to the owner.

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

const today = todayInIndia();

const run = (now: Date) => {
  const mailer = smtpMailer(smtp.url);
  return runReminderJob(jobDeps(t, mailer), { now }).finally(() => mailer.close());
};

async function world(intimatedDaysAgo: number) {
  const a = await agencyWithClients(t);
  const host = a.agency.host;
  const token = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const motor = await addPolicy(t, a, meera.primaryClientId, 'motor');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: bearer(token),
    payload: {
      plan_id: motor.id,
      kind: 'motor_own_damage',
      intimated_on: addDays(today, -intimatedDaysAgo),
      insurer_claim_number: `OD-${Math.random().toString(36).slice(2, 7)}`,
      details: { accident_date: addDays(today, -intimatedDaysAgo) },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const claim = res.json().data as { id: string; insurer_claim_number: string };
  return { a, host, token, meera, motor, claim };
}

const sendsOf = (agencyId: string, claimId: string) =>
  t.db
    .select()
    .from(reminderSends)
    .where(
      and(eq(reminderSends.agencyId, agencyId), like(reminderSends.dedupeKey, `claim-stale:${claimId}:%`)),
    )
    .orderBy(reminderSends.createdAt);

describe('a claim stuck in one status', () => {
  it('reminds the owner once when no agent has the client, then the agent after the next step', async () => {
    const { a, token, meera, motor, claim } = await world(10);
    await run(atIndia(today, 9));
    await run(atIndia(today, 15));
    const toOwner = smtp.to(a.agency.email).filter((m) => m.subject.startsWith('Claim waiting'));
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe(
      "Claim waiting: Meera Iyer's motor: own damage claim, Intimated for 10 days",
    );
    expect(toOwner[0]!.text).toContain(`claim ${claim.insurer_claim_number} on policy ${motor.policyNumber}`);
    expect(toOwner[0]!.text).toContain('has been at “Intimated” since');
    expect(toOwner[0]!.text).toContain('longer than the 7 days');
    expect(toOwner[0]!.text).toContain(`/dashboard/claims/${claim.id}`);

    // The claim moves on today, and the client is given to an agent: the next stretch is the agent's to chase.
    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/claims/${claim.id}/status`,
      headers: bearer(token),
      payload: { to: 'documents_pending', on: today },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await run(atIndia(addDays(today, 7), 9));
    expect(smtp.to(agent.email).filter((m) => m.subject.startsWith('Claim waiting'))).toHaveLength(0);
    await run(atIndia(addDays(today, 8), 9));
    const toAgent = smtp.to(agent.email).filter((m) => m.subject.startsWith('Claim waiting'));
    expect(toAgent.map((m) => m.subject)).toEqual([
      "Claim waiting: Meera Iyer's motor: own damage claim, Documents pending for 8 days",
    ]);
    expect(smtp.to(a.agency.email).filter((m) => m.subject.startsWith('Claim waiting'))).toHaveLength(1);
    expect((await sendsOf(a.agency.agencyId, claim.id)).map((s) => [s.status, s.recipient])).toEqual([
      ['sent', a.agency.email],
      ['sent', agent.email],
    ]);
  });

  it("follows the agency's setting, and is cancelled when the claim moves before it goes out", async () => {
    const { a, token, claim } = await world(5);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/claims/settings',
      headers: bearer(token),
      payload: { stale_days: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    // Planned at 09:00, but the claim is submitted before the row is sent.
    await planReminders(jobDeps(t, smtpMailer(smtp.url)), today, atIndia(today, 9));
    expect(await sendsOf(a.agency.agencyId, claim.id)).toHaveLength(1);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/claims/${claim.id}/status`,
      headers: bearer(token),
      payload: { to: 'submitted', on: today },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await run(atIndia(today, 9, 5));
    expect((await sendsOf(a.agency.agencyId, claim.id)).map((s) => [s.status, s.reason])).toEqual([
      ['cancelled', STALE_REASONS.moved],
    ]);
    expect(smtp.to(a.agency.email).filter((m) => m.subject.startsWith('Claim waiting'))).toHaveLength(0);
  });

  it('leaves a settled claim alone', async () => {
    const { a, token, claim } = await world(30);
    for (const body of [
      { to: 'submitted', on: addDays(today, -29) },
      { to: 'approved', on: addDays(today, -28), approved_amount: '10000' },
      { to: 'settled', on: addDays(today, -27), settled_amount: '10000' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/claims/${claim.id}/status`,
        headers: bearer(token),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await run(atIndia(today, 9));
    expect(await sendsOf(a.agency.agencyId, claim.id)).toHaveLength(0);
  });
});
