import { describe, expect, it } from 'vitest';
import { indiaDate, PlanStatusSchema, planStatus } from './plan-status.ts';

describe('planStatus (decisions §4)', () => {
  const today = '2025-06-15';

  it('is Active until the end date is over, Expired the day after, Active without an end date', () => {
    expect(planStatus('2025-06-15', 'active', today)).toBe('Active');
    expect(planStatus('2025-06-14', 'active', today)).toBe('Expired');
    expect(planStatus(null, 'active', today)).toBe('Active');
    expect(planStatus('2025-06-14', 'renewed', today)).toBe('Expired');
  });

  it('shows a plan marked lapsed as Lapsed even when its end date is still ahead', () => {
    expect(planStatus('2026-01-31', 'lapsed', today)).toBe('Lapsed');
    expect(planStatus('2025-01-31', 'lapsed', today)).toBe('Lapsed');
    expect(planStatus(null, 'lapsed', today)).toBe('Lapsed');
  });

  it('shows a plan marked closed as Closed whatever its end date', () => {
    expect(planStatus('2026-01-31', 'closed', today)).toBe('Closed');
    expect(planStatus(null, 'closed', today)).toBe('Closed');
  });

  it('keeps a status already shown when it is applied again (the web app at the day boundary)', () => {
    expect(planStatus('2026-01-31', 'Lapsed', today)).toBe('Lapsed');
    expect(planStatus('2026-01-31', 'Closed', today)).toBe('Closed');
    expect(planStatus('2025-06-14', 'Active', today)).toBe('Expired');
    expect(planStatus('2025-06-15', undefined, today)).toBe('Active');
  });

  it('answers only values the response schemas accept', () => {
    for (const mark of ['active', 'renewed', 'lapsed', 'closed']) {
      expect(PlanStatusSchema.safeParse(planStatus('2025-01-01', mark, today)).success).toBe(true);
    }
  });
});

describe('indiaDate', () => {
  it("is India's calendar date: 18:29:59 UTC is still that day there, 18:30 the next", () => {
    expect(indiaDate(new Date('2025-06-15T18:29:59.999Z'))).toBe('2025-06-15');
    expect(indiaDate(new Date('2025-06-15T18:30:00.000Z'))).toBe('2025-06-16');
  });
});
