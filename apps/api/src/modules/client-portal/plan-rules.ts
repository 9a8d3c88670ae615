import {
  ALERT_INVESTMENT_MATURITY_DAYS,
  ALERT_POLICY_EXPIRED_DAYS,
  ALERT_POLICY_EXPIRING_DAYS,
  type Alert,
  type InsuredMember,
  type PlanMark,
  type PlanType,
  planFieldOrder,
  planStatus,
  type SubtypeFields,
} from '@portal/contract';
import { daysBetween, formatIndianDate } from '../../lib/dates.ts';

// The client area's pure rules: the per-service fields (spec §3) and the alerts (decisions §4); plan status is
// the contract's (decisions §4). Dates are India's calendar dates (YYYY-MM-DD), so "today" is passed in and tests
// are exact.

type Scalar = string | number | boolean | null;
const isScalar = (v: unknown): v is Scalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * Only the fields of the plan's own service (spec §3), scalar values only; a service an admin added later
 * shows whichever known fields it has. Health policies list their insured members.
 */
export function subtypeFields(
  serviceCode: string,
  stored: Record<string, unknown>,
  extra: { sumAssured?: string | null; insuredMembers?: InsuredMember[] } = {},
): SubtypeFields {
  const code = serviceCode.toLowerCase();
  const keys = planFieldOrder(code);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = stored[key];
    if (isScalar(value)) out[key] = value;
  }
  // The policy's own sum_assured column fills in when the per-service fields lack it.
  if (keys.includes('sum_assured') && out.sum_assured == null && extra.sumAssured) {
    out.sum_assured = extra.sumAssured;
  }
  if (code === 'health') out.insured_members = extra.insuredMembers ?? [];
  return out as SubtypeFields;
}

export interface AlertPlan {
  type: PlanType;
  id: string;
  planName: string;
  endDate: string | null;
  stored: PlanMark;
  hasNominee: boolean;
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const TYPE_ORDER = { insurance: 0, investment: 1, other: 2 } as const;

/**
 * Decisions §4. Insurance: end date from 30 days ago to 60 days ahead (both ends included) → an alert whose
 * hint says "expiring". Investment: maturity from today to 90 days ahead → hint says "maturity". Any plan in
 * force without a nominee → an `other` alert dated today. Only plans the agency has not marked renewed,
 * lapsed or closed get date alerts. Soonest first.
 */
export function computeAlerts(plans: AlertPlan[], today: string): Alert[] {
  const alerts: Alert[] = [];
  for (const p of plans) {
    const left = p.endDate === null ? null : daysBetween(today, p.endDate);
    if (p.stored === 'active' && p.endDate !== null && left !== null) {
      if (
        p.type === 'insurance' &&
        left <= ALERT_POLICY_EXPIRING_DAYS &&
        left >= -ALERT_POLICY_EXPIRED_DAYS
      ) {
        alerts.push({
          alert_id: `expiring:${p.id}`,
          alert_type: 'insurance',
          title: left < 0 ? 'Policy expired' : 'Policy renewal due',
          plan_name: p.planName,
          alert_date: p.endDate,
          action_hint:
            left > 0
              ? `Policy expiring in ${days(left)}: renew before ${formatIndianDate(p.endDate)}`
              : left === 0
                ? 'Policy expiring today: renew now'
                : `Renew now: the policy was expiring ${days(-left)} ago`,
          reference_id: p.id,
        });
      }
      if (p.type === 'investment' && left >= 0 && left <= ALERT_INVESTMENT_MATURITY_DAYS) {
        alerts.push({
          alert_id: `maturity:${p.id}`,
          alert_type: 'investment',
          title: 'Investment maturing',
          plan_name: p.planName,
          alert_date: p.endDate,
          action_hint:
            left === 0
              ? 'Reaches maturity today'
              : `Reaches maturity in ${days(left)}, on ${formatIndianDate(p.endDate)}`,
          reference_id: p.id,
        });
      }
    }
    if (!p.hasNominee && planStatus(p.endDate, p.stored, today) === 'Active') {
      alerts.push({
        alert_id: `nominee:${p.id}`,
        alert_type: 'other',
        title: 'Nominee missing',
        plan_name: p.planName,
        alert_date: today,
        action_hint: 'No nominee on record: ask your agent to add one',
        reference_id: p.id,
      });
    }
  }
  return alerts.sort(
    (a, b) =>
      a.alert_date.localeCompare(b.alert_date) ||
      TYPE_ORDER[a.alert_type] - TYPE_ORDER[b.alert_type] ||
      a.alert_id.localeCompare(b.alert_id),
  );
}
