import { describe, expect, it } from 'vitest';
import { premiumModeOf } from './premium-modes.ts';
import {
  addMonths,
  annualise,
  dueDatesPaid,
  initialNextDue,
  instalmentsUpTo,
  isSip,
  nextDueAfter,
  type PlanForSchedule,
  planPremiumMode,
  premiumDueApart,
  premiumDuesOf,
  premiumStanding,
  scheduleOf,
} from './premium-schedule.ts';

const life = (
  mode: string,
  start: string,
  ppt = 10,
  fields: Record<string, unknown> = {},
): PlanForSchedule => ({
  category: 'insurance',
  serviceCode: 'life',
  startDate: start,
  endDate: '2050-01-01',
  subtypeFields: { mode, ppt, term: 20, ...fields },
});

describe('money per year (decisions §4)', () => {
  it('annualises by mode exactly', () => {
    expect(annualise('2000.00', 'Monthly')).toBe('24000.00');
    expect(annualise('12500.50', 'Half-yearly')).toBe('25001.00');
    expect(annualise('3333.33', 'Quarterly')).toBe('13333.32');
    expect(annualise('40000.00', 'Yearly')).toBe('40000.00');
  });

  it('counts a single premium 0 a year', () => {
    expect(annualise('500000.00', 'Single premium')).toBe('0.00');
  });

  it('reads the spellings agencies type, and unreadable text as Yearly', () => {
    expect(premiumModeOf('half yearly')).toBe('Half-yearly');
    expect(premiumModeOf('Monthly (ECS)')).toBe('Monthly');
    expect(premiumModeOf('QLY')).toBe('Quarterly');
    expect(premiumModeOf('Single Premium')).toBe('Single premium');
    expect(premiumModeOf('whenever')).toBe('Yearly');
    expect(premiumModeOf(undefined)).toBe('Yearly');
  });
});

describe('month arithmetic', () => {
  it('clamps to the end of a shorter month and goes back to the day after it', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
});

describe('the schedule of a plan', () => {
  it('falls due monthly from 31 January on each month end, never drifting', () => {
    const s = scheduleOf(life('Monthly', '2026-01-31'));
    expect(dueDatesPaid(s, '2026-02-28', 3)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(nextDueAfter(s, '2026-02-28', 3)).toBe('2026-05-31');
  });

  it('takes premiums before today as paid for a plan recorded without payments', () => {
    const yearly = scheduleOf(life('Yearly', '2020-03-10'));
    expect(initialNextDue(yearly, '2026-06-01')).toBe('2027-03-10');
    expect(initialNextDue(yearly, '2026-03-10')).toBe('2026-03-10');
    const half = scheduleOf(life('Half-yearly', '2024-08-31'));
    expect(initialNextDue(half, '2026-03-01')).toBe('2026-08-31');
    expect(initialNextDue(half, '2026-02-27')).toBe('2026-02-28');
  });

  it('never makes the first premium, paid at the start, due again', () => {
    const s = scheduleOf(life('Quarterly', '2026-05-01'));
    expect(initialNextDue(s, '2026-05-01')).toBe('2026-08-01');
    expect(initialNextDue(s, '2026-04-01')).toBe('2026-08-01');
  });

  it('is paid up after the premium-paying term', () => {
    const s = scheduleOf(life('Yearly', '2010-04-01', 10));
    expect(s.instalments).toBe(10);
    expect(initialNextDue(s, '2026-01-01')).toBeNull();
    expect(premiumStanding(s, null, '2026-01-01').state).toBe('paid_up');
    const paying = scheduleOf(life('Yearly', '2017-04-01', 10));
    expect(initialNextDue(paying, '2026-01-01')).toBe('2026-04-01');
    expect(nextDueAfter(paying, '2026-04-01', 1)).toBeNull();
  });

  it('counts the instalments up to a due date', () => {
    const s = scheduleOf(life('Monthly', '2026-01-15'));
    expect(instalmentsUpTo(s, '2026-03-15', '2026-05-15')).toBe(3);
    expect(instalmentsUpTo(s, '2026-03-15', '2026-05-14')).toBe(2);
    expect(instalmentsUpTo(s, '2026-03-15', '2026-03-14')).toBe(0);
  });

  it('has nothing due on a single-premium policy', () => {
    const s = scheduleOf(life('Single premium', '2024-01-01'));
    expect(s.kind).toBe('single');
    expect(initialNextDue(s, '2026-01-01')).toBeNull();
    expect(premiumStanding(s, null, '2026-01-01').state).toBe('single_premium');
  });

  it('renews health, motor, travel and home cover yearly at the end date', () => {
    const s = scheduleOf({
      category: 'insurance',
      serviceCode: 'health',
      startDate: '2025-07-01',
      endDate: '2026-06-30',
      subtypeFields: {},
    });
    expect(s.kind).toBe('renewal');
    expect(s.mode).toBe('Yearly');
    expect(initialNextDue(s, '2026-01-01')).toBe('2026-06-30');
    expect(nextDueAfter(s, '2026-06-30', 1)).toBe('2027-06-30');
  });

  it('makes a post-office RD monthly for its term', () => {
    const s = scheduleOf({
      category: 'investment',
      serviceCode: 'postoffice',
      startDate: '2025-01-10',
      endDate: '2030-01-10',
      subtypeFields: { scheme_name: 'Recurring Deposit (RD)', term: 5 },
    });
    expect(s.mode).toBe('Monthly');
    expect(s.instalments).toBe(60);
    expect(initialNextDue(s, '2026-03-11')).toBe('2026-04-10');
    expect(nextDueAfter(s, '2029-12-10', 1)).toBeNull();
  });

  it('has no dues on a lump sum, NPS or a time deposit', () => {
    const lumpSum = scheduleOf({
      category: 'investment',
      serviceCode: 'mutual_funds',
      startDate: '2025-01-10',
      endDate: null,
      subtypeFields: { investment_mode: 'lump_sum' },
    });
    expect(lumpSum.kind).toBe('none');
    expect(premiumStanding(lumpSum, null, '2026-01-01').state).toBe('none');
    expect(
      planPremiumMode({
        category: 'investment',
        serviceCode: 'nps',
        subtypeFields: { pran: '110000000001' },
      }),
    ).toBe('Single premium');
  });

  it('reads a renewing cover’s own mode for its premium per year, still due at its end date (decision 041)', () => {
    const plan = {
      category: 'insurance' as const,
      serviceCode: 'health',
      startDate: '2026-03-12',
      endDate: '2027-03-11',
      subtypeFields: { mode: 'Monthly' },
    };
    const s = scheduleOf(plan);
    expect(s.kind).toBe('renewal');
    expect(s.mode).toBe('Monthly');
    expect(initialNextDue(s, '2026-04-01')).toBe('2027-03-11');
    expect(
      premiumDuesOf({ ...plan, nextDueDate: '2027-03-11', money: '1500.00' }, '2026-04-01'),
    ).toMatchObject({ premium_mode: 'Monthly', annual_premium: '18000.00', next_due_date: '2027-03-11' });
    expect(planPremiumMode({ ...plan, subtypeFields: {} })).toBe('Yearly');
  });

  it('takes a SIP on its day 31 as the last day of February, open-ended', () => {
    const s = scheduleOf({
      category: 'investment',
      serviceCode: 'mutual_funds',
      startDate: '2026-01-05',
      endDate: null,
      subtypeFields: { investment_mode: 'sip', sip_day: 31, sip_amount: '5000.00' },
    });
    expect(s.firstDue).toBe('2026-01-31');
    expect(dueDatesPaid(s, '2026-01-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(initialNextDue(s, '2026-02-01')).toBe('2026-02-28');
    expect(nextDueAfter(s, '2030-12-31', 120)).toBe('2040-12-31');
  });

  it('starts a SIP the next month when its day has passed, and stops at its end date', () => {
    const s = scheduleOf({
      category: 'investment',
      serviceCode: 'mutual_funds',
      startDate: '2026-01-20',
      endDate: '2026-05-01',
      subtypeFields: { investment_mode: 'sip', sip_day: 10, sip_amount: '5000.00' },
    });
    expect(s.firstDue).toBe('2026-02-10');
    expect(nextDueAfter(s, '2026-03-10', 1)).toBe('2026-04-10');
    expect(nextDueAfter(s, '2026-04-10', 1)).toBeNull();
  });
});

describe('where a plan stands on a day', () => {
  const yearly = scheduleOf(life('Yearly', '2020-03-10'));
  const monthly = scheduleOf(life('Monthly', '2020-03-10'));

  it('is up to date until the due date, in grace for 30 days after (15 monthly), then lapsed', () => {
    expect(premiumStanding(yearly, '2026-03-10', '2026-03-10').state).toBe('due');
    expect(premiumStanding(yearly, '2026-03-10', '2026-03-11')).toEqual({
      state: 'grace',
      next_due_date: '2026-03-10',
      grace_until: '2026-04-09',
      revival_until: null,
    });
    expect(premiumStanding(yearly, '2026-03-10', '2026-04-09').state).toBe('grace');
    expect(premiumStanding(yearly, '2026-03-10', '2026-04-10').state).toBe('lapsed');
    expect(premiumStanding(monthly, '2026-03-10', '2026-03-25').state).toBe('grace');
    expect(premiumStanding(monthly, '2026-03-10', '2026-03-26').state).toBe('lapsed');
  });

  it('gives a lapsed life policy two years from its first unpaid premium to be revived', () => {
    expect(premiumStanding(yearly, '2024-02-29', '2026-01-01')).toEqual({
      state: 'lapsed',
      next_due_date: '2024-02-29',
      grace_until: '2024-03-30',
      revival_until: '2026-02-28',
    });
  });

  it('gives lapsed cover other than life no revival', () => {
    const health = scheduleOf({
      category: 'insurance',
      serviceCode: 'motor',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      subtypeFields: {},
    });
    expect(premiumStanding(health, '2025-12-31', '2026-03-01')).toMatchObject({
      state: 'lapsed',
      revival_until: null,
    });
  });
});

describe('premiumDueApart and isSip (decision 040)', () => {
  it("is the next due date unless it is the plan's end date (a renewing cover's renewal)", () => {
    expect(premiumDueApart({ nextDueDate: '2026-12-05', endDate: '2040-12-05' })).toBe('2026-12-05');
    expect(premiumDueApart({ nextDueDate: '2026-12-05', endDate: null })).toBe('2026-12-05');
    expect(premiumDueApart({ nextDueDate: '2026-12-05', endDate: '2026-12-05' })).toBeNull();
    expect(premiumDueApart({ nextDueDate: null, endDate: '2026-12-05' })).toBeNull();
  });

  it('tells a SIP from other investments', () => {
    const sip = { category: 'investment' as const, serviceCode: 'mutual_funds' };
    expect(isSip({ ...sip, subtypeFields: { investment_mode: 'sip', sip_day: 5 } })).toBe(true);
    expect(isSip({ ...sip, subtypeFields: { investment_mode: 'lumpsum' } })).toBe(false);
    expect(isSip({ category: 'investment', serviceCode: 'postoffice', subtypeFields: {} })).toBe(false);
  });
});
