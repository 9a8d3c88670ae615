import {
  AgencyDashboardResponseSchema,
  ClaimDetailResponseSchema,
  ClaimListResponseSchema,
  ClientClaimsResponseSchema,
  PlanClaimsResponseSchema,
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
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog, claims } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 28's first step: intimating a claim on a policy, moving it along the workflow to settlement, the
// workspace's lists, the walls around them (another agency, an agent without the client, a client's token) and
// the client's summary counting the claims of the financial year. Each test makes its own agency.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

async function world() {
  const a: Agency = await agencyWithClients(t);
  const host = a.agency.host;
  const token = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const health = await addPolicy(t, a, meera.primaryClientId, 'health', { sumAssured: '500000.00' });
  const staff = async (role: 'AA' | 'AG') => {
    const s = await createStaff(t, a.agency.agencyId, role);
    return { userId: s.userId, token: await signInToken(t.app, { ...s, host }) };
  };
  return { a, token, meera, health, staff };
}

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const reimbursement = (planId: string, extra: Record<string, unknown> = {}) => ({
  plan_id: planId,
  kind: 'health_reimbursement',
  intimated_on: today,
  claimed_amount: '1,20,000',
  details: {
    hospital: 'Ruby Hall Clinic',
    admission_date: addDays(today, -5),
    discharge_date: addDays(today, -2),
    tpa_name: 'Medi Assist',
    tpa_claim_number: 'MA-778',
    insured_member: 'Meera Iyer',
  },
  note: 'Called from the hospital desk.',
  ...extra,
});

async function intimate(token: string, planId: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/claims', token, reimbursement(planId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return ClaimDetailResponseSchema.parse(res.json()).data;
}

const step = (token: string, id: string, body: Record<string, unknown>) =>
  call('POST', `/api/claims/${id}/status`, token, { on: today, ...body });

describe('a claim from intimation to settlement', () => {
  it('is intimated on a policy, moves step by step with dated notes, and is audited at each', async () => {
    const { token, health } = await world();
    const claim = await intimate(token, health.id);
    expect(claim).toMatchObject({
      status: 'intimated',
      kind_label: 'Health: reimbursement',
      claimed_amount: '120000.00',
      age_days: 0,
      plan_number: health.policyNumber,
      client_name: 'Meera Iyer',
      next_statuses: ['documents_pending', 'submitted', 'withdrawn', 'closed'],
    });
    expect(claim.details.tpa_claim_number).toBe('MA-778');
    expect(claim.events).toMatchObject([
      { from_status: null, to_status: 'intimated', note: 'Called from the hospital desk.' },
    ]);

    for (const body of [
      { to: 'documents_pending', note: 'Final bill and discharge summary awaited.' },
      { to: 'submitted', insurer_claim_number: 'STAR-CLM-9001' },
      { to: 'query_raised', note: 'Insurer asks for pharmacy bills.' },
      { to: 'submitted' },
      {
        to: 'partly_approved',
        approved_amount: '1,05,000',
        deductions: [
          { reason: 'Room rent above the limit', amount: '10000' },
          { reason: 'Non-medical items', amount: '5000' },
        ],
      },
    ]) {
      const res = await step(token, claim.id, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const settled = await step(token, claim.id, {
      to: 'settled',
      settled_amount: '105000',
      note: 'NEFT received.',
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const done = ClaimDetailResponseSchema.parse(settled.json());
    expect(done.message).toBe('Claim moved to settled.');
    expect(done.data).toMatchObject({
      status: 'settled',
      insurer_claim_number: 'STAR-CLM-9001',
      approved_amount: '105000.00',
      settled_amount: '105000.00',
      deducted_amount: '15000.00',
      next_statuses: [],
    });
    expect(done.data.events.map((e) => e.to_status)).toEqual([
      'intimated',
      'documents_pending',
      'submitted',
      'query_raised',
      'submitted',
      'partly_approved',
      'settled',
    ]);

    const audit = await t.db
      .select({ action: auditLog.action, clientId: auditLog.primaryClientId, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'claim'), eq(auditLog.targetId, claim.id)));
    expect(audit.map((e) => e.action).sort()).toEqual(['claim.intimated', ...Array(6).fill('claim.status')]);
    expect(audit.every((e) => e.clientId === claim.primary_client_id)).toBe(true);
    expect(audit.find((e) => (e.detail as { to?: string }).to === 'settled')?.detail).toMatchObject({
      from: 'partly_approved',
      settled_amount: '105000.00',
    });

    // The settled claim changes no more.
    const again = await step(token, claim.id, { to: 'closed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This claim is settled: its status can no longer change.');
  });

  it('refuses a step the workflow does not allow with 409 and says where it may go', async () => {
    const { token, health } = await world();
    const claim = await intimate(token, health.id);
    const res = await step(token, claim.id, { to: 'approved', approved_amount: '1000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A claim that is intimated cannot be moved to approved; it can be moved to documents pending, submitted, withdrawn, closed.',
    );
    const rows = await t.db.select({ status: claims.status }).from(claims).where(eq(claims.id, claim.id));
    expect(rows[0]!.status).toBe('intimated');
  });

  it('requires a rejection reason, and refuses an approval above the claim or the sum assured', async () => {
    const { a, token, meera, health } = await world();
    const claim = await intimate(token, health.id);
    expect((await step(token, claim.id, { to: 'submitted' })).statusCode).toBe(200);

    const noReason = await step(token, claim.id, { to: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/Rejection Reason is required to reject a claim\./);

    const above = await step(token, claim.id, { to: 'approved', approved_amount: '120000.50' });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(
      'Approved Amount (₹1,20,000.50) cannot be more than the Claimed Amount (₹1,20,000.00).',
    );

    // Without an amount claimed, the policy's sum assured bounds the approval.
    const open = await intimate(token, health.id, { claimed_amount: '' });
    await step(token, open.id, { to: 'submitted' });
    const overCover = await step(token, open.id, { to: 'approved', approved_amount: '600000' });
    expect(overCover.statusCode).toBe(400);
    expect(overCover.json().message).toBe(
      "Approved Amount (₹6,00,000.00) cannot be more than the policy's Sum Assured (₹5,00,000.00).",
    );

    const rejected = await step(token, claim.id, {
      to: 'rejected',
      rejection_reason: 'Pre-existing disease within the waiting period.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Pre-existing disease within the waiting period.',
      next_statuses: ['closed'],
    });

    // A date after today, or before the claim's last step.
    expect((await step(token, claim.id, { to: 'closed', on: addDays(today, 1) })).json().message).toMatch(
      /Date cannot be after today/,
    );
    // The claim is of this client's policy; an investment cannot take a claim.
    const account = await addAccount(t, a, meera.primaryClientId, 'mutual_funds');
    const onAccount = await call('POST', '/api/claims', token, reimbursement(account.id));
    expect(onAccount.statusCode).toBe(404);
    expect(onAccount.json().message).toBe('No plan of your agency’s clients exists with this id.');
  });

  it('takes only the kinds of the policy’s service and names the fields a kind needs', async () => {
    const { a, token, meera, health } = await world();
    const wrongKind = await call('POST', '/api/claims', token, {
      plan_id: health.id,
      kind: 'motor_own_damage',
      intimated_on: today,
      details: { accident_date: today },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().message).toBe(
      'Claim Kind must be one of Health: cashless, Health: reimbursement for this policy.',
    );
    const motor = await addPolicy(t, a, meera.primaryClientId, 'motor');
    const noFir = await call('POST', '/api/claims', token, {
      plan_id: motor.id,
      kind: 'motor_third_party',
      intimated_on: today,
      details: { accident_date: today, accident_place: 'Baner Road, Pune' },
    });
    expect(noFir.statusCode).toBe(400);
    expect(noFir.json().message).toMatch(/FIR Number is required for this claim\./);
    const future = await call(
      'POST',
      '/api/claims',
      token,
      reimbursement(health.id, { intimated_on: addDays(today, 2) }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(/^Intimated On cannot be after today/);
  });
});

describe('the workspace’s claims', () => {
  it('lists by status and search in keyset pages, and on the plan', async () => {
    const { a, token, meera, health } = await world();
    const first = await intimate(token, health.id, { insurer_claim_number: 'ICN-0001' });
    const second = await intimate(token, health.id);
    const third = await intimate(token, health.id);
    await step(token, second.id, { to: 'withdrawn', note: 'Paid out of pocket.' });

    const page1 = ClaimListResponseSchema.parse((await call('GET', '/api/claims?limit=2', token)).json());
    expect(page1.items.map((c) => c.id)).toEqual([third.id, second.id]);
    expect(page1.pagination).toMatchObject({ total: 3, prev_cursor: null });
    const page2 = ClaimListResponseSchema.parse(
      (await call('GET', `/api/claims?limit=2&after=${page1.pagination.next_cursor}`, token)).json(),
    );
    expect(page2.items.map((c) => c.id)).toEqual([first.id]);
    expect(page2.pagination).toMatchObject({ total: 3, next_cursor: null });

    const open = ClaimListResponseSchema.parse((await call('GET', '/api/claims?status=open', token)).json());
    expect(open.items.map((c) => c.id).sort()).toEqual([first.id, third.id].sort());
    const withdrawn = ClaimListResponseSchema.parse(
      (await call('GET', '/api/claims?status=withdrawn', token)).json(),
    );
    expect(withdrawn.items.map((c) => c.id)).toEqual([second.id]);
    const byNumber = ClaimListResponseSchema.parse(
      (await call('GET', '/api/claims?search=icn-000', token)).json(),
    );
    expect(byNumber.items.map((c) => c.id)).toEqual([first.id]);
    const other = await signedInClient(t, a, 'Vikram Rao');
    const vikram = await addPolicy(t, a, other.primaryClientId, 'life');
    await call('POST', '/api/claims', token, {
      plan_id: vikram.id,
      kind: 'life_maturity',
      intimated_on: today,
      details: { claimant: 'Vikram Rao' },
    });
    const byName = ClaimListResponseSchema.parse(
      (await call('GET', '/api/claims?search=vikram', token)).json(),
    );
    expect(byName.items.map((c) => c.client_name)).toEqual(['Vikram Rao']);
    const bad = await call('GET', '/api/claims?status=pending', token);
    expect(bad.statusCode).toBe(400);

    const onPlan = PlanClaimsResponseSchema.parse(
      (await call('GET', `/api/plans/${health.id}/claims`, token)).json(),
    );
    expect(onPlan.data.claims).toHaveLength(3);
    expect(onPlan.data.kinds).toEqual(['health_cashless', 'health_reimbursement']);
    expect(meera.primaryClientId).toBe(first.primary_client_id);

    // The client record lists its household's claims only, newest first.
    const onClient = ClientClaimsResponseSchema.parse(
      (await call('GET', `/api/users/primary-clients/${meera.primaryClientId}/claims`, token)).json(),
    );
    expect(onClient.data.claims.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(onClient.data.total).toBe(3);
    const onVikram = ClientClaimsResponseSchema.parse(
      (await call('GET', `/api/users/primary-clients/${other.primaryClientId}/claims`, token)).json(),
    );
    expect(onVikram.data.claims.map((c) => c.kind)).toEqual(['life_maturity']);
  });

  it('keeps every claim behind the walls: another agency, an agent without the client, a client', async () => {
    const { a, token, meera, health, staff } = await world();
    const claim = await intimate(token, health.id);
    const theirs = await world();
    for (const [method, url] of [
      ['GET', `/api/claims/${claim.id}`],
      ['POST', `/api/claims/${claim.id}/status`],
      ['GET', `/api/plans/${health.id}/claims`],
      ['GET', `/api/users/primary-clients/${meera.primaryClientId}/claims`],
    ] as const) {
      const res = await call(
        method,
        url,
        theirs.token,
        method === 'POST' ? { to: 'submitted', on: today } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const foreign = await call('POST', '/api/claims', theirs.token, reimbursement(health.id));
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', '/api/claims', theirs.token)).json().items).toEqual([]);

    // An agent reaches the claims of their own clients only; an agency admin every one.
    const agent = await staff('AG');
    const notMine = await call('GET', `/api/claims/${claim.id}`, agent.token);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('No claim of your agency’s clients exists with this id.');
    expect((await call('POST', '/api/claims', agent.token, reimbursement(health.id))).statusCode).toBe(404);
    expect((await call('GET', '/api/claims', agent.token)).json().items).toEqual([]);
    const household = `/api/users/primary-clients/${meera.primaryClientId}/claims`;
    expect((await call('GET', household, agent.token)).statusCode).toBe(404);
    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    expect((await call('GET', `/api/claims/${claim.id}`, agent.token)).statusCode).toBe(200);
    expect((await step(agent.token, claim.id, { to: 'submitted' })).statusCode).toBe(200);
    expect((await call('GET', '/api/claims', agent.token)).json().items).toHaveLength(1);
    expect((await call('GET', household, agent.token)).json().data.claims).toHaveLength(1);
    const admin = await staff('AA');
    expect((await call('GET', `/api/claims/${claim.id}`, admin.token)).statusCode).toBe(200);

    // A client's token does not reach the workspace's claims.
    expect((await call('GET', '/api/claims', meera.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/claims/${claim.id}`, meera.token)).statusCode).toBe(403);
    expect((await call('POST', '/api/claims', meera.token, reimbursement(health.id))).statusCode).toBe(403);
    expect(a.agency.agencyId).not.toBe(theirs.a.agency.agencyId);
  });
});

describe('the workspace home’s claim figures', () => {
  it('counts open claims and those waiting on documents, read anew, an agent’s own clients’ only', async () => {
    const { token, meera, health, staff } = await world();
    const home = async (as: string) =>
      AgencyDashboardResponseSchema.parse((await call('GET', '/api/agencies/dashboard', as)).json()).data;
    const agent = await staff('AG');
    expect(await home(agent.token)).toMatchObject({ open_claims: 0, claims_documents_pending: 0 });

    const waiting = await intimate(token, health.id);
    await step(token, waiting.id, { to: 'documents_pending' });
    const settled = await intimate(token, health.id);
    await step(token, settled.id, { to: 'submitted' });
    await step(token, settled.id, { to: 'approved', approved_amount: '1000' });
    await step(token, settled.id, { to: 'settled', settled_amount: '1000' });
    const open = await intimate(token, health.id);
    expect(await home(token)).toMatchObject({ open_claims: 2, claims_documents_pending: 1 });

    await step(token, open.id, { to: 'withdrawn' });
    expect(await home(token)).toMatchObject({ open_claims: 1, claims_documents_pending: 1 });
    // The agent's home (kept per agent) shows their clients' claims once a client is theirs.
    expect(await home(agent.token)).toMatchObject({ open_claims: 0, claims_documents_pending: 0 });
    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    expect(await home(agent.token)).toMatchObject({ open_claims: 1, claims_documents_pending: 1 });
    await step(token, waiting.id, { to: 'submitted' });
    expect(await home(agent.token)).toMatchObject({ open_claims: 1, claims_documents_pending: 0 });
  });
});
