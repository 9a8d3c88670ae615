import {
  COVER_TYPES,
  MF_INVESTMENT_MODE_LABELS,
  MF_INVESTMENT_MODES,
  MOTOR_POLICY_TYPE_LABELS,
  MOTOR_POLICY_TYPES,
  NCB_PERCENTS,
  type PlanServiceCode,
  POST_OFFICE_RATES_NOTIFIED,
  POST_OFFICE_SCHEMES,
  PREMIUM_MODES,
  planChoiceText,
  postOfficeRate,
  postOfficeScheme,
  RELATIONSHIPS,
  TRIP_TYPES,
} from '@portal/contract';

// The subtype_fields of spec §3 for each service, as inputs. Labels are the contract's (its messages
// name the field the same way); `options` are suggestions shown as a select, keeping any stored value.

export type SubtypeInputKind = 'text' | 'money' | 'years' | 'days' | 'percent' | 'digits' | 'select';

export interface SubtypeInput {
  name: string;
  label: string;
  kind: SubtypeInputKind;
  hint?: string;
  placeholder?: string;
  options?: readonly string[];
  /** The words shown for each option of a select, when they are not the value itself. */
  optionLabels?: Readonly<Record<string, string>>;
  /** Beyond spec §3's required set (issue 24 item 8): the API takes the plan without it. */
  optional?: boolean;
  /** Shown only while another field holds this value (a SIP's amount and date). */
  shownWhen?: { field: string; value: string };
}

const term: SubtypeInput = { name: 'term', label: 'Term', kind: 'years', hint: 'In years.' };

/**
 * How a renewing cover's premium is paid (decision 041): optional, Yearly when not chosen. It sets the premium per
 * year; the premium falls due at the end date, when the cover renews, whatever the mode.
 */
const coverMode: SubtypeInput = {
  name: 'mode',
  label: 'Premium Mode',
  kind: 'select',
  options: PREMIUM_MODES,
  optional: true,
};

// The lists live in the contract, the one home the book's spreadsheet format reads them from too (issue 26).
export { RELATIONSHIPS };

/** Funds run SIPs on days 1 to 28 (every month has them). */
const SIP_DAYS = Array.from({ length: 28 }, (_v, i) => String(i + 1));

export const SERVICE_FIELDS: Record<PlanServiceCode, SubtypeInput[]> = {
  life: [
    { name: 'plan_name', label: 'Plan Name', kind: 'text', placeholder: 'Jeevan Anand' },
    { name: 'sum_assured', label: 'Sum Assured', kind: 'money' },
    {
      name: 'mode',
      label: 'Mode',
      kind: 'select',
      options: PREMIUM_MODES,
      hint: 'How often the premium is paid.',
    },
    term,
    { name: 'ppt', label: 'PPT', kind: 'years', hint: 'Premium paying term, in years.' },
  ],
  health: [
    { name: 'plan_name', label: 'Plan Name', kind: 'text', placeholder: 'Optima Secure' },
    { name: 'cover_type', label: 'Cover Type', kind: 'select', options: COVER_TYPES },
    { name: 'sum_assured', label: 'Sum Assured', kind: 'money' },
    term,
    coverMode,
  ],
  motor: [
    {
      name: 'vehicle_make',
      label: 'Vehicle Make',
      kind: 'text',
      placeholder: 'Maruti Suzuki',
      optional: true,
    },
    { name: 'vehicle_model', label: 'Vehicle Model', kind: 'text', placeholder: 'Swift VXi', optional: true },
    {
      name: 'rc_number',
      label: 'Registration (RC) Number',
      kind: 'text',
      placeholder: 'MH12AB1234',
      hint: 'As on the vehicle’s registration certificate.',
    },
    {
      name: 'policy_type',
      label: 'Policy Type',
      kind: 'select',
      options: MOTOR_POLICY_TYPES,
      optionLabels: MOTOR_POLICY_TYPE_LABELS,
      optional: true,
    },
    {
      name: 'idv',
      label: 'IDV',
      kind: 'money',
      optional: true,
      hint: 'Insured Declared Value: what the vehicle is insured for, in rupees.',
    },
    {
      name: 'ncb_percent',
      label: 'NCB',
      kind: 'select',
      options: NCB_PERCENTS.map(String),
      optionLabels: Object.fromEntries(NCB_PERCENTS.map((n) => [String(n), `${n}% No Claim Bonus`])),
      optional: true,
    },
    term,
    coverMode,
  ],
  travel: [
    { name: 'insurance_company_name', label: 'Insurance Company Name', kind: 'text' },
    { name: 'trip_type', label: 'Trip Type', kind: 'select', options: TRIP_TYPES },
    { name: 'destination', label: 'Destination', kind: 'text', placeholder: 'Singapore' },
    { name: 'duration', label: 'Duration', kind: 'days', hint: 'In days.' },
    term,
    coverMode,
  ],
  home: [
    { name: 'insurance_company_name', label: 'Insurance Company Name', kind: 'text' },
    {
      name: 'building_sum_insured',
      label: 'Building Sum Insured',
      kind: 'money',
      optional: true,
      hint: 'Cover for the structure, in rupees.',
    },
    {
      name: 'contents_sum_insured',
      label: 'Contents Sum Insured',
      kind: 'money',
      optional: true,
      hint: 'Cover for what is inside, in rupees.',
    },
    term,
    coverMode,
  ],
  mutual_funds: [
    { name: 'folio_number', label: 'Folio Number', kind: 'text' },
    { name: 'fund', label: 'Fund', kind: 'text', placeholder: 'HDFC Mutual Fund' },
    { name: 'scheme', label: 'Scheme', kind: 'text', placeholder: 'HDFC Flexi Cap Fund - Direct Growth' },
    {
      name: 'investment_mode',
      label: 'Investment Mode',
      kind: 'select',
      options: MF_INVESTMENT_MODES,
      optionLabels: MF_INVESTMENT_MODE_LABELS,
      optional: true,
    },
    {
      name: 'sip_amount',
      label: 'SIP Amount',
      kind: 'money',
      hint: 'Paid every month, in rupees.',
      shownWhen: { field: 'investment_mode', value: 'sip' },
    },
    {
      name: 'sip_day',
      label: 'SIP Date',
      kind: 'select',
      placeholder: 'Select the day',
      options: SIP_DAYS,
      optionLabels: Object.fromEntries(SIP_DAYS.map((d) => [d, planChoiceText('sip_day', d) ?? d])),
      shownWhen: { field: 'investment_mode', value: 'sip' },
    },
    {
      name: 'lump_sum_amount',
      label: 'Lump Sum Amount',
      kind: 'money',
      hint: 'Invested at once, in rupees.',
      shownWhen: { field: 'investment_mode', value: 'lump_sum' },
    },
  ],
  nps: [
    { name: 'pran', label: 'PRAN', kind: 'digits', hint: 'Permanent Retirement Account Number, 12 digits.' },
  ],
  postoffice: [
    {
      name: 'account_number',
      label: 'Account Number',
      kind: 'text',
      hint: 'The post office account number.',
    },
    {
      name: 'scheme_name',
      label: 'Scheme Name',
      kind: 'select',
      placeholder: 'Select a scheme',
      options: POST_OFFICE_SCHEMES.map((s) => s.name),
    },
    term,
    { name: 'roi', label: 'ROI', kind: 'percent', hint: 'Rate of interest, % a year.' },
  ],
};

/** The inputs of the service shown for what is filled in so far (a SIP's amount and date only for a SIP). */
export const shownFields = (code: PlanServiceCode, fields: Record<string, string>) =>
  SERVICE_FIELDS[code].filter((i) => !i.shownWhen || fields[i.shownWhen.field] === i.shownWhen.value);

const rateText = (n: number) => `${n.toFixed(1)}%`;

/**
 * The fields after one input changes, with what follows from it: choosing an India Post scheme fills in its
 * current rate (editable); a Time Deposit's term changes a rate left as filled in; changing the investment mode
 * drops the other mode's amounts.
 */
export function changeField(
  fields: Record<string, string>,
  name: string,
  value: string,
): Record<string, string> {
  const next = { ...fields, [name]: value };
  if (name === 'scheme_name') {
    const rate = postOfficeRate(value, fields.term);
    if (rate !== undefined) next.roi = String(rate);
  }
  if (name === 'term' && fields.scheme_name) {
    const before = postOfficeRate(fields.scheme_name, fields.term);
    const after = postOfficeRate(fields.scheme_name, value);
    const untouched = !fields.roi || (before !== undefined && Number(fields.roi) === before);
    if (after !== undefined && untouched) next.roi = String(after);
  }
  if (name === 'investment_mode') {
    for (const input of SERVICE_FIELDS.mutual_funds) {
      if (input.shownWhen?.field === 'investment_mode' && input.shownWhen.value !== value)
        delete next[input.name];
    }
  }
  return next;
}

/** The hint of an input for what is filled in so far (the rate India Post gives the chosen scheme). */
export function fieldHint(input: SubtypeInput, fields: Record<string, string>): string | undefined {
  if (input.name === 'roi' && fields.scheme_name) {
    const scheme = postOfficeScheme(fields.scheme_name);
    const rate = postOfficeRate(fields.scheme_name, fields.term);
    if (scheme && rate !== undefined) {
      return `${scheme.code} pays ${rateText(rate)} a year (rates notified for ${POST_OFFICE_RATES_NOTIFIED}). Change it if the account was opened at another rate.`;
    }
  }
  return input.hint;
}
