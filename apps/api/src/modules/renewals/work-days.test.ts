import { RenewalListResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAccount,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { insurancePolicies, investmentAccounts, primaryClients } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// The work-list's kept bucket counts (migration 0034, decision 042): after every kind of change to plans and
// clients, `agency_work_days` holds what counting the plans gives, and the work-list's counts say the same.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();
const day = (n: number) => addDays(today, n);
// PGlite answers rows as an array, node-postgres as `{ rows }`.
const rowsOf = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

describe('the kept work days', () => {
  it('equal the plans counted after each kind of change, and so do the buckets', async () => {
    const a = await agencyWithClients(t);
    const agencyId = a.agency.agencyId;
    const token = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const meera = await signedInClient(t, a, 'Meera Iyer');
    const ravi = await signedInClient(t, a, 'Ravi Menon');
    const life = await addPolicy(t, a, meera.primaryClientId, 'life', {
      startDate: addDays(day(4), -365),
      endDate: addDays(day(4), 365 * 10),
      premiumAmount: '12000.00',
      subtypeFields: { mode: 'Yearly', term: 10, ppt: 10 },
    });
    const health = await addPolicy(t, a, meera.primaryClientId, 'health', { endDate: day(12) });
    const motor = await addPolicy(t, a, ravi.primaryClientId, 'motor', { endDate: day(-3) });
    const travel = await addPolicy(t, a, ravi.primaryClientId, 'travel', { endDate: day(40) });
    const fd = await addAccount(t, a, ravi.primaryClientId, 'postoffice', { endDate: day(70) });
    await addAccount(t, a, meera.primaryClientId, 'mutual_funds', { endDate: null });

    const kept = async () =>
      rowsOf<{ d: string; kind: string; s: string; p: string; n: number }>(
        await t.db.execute(sql`select work_date::text as d, kind, service_id::text as s, provider_id::text as p,
            plans::int as n from agency_work_days where agency_id = ${agencyId} and plans <> 0
          order by 1, 2, 3, 4`),
      );
    const counted = async () =>
      rowsOf<{ d: string; kind: string; s: string; p: string; n: number }>(
        await t.db.execute(sql`select d, kind, s, p, count(*)::int as n from (
            select p.work_date::text as d, 'insurance' as kind, p.service_id::text as s, p.provider_id::text as p
              from insurance_policies p join primary_clients c on c.id = p.primary_client_id
             where p.agency_id = ${agencyId} and p.deleted_at is null and p.status = 'active'
               and p.work_date is not null and c.deleted_at is null
            union all
            select p.work_date::text, 'investment', p.service_id::text, p.provider_id::text
              from investment_accounts p join primary_clients c on c.id = p.primary_client_id
             where p.agency_id = ${agencyId} and p.deleted_at is null and p.status = 'active'
               and p.work_date is not null and c.deleted_at is null) x
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
      );
    const counts = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/renewals', headers: bearer(token) });
      return RenewalListResponseSchema.parse(res.json()).data.counts;
    };
    const bucketsCounted = async () => {
      const rows = await counted();
      const within = (lo: number | null, hi: number) =>
        rows.filter((r) => (lo === null || r.d >= day(lo)) && r.d <= day(hi)).reduce((n, r) => n + r.n, 0);
      return {
        overdue: within(null, -1),
        today: within(0, 0),
        tomorrow: within(1, 1),
        week: within(2, 7),
        '30': within(8, 30),
        '60': within(31, 60),
        '90': within(61, 90),
      };
    };
    const pay = async () => {
      const body = multipart([
        { name: 'paid_on', value: today },
        { name: 'amount', value: '12000' },
        { name: 'receipt_number', value: 'R-9' },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/plans/${life.id}/premiums`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload }).then((r) => {
        expect(r.statusCode, r.body).toBeLessThan(300);
      });
    const policy = (id: string, values: Partial<typeof insurancePolicies.$inferInsert>) => () =>
      t.db.update(insurancePolicies).set(values).where(eq(insurancePolicies.id, id));
    const steps: [string, () => Promise<unknown>][] = [
      ['as added', async () => {}],
      ['a premium paid', pay],
      [
        'a follow-up added',
        () => call(`/api/renewals/plans/${health.id}/follow-ups`, { next_date: day(1), note: 'x' }),
      ],
      ['an end date moved', policy(travel.id, { endDate: day(5) })],
      ['a plan lapsed', () => call(`/api/renewals/plans/${motor.id}/lapsed`, {})],
      [
        'a plan moved to another provider and service',
        policy(travel.id, { providerId: a.prov.home, serviceId: SERVICE_IDS.home }),
      ],
      [
        'an account removed',
        () =>
          t.db
            .update(investmentAccounts)
            .set({ deletedAt: new Date() })
            .where(eq(investmentAccounts.id, fd.id)),
      ],
      [
        'a client removed through the API',
        async () => {
          const res = await t.app.inject({
            method: 'DELETE',
            url: `/api/users/primary-clients/${meera.primaryClientId}`,
            headers: bearer(token),
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      ],
      ['a plan of the removed client edited', policy(health.id, { endDate: day(50) })],
      [
        'the client brought back',
        () =>
          t.db
            .update(primaryClients)
            .set({ deletedAt: null })
            .where(eq(primaryClients.id, meera.primaryClientId)),
      ],
      [
        'a plan deleted outright',
        () => t.db.delete(insurancePolicies).where(eq(insurancePolicies.id, life.id)),
      ],
    ];
    for (const [step, change] of steps) {
      await change();
      expect({ step, rows: await kept() }).toEqual({ step, rows: await counted() });
      expect({ step, counts: await counts() }).toEqual({ step, counts: await bucketsCounted() });
    }
    // The steps moved plans between buckets: the health plan's follow-up, then its client's return.
    expect((await counted()).length).toBeGreaterThan(1);
  });
});
