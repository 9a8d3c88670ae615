import { AgencyDashboardResponseSchema, RenewalPlanResponseSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditLog, insurancePolicies, providers } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Decision 041: "Mark renewed" records the new term's premium, policy number and insurer; the plan takes them,
// the renewal's history keeps the old and the new, and the workspace home's kept premium total moves.

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
  const motor = await addPolicy(t, a, meera.primaryClientId, 'motor', {
    policyNumber: 'P1',
    premiumAmount: '12000.00',
    startDate: day(-360),
    endDate: day(5),
    subtypeFields: { rc_number: 'MH12AB1234', term: 1 },
  });
  const [other] = await t.db
    .insert(providers)
    .values({
      agencyId: a.agency.agencyId,
      serviceId: SERVICE_IDS.motor,
      category: 'insurance',
      providerName: 'Bajaj Allianz',
    })
    .returning({ id: providers.id });
  return { a, token, meera, motor, otherMotorInsurer: other!.id };
}

function renew(token: string, planId: string, fields: Record<string, string>) {
  const body = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
  return t.app.inject({
    method: 'POST',
    url: `/api/renewals/plans/${planId}/renewed`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function homeTotal(token: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/agencies/dashboard',
    headers: { ...bearer(token), 'cache-control': 'no-cache' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return AgencyDashboardResponseSchema.parse(res.json()).data.total_annual_premium;
}

describe('renewing with a new term', () => {
  it('moves the premium, policy number and insurer onto the plan and keeps the old ones in its history', async () => {
    const { a, token, motor, otherMotorInsurer } = await world();
    const before = await homeTotal(token);
    const res = await renew(token, motor.id, {
      new_end_date: day(370),
      new_premium: '13,500',
      new_policy_number: 'P2',
      new_provider_id: otherMotorInsurer,
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = RenewalPlanResponseSchema.parse(res.json()).data;
    expect(item).toMatchObject({ plan_number: 'P2', amount: '13500.00', provider_name: 'Bajaj Allianz' });
    expect(item.events[0]).toMatchObject({
      kind: 'renewed',
      previous_end_date: day(5),
      new_end_date: day(370),
      previous_premium: '12000.00',
      new_premium: '13500.00',
      previous_policy_number: 'P1',
      new_policy_number: 'P2',
      previous_provider: `MOTOR Provider ${a.agency.agencyId.slice(0, 4)}`,
      new_provider: 'Bajaj Allianz',
    });
    const [row] = await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, motor.id));
    expect(row).toMatchObject({
      policyNumber: 'P2',
      premiumAmount: '13500.00',
      providerId: otherMotorInsurer,
      nextDueDate: day(370),
    });
    // The kept total of the workspace home moved by the difference (the plan table's trigger).
    expect(Number(await homeTotal(token)) - Number(before)).toBe(1500);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, motor.id), eq(auditLog.action, 'plan.renewed')));
    expect(entry?.detail).toMatchObject({
      previous_premium: '12000.00',
      new_premium: '13500.00',
      previous_policy_number: 'P1',
      new_policy_number: 'P2',
      new_provider_id: otherMotorInsurer,
    });
  });

  it('records only what changed', async () => {
    const { token, motor } = await world();
    const res = await renew(token, motor.id, {
      new_end_date: day(370),
      new_premium: '12000',
      new_policy_number: 'P1',
      note: 'Same terms',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RenewalPlanResponseSchema.parse(res.json()).data.events[0]).toMatchObject({
      previous_premium: null,
      new_premium: null,
      previous_policy_number: null,
      new_policy_number: null,
      previous_provider: null,
      new_provider: null,
    });
  });

  it('names each field it refuses', async () => {
    const { a, token, motor, meera } = await world();
    const bad = async (fields: Record<string, string>) => {
      const res = await renew(token, motor.id, { new_end_date: day(370), ...fields });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    expect(await bad({ new_premium: '0' })).toEqual({ new_premium: 'New Premium must be more than 0.' });
    expect(await bad({ new_premium: '12,00,0.5.5' })).toEqual({
      new_premium: 'New Premium must be an amount in rupees of 0 or more, with at most 2 decimals.',
    });
    expect(await bad({ new_policy_number: 'X'.repeat(61) })).toEqual({
      new_policy_number: 'New Policy Number must be at most 60 characters.',
    });
    expect(await bad({ new_provider_id: a.prov.health })).toEqual({
      new_provider_id: 'New Insurer names a health provider; this plan is motor.',
    });
    const stranger = await agencyWithClients(t);
    expect(await bad({ new_provider_id: stranger.prov.motor })).toEqual({
      new_provider_id: 'New Insurer does not name an insurance company of your agency.',
    });
    // Another policy of the same insurer already holds the number; the same number with another insurer is fine.
    await addPolicy(t, a, meera.primaryClientId, 'motor', { policyNumber: 'P9', endDate: day(100) });
    expect(await bad({ new_policy_number: 'p9' })).toEqual({
      new_policy_number: `Policy Number p9 is already recorded with MOTOR Provider ${a.agency.agencyId.slice(0, 4)} for another plan.`,
    });
    const [row] = await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, motor.id));
    expect(row).toMatchObject({ policyNumber: 'P1', premiumAmount: '12000.00', endDate: day(5) });
  });

  it('takes no new term for an investment', async () => {
    const { a, token, meera } = await world();
    const po = await addAccount(t, a, meera.primaryClientId, 'postoffice', { endDate: day(10) });
    const res = await renew(token, po.id, { new_end_date: day(400), new_premium: '5000' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({
      new_premium:
        'A new premium, policy number or insurer can be given only when renewing an insurance policy.',
    });
  });
});
