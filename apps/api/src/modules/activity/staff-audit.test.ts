import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnePlan, ownerWithClient, plan } from '../../../test/fixtures/plans.ts';
import { insurancePayload, sendProvider } from '../../../test/fixtures/providers.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';

// A member of staff's writes are recorded as theirs, in the role they act in, with the client concerned
// (issue 25 item 4): the entries once named the owner's role whoever wrote. The authorization matrix checks
// that every write of every endpoint leaves an entry; this checks the staff's roles, which it does not call as.

let t: TestApp;
let s: Awaited<ReturnType<typeof ownerWithClient>>;
let agent: { userId: string; token: string };
let admin: { userId: string; token: string };
let planId: string;

const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

async function entriesOf(userId: string) {
  return t.db
    .select({ action: auditLog.action, role: auditLog.actorRole, clientId: auditLog.primaryClientId })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.agencyId, s.agency.agencyId)));
}

beforeAll(async () => {
  t = await createTestApp();
  s = await ownerWithClient(t.app, ['life']);
  planId = await addOnePlan(t.app, s, 'life');
  const host = s.agency.host;
  const ag = await createStaff(t, s.agency.agencyId, 'AG');
  agent = { userId: ag.userId, token: await signInToken(t.app, { ...ag, host }) };
  const aa = await createStaff(t, s.agency.agencyId, 'AA');
  admin = { userId: aa.userId, token: await signInToken(t.app, { ...aa, host }) };
  await assignClients(t.db, [s.client.primary_client_id], ag.userId);
});
afterAll(() => t?.close());

describe("staff's audit entries", () => {
  it("record an agent's work on their client as the agent's, with the client", async () => {
    const client = s.client.primary_client_id;
    const calls = [
      send(agent.token, 'PUT', `/api/users/primary-clients/${client}`, {
        first_name: 'Meera',
        last_name: 'Iyer',
      }),
      send(agent.token, 'POST', '/api/secondary-clients', {
        primary_client_id: client,
        first_name: 'Kabir',
        last_name: 'Iyer',
        relationship: 'Son',
      }),
      send(agent.token, 'PUT', `/api/client-plans/${planId}`, plan('life', s.providers.life!)),
      send(agent.token, 'POST', `/api/renewals/plans/${planId}/contacted`, { note: 'Called on Monday' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBeLessThan(300);
    const entries = (await entriesOf(agent.userId)).filter((e) => e.action !== 'auth.login');
    expect(entries.map((e) => e.action).sort()).toEqual([
      'plan.contacted',
      'plan.update',
      'primary_client.update',
      'secondary_client.create',
    ]);
    for (const e of entries) expect(e).toMatchObject({ role: 'AG', clientId: client });
  });

  it("record an agency admin's agency-wide changes as the admin's", async () => {
    const provider = await sendProvider(t.app, admin.token, {
      category: 'insurance',
      payload: insurancePayload(),
    });
    expect(provider.statusCode, provider.body).toBe(201);
    const days = await send(admin.token, 'PUT', '/api/renewals/settings', { reminder_days: [30, 7] });
    expect(days.statusCode, days.body).toBe(200);
    const entries = (await entriesOf(admin.userId)).filter((e) => e.action !== 'auth.login');
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'provider.create', role: 'AA', clientId: null },
        { action: 'agency.reminder_days', role: 'AA', clientId: null },
      ]),
    );
  });
});
