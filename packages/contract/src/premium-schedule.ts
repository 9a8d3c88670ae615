import { postOfficeScheme } from './plan-products.ts';
import type { PremiumDues, PremiumState } from './premium-dues.ts';
import { type PremiumMode, premiumModeOf } from './premium-modes.ts';

// Premium dues (issue 27, decision 038): when a plan's next premium or instalment falls due, how a premium reads
// as money per year (decisions §4 "Money per year"), and where a plan stands on a given day. Pure rules on
// calendar dates (YYYY-MM-DD, India's calendar): the API stores each plan's next due date and answers the state;
// migration 0032's `premium_initial_due` writes the same first due date in SQL (tests hold the two together).

/** Instalments in a year of each mode; a single premium is paid once, never again. */
export const INSTALMENTS_PER_YEAR: Record<PremiumMode, number> = {
  Yearly: 1,
  'Half-yearly': 2,
  Quarterly: 4,
  Monthly: 12,
  'Single premium': 0,
};

/** Days after a missed due date in which it may still be paid without a break in cover (IRDAI: 15 monthly). */
export const GRACE_DAYS = 30;
export const MONTHLY_GRACE_DAYS = 15;
/** A lapsed life policy can be revived within two years of its first unpaid premium. */
export const REVIVAL_YEARS = 2;

const toPaise = (amount: string): bigint => {
  const [whole = '0', frac = ''] = amount.replace(/^-/, '').split('.');
  const paise = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -paise : paise;
};
const fromPaise = (paise: bigint): string => {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/**
 * A premium as money per year, exactly (2 places): monthly ₹2,000 is ₹24,000 a year. A single premium counts
 * 0 a year: it is paid once and never recurs, so it is no part of what the book brings in each year (decision 038).
 */
export function annualise(premium: string, mode: PremiumMode | string): string {
  const per = INSTALMENTS_PER_YEAR[premiumModeOf(mode)];
  return fromPaise(toPaise(premium) * BigInt(per));
}

/** Adds two amounts with 2 places exactly. */
export const addMoney = (a: string, b: string): string => fromPaise(toPaise(a) + toPaise(b));

const daysIn = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
const iso = (year: number, month0: number, day: number) =>
  new Date(Date.UTC(year, month0, day)).toISOString().slice(0, 10);
const parts = (day: string) => ({
  y: Number(day.slice(0, 4)),
  m0: Number(day.slice(5, 7)) - 1,
  d: Number(day.slice(8, 10)),
});

/**
 * `months` months after `day`, on `dayOfMonth` (the day's own by default) clamped to the month's end: 31 Jan + 1
 * month is 28 Feb (29 in a leap year), and 31 Jan + 2 months is 31 Mar again, not 28 Mar.
 */
export function addMonths(day: string, months: number, dayOfMonth?: number): string {
  const { y, m0, d } = parts(day);
  const first = new Date(Date.UTC(y, m0 + months, 1));
  const yy = first.getUTCFullYear();
  const mm = first.getUTCMonth();
  return iso(yy, mm, Math.min(dayOfMonth ?? d, daysIn(yy, mm)));
}

export const addDaysTo = (day: string, days: number): string => {
  const { y, m0, d } = parts(day);
  return iso(y, m0, d + days);
};

const monthsBetween = (from: string, to: string) => {
  const a = parts(from);
  const b = parts(to);
  return (b.y - a.y) * 12 + (b.m0 - a.m0);
};

/**
 * How a plan's dues fall:
 * - `instalments`: from the start date every `stepMonths`, the first (index 0) paid at the start; a life policy
 *   for its premium-paying term, a post-office RD monthly for its term, a mutual-fund SIP monthly on its day
 *   (its first instalment the first SIP day on or after the start, until the end date, or open-ended).
 * - `renewal`: health, motor, travel and home cover renews yearly at its end date.
 * - `single`: a single-premium policy: nothing more is due.
 * - `none`: an investment without regular instalments (a lump sum, NPS, a time deposit …).
 */
export interface PremiumSchedule {
  kind: 'instalments' | 'renewal' | 'single' | 'none';
  mode: PremiumMode;
  /** The due date of instalment 0. */
  firstDue: string | null;
  /** The day of the month each instalment is due on (clamped to the month's end). */
  dayOfMonth: number;
  stepMonths: number;
  /** How many instalments in all; null: open-ended. */
  instalments: number | null;
  /** No instalment falls after this day (a SIP's end date); null: none. */
  lastDay: string | null;
  /** The first instalment that can be unpaid: 1 when instalment 0 was paid at the start. */
  firstPayable: number;
  graceDays: number;
  /** Years after the first unpaid premium in which a lapsed policy can be revived; null: it cannot. */
  revivalYears: number | null;
  /** Years of the premium-paying term, where one applies. */
  payingTermYears: number | null;
}

export interface PlanForSchedule {
  category: 'insurance' | 'investment';
  serviceCode: string;
  startDate: string;
  endDate: string | null;
  subtypeFields: Record<string, unknown>;
}

const wholeYears = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Whether a post-office scheme takes a monthly instalment: the Recurring Deposit. */
export const isRecurringDeposit = (schemeName: unknown): boolean =>
  typeof schemeName === 'string' && postOfficeScheme(schemeName)?.code === 'RD';

/**
 * The plan's premium mode: a policy's own `mode` (life's is required; health, motor, travel and home may give one,
 * Yearly without it, decision 041); an RD or a SIP Monthly; any other investment single.
 */
export function planPremiumMode(
  plan: Pick<PlanForSchedule, 'category' | 'serviceCode' | 'subtypeFields'>,
): PremiumMode {
  const f = plan.subtypeFields;
  if (plan.category === 'insurance') return premiumModeOf(f.mode as string | undefined);
  if (plan.serviceCode === 'postoffice' && isRecurringDeposit(f.scheme_name)) return 'Monthly';
  if (plan.serviceCode === 'mutual_funds' && f.investment_mode === 'sip' && wholeYears(f.sip_day))
    return 'Monthly';
  return 'Single premium';
}

export function scheduleOf(plan: PlanForSchedule): PremiumSchedule {
  const mode = planPremiumMode(plan);
  const f = plan.subtypeFields;
  const base = {
    mode,
    firstDue: null,
    dayOfMonth: 1,
    stepMonths: 12,
    instalments: null,
    lastDay: null,
    firstPayable: 1,
    graceDays: GRACE_DAYS,
    revivalYears: null,
    payingTermYears: null,
  } satisfies Omit<PremiumSchedule, 'kind'>;
  const graceDays = mode === 'Monthly' ? MONTHLY_GRACE_DAYS : GRACE_DAYS;
  if (plan.category === 'insurance') {
    if (plan.serviceCode !== 'life') {
      if (!plan.endDate) return { ...base, kind: 'none' };
      const { d } = parts(plan.endDate);
      return { ...base, kind: 'renewal', firstDue: plan.endDate, dayOfMonth: d, firstPayable: 0 };
    }
    if (mode === 'Single premium') return { ...base, kind: 'single' };
    const ppt = wholeYears(f.ppt) ?? wholeYears(f.term);
    const step = 12 / INSTALMENTS_PER_YEAR[mode];
    return {
      ...base,
      kind: 'instalments',
      firstDue: plan.startDate,
      dayOfMonth: parts(plan.startDate).d,
      stepMonths: step,
      instalments: ppt === null ? null : ppt * INSTALMENTS_PER_YEAR[mode],
      graceDays,
      revivalYears: REVIVAL_YEARS,
      payingTermYears: ppt,
    };
  }
  if (mode !== 'Monthly') return { ...base, kind: 'none' };
  if (plan.serviceCode === 'postoffice') {
    const term = wholeYears(f.term);
    return {
      ...base,
      kind: 'instalments',
      firstDue: plan.startDate,
      dayOfMonth: parts(plan.startDate).d,
      stepMonths: 1,
      instalments: term === null ? null : term * 12,
      graceDays,
      payingTermYears: term,
    };
  }
  // A SIP: monthly on its day, from the first such day on or after the start.
  const day = wholeYears(f.sip_day) ?? 1;
  const startMonth = addMonths(plan.startDate, 0, day);
  const firstDue = startMonth >= plan.startDate ? startMonth : addMonths(plan.startDate, 1, day);
  return {
    ...base,
    kind: 'instalments',
    firstDue,
    dayOfMonth: day,
    stepMonths: 1,
    lastDay: plan.endDate,
    firstPayable: 0,
    graceDays,
  };
}

/** The due date of instalment `index`, or null when the schedule has no such instalment. */
export function dueDateAt(s: PremiumSchedule, index: number): string | null {
  if (s.firstDue === null || s.kind === 'single' || s.kind === 'none') return null;
  if (index < 0 || (s.instalments !== null && index >= s.instalments)) return null;
  const due = addMonths(s.firstDue, index * s.stepMonths, s.dayOfMonth);
  return s.lastDay !== null && due > s.lastDay ? null : due;
}

/** Which instalment a due date of the schedule is (its month counted from the first due's month). */
export function indexOfDue(s: PremiumSchedule, due: string): number {
  if (s.firstDue === null) return -1;
  return Math.round(monthsBetween(s.firstDue, due) / s.stepMonths);
}

/**
 * The next due date of a plan recorded without payments: every instalment due before `today` is taken as paid
 * (an agency records policies its clients already hold), so the first on or after today; a renewing cover's end
 * date as it stands; null when none is left (paid up) or none recurs. Migration 0032 backfills with this rule.
 */
export function initialNextDue(s: PremiumSchedule, today: string): string | null {
  if (s.firstDue === null) return null;
  if (s.kind === 'renewal') return s.firstDue;
  let index = Math.max(s.firstPayable, Math.floor(monthsBetween(s.firstDue, today) / s.stepMonths));
  for (;;) {
    const due = dueDateAt(s, index);
    if (due === null || due >= today) return due;
    index += 1;
  }
}

/** The due dates `count` instalments from `nextDue` pay (fewer when the schedule ends first). */
export function dueDatesPaid(s: PremiumSchedule, nextDue: string, count: number): string[] {
  const from = indexOfDue(s, nextDue);
  const dues: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const due = dueDateAt(s, from + i);
    if (due === null) break;
    dues.push(due);
  }
  return dues;
}

/** How many instalments from `nextDue` fall on or before `upTo`. */
export function instalmentsUpTo(s: PremiumSchedule, nextDue: string, upTo: string): number {
  const from = indexOfDue(s, nextDue);
  let count = 0;
  for (;;) {
    const due = dueDateAt(s, from + count);
    if (due === null || due > upTo || count >= 1200) return count;
    count += 1;
  }
}

/** The next due date once `count` instalments from `nextDue` are paid; null when that pays the last one. */
export function nextDueAfter(s: PremiumSchedule, nextDue: string, count: number): string | null {
  return dueDateAt(s, indexOfDue(s, nextDue) + count);
}

/**
 * Where a plan stands on `today`: `due` (the next premium is today or ahead), `grace` (missed, within the grace
 * period), `lapsed` (past grace; a life policy can be revived until `revival_until`), `paid_up` (every premium of
 * the paying term, or every instalment, is paid), `single_premium`, or `none` (nothing recurs).
 */

export interface PremiumStanding {
  state: PremiumState;
  next_due_date: string | null;
  /** The last day of grace of the missed premium; null unless one is missed. */
  grace_until: string | null;
  /** A lapsed life policy: the last day it can be revived. */
  revival_until: string | null;
}

export function premiumStanding(s: PremiumSchedule, nextDue: string | null, today: string): PremiumStanding {
  const none = { next_due_date: null, grace_until: null, revival_until: null };
  if (s.kind === 'single') return { state: 'single_premium', ...none };
  if (s.kind === 'none') return { state: 'none', ...none };
  if (nextDue === null) return { state: 'paid_up', ...none };
  if (nextDue >= today) return { state: 'due', ...none, next_due_date: nextDue };
  const graceUntil = addDaysTo(nextDue, s.graceDays);
  if (today <= graceUntil)
    return { state: 'grace', next_due_date: nextDue, grace_until: graceUntil, revival_until: null };
  return {
    state: 'lapsed',
    next_due_date: nextDue,
    grace_until: graceUntil,
    revival_until: s.revivalYears === null ? null : addMonths(nextDue, s.revivalYears * 12),
  };
}

/** The words a screen shows for a state, beside its colour (visual language: never colour alone). */
export const PREMIUM_STATE_LABELS: Record<PremiumState, string> = {
  due: 'Up to date',
  grace: 'In grace period',
  lapsed: 'Lapsed',
  paid_up: 'Paid up',
  single_premium: 'Single premium',
  none: 'No regular premium',
};

/** A plan's stored fields that its dues are made of, as a plan's details read them. */
export interface PlanDuesFields extends PlanForSchedule {
  nextDueDate: string | null;
  /** The premium (insurance) or the amount (investment). */
  money: string | null;
}

/** What one instalment costs: the premium; an RD's monthly amount; a SIP's amount. */
export function instalmentAmount(plan: PlanDuesFields): string | null {
  if (plan.category === 'investment' && plan.serviceCode === 'mutual_funds') {
    const sip = plan.subtypeFields.sip_amount;
    if (typeof sip === 'string' && /^\d+(\.\d{1,2})?$/.test(sip)) return Number(sip).toFixed(2);
    if (typeof sip === 'number') return sip.toFixed(2);
  }
  return plan.money;
}

/** A plan's dues as its details answer them, on `today`. */
export function premiumDuesOf(plan: PlanDuesFields, today: string): PremiumDues {
  const schedule = scheduleOf(plan);
  const standing = premiumStanding(schedule, plan.nextDueDate, today);
  const instalment = instalmentAmount(plan);
  return {
    premium_mode: schedule.mode,
    instalments_per_year: INSTALMENTS_PER_YEAR[schedule.mode],
    premium_term_years: schedule.payingTermYears,
    instalment_amount: instalment,
    annual_premium: instalment === null ? null : annualise(instalment, schedule.mode),
    ...standing,
    state_label: PREMIUM_STATE_LABELS[standing.state],
  };
}

/**
 * The premium due a client is told of apart from the plan's end date (alerts, reminder e-mails, the WhatsApp
 * premium-due message; decision 040): the next due date, or null when nothing is due or when it is the end date
 * itself, as a renewing cover's is (its renewal premium is due when it ends): that plan stays one alert and one
 * e-mail per reminder day, about its expiry.
 */
export function premiumDueApart(plan: { nextDueDate: string | null; endDate: string | null }): string | null {
  return plan.nextDueDate !== null && plan.nextDueDate !== plan.endDate ? plan.nextDueDate : null;
}

/**
 * A mutual-fund SIP: its instalments are debited by the client's bank mandate, so the client is not alerted or
 * e-mailed about each one (decision 040); the workspace still shows its dues.
 */
export function isSip(plan: Pick<PlanForSchedule, 'category' | 'serviceCode' | 'subtypeFields'>): boolean {
  return (
    plan.category === 'investment' &&
    plan.serviceCode === 'mutual_funds' &&
    plan.subtypeFields.investment_mode === 'sip'
  );
}
