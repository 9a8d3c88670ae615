import { AlertSchema, planStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { addDays, formatIndianDate, todayInIndia } from '../../lib/dates.ts';
import { type AlertPlan, computeAlerts, subtypeFields } from './plan-rules.ts';

const TODAY = '2026-03-10';
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const plan = (over: Partial<AlertPlan>): AlertPlan => ({
  type: 'insurance',
  id: ID(1),
  planName: 'Plan',
  endDate: null,
  stored: 'active',
  hasNominee: true,
  ...over,
});

describe("planStatus (decisions §4) on the API's calendar day", () => {
  it('is Active through the whole end date in India, Expired from the next day', () => {
    // 2026-03-10 ends at 18:30 UTC (midnight in India).
    const lastSecond = todayInIndia(new Date('2026-03-10T18:29:59Z'));
    const nextDay = todayInIndia(new Date('2026-03-10T18:30:00Z'));
    expect(planStatus('2026-03-10', 'active', lastSecond)).toBe('Active');
    expect(planStatus('2026-03-10', 'active', nextDay)).toBe('Expired');
  });

  it('is Active without an end date, and Lapsed or Closed when the agency marked it so', () => {
    expect(planStatus(null, 'active', TODAY)).toBe('Active');
    expect(planStatus(null, 'renewed', TODAY)).toBe('Active');
    expect(planStatus('2030-01-01', 'lapsed', TODAY)).toBe('Lapsed');
    expect(planStatus(null, 'closed', TODAY)).toBe('Closed');
  });
});

describe('computeAlerts (decisions §4)', () => {
  const kinds = (plans: AlertPlan[]) => computeAlerts(plans, TODAY).map((a) => a.alert_id);

  it('gives an insurance alert from 30 days after the end date to 60 days before it, both included', () => {
    const at = (days: number) => plan({ id: ID(days + 100), endDate: addDays(TODAY, days) });
    expect(kinds([at(61)])).toEqual([]);
    expect(kinds([at(60)])).toEqual([`expiring:${ID(160)}`]);
    expect(kinds([at(0)])).toEqual([`expiring:${ID(100)}`]);
    expect(kinds([at(-30)])).toEqual([`expiring:${ID(70)}`]);
    expect(kinds([at(-31)])).toEqual([]);
  });

  it('says "expiring" in every insurance hint', () => {
    const alerts = computeAlerts(
      [60, 1, 0, -1, -30].map((d, i) => plan({ id: ID(i), endDate: addDays(TODAY, d) })),
      TODAY,
    );
    expect(alerts.map((a) => a.action_hint)).toEqual([
      'Renew now: the policy was expiring 30 days ago',
      'Renew now: the policy was expiring 1 day ago',
      'Policy expiring today: renew now',
      `Policy expiring in 1 day: renew before ${formatIndianDate(addDays(TODAY, 1))}`,
      `Policy expiring in 60 days: renew before ${formatIndianDate(addDays(TODAY, 60))}`,
    ]);
    for (const a of alerts) {
      expect(AlertSchema.parse(a).alert_type).toBe('insurance');
      expect(a.action_hint).toContain('expiring');
    }
  });

  it('gives an investment alert from today to 90 days before maturity, saying "maturity"', () => {
    const at = (days: number) =>
      plan({ type: 'investment', id: ID(days + 100), endDate: addDays(TODAY, days) });
    expect(kinds([at(91)])).toEqual([]);
    expect(kinds([at(-1)])).toEqual([]);
    const [a90] = computeAlerts([at(90)], TODAY);
    expect(a90).toMatchObject({
      alert_id: `maturity:${ID(190)}`,
      alert_type: 'investment',
      alert_date: addDays(TODAY, 90),
      action_hint: `Reaches maturity in 90 days, on ${formatIndianDate(addDays(TODAY, 90))}`,
    });
    expect(computeAlerts([at(0)], TODAY)[0]?.action_hint).toContain('maturity');
  });

  it('gives an `other` alert dated today for a plan in force without a nominee, not for an expired one', () => {
    const alerts = computeAlerts(
      [
        plan({ id: ID(1), hasNominee: false }),
        plan({ id: ID(2), hasNominee: false, endDate: addDays(TODAY, -1) }),
        plan({ id: ID(3), type: 'investment', hasNominee: false, stored: 'closed' }),
      ],
      TODAY,
    );
    expect(alerts.map((a) => [a.alert_id, a.alert_type, a.alert_date])).toEqual([
      [`expiring:${ID(2)}`, 'insurance', addDays(TODAY, -1)],
      [`nominee:${ID(1)}`, 'other', TODAY],
    ]);
  });

  it('leaves out date alerts of plans the agency marked renewed, lapsed or closed', () => {
    const end = addDays(TODAY, 10);
    expect(
      kinds([
        plan({ id: ID(1), endDate: end, stored: 'renewed' }),
        plan({ id: ID(2), endDate: end, stored: 'lapsed' }),
        plan({ id: ID(3), type: 'investment', endDate: end, stored: 'closed' }),
      ]),
    ).toEqual([]);
  });

  it('sorts soonest first, insurance before investment before other on one day', () => {
    const alerts = computeAlerts(
      [
        plan({ id: ID(1), type: 'investment', endDate: TODAY, hasNominee: false }),
        plan({ id: ID(2), endDate: addDays(TODAY, 5) }),
        plan({ id: ID(3), endDate: TODAY }),
      ],
      TODAY,
    );
    expect(alerts.map((a) => a.alert_id)).toEqual([
      `expiring:${ID(3)}`,
      `maturity:${ID(1)}`,
      `nominee:${ID(1)}`,
      `expiring:${ID(2)}`,
    ]);
  });
});

describe('subtypeFields (spec §3)', () => {
  it("keeps only the service's own scalar fields", () => {
    expect(subtypeFields('MOTOR', { rc_number: 'MH12', term: 1, pran: 'x', nested: { a: 1 } })).toEqual({
      rc_number: 'MH12',
      term: 1,
    });
    expect(subtypeFields('nps', { pran: '1100', folio_number: 'f' })).toEqual({ pran: '1100' });
    expect(subtypeFields('health', {})).toEqual({ insured_members: [] });
  });
});
