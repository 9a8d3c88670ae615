import {
  type InsurancePlanItem,
  type InvestmentPlanItem,
  indiaDate,
  type PlanStatus,
  planStatus as statusOn,
} from '@portal/contract';

// The client area's plan rules as the screens apply them: status at the day boundary (decisions §4, the
// contract's rule), the number and money labels (spec §2 Plan details, §3) and the plan search and filters
// (spec §5). Service and date labels are the contract's (plan-vocabulary.ts).

export type PlanItem = InsurancePlanItem | InvestmentPlanItem;

/**
 * Decisions §4, applied again now: the API's answer may be from before a day ended. A plan the API shows
 * Lapsed or Closed stays so, whatever its end date; else Expired once its end date's day in India is over.
 */
export function planStatus(
  plan: { end_date: string | null; status?: PlanStatus },
  now = new Date(),
): PlanStatus {
  // An answer already Expired stays Expired even on a device whose clock is behind.
  if (plan.status === 'Expired') return 'Expired';
  return statusOn(plan.end_date, plan.status, indiaDate(now));
}

export const planId = (plan: PlanItem): string =>
  plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id;

export const planMoney = (plan: PlanItem): string | null =>
  plan.plan_type === 'insurance' ? plan.premium_amount : plan.amount;

/** What the plan's number is called: a policy, a folio, a PRAN or an account (spec §3). */
export function numberLabel(plan: { plan_type: string; service_code: string }): string {
  if (plan.plan_type === 'insurance') return 'Policy No.';
  switch (plan.service_code.toLowerCase()) {
    case 'mutual_funds':
      return 'Folio No.';
    case 'nps':
      return 'PRAN';
    default:
      return 'Account No.';
  }
}

export const moneyLabel = (plan: { plan_type: string }) =>
  plan.plan_type === 'insurance' ? 'Premium Amount' : 'Amount';

/**
 * Spec §5: trimmed, case-insensitive, on provider name, service code or policy number; and on the plan name the
 * card shows under the provider ("Jeevan Anand"), which a client remembers before any number (issue 24 item 11).
 */
export function matchesSearch(
  plan: { provider_name: string; service_code: string; policy_number: string; plan_name: string },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [plan.provider_name, plan.service_code, plan.policy_number, plan.plan_name].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

/** 'expired' lists every plan no longer in force: Expired, Lapsed or Closed (decisions §4). */
export type StatusFilter = 'all' | 'active' | 'expired';

export interface PlanFilters {
  search: string;
  /** A service code, or 'all'. */
  type: string;
  status: StatusFilter;
}

export function filterPlans<T extends PlanItem>(
  plans: readonly T[],
  filters: PlanFilters,
  now = new Date(),
): T[] {
  return plans.filter((plan) => {
    if (filters.type !== 'all' && plan.service_code.toLowerCase() !== filters.type) return false;
    const active = planStatus(plan, now) === 'Active';
    if (filters.status !== 'all' && active !== (filters.status === 'active')) return false;
    return matchesSearch(plan, filters.search);
  });
}

/** The service codes present in a list, in first-seen order, for the type filter. */
export function serviceCodes(plans: readonly PlanItem[]): string[] {
  return [...new Set(plans.map((p) => p.service_code.toLowerCase()))];
}

/** The spec's download names (§7): the policy number, or the plan name of an investment, plus .pdf. */
export function documentFileName(plan: {
  plan_type: string;
  policy_number: string;
  plan_name: string;
}): string {
  return `${plan.plan_type === 'insurance' ? plan.policy_number : plan.plan_name}.pdf`;
}

/** Initials of a name: 'Priya Sharma' → 'PS'. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts.at(-1)![0]] : [parts[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}
