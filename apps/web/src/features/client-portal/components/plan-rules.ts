import type { InsurancePlanItem, InvestmentPlanItem, PlanStatus } from '@portal/contract';

// The client area's plan rules as the screens apply them: status at the day boundary (spec §4), the
// per-service labels (spec §2 Plan details, §3 subtype_fields) and the plan search and filters (spec §5).

export type PlanItem = InsurancePlanItem | InvestmentPlanItem;

/** The last instant of a calendar date in India (IST has no daylight saving: +05:30 all year). */
export function endOfIndianDay(date: string): Date {
  return new Date(`${date}T23:59:59.999+05:30`);
}

/**
 * Spec §4: Expired once the end date, to the end of that day, is before now; else Active. A plan the API
 * already calls Expired (the agency marked it lapsed or closed) stays Expired. No end date: Active.
 */
export function planStatus(
  plan: { end_date: string | null; status?: PlanStatus },
  now = new Date(),
): PlanStatus {
  if (plan.status === 'Expired') return 'Expired';
  if (!plan.end_date) return 'Active';
  return endOfIndianDay(plan.end_date).getTime() < now.getTime() ? 'Expired' : 'Active';
}

export const planId = (plan: PlanItem): string =>
  plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id;

export const planMoney = (plan: PlanItem): string | null =>
  plan.plan_type === 'insurance' ? plan.premium_amount : plan.amount;

const SERVICE_LABELS: Record<string, string> = {
  life: 'Life Insurance',
  health: 'Health Insurance',
  motor: 'Motor Insurance',
  travel: 'Travel Insurance',
  home: 'Home Insurance',
  mutual_funds: 'Mutual Funds',
  nps: 'NPS',
  postoffice: 'Post Office',
};

/** 'life' or 'LIFE' → 'Life Insurance'; an unknown code reads as its words. */
export function serviceLabel(code: string): string {
  const key = code.toLowerCase();
  return (
    SERVICE_LABELS[key] ??
    key
      .split('_')
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** Date labels by service (spec §2): life's commencement and maturity, NPS's last contribution. */
export function dateLabels(serviceCode: string): { start: string; end: string; endShort: string } {
  switch (serviceCode.toLowerCase()) {
    case 'life':
      return { start: 'Date of Commencement', end: 'Date of Maturity', endShort: 'Maturity Date' };
    case 'nps':
      return { start: 'Start Date', end: 'Last Contribution Date', endShort: 'Last Contribution Date' };
    default:
      return { start: 'Start Date', end: 'End Date', endShort: 'End Date' };
  }
}

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

/** Spec §5: trimmed, case-insensitive, on provider name, service code or policy number. */
export function matchesSearch(
  plan: { provider_name: string; service_code: string; policy_number: string },
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [plan.provider_name, plan.service_code, plan.policy_number].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

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
    if (filters.status !== 'all' && planStatus(plan, now).toLowerCase() !== filters.status) return false;
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
