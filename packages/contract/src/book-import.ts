import { isMaskedCell, unescapeCell } from './book-cells.ts';
import { type BookCellType, type BookSheetKey, bookSheet, serviceFromCell } from './book-sheets.ts';
import type { GENDERS } from './clients.ts';
import { nationalDigits } from './contact-links.ts';
import { PLAN_MARKS, type PlanMark } from './plan-status.ts';
import type { PREMIUM_MODES } from './plan-vocabulary.ts';
import type { PlanServiceCode } from './plans.ts';
import { INDIAN_STATES_AND_UTS } from './states.ts';

// Reading an agent's own spreadsheet into the book (issue 26, decision 036): which of the book's sheets a sheet
// is, which field each of its headers is ("Policy No", "Sum Assured", "DOB", "Mobile"…), and how a cell typed
// the Indian way reads as a value (dates day first, amounts with ₹ and lakh grouping, +91 phones). The book's own
// columns (book-sheets.ts) are read back exactly; everything else is a guess the agent can change.

/** A field a sheet's column can be mapped to. */
export interface ImportField {
  /** As in book-sheets.ts (`subtype_fields.sum_assured`), or a household field of a Plans sheet (`client.phone`). */
  field: string;
  /** What the mapping screen calls it: the book's header, or the household field's name. */
  label: string;
  type: BookCellType;
  /** Plans only: the services whose plans use it; absent, every plan. */
  services?: readonly PlanServiceCode[];
}

const personExtras: readonly ImportField[] = [
  // A whole name in one cell ("Ravi Kumar Sharma"), split when First Name has no column of its own.
  { field: 'full_name', label: 'Full Name', type: 'text' },
];

/**
 * A Plans sheet alone (an agent's own list) names the client on every row, and Held By the family member who
 * holds the plan: these fields make its households (issue 26 item 4).
 */
export const HOUSEHOLD_FIELDS: readonly ImportField[] = [
  { field: 'client.full_name', label: 'Client Name', type: 'text' },
  { field: 'client.first_name', label: 'Client First Name', type: 'text' },
  { field: 'client.last_name', label: 'Client Last Name', type: 'text' },
  { field: 'client.phone', label: 'Client Phone', type: 'phone' },
  { field: 'client.email', label: 'Client Email', type: 'text' },
  { field: 'client.pan_number', label: 'Client PAN', type: 'text' },
  { field: 'client.date_of_birth', label: 'Client Date of Birth', type: 'date' },
  { field: 'client.gender', label: 'Client Gender', type: 'enum' },
  { field: 'holder.relationship', label: 'Holder Relationship', type: 'enum' },
  { field: 'holder.date_of_birth', label: 'Holder Date of Birth', type: 'date' },
  { field: 'holder.gender', label: 'Holder Gender', type: 'enum' },
];

function fieldsOf(kind: BookSheetKey): ImportField[] {
  const columns = bookSheet(kind).columns.map((c) => {
    const f: ImportField = { field: c.field, label: c.header, type: c.type };
    if (c.services) f.services = c.services;
    return f;
  });
  return kind === 'plans' ? [...columns, ...HOUSEHOLD_FIELDS] : [...columns, ...personExtras];
}

/** Every field a column of each book sheet can be mapped to. */
export const IMPORT_FIELDS: Record<BookSheetKey, readonly ImportField[]> = {
  clients: fieldsOf('clients'),
  family_members: fieldsOf('family_members'),
  plans: fieldsOf('plans'),
};

export function importField(kind: BookSheetKey, field: string): ImportField | undefined {
  return IMPORT_FIELDS[kind].find((f) => f.field === field);
}

/** A header as it is compared: lower case, letters and digits only ("Policy No." → "policyno"). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

/** The form a saved mapping keeps a header in (SavedMappingsResponseSchema): lower case, trimmed. */
export const savedHeader = (header: string): string => header.trim().toLowerCase().replace(/\s+/g, ' ');

// Headers agents use for each field. A list names fields in preference: "Insurance Company" is the provider,
// unless another column is already the provider; "Life Assured" is the holder when the client has a column.
type Synonyms = Record<string, string | readonly string[]>;

const PERSON: Synonyms = {
  name: 'full_name',
  fullname: 'full_name',
  clientname: 'full_name',
  customername: 'full_name',
  membername: 'full_name',
  fname: 'first_name',
  firstname: 'first_name',
  givenname: 'first_name',
  surname: 'last_name',
  lname: 'last_name',
  lastname: 'last_name',
  familyname: 'last_name',
  dob: 'date_of_birth',
  birthdate: 'date_of_birth',
  dateofbirth: 'date_of_birth',
  birthday: 'date_of_birth',
  sex: 'gender',
  mf: 'gender',
  email: 'email',
  emailid: 'email',
  mail: 'email',
  mailid: 'email',
  emailaddress: 'email',
  mobile: 'phone',
  mobileno: 'phone',
  mobilenumber: 'phone',
  mob: 'phone',
  mobno: 'phone',
  contact: 'phone',
  contactno: 'phone',
  contactnumber: 'phone',
  phone: 'phone',
  phoneno: 'phone',
  phonenumber: 'phone',
  cell: 'phone',
  cellno: 'phone',
  whatsapp: 'phone',
  whatsappno: 'phone',
  alternatemobile: 'alternate_phone',
  alternatenumber: 'alternate_phone',
  altphone: 'alternate_phone',
  altmobile: 'alternate_phone',
  landline: 'alternate_phone',
  otherphone: 'alternate_phone',
  pan: 'pan_number',
  panno: 'pan_number',
  pannumber: 'pan_number',
  pancard: 'pan_number',
  pancardno: 'pan_number',
  aadhaar: 'aadhaar_number',
  aadhar: 'aadhaar_number',
  aadhaarno: 'aadhaar_number',
  aadharno: 'aadhaar_number',
  aadhaarnumber: 'aadhaar_number',
  aadharnumber: 'aadhaar_number',
  pin: 'pincode',
  pincode: 'pincode',
  postalcode: 'pincode',
  zip: 'pincode',
  address: 'locality',
  area: 'locality',
  houseno: 'house_number',
  flatno: 'house_number',
  town: 'city',
  profession: 'occupation',
  clientcode: 'client_code',
  clientid: 'client_code',
  customerid: 'client_code',
  customercode: 'client_code',
  clientno: 'client_code',
  code: 'client_code',
};

const MEMBER: Synonyms = {
  ...PERSON,
  relation: 'relationship',
  relationwithclient: 'relationship',
  relationshipwithclient: 'relationship',
  relationtoclient: 'relationship',
  height: 'height_cm',
  weight: 'weight_kg',
  medicalhistory: 'medical_conditions',
  diseases: 'medical_conditions',
  ifsc: 'ifsc_code',
  cif: 'cif_number',
  bankaccount: 'account_number',
  accountno: 'account_number',
};

const PLAN: Synonyms = {
  policyno: 'policy_number',
  policynumber: 'policy_number',
  policy: 'policy_number',
  polno: 'policy_number',
  policyid: 'policy_number',
  certificateno: 'policy_number',
  accountno: 'policy_number',
  accountnumber: 'policy_number',
  folio: ['policy_number', 'subtype_fields.folio_number'],
  foliono: ['policy_number', 'subtype_fields.folio_number'],
  folionumber: ['subtype_fields.folio_number', 'policy_number'],
  insurer: 'provider_name',
  insurername: 'provider_name',
  company: 'provider_name',
  companyname: 'provider_name',
  insurancecompany: ['provider_name', 'subtype_fields.insurance_company_name'],
  insuranceco: 'provider_name',
  provider: 'provider_name',
  providername: 'provider_name',
  amc: 'provider_name',
  fundhouse: 'provider_name',
  service: 'service_code',
  product: 'service_code',
  producttype: 'service_code',
  insurancetype: 'service_code',
  plantype: 'service_code',
  category: 'service_code',
  lob: 'service_code',
  lineofbusiness: 'service_code',
  type: 'service_code',
  premium: 'money',
  premiumamount: 'money',
  premiumamt: 'money',
  prem: 'money',
  installmentpremium: 'money',
  instalmentpremium: 'money',
  modalpremium: 'money',
  totalpremium: 'money',
  amount: 'money',
  investmentamount: 'money',
  premiumoramount: 'money',
  doc: 'start_date',
  dateofcommencement: 'start_date',
  commencementdate: 'start_date',
  commencement: 'start_date',
  riskstartdate: 'start_date',
  policystartdate: 'start_date',
  startdate: 'start_date',
  issuedate: 'start_date',
  dateofissue: 'start_date',
  inceptiondate: 'start_date',
  fromdate: 'start_date',
  investmentdate: 'start_date',
  openingdate: 'start_date',
  dom: 'end_date',
  maturitydate: 'end_date',
  dateofmaturity: 'end_date',
  maturity: 'end_date',
  enddate: 'end_date',
  policyenddate: 'end_date',
  expirydate: 'end_date',
  expiry: 'end_date',
  renewaldate: 'end_date',
  todate: 'end_date',
  validtill: 'end_date',
  policystatus: 'status',
  heldby: 'held_by',
  holder: 'held_by',
  holdername: 'held_by',
  familymember: 'held_by',
  member: 'held_by',
  membername: 'held_by',
  lifeassured: ['held_by', 'client.full_name'],
  lifeassuredname: ['held_by', 'client.full_name'],
  laname: ['held_by', 'client.full_name'],
  insured: ['held_by', 'client.full_name'],
  insuredname: ['held_by', 'client.full_name'],
  insuredperson: ['held_by', 'client.full_name'],
  sa: 'subtype_fields.sum_assured',
  sumassured: 'subtype_fields.sum_assured',
  suminsured: 'subtype_fields.sum_assured',
  si: 'subtype_fields.sum_assured',
  cover: 'subtype_fields.sum_assured',
  coveramount: 'subtype_fields.sum_assured',
  plan: 'subtype_fields.plan_name',
  planname: 'subtype_fields.plan_name',
  productname: 'subtype_fields.plan_name',
  policyname: 'subtype_fields.plan_name',
  mode: 'subtype_fields.mode',
  premiummode: 'subtype_fields.mode',
  paymentmode: 'subtype_fields.mode',
  paymode: 'subtype_fields.mode',
  modeofpayment: 'subtype_fields.mode',
  frequency: 'subtype_fields.mode',
  premiumfrequency: 'subtype_fields.mode',
  term: 'subtype_fields.term',
  policyterm: 'subtype_fields.term',
  tenure: 'subtype_fields.term',
  ppt: 'subtype_fields.ppt',
  premiumpayingterm: 'subtype_fields.ppt',
  premiumpaymentterm: 'subtype_fields.ppt',
  payingterm: 'subtype_fields.ppt',
  payterm: 'subtype_fields.ppt',
  covertype: 'subtype_fields.cover_type',
  make: 'subtype_fields.vehicle_make',
  model: 'subtype_fields.vehicle_model',
  rc: 'subtype_fields.rc_number',
  rcno: 'subtype_fields.rc_number',
  registrationno: 'subtype_fields.rc_number',
  registrationnumber: 'subtype_fields.rc_number',
  vehicleno: 'subtype_fields.rc_number',
  vehiclenumber: 'subtype_fields.rc_number',
  regno: 'subtype_fields.rc_number',
  idv: 'subtype_fields.idv',
  ncb: 'subtype_fields.ncb_percent',
  noclaimbonus: 'subtype_fields.ncb_percent',
  triptype: 'subtype_fields.trip_type',
  destination: 'subtype_fields.destination',
  tripduration: 'subtype_fields.duration',
  fund: 'subtype_fields.fund',
  fundname: 'subtype_fields.fund',
  scheme: 'subtype_fields.scheme',
  sip: 'subtype_fields.sip_amount',
  sipamount: 'subtype_fields.sip_amount',
  sipamt: 'subtype_fields.sip_amount',
  sipdate: 'subtype_fields.sip_day',
  sipday: 'subtype_fields.sip_day',
  lumpsum: 'subtype_fields.lump_sum_amount',
  lumpsumamount: 'subtype_fields.lump_sum_amount',
  investmentmode: 'subtype_fields.investment_mode',
  pran: 'subtype_fields.pran',
  pranno: 'subtype_fields.pran',
  roi: 'subtype_fields.roi',
  rate: 'subtype_fields.roi',
  interestrate: 'subtype_fields.roi',
  rateofinterest: 'subtype_fields.roi',
  nominee: 'nominee.full_name',
  nomineename: 'nominee.full_name',
  nomineerelation: 'nominee.relation',
  nomineerelationship: 'nominee.relation',
  nomineedob: 'nominee.dob',
  nomineephone: 'nominee.phone_number',
  nomineemobile: 'nominee.phone_number',
  nomineeemail: 'nominee.email',
  // The client, named on every row of an agent's own list.
  name: 'client.full_name',
  client: 'client.full_name',
  clientname: 'client.full_name',
  customer: 'client.full_name',
  customername: 'client.full_name',
  fullname: 'client.full_name',
  proposer: 'client.full_name',
  proposername: 'client.full_name',
  policyholder: 'client.full_name',
  policyholdername: 'client.full_name',
  firstname: 'client.first_name',
  lastname: 'client.last_name',
  surname: 'client.last_name',
  mobile: 'client.phone',
  mobileno: 'client.phone',
  mobilenumber: 'client.phone',
  mob: 'client.phone',
  mobno: 'client.phone',
  contact: 'client.phone',
  contactno: 'client.phone',
  contactnumber: 'client.phone',
  phone: 'client.phone',
  phoneno: 'client.phone',
  phonenumber: 'client.phone',
  whatsapp: 'client.phone',
  email: 'client.email',
  emailid: 'client.email',
  mail: 'client.email',
  mailid: 'client.email',
  pan: 'client.pan_number',
  panno: 'client.pan_number',
  pannumber: 'client.pan_number',
  dob: 'client.date_of_birth',
  dateofbirth: 'client.date_of_birth',
  birthdate: 'client.date_of_birth',
  gender: 'client.gender',
  sex: 'client.gender',
  relation: 'holder.relationship',
  relationship: 'holder.relationship',
  relationwithproposer: 'holder.relationship',
  relationwithclient: 'holder.relationship',
  holderrelationship: 'holder.relationship',
  holderdob: 'holder.date_of_birth',
  ladob: 'holder.date_of_birth',
  lifeassureddob: 'holder.date_of_birth',
  insureddob: 'holder.date_of_birth',
  memberdob: 'holder.date_of_birth',
  holdergender: 'holder.gender',
  membergender: 'holder.gender',
  clientcode: 'client_code',
  clientid: 'client_code',
  customerid: 'client_code',
  customercode: 'client_code',
};

const SYNONYMS: Record<BookSheetKey, Synonyms> = { clients: PERSON, family_members: MEMBER, plans: PLAN };

/** Damerau–Levenshtein distance (optimal string alignment), stopping early past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    rows.push([i]);
  }
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/** How far a close spelling may be: none for short words (PAN, DOB, SA), one letter, two for long headers. */
const tolerance = (key: string) => (key.length < 5 ? 0 : key.length < 10 ? 1 : 2);

/** The header without a part in brackets ("Premium (Rs.)" → "Premium"), or null when it has none. */
const withoutBrackets = (header: string): string | null => {
  const bare = header.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').trim();
  return bare && bare !== header.trim() ? bare : null;
};

interface KindTables {
  labels: Array<{ key: string; field: string }>;
  synonyms: Array<{ key: string; fields: readonly string[] }>;
}
const tables = new Map<BookSheetKey, KindTables>();

function tablesOf(kind: BookSheetKey): KindTables {
  let t = tables.get(kind);
  if (!t) {
    t = {
      labels: IMPORT_FIELDS[kind].map((f) => ({ key: headerKey(f.label), field: f.field })),
      synonyms: Object.entries(SYNONYMS[kind]).map(([key, s]) => ({
        key,
        fields: typeof s === 'string' ? [s] : s,
      })),
    };
    tables.set(kind, t);
  }
  return t;
}

/** Candidate fields of one header, best first, each with how sure the guess is (lower is surer). */
function candidates(kind: BookSheetKey, header: string): Array<{ field: string; rank: number }> {
  const { labels, synonyms } = tablesOf(kind);
  const out: Array<{ field: string; rank: number }> = [];
  const key = headerKey(header);
  if (!key) return out;
  const byKey = (k: string, base: number) => {
    for (const l of labels) if (l.key === k) out.push({ field: l.field, rank: base });
    for (const s of synonyms) {
      if (s.key !== k) continue;
      for (const [i, field] of s.fields.entries()) out.push({ field, rank: base + 1 + i });
    }
  };
  byKey(key, 10);
  const bare = withoutBrackets(header);
  if (bare) byKey(headerKey(bare), 20);
  // Close spellings ("Polcy Number", "Premum"): against labels and synonyms alike.
  const max = tolerance(key);
  if (max > 0) {
    for (const l of labels) {
      const d = distance(key, l.key, max);
      if (d > 0 && d <= max) out.push({ field: l.field, rank: 30 + d });
    }
    for (const s of synonyms) {
      if (s.key.length < 5) continue;
      const d = distance(key, s.key, max);
      if (d > 0 && d <= max) out.push({ field: s.fields[0]!, rank: 32 + d });
    }
  }
  return out.sort((a, b) => a.rank - b.rank);
}

/**
 * Each header's field, or null: the column is left out. A saved mapping (header in `savedHeader` form → field,
 * null for a column the agent left out) is used first; then the book's own header, a synonym, the header without
 * a bracketed part, a close spelling. A field is given to one column only: the surest guess (then the first
 * column) has it.
 */
export function suggestMapping(
  kind: BookSheetKey,
  headers: readonly string[],
  saved?: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  const known = new Set(IMPORT_FIELDS[kind].map((f) => f.field));
  const mapping: Record<string, string | null> = {};
  const taken = new Set<string>();
  const open: Array<{ header: string; options: Array<{ field: string; rank: number }> }> = [];
  for (const header of headers) {
    if (Object.hasOwn(mapping, header)) continue;
    mapping[header] = null;
    const remembered = saved?.[savedHeader(header)];
    if (remembered === null) continue;
    if (remembered !== undefined && known.has(remembered) && !taken.has(remembered)) {
      mapping[header] = remembered;
      taken.add(remembered);
      continue;
    }
    open.push({ header, options: candidates(kind, header) });
  }
  // Surest guesses first, across every header: an exact "Mobile" wins over a close spelling of it elsewhere.
  const ranks = [...new Set(open.flatMap((o) => o.options.map((c) => c.rank)))].sort((a, b) => a - b);
  for (const rank of ranks) {
    for (const o of open) {
      if (mapping[o.header] !== null) continue;
      const pick = o.options.find((c) => c.rank === rank && !taken.has(c.field));
      if (pick) {
        mapping[o.header] = pick.field;
        taken.add(pick.field);
      }
    }
  }
  return mapping;
}

const PLAN_SIGNS = new Set([
  'policy_number',
  'provider_name',
  'service_code',
  'money',
  'start_date',
  'end_date',
]);

function nameHint(name: string): BookSheetKey | null {
  const key = headerKey(name);
  if (key === 'clients') return 'clients';
  if (key === 'familymembers') return 'family_members';
  if (key === 'plans') return 'plans';
  if (/family|member|dependa?e?nt|relative/.test(key)) return 'family_members';
  if (/plan|polic|portfolio|investment|insurance|renewal|premium/.test(key)) return 'plans';
  if (/client|customer|contact/.test(key)) return 'clients';
  return null;
}

/** The names (as headerKey spells them) of sheets that are notes, not rows: instructions, read me, lists. */
const NOT_ROWS = /^(instructions?|readme|notes?|help|howto|lists?|dropdowns?|choices)$/;

/**
 * Which book sheet a sheet of the file is, from its name and headers (null: not imported). The book's own
 * names are taken at their word; otherwise a sheet with policy columns is Plans, one with a relationship
 * and a name is Family Members, one with a name is Clients.
 */
export function guessSheetKind(name: string, headers: readonly string[]): BookSheetKey | null {
  const hint = nameHint(name);
  const key = headerKey(name);
  // A sheet of instructions or of drop-down lists (the template's) holds no rows to import.
  if (NOT_ROWS.test(key)) return null;
  if (key === 'clients' || key === 'familymembers' || key === 'plans') return hint;
  const mapped = (kind: BookSheetKey) =>
    new Set(Object.values(suggestMapping(kind, headers)).filter((f): f is string => f !== null));
  const plans = mapped('plans');
  const planSigns = [...plans].filter((f) => PLAN_SIGNS.has(f) || f.startsWith('subtype_fields.')).length;
  if (planSigns >= 2) return 'plans';
  const members = mapped('family_members');
  const named = (s: Set<string>) => s.has('first_name') || s.has('full_name');
  if (members.has('relationship') && named(members) && hint !== 'clients') return 'family_members';
  const clients = mapped('clients');
  if (hint === 'family_members' && named(members)) return 'family_members';
  if (hint === 'plans' && planSigns >= 1) return 'plans';
  if (named(clients)) return 'clients';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Cells. Each reader takes the cell's text (readSpreadsheet gives every cell as text: date cells as
// DD/MM/YYYY, numbers as plain digits) and answers the value in the form the contract's schemas take, or the
// form's own message for what is wrong. A blank cell is `{ value: null }`.

export type CellRead<T> = { value: T | null; error?: undefined } | { value?: undefined; error: string };

/** The text of a cell as the import reads it: the export's formula escape undone, a mask taken as blank. */
export function cellText(raw: string | null | undefined): string {
  if (!raw) return '';
  const text = unescapeCell(raw).trim();
  return isMaskedCell(text) ? '' : text;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;

function monthOfName(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((m) => m.startsWith(lower));
  return index === -1 ? null : index + 1;
}

const daysIn = (month: number, year: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export interface DateOptions {
  /** Today in India (YYYY-MM-DD), for a two-digit year; defaults to the clock's. */
  today?: string;
  /** A date that cannot be in the future (a date of birth): a two-digit year is read in the last 100 years. */
  past?: boolean;
}

function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * A two-digit year when only one century makes sense: a date of birth is in the past 100 years (01/04/45 is
 * 1945); any other date within 50 years of today (12/03/24 is 2024). Null when both centuries fit.
 */
function fullYear(yy: number, month: number, day: number, options: DateOptions): number | null {
  const today = options.today ?? todayInIndia();
  const now = Number(today.slice(0, 4));
  const fits = [1900 + yy, 2000 + yy].filter((year) => {
    if (day > daysIn(month, year)) return false;
    const date = iso(year, month, day);
    if (options.past) return date <= today && year > now - 100;
    return year > now - 50 && year <= now + 50;
  });
  return fits.length === 1 ? fits[0]! : null;
}

const typedDateMessage = (label: string) =>
  `${label} must be a date typed as DD/MM/YYYY, for example 21/11/2026.`;

function fromParts(
  label: string,
  day: number,
  month: number,
  yearText: string,
  options: DateOptions,
): CellRead<string> {
  let year = Number(yearText);
  if (yearText.length === 2) {
    if (month < 1 || month > 12 || day < 1) return { error: typedDateMessage(label) };
    const full = fullYear(year, month, day, options);
    if (full === null)
      return { error: `${label} must have the year in full: DD/MM/YYYY, for example 21/11/2026.` };
    year = full;
  } else if (yearText.length !== 4) {
    return { error: typedDateMessage(label) };
  }
  if (year < FIRST_YEAR || year > LAST_YEAR) {
    return { error: `${label} must be in a year from ${FIRST_YEAR} to ${LAST_YEAR}.` };
  }
  if (month < 1 || month > 12) {
    return {
      error: `${label} must be a real date: there is no month ${month} (the day comes first, DD/MM/YYYY).`,
    };
  }
  if (day < 1) return { error: `${label} must be a real date: there is no day 0.` };
  if (day > daysIn(month, year)) {
    return {
      error: `${label} must be a real date: ${MONTHS[month - 1]![0]!.toUpperCase()}${MONTHS[month - 1]!.slice(1)} ${year} has ${daysIn(month, year)} days.`,
    };
  }
  return { value: iso(year, month, day) };
}

const ISO_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const NUMERIC_DATE = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d{2}|\d{4})$/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[\s/.,-]*([a-z]+)\.?[\s/.,-]*(\d{2}|\d{4})$/i;
const MONTH_NAME_DAY = /^([a-z]+)\.?[\s/.-]*(\d{1,2})(?:st|nd|rd|th)?[\s,/.-]+(\d{2}|\d{4})$/i;
const TIME_PART = /^(.+?)[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:am|pm)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
/** Excel's day numbers from 10000 (1927) on: a date column's cell that lost its date format. */
const SERIAL = /^(\d{5})(?:\.\d+)?$/;

/** An Excel day number (days since 30/12/1899, Excel's 1900 leap-year slip included) as YYYY-MM-DD. */
export function excelSerialDate(serial: number): string {
  return new Date(Math.round((serial - 25569) * 86_400_000)).toISOString().slice(0, 10);
}

/**
 * A date as Indians type it, as YYYY-MM-DD: DD/MM/YYYY, DD-MM-YYYY, DD.MM.YYYY, 12-Mar-2024, 12 March 2024,
 * March 12, 2024, YYYY-MM-DD, a two-digit year where one century fits (see `fullYear`), an Excel day number;
 * a time after the date is ignored. The day always comes first: 03/04/2024 is 3 April.
 */
export function readDate(cell: string, label: string, options: DateOptions = {}): CellRead<string> {
  let t = cell.trim().replace(/\s+/g, ' ');
  if (t === '') return { value: null };
  const timed = TIME_PART.exec(t);
  if (timed) t = timed[1]!.trim();
  let m = ISO_DATE.exec(t);
  if (m) return fromParts(label, Number(m[3]), Number(m[2]), m[1]!, options);
  m = NUMERIC_DATE.exec(t);
  if (m) return fromParts(label, Number(m[1]), Number(m[2]), m[3]!, options);
  m = DAY_MONTH_NAME.exec(t);
  if (m) {
    const month = monthOfName(m[2]!);
    if (month === null) return { error: `${label} must be a real date: "${m[2]}" is not a month.` };
    return fromParts(label, Number(m[1]), month, m[3]!, options);
  }
  m = MONTH_NAME_DAY.exec(t);
  if (m) {
    const month = monthOfName(m[1]!);
    if (month === null) return { error: `${label} must be a real date: "${m[1]}" is not a month.` };
    return fromParts(label, Number(m[2]), month, m[3]!, options);
  }
  m = SERIAL.exec(t);
  if (m) return { value: excelSerialDate(Number(t)) };
  return { error: typedDateMessage(label) };
}

const moneyMessage = (label: string) =>
  `${label} must be an amount in rupees of 0 or more, with at most 2 decimals.`;
const GROUPED = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(\.\d+)?$/;
const PLAIN = /^\d+(\.\d+)?$/;
const UNITS: Record<string, number> = {
  lakh: 1e5,
  lakhs: 1e5,
  lac: 1e5,
  lacs: 1e5,
  l: 1e5,
  cr: 1e7,
  crore: 1e7,
  crores: 1e7,
  k: 1e3,
};

/**
 * Rupees as plain digits ("123456.50"): ₹, Rs., INR, Indian (1,23,456) or western (123,456) grouping, a `/-`
 * after the amount, "5 lakh" or "1.5 Cr". More than 2 decimals, a negative amount or other text is the form's
 * message.
 */
export function readAmount(cell: string, label: string): CellRead<string> {
  let t = cell.trim().toLowerCase();
  if (t === '') return { value: null };
  t = t
    .replace(/^(₹|rs\.?|inr)\s*/, '')
    .replace(/\s*(\/-|\/=|₹|rs\.?|inr|rupees)$/, '')
    .replace(/\s*\/-$/, '')
    .trim();
  const unit = /^([\d,]+(?:\.\d+)?)\s*([a-z]+)\.?$/.exec(t);
  if (unit && Object.hasOwn(UNITS, unit[2]!)) {
    const n = unit[1]!.replace(/,/g, '');
    if (!PLAIN.test(n)) return { error: moneyMessage(label) };
    const rupees = Math.round(Number(n) * UNITS[unit[2]!]! * 100) / 100;
    return { value: String(rupees) };
  }
  const spaced = t.replace(/\s/g, '');
  if (!(PLAIN.test(spaced) || GROUPED.test(spaced))) return { error: moneyMessage(label) };
  const digits = spaced.replace(/,/g, '');
  const [whole = '', decimals = ''] = digits.split('.');
  if (decimals.length > 2) {
    // A spreadsheet's float (25000.100000000002) is paise and noise; a third real decimal is not an amount.
    const paise = Number(digits) * 100;
    if (Math.abs(paise - Math.round(paise)) > 1e-6) return { error: moneyMessage(label) };
    return { value: (Math.round(paise) / 100).toFixed(2) };
  }
  const cleaned = whole.replace(/^0+(?=\d)/, '');
  return { value: decimals ? `${cleaned}.${decimals}` : cleaned };
}

const phoneMessage = (label: string) => `${label} must be a valid phone number.`;
const PHONE_TEXT = /^\+?\(?[0-9][0-9\s()-]*$/;
const phoneOk = (t: string) => {
  const digits = t.replace(/\D/g, '');
  return PHONE_TEXT.test(t) && digits.length >= 10 && digits.length <= 13 && t.length <= 20;
};

/**
 * A phone as the portal keeps it (the form's rule: +91, spaces and dashes allowed): the cell as typed when the
 * rule takes it, else its 10 national digits ("Mob: 98765-43210", "0091 98765 43210"), else the first of two
 * numbers in one cell ("98765 43210 / 98765 43211"). Matching compares `nationalDigits`.
 */
export function readPhone(cell: string, label: string): CellRead<string> {
  const t = cell.trim();
  if (t === '') return { value: null };
  if (phoneOk(t)) return { value: t };
  const national = nationalDigits(t.replace(/^00/, '').replace(/^[^\d+]+/, ''));
  if (national) return { value: national };
  const first = t.split(/[/,;|]/)[0]?.trim();
  if (first && first !== t) {
    const one = readPhone(first, label);
    if (one.value) return one;
  }
  return { error: phoneMessage(label) };
}

const GENDER_WORDS: Record<string, (typeof GENDERS)[number]> = {
  m: 'male',
  male: 'male',
  man: 'male',
  f: 'female',
  female: 'female',
  woman: 'female',
  o: 'other',
  other: 'other',
  t: 'other',
  transgender: 'other',
};

/** male, female or other from M/F/Male/Female/Other (any case). */
export function readGender(cell: string, label = 'Gender'): CellRead<(typeof GENDERS)[number]> {
  const t = cell.trim().toLowerCase().replace(/\.$/, '');
  if (t === '') return { value: null };
  const g = GENDER_WORDS[t];
  return g ? { value: g } : { error: `${label} must be male, female or other.` };
}

const MODE_WORDS: Record<string, (typeof PREMIUM_MODES)[number]> = {
  yearly: 'Yearly',
  annual: 'Yearly',
  annually: 'Yearly',
  yly: 'Yearly',
  y: 'Yearly',
  yr: 'Yearly',
  halfyearly: 'Half-yearly',
  halfyly: 'Half-yearly',
  hly: 'Half-yearly',
  semiannual: 'Half-yearly',
  semiannually: 'Half-yearly',
  h: 'Half-yearly',
  hy: 'Half-yearly',
  quarterly: 'Quarterly',
  qly: 'Quarterly',
  qtly: 'Quarterly',
  q: 'Quarterly',
  monthly: 'Monthly',
  mly: 'Monthly',
  m: 'Monthly',
  ecs: 'Monthly',
  nach: 'Monthly',
  single: 'Single premium',
  singlepremium: 'Single premium',
  sp: 'Single premium',
  onetime: 'Single premium',
};

/** A premium mode as the form lists it (Yearly, Half-yearly, Quarterly, Monthly, Single premium); other text is kept. */
export function readMode(cell: string): CellRead<string> {
  const t = cell.trim();
  if (t === '') return { value: null };
  return { value: MODE_WORDS[headerKey(t)] ?? t };
}

const SERVICE_WORDS: Record<string, PlanServiceCode> = {
  lifeinsurance: 'life',
  term: 'life',
  terminsurance: 'life',
  endowment: 'life',
  ulip: 'life',
  mediclaim: 'health',
  healthinsurance: 'health',
  car: 'motor',
  bike: 'motor',
  vehicle: 'motor',
  twowheeler: 'motor',
  fourwheeler: 'motor',
  motorinsurance: 'motor',
  travelinsurance: 'travel',
  homeinsurance: 'home',
  mf: 'mutual_funds',
  mutualfund: 'mutual_funds',
  mutualfunds: 'mutual_funds',
  sip: 'mutual_funds',
  nationalpensionsystem: 'nps',
  nationalpensionscheme: 'nps',
  postoffice: 'postoffice',
  po: 'postoffice',
  indiapost: 'postoffice',
};

/** A service from its label, code or short name (`serviceFromCell`), or the words agents use ("Term", "MF"). */
export function readService(cell: string): PlanServiceCode | undefined {
  return serviceFromCell(cell) ?? SERVICE_WORDS[headerKey(cell)];
}

const MARK_WORDS: Record<string, PlanMark> = {
  inforce: 'active',
  expired: 'active',
  matured: 'closed',
  surrendered: 'closed',
};

/** A plan's status mark: active, renewed, lapsed or closed (In force and Expired read as active). */
export function readMark(cell: string): CellRead<PlanMark> {
  const key = headerKey(cell);
  if (key === '') return { value: null };
  const mark = (PLAN_MARKS as readonly string[]).includes(key) ? (key as PlanMark) : MARK_WORDS[key];
  return mark ? { value: mark } : { error: `Status must be one of ${PLAN_MARKS.join(', ')}.` };
}

/** A state or union territory in the list's spelling when it is one (any case); other text as typed. */
export function readState(cell: string): string {
  const t = cell.trim();
  const key = headerKey(t);
  return INDIAN_STATES_AND_UTS.find((s) => headerKey(s) === key) ?? t;
}

/** A number typed with its unit ("10 years", "15 yrs", "25%"): the number alone. */
export function readNumber(cell: string): string {
  const t = cell.trim();
  const m = /^(\d+(?:\.\d+)?)\s*(?:years?|yrs?|y|days?|d|%|cm|kg|kgs)?\.?$/i.exec(t);
  return m ? m[1]! : t;
}

const HONORIFIC = /^(mr|mrs|ms|miss|dr|shri|sri|smt|kumari|km|master|late)\.?\s+/;

/** A name as matching compares it: lower case, one space apart, without Mr./Mrs./Shri/Smt. and dots. */
export function nameKey(name: string): string {
  let key = name.normalize('NFKC').toLowerCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim();
  while (HONORIFIC.test(`${key} `) && key.includes(' ')) key = key.replace(HONORIFIC, '');
  return key;
}

/** "Ravi Kumar Sharma" → first "Ravi Kumar", last "Sharma"; one word is a first name alone. */
export function splitName(full: string): { first_name: string; last_name: string | null } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', last_name: null };
  return { first_name: words.slice(0, -1).join(' '), last_name: words.at(-1)! };
}
