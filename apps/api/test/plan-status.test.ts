import {
  FamilyListResponseSchema,
  MyPlansSchema,
  PrimaryClientDetailResponseSchema,
  WorkspacePlanDetailResponseSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInIndia } from '../src/lib/dates.ts';
import {
  addAccount,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from './fixtures/client-portal.ts';
import { bearer, createTestApp, signInToken, type TestApp } from './helpers.ts';

// Plan status is one rule for the owner and the client (decisions §4, amended): a plan the agency marked lapsed
// or closed is shown so whatever its end date. The workspace once showed a lapsed plan that had not reached its
// end date as Active while the client area showed it Expired.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const day = (n: number) => addDays(todayInIndia(), n);

async function world() {
  const a = await agencyWithClients(t);
  const owner = await signInToken(t.app, {
    email: a.agency.email,
    password: a.agency.password,
    host: a.agency.host,
  });
  const me = await signedInClient(t, a, 'Meera Iyer');
  const son = await addFamilyMember(t, a, me.primaryClientId, { firstName: 'Arjun', relationship: 'Son' });
  const plans = {
    lapsed: (await addPolicy(t, a, me.primaryClientId, 'life', { endDate: day(200), status: 'lapsed' })).id,
    closed: (
      await addAccount(t, a, me.primaryClientId, 'mutual_funds', { endDate: day(200), status: 'closed' })
    ).id,
    expired: (await addPolicy(t, a, me.primaryClientId, 'motor', { endDate: day(-1) })).id,
    active: (await addPolicy(t, a, me.primaryClientId, 'health', { endDate: day(0) })).id,
    sonLapsed: (
      await addPolicy(t, a, me.primaryClientId, 'travel', {
        endDate: day(30),
        status: 'lapsed',
        secondaryClientId: son,
      })
    ).id,
  };
  return { owner, me, son, plans };
}

const expected = (p: Awaited<ReturnType<typeof world>>['plans']) =>
  new Map([
    [p.lapsed, 'Lapsed'],
    [p.closed, 'Closed'],
    [p.expired, 'Expired'],
    [p.active, 'Active'],
    [p.sonLapsed, 'Lapsed'],
  ]);

describe('plan status, the same for the owner and the client (decisions §4)', () => {
  it("the workspace's client detail, plan detail and family view show Lapsed and Closed before the end date", async () => {
    const { owner, me, son, plans } = await world();
    const want = expected(plans);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${me.primaryClientId}`,
      headers: bearer(owner),
    });
    expect(detail.statusCode).toBe(200);
    const body = PrimaryClientDetailResponseSchema.parse(detail.json());
    const shown = [...body.data.plans.insurance, ...body.data.plans.investment];
    expect(new Map(shown.map((p) => [p.plan_id, p.status]))).toEqual(want);

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${plans.lapsed}/details`,
      headers: bearer(owner),
    });
    expect(WorkspacePlanDetailResponseSchema.parse(one.json()).data.status).toBe('Lapsed');

    const family = await t.app.inject({ method: 'GET', url: '/api/users/families', headers: bearer(owner) });
    expect(family.statusCode).toBe(200);
    const item = FamilyListResponseSchema.parse(family.json()).items.find(
      (i) => i.primary_client_id === me.primaryClientId,
    )!;
    const listed = [...item.plans, ...item.members.flatMap((m) => m.plans)];
    expect(new Map(listed.map((p) => [p.plan_id, p.status]))).toEqual(want);
    expect(item.members.find((m) => m.secondary_client_id === son)!.plans[0]!.status).toBe('Lapsed');
  });

  it("the client area's plans show the same statuses", async () => {
    const { me, plans } = await world();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/agency-user/client/my-plans',
      headers: bearer(me.token),
    });
    expect(res.statusCode).toBe(200);
    const body = MyPlansSchema.parse(res.json());
    const shown = [
      ...body.insurance_plans.map((p) => [p.policy_id, p.status] as const),
      ...body.investment_plans.map((p) => [p.account_id, p.status] as const),
    ];
    expect(new Map(shown)).toEqual(expected(plans));
  });
});
