import {
  MF_INVESTMENT_MODE_LABELS,
  type MfInvestmentMode,
  MOTOR_POLICY_TYPE_LABELS,
  type MotorPolicyType,
  postOfficeScheme,
} from './plan-products.ts';
import type { PlanServiceCode } from './plans.ts';

// What the screens call a plan's service, its per-service fields and its dates (spec §2 Plan details, §3
// subtype_fields), written once for the workspace, the client area and the API. A service an admin added later
// has no entry: each lookup says what it falls back to.

/** The service's name where a plan is shown on its own (the client area, the add-plan form). */
export const SERVICE_LABELS: Record<PlanServiceCode, string> = {
  life: 'Life Insurance',
  health: 'Health Insurance',
  motor: 'Motor Insurance',
  travel: 'Travel Insurance',
  home: 'Home Insurance',
  mutual_funds: 'Mutual Funds',
  nps: 'NPS',
  postoffice: 'Post Office',
};

/** The short name of a plan's line in a list of plans (the family view, a family member's plans). */
export const SERVICE_SHORT_LABELS: Record<PlanServiceCode, string> = {
  life: 'Life',
  health: 'Health',
  motor: 'Motor',
  travel: 'Travel',
  home: 'Home',
  mutual_funds: 'Mutual Funds',
  nps: 'NPS',
  postoffice: 'Post Office',
};

const known = <T>(table: Record<PlanServiceCode, T>, code: string): T | undefined =>
  Object.hasOwn(table, code.toLowerCase()) ? table[code.toLowerCase() as PlanServiceCode] : undefined;

/** 'life' or 'LIFE' → 'Life Insurance'; an unknown code reads as its words ('crop_cover' → 'Crop Cover'). */
export function serviceLabel(code: string): string {
  return (
    known(SERVICE_LABELS, code) ??
    code
      .toLowerCase()
      .split('_')
      .filter(Boolean)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ')
  );
}

/** 'motor' → 'Motor'; an unknown code is shown as it is. */
export const serviceShortLabel = (code: string): string => known(SERVICE_SHORT_LABELS, code) ?? code;

/** The choices the plan form offers (and the book's template lists); a stored value outside them is kept. */
export const PREMIUM_MODES = ['Yearly', 'Half-yearly', 'Quarterly', 'Monthly', 'Single premium'] as const;
export const COVER_TYPES = [
  'Individual',
  'Family Floater',
  'Senior Citizen',
  'Critical Illness',
  'Top-up',
] as const;
export const TRIP_TYPES = ['Single trip', 'Multi-trip (annual)', 'Student travel'] as const;
/** How a family member, an insured member or a nominee is related to the client; 'Self' only where it can be. */
export const RELATIONSHIPS = [
  'Self',
  'Spouse',
  'Son',
  'Daughter',
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Father-in-law',
  'Mother-in-law',
  'Grandfather',
  'Grandmother',
  'Other',
] as const;

/** The per-service fields a plan's details show (spec §3), scalar ones only: insured members are a list. */
export const PLAN_FIELD_KEYS = [
  'plan_name',
  'sum_assured',
  'mode',
  'term',
  'ppt',
  'cover_type',
  'vehicle_make',
  'vehicle_model',
  'rc_number',
  'policy_type',
  'idv',
  'ncb_percent',
  'building_sum_insured',
  'contents_sum_insured',
  'insurance_company_name',
  'trip_type',
  'destination',
  'duration',
  'folio_number',
  'scheme',
  'fund',
  'investment_mode',
  'sip_amount',
  'sip_day',
  'lump_sum_amount',
  'pran',
  'account_number',
  'scheme_name',
  'roi',
] as const;
export type PlanFieldKey = (typeof PLAN_FIELD_KEYS)[number];

/** Each field's label on a plan's details. An investment's `term` is labelled 'Term' (`planFieldLabel`). */
export const PLAN_FIELD_LABELS: Record<PlanFieldKey, string> = {
  plan_name: 'Plan Name',
  sum_assured: 'Sum Assured',
  mode: 'Premium Mode',
  term: 'Policy Term',
  ppt: 'Premium Paying Term',
  cover_type: 'Cover Type',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
  rc_number: 'Registration (RC) Number',
  policy_type: 'Policy Type',
  idv: 'IDV (Insured Declared Value)',
  ncb_percent: 'No Claim Bonus (NCB)',
  building_sum_insured: 'Building Sum Insured',
  contents_sum_insured: 'Contents Sum Insured',
  insurance_company_name: 'Insurance Company',
  trip_type: 'Trip Type',
  destination: 'Destination',
  duration: 'Trip Duration',
  folio_number: 'Folio Number',
  scheme: 'Scheme',
  fund: 'Fund',
  investment_mode: 'Investment Mode',
  sip_amount: 'SIP Amount',
  sip_day: 'SIP Date',
  lump_sum_amount: 'Lump Sum Amount',
  pran: 'PRAN',
  account_number: 'Account Number',
  scheme_name: 'Scheme Name',
  roi: 'Rate of Interest',
};

/** Per service, its fields in the order a reader expects them. */
export const PLAN_FIELD_ORDER: Record<PlanServiceCode, readonly PlanFieldKey[]> = {
  life: ['plan_name', 'sum_assured', 'mode', 'term', 'ppt'],
  health: ['plan_name', 'cover_type', 'sum_assured', 'term', 'mode'],
  motor: ['vehicle_make', 'vehicle_model', 'rc_number', 'policy_type', 'idv', 'ncb_percent', 'term', 'mode'],
  travel: ['insurance_company_name', 'trip_type', 'destination', 'duration', 'term', 'mode'],
  home: ['insurance_company_name', 'building_sum_insured', 'contents_sum_insured', 'term', 'mode'],
  mutual_funds: [
    'fund',
    'scheme',
    'folio_number',
    'investment_mode',
    'sip_amount',
    'sip_day',
    'lump_sum_amount',
  ],
  nps: ['pran'],
  postoffice: ['scheme_name', 'account_number', 'term', 'roi'],
};

/** The fields of a service in order; a service added later shows whichever known fields it has. */
export const planFieldOrder = (code: string): readonly PlanFieldKey[] =>
  known(PLAN_FIELD_ORDER, code) ?? PLAN_FIELD_KEYS;

/** A field's label on a plan of this kind: a post office scheme runs for a term, a policy has a policy term. */
export const planFieldLabel = (key: PlanFieldKey, planType: 'insurance' | 'investment'): string =>
  key === 'term' && planType === 'investment' ? 'Term' : PLAN_FIELD_LABELS[key];

/** The fields holding rupees, shown with ₹ and Indian grouping. */
export const PLAN_MONEY_FIELDS: ReadonlySet<string> = new Set<PlanFieldKey>([
  'sum_assured',
  'idv',
  'building_sum_insured',
  'contents_sum_insured',
  'sip_amount',
  'lump_sum_amount',
]);

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/**
 * A chosen value in plain words ('third_party' → 'Third Party', 'PPF' → 'Public Provident Fund (PPF)', SIP day
 * 5 → '5th of every month'); undefined for a field whose value is shown as it is (or as money, years, days).
 */
export function planChoiceText(key: string, value: unknown): string | undefined {
  const text = String(value);
  switch (key) {
    case 'policy_type':
      return Object.hasOwn(MOTOR_POLICY_TYPE_LABELS, text)
        ? MOTOR_POLICY_TYPE_LABELS[text as MotorPolicyType]
        : text;
    case 'investment_mode':
      return Object.hasOwn(MF_INVESTMENT_MODE_LABELS, text)
        ? MF_INVESTMENT_MODE_LABELS[text as MfInvestmentMode]
        : text;
    case 'ncb_percent':
      return `${text}%`;
    case 'sip_day':
      return /^\d+$/.test(text) ? `${ordinal(Number(text))} of every month` : text;
    case 'scheme_name':
      return postOfficeScheme(text)?.name ?? text;
    default:
      return undefined;
  }
}

export interface PlanDateLabels {
  start: string;
  /** The end date on the client area's plan details. */
  end: string;
  /** The end date on the client area's plan card. */
  endShort: string;
  /** The end date on the workspace's plan details, which calls an investment's end its maturity. */
  workspaceEnd: string;
}

const DEFAULT_DATE_LABELS: PlanDateLabels = {
  start: 'Start Date',
  end: 'End Date',
  endShort: 'End Date',
  workspaceEnd: 'End Date',
};

/** Spec §2: life has a Date of Commencement and of Maturity, NPS a Last Contribution Date. */
export const PLAN_DATE_LABELS: Record<PlanServiceCode, PlanDateLabels> = {
  life: {
    start: 'Date of Commencement',
    end: 'Date of Maturity',
    endShort: 'Maturity Date',
    workspaceEnd: 'Date of Maturity',
  },
  health: DEFAULT_DATE_LABELS,
  motor: DEFAULT_DATE_LABELS,
  travel: DEFAULT_DATE_LABELS,
  home: DEFAULT_DATE_LABELS,
  mutual_funds: { ...DEFAULT_DATE_LABELS, workspaceEnd: 'Maturity Date' },
  nps: {
    start: 'Start Date',
    end: 'Last Contribution Date',
    endShort: 'Last Contribution Date',
    workspaceEnd: 'Last Contribution Date',
  },
  postoffice: { ...DEFAULT_DATE_LABELS, workspaceEnd: 'Maturity Date' },
};

export const planDateLabels = (code: string): PlanDateLabels =>
  known(PLAN_DATE_LABELS, code) ?? DEFAULT_DATE_LABELS;
