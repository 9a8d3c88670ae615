import { AlertsResponseSchema, ClientClaimDetailSchema, ClientClaimListSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { addDays, formatIndianDate, todayInIndia } from '../../lib/dates.ts';

// Issue 28 item 5: the client's claims, their household's, read-only, and their alerts on a new claim or a change of
// status. Both are kept answers (decision 017) that the claims tables' announcements drop: a change shows on the
// next call.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

async function ownerToken(a: Awaited<ReturnType<typeof agencyWithClients>>) {
  return signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });
}

async function post(token: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<{ data: { id: string } }>().data.id;
}

async function get(token: string, url: string, status = 200) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

describe('the client’s claims', () => {
  it('lists the household’s claims newest first, with a detail, its timeline and what is pending', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerToken(a);
    const meera = await signedInClient(t, a, 'Meera Iyer');
    const kavya = await addFamilyMember(t, a, meera.primaryClientId);
    const own = await addPolicy(t, a, meera.primaryClientId, 'health', { planName: 'Family Floater' });
    const hers = await addPolicy(t, a, meera.primaryClientId, 'motor', { secondaryClientId: kavya });
    const other = await signedInClient(t, a, 'Ravi Kumar');
    const theirs = await addPolicy(t, a, other.primaryClientId, 'health');

    const older = await post(owner, '/api/claims', {
      plan_id: own.id,
      kind: 'health_reimbursement',
      intimated_on: addDays(today, -5),
      claimed_amount: '45000',
      insurer_claim_number: '123/ABC',
      details: { hospital: 'Jehangir Hospital' },
    });
    await post(owner, `/api/claims/${older}/status`, {
      to: 'documents_pending',
      on: addDays(today, -4),
      note: 'Discharge summary and bills',
    });
    const newer = await post(owner, '/api/claims', {
      plan_id: hers.id,
      kind: 'motor_own_damage',
      intimated_on: today,
      details: { accident_date: addDays(today, -1) },
    });
    const foreign = await post(owner, '/api/claims', {
      plan_id: theirs.id,
      kind: 'health_cashless',
      intimated_on: today,
      details: { hospital: 'Ruby Hall' },
    });

    const list = ClientClaimListSchema.parse(await get(meera.token, '/api/agency-user/client/claims'));
    expect(list.claims.map((c) => c.id)).toEqual([newer, older]);
    expect(list.claims[0]).toMatchObject({ insured_name: 'Kavya Iyer', status: 'intimated', age_days: 0 });
    expect(list.claims[1]).toMatchObject({
      insured_name: 'Meera Iyer',
      status: 'documents_pending',
      pending: 'Waiting for documents',
      claimed_amount: '45000.00',
      insurer_claim_number: '123/ABC',
      plan_number: own.policyNumber,
      age_days: 5,
    });

    const detail = ClientClaimDetailSchema.parse(
      await get(meera.token, `/api/agency-user/client/claims/${older}`),
    );
    expect(detail.events.map((e) => [e.to_status, e.on, e.note])).toEqual([
      ['intimated', addDays(today, -5), null],
      ['documents_pending', addDays(today, -4), 'Discharge summary and bills'],
    ]);
    expect(detail.details).toEqual({ hospital: 'Jehangir Hospital' });
    expect(detail).not.toHaveProperty('next_statuses');
    expect(detail.events[0]).not.toHaveProperty('by');

    // Another client's claim, an unknown id: the same 404; the other client sees only their own.
    const missing = await get(meera.token, `/api/agency-user/client/claims/${foreign}`, 404);
    expect(
      await get(meera.token, '/api/agency-user/client/claims/00000000-0000-4000-8000-000000000000', 404),
    ).toEqual(missing);
    const theirList = ClientClaimListSchema.parse(await get(other.token, '/api/agency-user/client/claims'));
    expect(theirList.claims.map((c) => c.id)).toEqual([foreign]);

    // The kept detail changes on the next call after a step.
    await post(owner, `/api/claims/${older}/status`, { to: 'submitted', on: addDays(today, -2) });
    await post(owner, `/api/claims/${older}/status`, {
      to: 'approved',
      on: today,
      approved_amount: '40000',
      deductions: [{ reason: 'Non-medical items', amount: '5000' }],
    });
    const approved = ClientClaimDetailSchema.parse(
      await get(meera.token, `/api/agency-user/client/claims/${older}`),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      approved_amount: '40000.00',
      deducted_amount: '5000.00',
      deductions: [{ reason: 'Non-medical items', amount: '5000.00' }],
      pending: 'Approved: waiting for the insurer to pay',
    });
    const relisted = ClientClaimListSchema.parse(await get(meera.token, '/api/agency-user/client/claims'));
    expect(relisted.claims.find((c) => c.id === older)?.status).toBe('approved');
  });

  it('shows a new claim and each change of status in the alerts on the next call, for 30 days', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerToken(a);
    const meera = await signedInClient(t, a, 'Meera Iyer');
    const policy = await addPolicy(t, a, meera.primaryClientId, 'health', { planName: 'Family Floater' });
    const alerts = async () =>
      AlertsResponseSchema.parse(await get(meera.token, '/api/agency-user/upcoming-alerts')).alerts.filter(
        (x) => x.alert_id.startsWith('claim:'),
      );
    expect(await alerts()).toEqual([]);

    // A claim whose last step is older than 30 days gives no alert.
    await post(owner, '/api/claims', {
      plan_id: policy.id,
      kind: 'health_cashless',
      intimated_on: addDays(today, -31),
      details: { hospital: 'Ruby Hall' },
    });
    expect(await alerts()).toEqual([]);

    const claim = await post(owner, '/api/claims', {
      plan_id: policy.id,
      kind: 'health_reimbursement',
      intimated_on: addDays(today, -3),
      claimed_amount: '50000',
      insurer_claim_number: '123/ABC',
      details: { hospital: 'Jehangir Hospital' },
    });
    expect(await alerts()).toEqual([
      {
        alert_id: `claim:${claim}`,
        alert_type: 'insurance',
        title: 'Claim intimated',
        plan_name: 'Family Floater',
        alert_date: addDays(today, -3),
        action_hint: `Claim 123/ABC: intimated, ₹50,000 (${formatIndianDate(addDays(today, -3))})`,
        reference_id: policy.id,
        text: {
          kind: 'claim_numbered',
          params: { number: '123/ABC', status: 'intimated', date: addDays(today, -3), amount: '50000.00' },
        },
      },
    ]);
    await post(owner, `/api/claims/${claim}/status`, { to: 'submitted', on: addDays(today, -2) });
    await post(owner, `/api/claims/${claim}/status`, {
      to: 'approved',
      on: today,
      approved_amount: '45000',
    });
    const [approved] = await alerts();
    expect(approved).toMatchObject({
      title: 'Claim approved',
      alert_date: today,
      action_hint: `Claim 123/ABC: approved, ₹45,000 (${formatIndianDate(today)})`,
    });
    // The spec's colours stay the plans': a claim's hint says neither "expiring" nor "maturity".
    expect(approved?.action_hint).not.toMatch(/expiring|maturity/i);
  });
});
