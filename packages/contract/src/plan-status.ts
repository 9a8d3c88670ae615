import { z } from 'zod';

// Plan status: one rule for the owner, the staff and the client (decisions §4, amended). The API decides it
// for every answer; the web app applies the same rule again when a day ends while a screen is open.

/** What a screen shows. Lapsed and Closed are the agency's own marks (renewals: a policy lapses, an account closes). */
export const PLAN_STATUSES = ['Active', 'Expired', 'Lapsed', 'Closed'] as const;
export const PlanStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof PlanStatusSchema>;

/** What the agency marked on the plan, as stored. */
export const PLAN_MARKS = ['active', 'renewed', 'lapsed', 'closed'] as const;
export type PlanMark = (typeof PLAN_MARKS)[number];

/** India's calendar date (YYYY-MM-DD) at an instant: IST is +05:30 all year, without daylight saving. */
export function indiaDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * Decisions §4: a plan marked lapsed or closed is shown so, whatever its end date; otherwise Expired once its
 * end date's day (in India) is over, else Active. No end date: Active. `mark` is the stored mark or a status
 * already shown (case does not matter), so an answer's 'Lapsed' stays Lapsed when it is checked again.
 */
export function planStatus(
  endDate: string | null,
  mark: string | null | undefined,
  today: string,
): PlanStatus {
  const marked = mark?.toLowerCase();
  if (marked === 'lapsed') return 'Lapsed';
  if (marked === 'closed') return 'Closed';
  return endDate !== null && endDate < today ? 'Expired' : 'Active';
}

/** Whether a status counts as in force (the client area's "Active" filter and figures). */
export const isPlanActive = (status: PlanStatus): boolean => status === 'Active';
