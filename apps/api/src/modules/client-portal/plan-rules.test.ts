import { AlertSchema, planStatus } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { addDays, formatIndianDate, todayInIndia } from '../../lib/dates.ts';
import { type AlertClaim, type AlertPlan, claimAlert, computeAlerts, subtypeFields } from './plan-rules.ts';

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

describe('premium alerts (decision 040)', () => {
  const lifeDue = (n: number, nextDueDate: string, over: Partial<AlertPlan> = {}) =>
    plan({
      id: ID(n),
      planName: 'Jeevan Anand',
      endDate: '2045-03-25',
      premium: {
        serviceCode: 'life',
        startDate: '2020-03-25',
        subtypeFields: { mode: 'Yearly', ppt: 20 },
        nextDueDate,
      },
      ...over,
    });

  it('lists a premium due within 60 days of a policy as an insurance alert saying "due", neither red nor green', () => {
    const alerts = computeAlerts([lifeDue(1, '2026-03-25'), lifeDue(2, addDays(TODAY, 61))], TODAY);
    expect(alerts).toEqual([
      {
        alert_id: `premium:${ID(1)}`,
        alert_type: 'insurance',
        title: 'Premium due',
        plan_name: 'Jeevan Anand',
        alert_date: '2026-03-25',
        action_hint: 'Premium due on 25 Mar 2026',
        reference_id: ID(1),
        text: { kind: 'premium_due', params: { date: '2026-03-25' } },
      },
    ]);
    expect(computeAlerts([lifeDue(3, addDays(TODAY, 60))], TODAY)).toHaveLength(1);
    expect(computeAlerts([lifeDue(4, TODAY)], TODAY)[0]?.action_hint).toBe('Premium due today');
    for (const a of alerts) {
      expect(AlertSchema.parse(a).action_hint).toContain('due');
      expect(a.action_hint).not.toMatch(/expiring|maturity/);
    }
  });

  it('says when a missed premium is in its grace period, then lapsed for 30 days more', () => {
    const hints = (next: string) =>
      computeAlerts([lifeDue(1, next)], TODAY).map((a) => [a.title, a.action_hint]);
    // Due 01 Mar, a yearly premium: 30 days of grace, to 31 Mar.
    expect(hints('2026-03-01')).toEqual([
      ['Premium overdue', 'Premium overdue since 01 Mar 2026: pay by 31 Mar 2026 to keep the cover'],
    ]);
    // Due 15 Jan: grace ended 14 Feb, 24 days ago.
    expect(hints('2026-01-15')).toEqual([
      [
        'Premium unpaid: policy lapsed',
        'Premium overdue since 15 Jan 2026 and the grace period has ended: ask your agent about reviving the policy',
      ],
    ]);
    // Due 01 Dec: grace ended 31 Dec, more than 30 days ago.
    expect(hints('2025-12-01')).toEqual([]);
    // A monthly premium has 15 days of grace.
    const monthly = lifeDue(2, '2026-02-20', {
      premium: {
        serviceCode: 'life',
        startDate: '2020-03-20',
        subtypeFields: { mode: 'Monthly' },
        nextDueDate: '2026-02-20',
      },
    });
    expect(computeAlerts([monthly], TODAY)[0]?.action_hint).toBe(
      'Premium overdue since 20 Feb 2026 and the grace period has ended: ask your agent about reviving the policy',
    );
  });

  it('keeps a renewing cover whose premium is due on its end date one alert, its expiry', () => {
    const end = addDays(TODAY, 20);
    const health = plan({
      id: ID(5),
      endDate: end,
      premium: { serviceCode: 'health', startDate: addDays(end, -364), subtypeFields: {}, nextDueDate: end },
    });
    expect(kindsOf([health])).toEqual([`expiring:${ID(5)}`]);
  });

  it("lists an RD's instalment within 90 days as an investment alert, and no SIP's", () => {
    const rd = plan({
      type: 'investment',
      id: ID(6),
      planName: 'Recurring Deposit',
      endDate: '2029-01-05',
      premium: {
        serviceCode: 'postoffice',
        startDate: '2024-01-05',
        subtypeFields: { scheme_name: 'Recurring Deposit (RD)', term: 5 },
        nextDueDate: '2026-04-05',
      },
    });
    const sip = plan({
      type: 'investment',
      id: ID(7),
      premium: {
        serviceCode: 'mutual_funds',
        startDate: '2024-01-05',
        subtypeFields: { investment_mode: 'sip', sip_day: 5 },
        nextDueDate: '2026-03-05',
      },
    });
    expect(computeAlerts([rd, sip], TODAY).map((a) => [a.alert_id, a.alert_type, a.action_hint])).toEqual([
      [`premium:${ID(6)}`, 'investment', 'Instalment due on 05 Apr 2026'],
    ]);
  });

  it('gives none for a plan the agency marked lapsed or closed, or one paid up', () => {
    expect(kindsOf([lifeDue(1, '2026-03-25', { stored: 'lapsed' })])).toEqual([]);
    expect(
      kindsOf([
        lifeDue(2, '2026-03-25', {
          premium: { serviceCode: 'life', startDate: '2020-03-25', subtypeFields: {}, nextDueDate: null },
        }),
      ]),
    ).toEqual([]);
  });
});

const kindsOf = (plans: AlertPlan[]) => computeAlerts(plans, TODAY).map((a) => a.alert_id);

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

/** A claim on the family floater HLT-1, intimated today, with `over` changed. */
const claim = (over: Partial<AlertClaim>): AlertClaim => ({
  id: ID(7),
  planId: ID(8),
  planName: 'Family Floater',
  status: 'intimated',
  statusOn: TODAY,
  insurerClaimNumber: null,
  planNumber: 'HLT-1',
  claimedAmount: null,
  approvedAmount: null,
  settledAmount: null,
  ...over,
});

describe('a claim’s alert (issue 28 item 5)', () => {
  it('is given for a step of the last 30 days, naming the step’s amount', () => {
    expect(claimAlert(claim({ statusOn: addDays(TODAY, -31) }), TODAY)).toBeNull();
    expect(claimAlert(claim({ statusOn: addDays(TODAY, -30) }), TODAY)?.action_hint).toBe(
      `Claim on policy HLT-1: intimated (${formatIndianDate(addDays(TODAY, -30))})`,
    );
    const settled = claimAlert(
      claim({
        status: 'settled',
        insurerClaimNumber: '123/ABC',
        claimedAmount: '50000.00',
        approvedAmount: '45000.00',
        settledAmount: '44500.50',
      }),
      TODAY,
    );
    expect(AlertSchema.parse(settled)).toMatchObject({
      alert_type: 'insurance',
      title: 'Claim settled',
      action_hint: 'Claim 123/ABC: settled, ₹44,500.50 (10 Mar 2026)',
      reference_id: ID(8),
    });
  });

  it('never says expiring or maturity, whatever the status', () => {
    for (const status of ['intimated', 'query_raised', 'partly_approved', 'rejected', 'closed'] as const) {
      expect(claimAlert(claim({ status, approvedAmount: '10.00' }), TODAY)?.action_hint).not.toMatch(
        /expiring|maturity/i,
      );
    }
  });
});

describe("alerts' words for the client's language (issue 30, decision 048)", () => {
  it('give each plan alert a kind and its values: days as numbers, dates as ISO days', () => {
    const soon = plan({ id: ID(1), type: 'insurance', endDate: addDays(TODAY, 20), hasNominee: false });
    const today = plan({ id: ID(2), type: 'insurance', endDate: TODAY });
    const past = plan({ id: ID(3), type: 'insurance', endDate: addDays(TODAY, -4) });
    const maturing = plan({ id: ID(4), type: 'investment', endDate: addDays(TODAY, 45) });
    const texts = computeAlerts([soon, today, past, maturing], TODAY).map((a) => [a.alert_id, a.text]);
    expect(texts).toEqual(
      expect.arrayContaining([
        [`expiring:${ID(1)}`, { kind: 'policy_renewal_due', params: { days: 20, date: addDays(TODAY, 20) } }],
        [`nominee:${ID(1)}`, { kind: 'nominee_missing', params: {} }],
        [`expiring:${ID(2)}`, { kind: 'policy_expiring_today', params: {} }],
        [`expiring:${ID(3)}`, { kind: 'policy_expired', params: { days: 4 } }],
        [`maturity:${ID(4)}`, { kind: 'maturity_soon', params: { days: 45, date: addDays(TODAY, 45) } }],
      ]),
    );
  });

  it("gives a claim's alert its number, status code, day and amount", () => {
    const settled = claimAlert(
      claim({ status: 'settled', insurerClaimNumber: 'CLM/9', settledAmount: '45000.00', statusOn: TODAY }),
      TODAY,
    );
    expect(settled?.text).toEqual({
      kind: 'claim_numbered',
      params: { number: 'CLM/9', status: 'settled', date: TODAY, amount: '45000.00' },
    });
    const noNumber = claimAlert(
      claim({ status: 'submitted', insurerClaimNumber: null, statusOn: TODAY }),
      TODAY,
    );
    expect(noNumber?.text?.kind).toBe('claim_on_policy');
    expect(noNumber?.text?.params).not.toHaveProperty('amount');
  });
});
