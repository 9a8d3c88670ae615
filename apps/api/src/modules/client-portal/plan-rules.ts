import {
  ALERT_CLAIM_DAYS,
  ALERT_INVESTMENT_MATURITY_DAYS,
  ALERT_POLICY_EXPIRED_DAYS,
  ALERT_POLICY_EXPIRING_DAYS,
  type Alert,
  CLAIM_STATUS_LABELS,
  type ClaimStatus,
  type InsuredMember,
  isSip,
  type PlanMark,
  type PlanType,
  planFieldOrder,
  planStatus,
  premiumDueApart,
  premiumStanding,
  type SubtypeFields,
  scheduleOf,
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
  /** What the plan's premium dues are made of (decision 040); without it no premium alert is given. */
  premium?: {
    serviceCode: string;
    startDate: string | null;
    subtypeFields: Record<string, unknown>;
    nextDueDate: string | null;
  };
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
const TYPE_ORDER = { insurance: 0, investment: 1, other: 2 } as const;

/**
 * Decision 040: the plan's next premium (a life policy's; an RD's instalment) when it is not its end date.
 * Due within the plan's alert horizon (60 days for a policy, 90 for an investment) → "Premium due on …"; missed
 * and in its grace period → "Premium overdue since …: pay by …"; past grace → "overdue since …" with what to do,
 * for 30 days more. A renewing cover's due on its end date is its expiry alert, and a SIP (a bank mandate's
 * debit) gives none. Every hint says "due" and never "expiring" or "maturity" (the spec's colours).
 */
function premiumAlert(p: AlertPlan, today: string): Alert | null {
  if (!p.premium || p.stored !== 'active') return null;
  const plan = {
    category: p.type,
    serviceCode: p.premium.serviceCode.toLowerCase(),
    startDate: p.premium.startDate ?? p.endDate ?? today,
    endDate: p.endDate,
    subtypeFields: p.premium.subtypeFields,
  };
  const due = premiumDueApart({ nextDueDate: p.premium.nextDueDate, endDate: p.endDate });
  if (due === null || isSip(plan)) return null;
  const standing = premiumStanding(scheduleOf(plan), due, today);
  const what = p.type === 'insurance' ? 'Premium' : 'Instalment';
  const base = {
    alert_id: `premium:${p.id}`,
    alert_type: p.type,
    plan_name: p.planName,
    alert_date: due,
    reference_id: p.id,
  };
  const on = formatIndianDate(due);
  if (standing.state === 'due') {
    const left = daysBetween(today, due);
    const horizon = p.type === 'insurance' ? ALERT_POLICY_EXPIRING_DAYS : ALERT_INVESTMENT_MATURITY_DAYS;
    if (left > horizon) return null;
    const kind = p.type === 'insurance' ? 'premium' : 'instalment';
    return {
      ...base,
      title: `${what} due`,
      action_hint: left === 0 ? `${what} due today` : `${what} due on ${on}`,
      text:
        left === 0
          ? { kind: `${kind}_due_today`, params: {} }
          : { kind: `${kind}_due`, params: { date: due } },
    };
  }
  if (standing.state === 'grace' && standing.grace_until) {
    return {
      ...base,
      title: `${what} overdue`,
      action_hint: `${what} overdue since ${on}: pay by ${formatIndianDate(standing.grace_until)}${p.type === 'insurance' ? ' to keep the cover' : ''}`,
      text: {
        kind: p.type === 'insurance' ? 'premium_overdue' : 'instalment_overdue',
        params: { date: due, until: standing.grace_until },
      },
    };
  }
  if (
    standing.state === 'lapsed' &&
    standing.grace_until &&
    daysBetween(standing.grace_until, today) <= ALERT_POLICY_EXPIRED_DAYS
  ) {
    return {
      ...base,
      title: p.type === 'insurance' ? 'Premium unpaid: policy lapsed' : 'Instalment missed',
      action_hint:
        p.type === 'insurance'
          ? `Premium overdue since ${on} and the grace period has ended: ask your agent about reviving the policy`
          : `Instalment overdue since ${on} and the grace period has ended: ask your agent how to continue`,
      text: { kind: p.type === 'insurance' ? 'premium_lapsed' : 'instalment_missed', params: { date: due } },
    };
  }
  return null;
}

/**
 * Decisions §4. Insurance: end date from 30 days ago to 60 days ahead (both ends included) → an alert whose
 * hint says "expiring". Investment: maturity from today to 90 days ahead → hint says "maturity". Any plan in
 * force without a nominee → an `other` alert dated today. A premium due apart from the end date → an alert of
 * the plan's type (`premiumAlert`, decision 040). Only plans the agency has not marked renewed, lapsed or closed
 * get date alerts. Soonest first.
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
          text:
            left > 0
              ? { kind: 'policy_renewal_due', params: { days: left, date: p.endDate } }
              : left === 0
                ? { kind: 'policy_expiring_today', params: {} }
                : { kind: 'policy_expired', params: { days: -left } },
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
          text:
            left === 0
              ? { kind: 'maturity_today', params: {} }
              : { kind: 'maturity_soon', params: { days: left, date: p.endDate } },
        });
      }
    }
    const premium = premiumAlert(p, today);
    if (premium) alerts.push(premium);
    if (!p.hasNominee && planStatus(p.endDate, p.stored, today) === 'Active') {
      alerts.push({
        alert_id: `nominee:${p.id}`,
        alert_type: 'other',
        title: 'Nominee missing',
        plan_name: p.planName,
        alert_date: today,
        action_hint: 'No nominee on record: ask your agent to add one',
        reference_id: p.id,
        text: { kind: 'nominee_missing', params: {} },
      });
    }
  }
  return sortAlerts(alerts);
}

/** Soonest first; on one day insurance, investment, other; then by id. */
export function sortAlerts(alerts: Alert[]): Alert[] {
  return alerts.sort(
    (a, b) =>
      a.alert_date.localeCompare(b.alert_date) ||
      TYPE_ORDER[a.alert_type] - TYPE_ORDER[b.alert_type] ||
      a.alert_id.localeCompare(b.alert_id),
  );
}

const WHOLE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹45,000 or ₹45,000.50: the client's alerts speak in whole rupees when the paise are nought. */
export function rupeesOf(amount: string): string {
  const value = Number.parseFloat(amount);
  return `₹${(Number.isInteger(value) ? WHOLE : PAISE).format(value)}`;
}

export interface AlertClaim {
  id: string;
  planId: string;
  planName: string;
  status: ClaimStatus;
  /** The day of the latest step (the intimation's for a new claim). */
  statusOn: string;
  insurerClaimNumber: string | null;
  planNumber: string;
  claimedAmount: string | null;
  approvedAmount: string | null;
  settledAmount: string | null;
}

/**
 * Issue 28 item 5: a claim intimated or moved to another status within the last ALERT_CLAIM_DAYS days → an
 * insurance alert dated that day, e.g. "Claim 123/ABC: approved, ₹45,000 (12 Nov 2026)"; the amount is the one
 * the step records (claimed, approved or settled). Its id names the claim (`claim:{id}`), its reference the
 * plan. The hint never says "expiring" or "maturity" (the spec's colours are for plans' dates).
 */
export function claimAlert(c: AlertClaim, today: string): Alert | null {
  const ago = daysBetween(c.statusOn, today);
  if (ago < 0 || ago > ALERT_CLAIM_DAYS) return null;
  const amount =
    c.status === 'settled'
      ? c.settledAmount
      : c.status === 'approved' || c.status === 'partly_approved'
        ? c.approvedAmount
        : c.status === 'intimated'
          ? c.claimedAmount
          : null;
  const which = c.insurerClaimNumber ? `Claim ${c.insurerClaimNumber}` : `Claim on policy ${c.planNumber}`;
  const status = CLAIM_STATUS_LABELS[c.status].toLowerCase();
  const hint = `${which}: ${status}${amount ? `, ${rupeesOf(amount)}` : ''} (${formatIndianDate(c.statusOn)})`;
  return {
    alert_id: `claim:${c.id}`,
    alert_type: 'insurance',
    title: c.status === 'intimated' ? 'Claim intimated' : `Claim ${status}`,
    plan_name: c.planName,
    alert_date: c.statusOn,
    action_hint: hint,
    reference_id: c.planId,
    text: {
      kind: c.insurerClaimNumber ? 'claim_numbered' : 'claim_on_policy',
      params: {
        number: c.insurerClaimNumber ?? c.planNumber,
        status: c.status,
        date: c.statusOn,
        ...(amount ? { amount } : {}),
      },
    },
  };
}
