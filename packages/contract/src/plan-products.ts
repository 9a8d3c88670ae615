import { z } from 'zod';
import { moneyField } from './amounts.ts';
import { optionalField, optionalText, requiredText } from './clients.ts';

// What an Indian agency records about each product beyond spec §3's minimum (issue 24 item 8, decision 029):
// a vehicle's make, model, policy type, IDV and NCB; a home's building and contents sums insured; India Post's
// savings schemes with their rates; a mutual fund's SIP or lump sum. Every field here is optional, so the spec's
// required set stays the minimum and older callers keep working; a blank is stored as nothing.

export const MOTOR_POLICY_TYPES = ['comprehensive', 'third_party', 'own_damage'] as const;
export type MotorPolicyType = (typeof MOTOR_POLICY_TYPES)[number];
export const MOTOR_POLICY_TYPE_LABELS: Record<MotorPolicyType, string> = {
  comprehensive: 'Comprehensive',
  third_party: 'Third Party',
  own_damage: 'Own Damage',
};

/** The No Claim Bonus slabs of Indian motor own-damage cover, in percent. */
export const NCB_PERCENTS = [0, 20, 25, 35, 45, 50] as const;

export const MF_INVESTMENT_MODES = ['sip', 'lump_sum'] as const;
export type MfInvestmentMode = (typeof MF_INVESTMENT_MODES)[number];
export const MF_INVESTMENT_MODE_LABELS: Record<MfInvestmentMode, string> = {
  sip: 'SIP (monthly)',
  lump_sum: 'Lump Sum',
};

export interface PostOfficeScheme {
  code: string;
  name: string;
  /** % a year. */
  rate: number;
  /** A Time Deposit's rate depends on its term in years. */
  ratesByTerm?: Readonly<Record<number, number>>;
}

/**
 * India Post's savings schemes and their interest rates, % a year, as notified by the Ministry of Finance
 * (Department of Economic Affairs) for the small savings schemes: unchanged from 1 January 2024 through the
 * notification for July–September 2025. The Government revises them each quarter: update this table (the one
 * home of these rates) when it does. The form pre-fills the rate and leaves it editable, since most schemes keep
 * the rate of the quarter the account was opened in.
 */
export const POST_OFFICE_RATES_NOTIFIED = 'July–September 2025';
export const POST_OFFICE_SCHEMES: readonly PostOfficeScheme[] = [
  { code: 'SB', name: 'Post Office Savings Account (SB)', rate: 4.0 },
  { code: 'RD', name: 'Recurring Deposit (RD)', rate: 6.7 },
  { code: 'TD', name: 'Time Deposit (TD)', rate: 7.5, ratesByTerm: { 1: 6.9, 2: 7.0, 3: 7.1, 5: 7.5 } },
  { code: 'MIS', name: 'Monthly Income Scheme (MIS)', rate: 7.4 },
  { code: 'SCSS', name: 'Senior Citizens Savings Scheme (SCSS)', rate: 8.2 },
  { code: 'PPF', name: 'Public Provident Fund (PPF)', rate: 7.1 },
  { code: 'SSA', name: 'Sukanya Samriddhi Account (SSA)', rate: 8.2 },
  { code: 'NSC', name: 'National Savings Certificate (NSC)', rate: 7.7 },
  { code: 'KVP', name: 'Kisan Vikas Patra (KVP)', rate: 7.5 },
];

const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** The scheme a name stands for: its code ('ppf'), its full name, or its name without the code; else none. */
export function postOfficeScheme(text: string): PostOfficeScheme | undefined {
  const key = squash(text);
  if (!key) return undefined;
  return POST_OFFICE_SCHEMES.find(
    (s) => squash(s.code) === key || squash(s.name) === key || squash(s.name.replace(/\(.*\)/, '')) === key,
  );
}

/** The scheme's current rate (for a Time Deposit, the rate of its term when the table has it). */
export function postOfficeRate(schemeName: string, termYears?: number | string): number | undefined {
  const scheme = postOfficeScheme(schemeName);
  if (!scheme) return undefined;
  const term = Number(termYears);
  return scheme.ratesByTerm?.[term] ?? scheme.rate;
}

/**
 * A post office plan's scheme: one of India Post's (by code or name, stored under its full name), or, as before
 * this list existed, any other name: a scheme India Post adds or closes (Mahila Samman, 2023–2025) and plans
 * stored earlier keep working (decision 029).
 */
export const postOfficeSchemeField = requiredText('Scheme Name', 120).transform(
  (v) => postOfficeScheme(v)?.name ?? v,
);

const codeOf = (v: unknown) =>
  typeof v === 'string'
    ? v
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    : v;

const policyTypeMessage = `Policy Type must be one of ${MOTOR_POLICY_TYPES.join(', ')}.`;
const ncbMessage = `NCB must be one of ${NCB_PERCENTS.join(', ')} percent.`;

export const MOTOR_EXTRA_FIELDS = {
  vehicle_make: optionalText('Vehicle Make', 60),
  vehicle_model: optionalText('Vehicle Model', 60),
  policy_type: optionalField(z.preprocess(codeOf, z.enum(MOTOR_POLICY_TYPES, { error: policyTypeMessage }))),
  idv: optionalField(moneyField('IDV')),
  ncb_percent: optionalField(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*%?\s*$/.test(v) ? Number.parseInt(v, 10) : v),
      z.number({ error: ncbMessage }).refine((n) => (NCB_PERCENTS as readonly number[]).includes(n), {
        error: ncbMessage,
      }),
    ),
  ),
};

export const HOME_EXTRA_FIELDS = {
  building_sum_insured: optionalField(moneyField('Building Sum Insured')),
  contents_sum_insured: optionalField(moneyField('Contents Sum Insured')),
};

const modeMessage = `Investment Mode must be one of ${MF_INVESTMENT_MODES.join(', ')}.`;
// Funds take SIP dates from 1 to 28, so that every month has the day.
const sipDayMessage = 'SIP Date must be a day of the month from 1 to 28.';
const positive = (label: string) =>
  moneyField(label).refine((v) => Number(v) > 0, { error: `${label} must be more than ₹0.` });

export const MUTUAL_FUND_EXTRA_FIELDS = {
  investment_mode: optionalField(z.preprocess(codeOf, z.enum(MF_INVESTMENT_MODES, { error: modeMessage }))),
  sip_amount: optionalField(positive('SIP Amount')),
  sip_day: optionalField(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: sipDayMessage })
        .int({ error: sipDayMessage })
        .min(1, { error: sipDayMessage })
        .max(28, {
          error: sipDayMessage,
        }),
    ),
  ),
  lump_sum_amount: optionalField(positive('Lump Sum Amount')),
};

interface MutualFundMode {
  investment_mode?: unknown;
  sip_amount?: unknown;
  sip_day?: unknown;
  lump_sum_amount?: unknown;
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * A SIP names its amount and date; a lump sum its amount; neither carries the other's fields. Runs even when
 * another field of the plan is wrong (`when`), so a form shows every problem at once; a field that is itself
 * wrong counts as given.
 */
export function checkMutualFundMode(v: MutualFundMode, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const sip = given(v.sip_amount) || given(v.sip_day);
  const lump = given(v.lump_sum_amount);
  if (!given(v.investment_mode)) {
    if (sip || lump)
      issue('investment_mode', 'Investment Mode is required when a SIP or lump sum amount is given.');
    return;
  }
  if (v.investment_mode === 'sip') {
    if (!given(v.sip_amount)) issue('sip_amount', 'SIP Amount is required for a SIP.');
    if (!given(v.sip_day))
      issue('sip_day', 'SIP Date is required for a SIP: the day of the month it is paid.');
    if (lump) issue('lump_sum_amount', 'Lump Sum Amount applies only when the Investment Mode is lump_sum.');
  } else if (v.investment_mode === 'lump_sum') {
    if (!lump) issue('lump_sum_amount', 'Lump Sum Amount is required for a lump sum investment.');
    if (given(v.sip_amount)) issue('sip_amount', 'SIP Amount applies only when the Investment Mode is sip.');
    if (given(v.sip_day)) issue('sip_day', 'SIP Date applies only when the Investment Mode is sip.');
  }
}

/** Run the mode check whenever the fields are an object, whatever else is wrong with them. */
export const MUTUAL_FUND_MODE_CHECK = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** The fields as stored: an optional field left blank is left out rather than kept as null. */
export const withoutBlanks = <T extends Record<string, unknown>>(v: T): T =>
  Object.fromEntries(Object.entries(v).filter(([, value]) => value !== null)) as T;
