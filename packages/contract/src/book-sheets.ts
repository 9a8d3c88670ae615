import { z } from 'zod';
import { GENDERS } from './clients.ts';
import {
  MF_INVESTMENT_MODES,
  MOTOR_POLICY_TYPES,
  NCB_PERCENTS,
  POST_OFFICE_SCHEMES,
} from './plan-products.ts';
import { PLAN_MARKS } from './plan-status.ts';
import {
  COVER_TYPES,
  PLAN_FIELD_LABELS,
  PLAN_FIELD_ORDER,
  PLAN_MONEY_FIELDS,
  type PlanFieldKey,
  PREMIUM_MODES,
  RELATIONSHIPS,
  SERVICE_LABELS,
  TRIP_TYPES,
} from './plan-vocabulary.ts';
import { PLAN_SERVICE_CODES, type PlanServiceCode } from './plans.ts';
import { INDIAN_STATES_AND_UTS } from './states.ts';

// The agency's book as a spreadsheet (issue 26, decision 035): the one home of its format. The export writes
// it, the template and the import read it: three sheets, Clients, Family Members and Plans, each a header row
// and one row per record. Rows link by keys, not by ids: a family member's and a plan's client by the Client
// Code; a plan's holder by the family member's full name within that client (blank: the client); a plan is
// known by its policy or account number, provider and service. Cell rules (escaping, dates, the insured
// members' cell, masks) are in book-cells.ts.

/** How a column's cells are written and read. */
export type BookCellType =
  /** Text as stored. */
  | 'text'
  /** A calendar date: a date cell in .xlsx, DD/MM/YYYY in .csv. */
  | 'date'
  /** Rupees: a number with ₹ and Indian grouping in .xlsx, plain digits with at most 2 decimals in .csv. */
  | 'amount'
  /** A phone number as stored (+91 and spaces allowed). */
  | 'phone'
  /** One of `values` (`strict`), or suggested values with any other text kept. */
  | 'enum'
  /** A plain number (years, days, percent). */
  | 'number'
  /** An identity number's last 4 characters behind four bullets (decisions §5): shown, never read back. */
  | 'masked';

export interface BookColumn {
  header: string;
  /** The request field it maps to (dotted for nested: `nominee.full_name`, `subtype_fields.sum_assured`). */
  field: string;
  type: BookCellType;
  required?: boolean;
  /** For `enum`: the values the template's drop-down lists. */
  values?: readonly string[];
  /** For `enum`: only `values` are accepted; otherwise they are suggestions. */
  strict?: boolean;
  /** Plans only: the services whose plans use the column; absent, every plan. */
  services?: readonly PlanServiceCode[];
}

export const BOOK_SHEET_KEYS = ['clients', 'family_members', 'plans'] as const;
export type BookSheetKey = (typeof BOOK_SHEET_KEYS)[number];

export interface BookSheet {
  key: BookSheetKey;
  /** The sheet's name in the .xlsx (and in the .csv file's name). */
  name: string;
  columns: readonly BookColumn[];
}

const text = (header: string, field: string, required = false): BookColumn =>
  required ? { header, field, type: 'text', required } : { header, field, type: 'text' };
const date = (header: string, field: string): BookColumn => ({ header, field, type: 'date' });
const phone = (header: string, field: string): BookColumn => ({ header, field, type: 'phone' });
const masked = (header: string, field: string): BookColumn => ({ header, field, type: 'masked' });
const choice = (header: string, field: string, values: readonly string[], strict: boolean): BookColumn => ({
  header,
  field,
  type: 'enum',
  values,
  strict,
});

/** Where a client and a family member live: the same columns on both sheets. */
const addressColumns: readonly BookColumn[] = [
  text('House Number', 'house_number'),
  text('Society', 'society'),
  text('Locality', 'locality'),
  text('City', 'city'),
  choice('State', 'state', INDIAN_STATES_AND_UTS, false),
  text('Pincode', 'pincode'),
];

/** The key every other sheet names a client by. */
export const CLIENT_CODE_HEADER = 'Client Code';

const CLIENT_COLUMNS: readonly BookColumn[] = [
  text(CLIENT_CODE_HEADER, 'client_code', true),
  text('First Name', 'first_name', true),
  text('Last Name', 'last_name'),
  date('Date of Birth', 'date_of_birth'),
  choice('Gender', 'gender', GENDERS, true),
  text('Nationality', 'nationality'),
  text('Occupation', 'occupation'),
  text('Email', 'email'),
  phone('Phone', 'phone'),
  phone('Alternate Phone', 'alternate_phone'),
  text('Emergency Contact Name', 'emergency_contact_name'),
  phone('Emergency Contact Phone', 'emergency_contact_phone'),
  ...addressColumns,
  masked('PAN (last 4)', 'pan_number'),
  masked('Aadhaar (last 4)', 'aadhaar_number'),
];

const MEMBER_COLUMNS: readonly BookColumn[] = [
  text(CLIENT_CODE_HEADER, 'client_code', true),
  text('First Name', 'first_name', true),
  text('Last Name', 'last_name'),
  choice('Relationship', 'relationship', RELATIONSHIPS, false),
  text('Relation Type', 'relation_type'),
  date('Date of Birth', 'date_of_birth'),
  choice('Gender', 'gender', GENDERS, true),
  text('Email', 'email'),
  phone('Phone', 'phone'),
  phone('Alternate Phone', 'alternate_phone'),
  ...addressColumns,
  { header: 'Height (cm)', field: 'height_cm', type: 'number' },
  { header: 'Weight (kg)', field: 'weight_kg', type: 'number' },
  text('Medical Conditions', 'medical_conditions'),
  masked('Aadhaar (last 4)', 'aadhaar_number'),
  masked('PAN (last 4)', 'pan_number'),
  masked('CIF (last 4)', 'cif_number'),
  masked('Bank Account (last 4)', 'account_number'),
  text('IFSC Code', 'ifsc_code'),
];

/** A per-service field's header where the vocabulary's label does not say its unit. */
const FIELD_HEADERS: Partial<Record<PlanFieldKey, string>> = {
  term: 'Term (years)',
  ppt: 'Premium Paying Term (years)',
  duration: 'Trip Duration (days)',
  ncb_percent: 'No Claim Bonus (NCB %)',
  sip_day: 'SIP Date (day of month)',
  roi: 'Rate of Interest (% a year)',
  insurance_company_name: 'Insurance Company (travel, home)',
  account_number: 'Post Office Account Number',
};

const NUMBER_FIELDS: ReadonlySet<PlanFieldKey> = new Set<PlanFieldKey>([
  'term',
  'ppt',
  'duration',
  'sip_day',
  'roi',
]);

const FIELD_CHOICES: Partial<Record<PlanFieldKey, { values: readonly string[]; strict: boolean }>> = {
  mode: { values: PREMIUM_MODES, strict: false },
  cover_type: { values: COVER_TYPES, strict: false },
  trip_type: { values: TRIP_TYPES, strict: false },
  policy_type: { values: MOTOR_POLICY_TYPES, strict: true },
  ncb_percent: { values: NCB_PERCENTS.map(String), strict: true },
  investment_mode: { values: MF_INVESTMENT_MODES, strict: true },
  scheme_name: { values: POST_OFFICE_SCHEMES.map((s) => s.name), strict: false },
};

/** Every per-service field once, in the services' order, each with the services that use it. */
function serviceFieldColumns(): BookColumn[] {
  const services = new Map<PlanFieldKey, PlanServiceCode[]>();
  for (const code of PLAN_SERVICE_CODES) {
    for (const key of PLAN_FIELD_ORDER[code]) services.set(key, [...(services.get(key) ?? []), code]);
  }
  return [...services].map(([key, codes]) => {
    const header = FIELD_HEADERS[key] ?? PLAN_FIELD_LABELS[key];
    const field = `subtype_fields.${key}`;
    const choices = FIELD_CHOICES[key];
    const type: BookCellType = choices
      ? 'enum'
      : PLAN_MONEY_FIELDS.has(key)
        ? 'amount'
        : NUMBER_FIELDS.has(key)
          ? 'number'
          : 'text';
    return { header, field, type, services: codes, ...(choices ?? {}) };
  });
}

/** The header of the plans' holder column: a family member's First and Last Name, blank for the client. */
export const HELD_BY_HEADER = 'Held By';
export const INSURED_MEMBERS_HEADER = 'Insured Members';

const PLAN_COLUMNS: readonly BookColumn[] = [
  text(CLIENT_CODE_HEADER, 'client_code', true),
  text(HELD_BY_HEADER, 'held_by'),
  {
    ...choice(
      'Service',
      'service_code',
      PLAN_SERVICE_CODES.map((c) => SERVICE_LABELS[c]),
      true,
    ),
    required: true,
  },
  text('Provider', 'provider_name', true),
  text('Policy / Account Number', 'policy_number', true),
  // Insurance: the premium (premium_amount); an investment: its amount (amount).
  { header: 'Premium / Amount', field: 'money', type: 'amount', required: true },
  { ...date('Start Date', 'start_date'), required: true },
  { ...date('End Date', 'end_date'), required: true },
  choice('Status', 'status', PLAN_MARKS, true),
  ...serviceFieldColumns(),
  { ...text(INSURED_MEMBERS_HEADER, 'subtype_fields.insured_members'), services: ['health'] },
  text('Nominee Name', 'nominee.full_name'),
  choice('Nominee Relation', 'nominee.relation', RELATIONSHIPS, false),
  date('Nominee Date of Birth', 'nominee.dob'),
  phone('Nominee Phone', 'nominee.phone_number'),
  text('Nominee Email', 'nominee.email'),
];

export const BOOK_SHEETS: readonly BookSheet[] = [
  { key: 'clients', name: 'Clients', columns: CLIENT_COLUMNS },
  { key: 'family_members', name: 'Family Members', columns: MEMBER_COLUMNS },
  { key: 'plans', name: 'Plans', columns: PLAN_COLUMNS },
];

export function bookSheet(key: BookSheetKey): BookSheet {
  return BOOK_SHEETS.find((s) => s.key === key)!;
}

/** A service's cell: its label ('Life Insurance'); read back from the label, the code or the short name. */
export function serviceFromCell(cell: string): PlanServiceCode | undefined {
  const key = cell.trim().toLowerCase();
  return PLAN_SERVICE_CODES.find(
    (c) =>
      c === key.replace(/[\s-]+/g, '_') ||
      SERVICE_LABELS[c].toLowerCase() === key ||
      SERVICE_LABELS[c].toLowerCase().replace(/ insurance$/, '') === key,
  );
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv';

/** `GET /api/exports/book.csv?sheet=`: one sheet of the book per .csv file (the Clients sheet when not named). */
export const BookCsvQuerySchema = z.object({
  sheet: z
    .enum(BOOK_SHEET_KEYS, { error: `Sheet must be one of ${BOOK_SHEET_KEYS.join(', ')}.` })
    .default('clients'),
});
export type BookCsvQuery = z.infer<typeof BookCsvQuerySchema>;

/** The download's name: the agency's address and the day in India, e.g. `demoagency-book-2026-11-27.xlsx`. */
export function bookFileName(slug: string, day: string, sheet?: BookSheetKey): string {
  const safe = slug.replace(/[^a-z0-9-]/gi, '');
  return sheet ? `${safe}-${sheet.replace('_', '-')}-${day}.csv` : `${safe}-book-${day}.xlsx`;
}
