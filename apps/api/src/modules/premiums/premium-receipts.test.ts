import { RECEIPT_MISSING } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditLog } from '../../db/schema.ts';
import { todayInIndia } from '../../lib/dates.ts';

// Decision 041: a payment's receipt PDF is downloaded, streamed and decrypted, by the workspace (the agent wall
// holds) and by the client for their own plans only; every download is audited.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();
const RECEIPT = pdfOf('receipt', 900);

async function owner(a: Agency) {
  return signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });
}

async function pay(token: string, planId: string, withReceipt: boolean) {
  const body = multipart([
    { name: 'paid_on', value: today },
    { name: 'amount', value: '12000' },
    { name: 'receipt_number', value: `LIC/RC ${Math.random().toString(36).slice(2, 6)}` },
    ...(withReceipt
      ? [{ name: 'receipt', filename: 'receipt.pdf', type: 'application/pdf', bytes: RECEIPT }]
      : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/plans/${planId}/premiums`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.payments[0] as { id: string; receipt_number: string };
}

async function world() {
  const a = await agencyWithClients(t);
  const token = await owner(a);
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const policy = await addPolicy(t, a, meera.primaryClientId, 'life', {
    startDate: '2020-03-10',
    endDate: '2060-01-01',
    subtypeFields: { plan_name: 'Jeevan Anand', sum_assured: '1000000', mode: 'Monthly', term: 25, ppt: 20 },
  });
  const payment = await pay(token, policy.id, true);
  return { a, token, meera, policy, payment };
}

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const workspaceUrl = (planId: string, paymentId: string) =>
  `/api/plans/${planId}/premiums/${paymentId}/receipt`;
const clientUrl = (planId: string, paymentId: string) =>
  `/api/agency-user/client/plans/${planId}/premiums/${paymentId}/receipt`;

describe("a payment's receipt PDF", () => {
  it('is the PDF uploaded, for the owner and for the client whose plan it is, and each download is audited', async () => {
    const { token, meera, policy, payment } = await world();
    for (const [caller, url] of [
      [token, workspaceUrl(policy.id, payment.id)],
      [meera.token, clientUrl(policy.id, payment.id)],
    ] as const) {
      const res = await get(caller, url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toMatch(/filename="receipt-LIC_RC_\w+\.pdf"/);
      expect(res.rawPayload.equals(RECEIPT)).toBe(true);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, policy.id), eq(auditLog.action, 'document.download')));
    expect(entries.map((e) => [e.actorRole, (e.detail as { kind: string }).kind])).toEqual([
      ['AO', 'premium_receipt'],
      ['AC', 'premium_receipt'],
    ]);
  });

  it('is a 404 for a payment without one, and for a payment of another plan', async () => {
    const { a, token, meera, policy } = await world();
    const bare = await pay(token, policy.id, false);
    for (const res of [
      await get(token, workspaceUrl(policy.id, bare.id)),
      await get(meera.token, clientUrl(policy.id, bare.id)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RECEIPT_MISSING);
    }
    const second = await addPolicy(t, a, meera.primaryClientId, 'motor', { endDate: '2030-01-01' });
    const elsewhere = await pay(token, second.id, true);
    expect((await get(token, workspaceUrl(policy.id, elsewhere.id))).statusCode).toBe(404);
    expect((await get(meera.token, clientUrl(policy.id, elsewhere.id))).statusCode).toBe(404);
  });

  it("is another agency's, another client's or an unassigned agent's 404, as if there were none", async () => {
    const { a, token, policy, payment } = await world();
    const missing = (await get(token, workspaceUrl(crypto.randomUUID(), payment.id))).json();
    const other = await world();
    const foreign = await get(other.token, workspaceUrl(policy.id, payment.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing);
    // The client of another agency, and another client of the same agency.
    expect((await get(other.meera.token, clientUrl(policy.id, payment.id))).statusCode).toBe(404);
    const ravi = await signedInClient(t, a, 'Ravi Kumar');
    const theirs = await get(ravi.token, clientUrl(policy.id, payment.id));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('No plan details found');

    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    const agentToken = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: a.agency.host,
    });
    expect((await get(agentToken, workspaceUrl(policy.id, payment.id))).statusCode).toBe(404);
  });

  it('is served to an agent once the client is assigned to them', async () => {
    const { a, meera, policy, payment } = await world();
    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    const agentToken = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: a.agency.host,
    });
    expect((await get(agentToken, workspaceUrl(policy.id, payment.id))).statusCode).toBe(404);
    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    const res = await get(agentToken, workspaceUrl(policy.id, payment.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(RECEIPT)).toBe(true);
  });
});
