import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPolicy, agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mailOutbox, reminderSends } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// The scheduler as the server runs it: REMINDER_INTERVAL_SECONDS starts the job in the app, which sends a
// due reminder into the outbox (no SMTP_URL), and closing the app stops it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { REMINDER_INTERVAL_SECONDS: '1' } });
});
afterAll(() => t?.close());

describe('the reminder scheduler in the app', () => {
  it('sends a due reminder to the outbox on its own, once, and stops when the app closes', async () => {
    expect(t.app.services.mailer.delivery).toBe('outbox');
    const a = await agencyWithClients(t);
    const client = await signedInClient(t, a, 'Nisha Verma');
    const end = addDays(todayInIndia(), 7);
    const policy = await addPolicy(t, a, client.primaryClientId, 'life', { endDate: end });
    // Planned already (the job plans only from 08:00 in India): due now.
    await t.db.insert(reminderSends).values({
      agencyId: a.agency.agencyId,
      dedupeKey: `reminder:${policy.id}:${end}:7`,
      kind: 'reminder',
      planType: 'insurance',
      planId: policy.id,
      primaryClientId: client.primaryClientId,
      offsetDays: 7,
      endDate: end,
      recipient: client.email,
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    const outbox = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.agencyId, a.agency.agencyId));
    const deadline = Date.now() + 8000;
    // The same tick may write the owner's digest first: wait for the reminder itself.
    while (!(await outbox()).some((m) => m.kind === 'reminder') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const kept = await outbox();
    expect(kept.filter((m) => m.kind === 'reminder').map((m) => [m.toAddress, m.subject])).toEqual([
      [client.email, expect.stringContaining(`Reminder: your policy ${policy.policyNumber} expires on`)],
    ]);
    const [row] = await t.db.select().from(reminderSends).where(eq(reminderSends.planId, policy.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    // Later ticks do not send it again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await outbox()).filter((m) => m.kind === 'reminder')).toHaveLength(1);
    await t.app.close();
  });
});
