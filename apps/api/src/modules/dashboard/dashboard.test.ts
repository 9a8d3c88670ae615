import { AgencyDashboardResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insurancePayload,
  investmentPayload,
  ownerWithToken,
  sendProvider,
} from '../../../test/fixtures/providers.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { insurancePolicies, investmentAccounts, primaryClients, secondaryClients } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const dashboard = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/agencies/dashboard', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return AgencyDashboardResponseSchema.parse(res.json()).data;
};

async function provider(
  token: string,
  category: 'insurance' | 'investment',
  payload: object,
): Promise<string> {
  const res = await sendProvider(t.app, token, { category, payload });
  return res.json().data.provider_id;
}

/** A new agency with the providers the tests plan with: LIC (life), Star Health (health), HDFC Mutual Fund. */
async function agencyWithProviders() {
  const { agency, token } = await ownerWithToken(t.app);
  const lic = await provider(token, 'insurance', insurancePayload({ provider_name: 'LIC of India' }));
  const star = await provider(
    token,
    'insurance',
    insurancePayload({ provider_name: 'Star Health', service_id: SERVICE_IDS.health }),
  );
  const hdfc = await provider(token, 'investment', investmentPayload({ provider_name: 'HDFC Mutual Fund' }));
  return { agencyId: agency.agencyId, token, lic, star, hdfc };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function client(
  agencyId: string,
  first: string,
  last: string,
  values: Partial<typeof primaryClients.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(primaryClients)
    .values({
      agencyId,
      clientCode: `C-${first}-${Math.random().toString(36).slice(2, 6)}`,
      firstName: first,
      lastName: last,
      ...values,
    })
    .returning({ id: primaryClients.id });
  return row!.id;
}

describe('the dashboard home', () => {
  it('answers zeros for a new agency', async () => {
    const { token } = await ownerWithToken(t.app);
    const data = await dashboard(token);
    expect(data).toMatchObject({
      as_of: todayInIndia(),
      primary_clients: 0,
      secondary_clients: 0,
      active_insurance_policies: 0,
      active_investment_accounts: 0,
      total_annual_premium: '0.00',
      total_invested: '0.00',
      renewals_due_30_days: [],
      renewals_due_60_days: [],
      recent_clients: [],
      premium_by_service: [],
      plans_by_provider: [],
      open_claims: 0,
      claims_documents_pending: 0,
    });
    expect(data.insurance_by_service.map((s) => [s.service_code, s.count])).toEqual([
      ['life', 0],
      ['health', 0],
      ['motor', 0],
      ['travel', 0],
      ['home', 0],
    ]);
    expect(data.investments_by_service.map((s) => s.service_code)).toEqual([
      'mutual_funds',
      'nps',
      'postoffice',
    ]);
  });

  it('answers exact figures from the agency data only', async () => {
    const today = todayInIndia();
    const { agencyId, token, lic, star, hdfc } = await agencyWithProviders();

    const kiran = await client(agencyId, 'Kiran', 'Rao', { createdAt: daysAgo(2) });
    const meera = await client(agencyId, 'Meera', 'Iyer', { createdAt: daysAgo(1) });
    const gone = await client(agencyId, 'Gone', 'Client', { createdAt: daysAgo(0), deletedAt: new Date() });
    const extras = [];
    for (let i = 1; i <= 4; i += 1)
      extras.push(await client(agencyId, `Extra${i}`, 'Shah', { createdAt: daysAgo(10 + i) }));
    const [anil] = await t.db
      .insert(secondaryClients)
      .values([
        { agencyId, primaryClientId: kiran, firstName: 'Anil', lastName: 'Rao', relationship: 'Spouse' },
        {
          agencyId,
          primaryClientId: kiran,
          firstName: 'Old',
          lastName: 'Rao',
          relationship: 'Son',
          deletedAt: new Date(),
        },
        { agencyId, primaryClientId: gone, firstName: 'Hidden', lastName: 'Client', relationship: 'Son' },
      ])
      .returning({ id: secondaryClients.id });

    const policy = (
      values: Partial<typeof insurancePolicies.$inferInsert> & {
        primaryClientId: string;
        providerId: string;
      },
    ) => ({
      agencyId,
      serviceId: values.providerId === star ? SERVICE_IDS.health : SERVICE_IDS.life,
      policyNumber: `POL-${Math.random().toString(36).slice(2, 8)}`,
      ...values,
    });
    const [pol1, pol2] = await t.db
      .insert(insurancePolicies)
      .values([
        policy({
          primaryClientId: kiran,
          providerId: lic,
          premiumAmount: '12000.50',
          endDate: addDays(today, 10),
          planName: 'Jeevan Anand',
        }),
        policy({
          primaryClientId: kiran,
          secondaryClientId: anil!.id,
          providerId: star,
          premiumAmount: '8500.25',
          endDate: addDays(today, 45),
        }),
        policy({
          primaryClientId: meera,
          providerId: lic,
          premiumAmount: '1000.10',
          endDate: addDays(today, 200),
        }),
        policy({
          primaryClientId: meera,
          providerId: lic,
          premiumAmount: '999.99',
          endDate: addDays(today, -1),
        }),
        policy({ primaryClientId: meera, providerId: lic, premiumAmount: '500.00', status: 'lapsed' }),
        policy({ primaryClientId: meera, providerId: lic, premiumAmount: '700.00', deletedAt: new Date() }),
        policy({
          primaryClientId: gone,
          providerId: lic,
          premiumAmount: '300.00',
          endDate: addDays(today, 5),
        }),
        policy({ primaryClientId: kiran, providerId: lic, premiumAmount: null, endDate: null }),
      ])
      .returning({ id: insurancePolicies.id });
    const account = (
      values: Partial<typeof investmentAccounts.$inferInsert> & { primaryClientId: string },
    ) => ({
      agencyId,
      providerId: hdfc,
      serviceId: SERVICE_IDS.mutual_funds,
      accountNumber: `FOLIO-${Math.random().toString(36).slice(2, 8)}`,
      ...values,
    });
    const [acc1, , acc3] = await t.db
      .insert(investmentAccounts)
      .values([
        account({
          primaryClientId: kiran,
          amount: '250000.00',
          endDate: addDays(today, 30),
          planName: 'HDFC Flexi Cap',
        }),
        account({ primaryClientId: meera, amount: '0.10' }),
        account({ primaryClientId: meera, amount: '100000.05', endDate: addDays(today, 60) }),
        account({ primaryClientId: meera, amount: '999.00', status: 'closed' }),
        account({ primaryClientId: meera, amount: '61.00', endDate: addDays(today, 61) }),
      ])
      .returning({ id: investmentAccounts.id });

    // Another agency's data is never counted.
    const other = await ownerWithToken(t.app);
    const otherLic = await provider(other.token, 'insurance', insurancePayload());
    const otherClient = await client(other.agency.agencyId, 'Other', 'Person');
    await t.db.insert(insurancePolicies).values({
      agencyId: other.agency.agencyId,
      primaryClientId: otherClient,
      providerId: otherLic,
      serviceId: SERVICE_IDS.life,
      policyNumber: 'OTHER-1',
      premiumAmount: '77777.77',
      endDate: addDays(today, 3),
    });

    const data = await dashboard(token);
    expect(data.primary_clients).toBe(6);
    expect(data.secondary_clients).toBe(1);
    expect(data.active_insurance_policies).toBe(4);
    expect(data.active_investment_accounts).toBe(4);
    expect(data.total_annual_premium).toBe('21500.85');
    expect(data.total_invested).toBe('350061.15');
    expect(data.insurance_by_service.map((s) => [s.service_code, s.count])).toEqual([
      ['life', 3],
      ['health', 1],
      ['motor', 0],
      ['travel', 0],
      ['home', 0],
    ]);
    expect(data.investments_by_service.map((s) => [s.service_code, s.count])).toEqual([
      ['mutual_funds', 4],
      ['nps', 0],
      ['postoffice', 0],
    ]);
    expect(data.premium_by_service).toEqual([
      { service_code: 'life', service_name: 'Life Insurance', amount: '13000.60', count: 3 },
      { service_code: 'health', service_name: 'Health Insurance', amount: '8500.25', count: 1 },
    ]);
    expect(data.plans_by_provider.map((p) => [p.provider_name, p.category, p.count])).toEqual([
      ['HDFC Mutual Fund', 'investment', 4],
      ['LIC of India', 'insurance', 3],
      ['Star Health', 'insurance', 1],
    ]);

    const r1 = {
      plan_kind: 'insurance',
      plan_id: pol1!.id,
      primary_client_id: kiran,
      client_name: 'Kiran Rao',
      holder_name: 'Kiran Rao',
      plan_name: 'Jeevan Anand',
      provider_name: 'LIC of India',
      service_code: 'life',
      end_date: addDays(today, 10),
      days_left: 10,
    };
    const r2 = {
      plan_kind: 'investment',
      plan_id: acc1!.id,
      client_name: 'Kiran Rao',
      holder_name: 'Kiran Rao',
      plan_name: 'HDFC Flexi Cap',
      provider_name: 'HDFC Mutual Fund',
      service_code: 'mutual_funds',
      days_left: 30,
    };
    const r3 = {
      plan_kind: 'insurance',
      plan_id: pol2!.id,
      client_name: 'Kiran Rao',
      holder_name: 'Anil Rao',
      plan_name: 'Health Insurance',
      provider_name: 'Star Health',
      days_left: 45,
    };
    const r4 = { plan_kind: 'investment', plan_id: acc3!.id, client_name: 'Meera Iyer', days_left: 60 };
    expect(data.renewals_due_30_days).toHaveLength(2);
    expect(data.renewals_due_30_days[0]).toMatchObject(r1);
    expect(data.renewals_due_30_days[1]).toMatchObject(r2);
    expect(data.renewals_due_60_days).toHaveLength(4);
    expect(data.renewals_due_60_days.map((r) => r.plan_id)).toEqual([
      r1.plan_id,
      r2.plan_id,
      r3.plan_id,
      r4.plan_id,
    ]);
    expect(data.renewals_due_60_days[2]).toMatchObject(r3);
    expect(data.renewals_due_60_days[3]).toMatchObject(r4);

    expect(data.recent_clients.map((c) => c.full_name)).toEqual([
      'Meera Iyer',
      'Kiran Rao',
      'Extra1 Shah',
      'Extra2 Shah',
      'Extra3 Shah',
    ]);
    expect(data.recent_clients[0]!.primary_client_id).toBe(meera);

    const theirs = await dashboard(other.token);
    expect(theirs).toMatchObject({
      primary_clients: 1,
      active_insurance_policies: 1,
      total_annual_premium: '77777.77',
    });
    expect(theirs.renewals_due_30_days.map((r) => r.days_left)).toEqual([3]);
  });

  it('keeps its figures equal to counting the plans through edits, removals and a client brought back', async () => {
    const today = todayInIndia();
    const { agencyId, token, lic, star, hdfc } = await agencyWithProviders();
    const asha = await client(agencyId, 'Asha', 'Nair');
    const ravi = await client(agencyId, 'Ravi', 'Menon');
    const family = await t.db
      .insert(secondaryClients)
      .values([
        { agencyId, primaryClientId: asha, firstName: 'Dev', lastName: 'Nair', relationship: 'Son' },
        { agencyId, primaryClientId: asha, firstName: 'Uma', lastName: 'Nair', relationship: 'Mother' },
        { agencyId, primaryClientId: ravi, firstName: 'Lata', lastName: 'Menon', relationship: 'Spouse' },
      ])
      .returning({ id: secondaryClients.id });
    const policies = await t.db
      .insert(insurancePolicies)
      .values(
        [
          [asha, lic, '1000.10', addDays(today, 3)],
          [asha, star, '2500.00', addDays(today, 400)],
          [asha, lic, null, null],
          [ravi, lic, '700.45', addDays(today, 1)],
          [ravi, star, '99.99', addDays(today, 90)],
        ].map(([primaryClientId, providerId, premiumAmount, endDate]) => ({
          agencyId,
          primaryClientId: primaryClientId!,
          providerId: providerId!,
          serviceId: providerId === star ? SERVICE_IDS.health : SERVICE_IDS.life,
          policyNumber: `P-${Math.random().toString(36).slice(2, 8)}`,
          premiumAmount,
          endDate,
        })),
      )
      .returning({ id: insurancePolicies.id });
    const accounts = await t.db
      .insert(investmentAccounts)
      .values(
        [
          { primaryClientId: asha, amount: '50000.00', endDate: null },
          { primaryClientId: ravi, amount: '1234.56', endDate: addDays(today, 10) },
        ].map((v) => ({
          agencyId,
          providerId: hdfc,
          serviceId: SERVICE_IDS.mutual_funds,
          accountNumber: `F-${Math.random().toString(36).slice(2, 8)}`,
          ...v,
        })),
      )
      .returning({ id: investmentAccounts.id });

    // What the home shows, counted from the plans themselves as the home once did on every visit.
    const paise = (v: string | null) => BigInt(Math.round(Number(v ?? '0') * 100));
    const rupees = (p: bigint) => `${p / 100n}.${String(p % 100n).padStart(2, '0')}`;
    // PGlite answers rows as an array, node-postgres as `{ rows }`.
    const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];
    type Line = { kind: string; service: string; provider: string; amount: string | null };
    async function counted() {
      const plans = rowsOf<Line>(
        await t.db.execute(sql`
          select 'insurance' as kind, p.service_id as service, p.provider_id as provider, p.premium_amount::text as amount
            from insurance_policies p join primary_clients c on c.id = p.primary_client_id
           where p.agency_id = ${agencyId} and p.deleted_at is null and p.status = 'active'
             and (p.end_date is null or p.end_date >= ${today}) and c.deleted_at is null
          union all
          select 'investment', p.service_id, p.provider_id, p.amount::text
            from investment_accounts p join primary_clients c on c.id = p.primary_client_id
           where p.agency_id = ${agencyId} and p.deleted_at is null and p.status = 'active'
             and (p.end_date is null or p.end_date >= ${today}) and c.deleted_at is null`),
      );
      const [clients] = rowsOf<{ primary: number; family: number }>(
        await t.db.execute(sql`
          select (select count(*)::int from primary_clients where agency_id = ${agencyId} and deleted_at is null) as primary,
                 (select count(*)::int from secondary_clients s join primary_clients c on c.id = s.primary_client_id
                   where s.agency_id = ${agencyId} and s.deleted_at is null and c.deleted_at is null) as family`),
      );
      const live = { plans, clients: clients! };
      const of = (kind: string) => live.plans.filter((r) => r.kind === kind);
      const sum = (rows: Line[]) => rupees(rows.reduce((a, r) => a + paise(r.amount), 0n));
      const perProvider = new Map<string, number>();
      for (const r of live.plans) perProvider.set(r.provider, (perProvider.get(r.provider) ?? 0) + 1);
      return {
        primary_clients: live.clients.primary,
        secondary_clients: live.clients.family,
        active_insurance_policies: of('insurance').length,
        active_investment_accounts: of('investment').length,
        total_annual_premium: sum(of('insurance')),
        total_invested: sum(of('investment')),
        life: of('insurance').filter((r) => r.service === SERVICE_IDS.life).length,
        health: of('insurance').filter((r) => r.service === SERVICE_IDS.health).length,
        life_premium: sum(of('insurance').filter((r) => r.service === SERVICE_IDS.life)),
        providers: Object.fromEntries(perProvider),
      };
    }
    async function shown() {
      const d = await dashboard(token);
      const service = (code: string) => d.insurance_by_service.find((s) => s.service_code === code)!.count;
      return {
        primary_clients: d.primary_clients,
        secondary_clients: d.secondary_clients,
        active_insurance_policies: d.active_insurance_policies,
        active_investment_accounts: d.active_investment_accounts,
        total_annual_premium: d.total_annual_premium,
        total_invested: d.total_invested,
        life: service('life'),
        health: service('health'),
        life_premium: d.premium_by_service.find((s) => s.service_code === 'life')?.amount ?? '0.00',
        providers: Object.fromEntries(d.plans_by_provider.map((p) => [p.provider_id, p.count])),
      };
    }
    const policy = (i: number, values: Partial<typeof insurancePolicies.$inferInsert>) => () =>
      t.db.update(insurancePolicies).set(values).where(eq(insurancePolicies.id, policies[i]!.id));
    const steps: [string, () => Promise<unknown>][] = [
      ['as added', async () => {}],
      ['a premium changed', policy(0, { premiumAmount: '1500.90' })],
      ['an end date moved into the past', policy(3, { endDate: addDays(today, -1) })],
      ['a plan lapsed', policy(4, { status: 'lapsed' })],
      [
        'a plan moved to another provider and service',
        policy(2, { providerId: star, serviceId: SERVICE_IDS.health }),
      ],
      [
        'an account removed',
        () =>
          t.db
            .update(investmentAccounts)
            .set({ deletedAt: new Date() })
            .where(eq(investmentAccounts.id, accounts[1]!.id)),
      ],
      [
        'a family member removed',
        () =>
          t.db
            .update(secondaryClients)
            .set({ deletedAt: new Date() })
            .where(eq(secondaryClients.id, family[2]!.id)),
      ],
      [
        'a client removed through the API',
        async () => {
          const res = await t.app.inject({
            method: 'DELETE',
            url: `/api/users/primary-clients/${asha}`,
            headers: bearer(token),
          });
          expect(res.statusCode).toBe(200);
        },
      ],
      ['a plan of the removed client edited', policy(1, { premiumAmount: '3000.00' })],
      [
        'the client brought back',
        () => t.db.update(primaryClients).set({ deletedAt: null }).where(eq(primaryClients.id, asha)),
      ],
      [
        'a plan deleted outright',
        () => t.db.delete(insurancePolicies).where(eq(insurancePolicies.id, policies[0]!.id)),
      ],
    ];
    for (const [step, change] of steps) {
      await change();
      expect({ step, ...(await shown()) }).toEqual({ step, ...(await counted()) });
    }
    // The steps did change what is shown: the client's return brought back its two family members and plans.
    expect(await shown()).toMatchObject({
      primary_clients: 2,
      secondary_clients: 2,
      active_insurance_policies: 2,
    });
  });

  it('keeps its figures true when a plan is added while its client is being removed, either way round', async (ctx) => {
    // Two connections at once: PGlite has one.
    if (t.database.engine !== 'postgres') ctx.skip();
    const today = todayInIndia();
    const { agency, token } = await ownerWithToken(t.app);
    const agencyId = agency.agencyId;
    const lic = await provider(token, 'insurance', insurancePayload());
    const plan = (primaryClientId: string) => ({
      agencyId,
      primaryClientId,
      providerId: lic,
      serviceId: SERVICE_IDS.life,
      policyNumber: `P-${Math.random().toString(36).slice(2, 8)}`,
      premiumAmount: '100.00',
      endDate: addDays(today, 30),
    });
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const remove = (id: string) => eq(primaryClients.id, id);

    // The removal first: its transaction holds the client's row while the plan is added beside it.
    const first = await client(agencyId, 'First', 'Removed');
    await Promise.all([
      t.db.transaction(async (tx) => {
        await tx.update(primaryClients).set({ deletedAt: new Date() }).where(remove(first));
        await pause(300);
      }),
      pause(100).then(() => t.db.insert(insurancePolicies).values(plan(first))),
    ]);
    // The plan first: its transaction holds the client while the removal waits for it.
    const second = await client(agencyId, 'Second', 'Removed');
    await Promise.all([
      t.db.transaction(async (tx) => {
        await tx.insert(insurancePolicies).values(plan(second));
        await pause(300);
      }),
      pause(100).then(() => t.db.update(primaryClients).set({ deletedAt: new Date() }).where(remove(second))),
    ]);

    const data = await dashboard(token);
    expect([data.primary_clients, data.active_insurance_policies, data.total_annual_premium]).toEqual([
      0,
      0,
      '0.00',
    ]);
  });

  it('belongs to the agency owner: 401 anonymous, 403 to ADMIN and AC', async () => {
    const every = await createAccountOfEveryRole(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/agencies/dashboard' })).statusCode).toBe(401);
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, every.accounts[role]);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/agencies/dashboard',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
