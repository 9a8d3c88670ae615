import { setImmediate as turn } from 'node:timers/promises';
import {
  type BookSheetKey,
  type CellRead,
  CreatePrimaryClientSchema,
  CreateSecondaryClientSchema,
  categoryOfService,
  cellText,
  HELD_BY_HEADER,
  type ImportCounts,
  type ImportHousehold,
  type ImportHouseholdChange,
  type ImportMatch,
  type ImportOutcome,
  type ImportRow,
  type ImportRowError,
  importField,
  moneyField,
  nameKey,
  nationalDigits,
  PAN_RE,
  type ParsedPlan,
  PlanInputSchema,
  type PlanMark,
  type PlanServiceCode,
  parseInsuredMembersCell,
  readAmount,
  readDate,
  readGender,
  readMark,
  readMode,
  readNumber,
  readPhone,
  readService,
  readState,
  SERVICE_LABELS,
  SubtypeFieldsSchemas,
  splitName,
} from '@portal/contract';
import type { z } from 'zod';
import type { ReadSheet } from './read-file.ts';

// The dry run's thinking, pure (issue 26 items 3 and 4, decision 036): the rows of the mapped sheets become
// households (a client with their family members and plans), each checked with the forms' own schemas (so a
// row's errors are the forms' messages, each naming the file's column), matched against the agency's existing
// clients, members, providers and plans (`Existing`, read in a few statements by existing.repository.ts), and
// answered as what each row would do and the work a commit does, household by household. Nothing here reads
// the database or the clock (but for `today`'s default), so a dry run and the commit plan the same way.

export interface PlanSheet {
  sheet: ReadSheet;
  kind: BookSheetKey;
  /** header → field (book-import.ts IMPORT_FIELDS of the kind), or null: left out. */
  mapping: Record<string, string | null>;
}

export interface PlanInput {
  sheets: PlanSheet[];
  existing: Existing;
  changes: ImportHouseholdChange;
  /** Today in India (YYYY-MM-DD), for two-digit years; defaults to the clock's. */
  today?: string;
}

/** A new client's fields, as Add Primary Client's schema gives them (profileColumns takes them). */
export type ClientProfile = z.output<typeof CreatePrimaryClientSchema>;

/** A new family member's fields: Add Family Member's schema without the client, which the commit knows. */
export const MemberInputSchema = CreateSecondaryClientSchema.omit({ primary_client_id: true });
export type MemberInput = z.output<typeof MemberInputSchema>;

export type PlannedPlan = Omit<ParsedPlan, 'provider_id'>;

export interface RowRef {
  sheet: string;
  rowNumber: number;
}

export type PlannedMember =
  /** `row`: the Family Members row it comes from, or null when only Held By names it. */
  | { name: string; kind: 'new'; input: MemberInput; row: RowRef | null }
  | { name: string; kind: 'existing'; id: string };

export interface PlannedPlanEntry {
  sheet: string;
  rowNumber: number;
  /** The holder: a member's `name` in the household's `members`, or null for the client. */
  holder: string | null;
  provider: { kind: 'existing'; id: string } | { kind: 'new'; name: string; serviceCode: PlanServiceCode };
  plan: PlannedPlan;
  /** The Status column's mark (null: the plan's default, active). */
  mark: PlanMark | null;
}

export interface PlannedHousehold {
  key: string;
  client:
    | { kind: 'new'; profile: ClientProfile; row: RowRef | null }
    | { kind: 'existing'; id: string; matchedBy: ImportMatch };
  members: PlannedMember[];
  plans: PlannedPlanEntry[];
  /** Every row the household's commit accounts for (written or already present): its progress. */
  rowNumbers: RowRef[];
}

export interface ImportPlan {
  rows: ImportRow[];
  households: ImportHousehold[];
  counts: ImportCounts;
  work: PlannedHousehold[];
}

// ---------------------------------------------------------------------------------------------------------
// What the agency already has (existing.repository.ts reads it; an empty agency has none of it).

export interface ExistingClient {
  id: string;
  /** The client's full name, for the row's summary. */
  name: string;
}

export interface Existing {
  /** Full PAN (upper case) → client. */
  byPan: Map<string, ExistingClient>;
  /** `phoneNameKey(national digits, name)` → client. */
  byPhoneName: Map<string, ExistingClient>;
  /** E-mail (lower case) → client. */
  byEmail: Map<string, ExistingClient>;
  /** Client id → member `nameKey` → member id. */
  members: Map<string, Map<string, string>>;
  /** `providerKeyOf(service, name)` → provider id. */
  providers: Map<string, string>;
  /** `planKeyOf(service, number, provider name)` of every plan of the agency the file names. */
  plans: Set<string>;
}

export const emptyExisting = (): Existing => ({
  byPan: new Map(),
  byPhoneName: new Map(),
  byEmail: new Map(),
  members: new Map(),
  providers: new Map(),
  plans: new Set(),
});

/** What to look up: the file's PANs, phones (national digits), e-mails and plan numbers (`numberKey`). */
export interface ExistingKeys {
  pans: string[];
  phones: string[];
  emails: string[];
  numbers: string[];
}

/** A provider or a plan number as compared: trimmed, one space apart, lower case. */
export const numberKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
export const providerKeyOf = (service: string, name: string): string => `${service}|${numberKey(name)}`;
export const planKeyOf = (service: string, number: string, provider: string): string =>
  `${service}|${numberKey(number)}|${numberKey(provider)}`;
export const phoneNameKey = (digits: string, name: string): string => `${digits}|${nameKey(name)}`;

/** A PAN as the form stores it, when the text is one (spaces left out, upper case); else null. */
export function panOf(text: string): string | null {
  const pan = text.replace(/\s/g, '').toUpperCase();
  return PAN_RE.test(pan) ? pan : null;
}

// ---------------------------------------------------------------------------------------------------------
// Rows of the mapped sheets.

interface RowState {
  errors: ImportRowError[];
  outcome: ImportOutcome | null;
  matchedBy: ImportMatch | null;
  summary: string;
  household: string | null;
  newProvider: string | null;
}

class Rec {
  readonly state: RowState = {
    errors: [],
    outcome: null,
    matchedBy: null,
    summary: '',
    household: null,
    newProvider: null,
  };
  constructor(
    readonly sheet: MappedSheet,
    readonly rowNumber: number,
    private readonly cells: readonly string[],
    /** The row's place among every row of the file: sheets in order, rows in order. */
    readonly seq: number,
  ) {}
  get(field: string): string {
    const at = this.sheet.at.get(field);
    return at === undefined ? '' : cellText(this.cells[at]);
  }
  has(field: string): boolean {
    return this.get(field) !== '';
  }
  column(field: string | null): string | null {
    return field === null ? null : (this.sheet.header.get(field) ?? null);
  }
  error(field: string | null, message: string) {
    const column = this.column(field);
    if (!this.state.errors.some((e) => e.column === column && e.message === message)) {
      this.state.errors.push({ column, message });
    }
  }
  get failed() {
    return this.state.errors.length > 0;
  }
  get ref(): RowRef {
    return { sheet: this.sheet.name, rowNumber: this.rowNumber };
  }
}

interface MappedSheet {
  name: string;
  kind: BookSheetKey;
  /** field → the index of its column (the first column mapped to it). */
  at: Map<string, number>;
  /** field → its column's header. */
  header: Map<string, string>;
  recs: Rec[];
}

function mapSheets(sheets: PlanSheet[]): MappedSheet[] {
  let seq = 0;
  return sheets.map(({ sheet, kind, mapping }) => {
    const at = new Map<string, number>();
    const header = new Map<string, string>();
    sheet.headers.forEach((h, i) => {
      const field = mapping[h];
      if (field && importField(kind, field) && !at.has(field)) {
        at.set(field, i);
        header.set(field, h);
      }
    });
    const mapped: MappedSheet = { name: sheet.name, kind, at, header, recs: [] };
    mapped.recs = sheet.rows.map((r) => new Rec(mapped, r.rowNumber, r.cells, seq++));
    return mapped;
  });
}

/** The file's keys to look up in the agency (existing.repository.ts `loadExisting`). */
export function importKeys(sheets: PlanSheet[]): ExistingKeys {
  const pans = new Set<string>();
  const phones = new Set<string>();
  const emails = new Set<string>();
  const numbers = new Set<string>();
  for (const sheet of mapSheets(sheets)) {
    const prefix = sheet.kind === 'plans' ? 'client.' : '';
    for (const rec of sheet.recs) {
      const pan = panOf(rec.get(`${prefix}pan_number`));
      if (pan) pans.add(pan);
      const phone = nationalDigits(rec.get(`${prefix}phone`));
      if (phone) phones.add(phone);
      const email = rec.get(`${prefix}email`).toLowerCase();
      if (email) emails.add(email);
      if (sheet.kind === 'plans') {
        const number = rec.get('policy_number');
        if (number) numbers.add(numberKey(number));
      }
    }
  }
  return { pans: [...pans], phones: [...phones], emails: [...emails], numbers: [...numbers] };
}

// ---------------------------------------------------------------------------------------------------------
// People: a client's or a member's fields read from their sources and checked with the form's schema.

/** Where a person's field is read from: a row and the field of its sheet (`client.phone`, `phone`). */
interface Source {
  rec: Rec;
  field: string;
}
type Sources = Map<string, Source>;

const CLIENT_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'nationality',
  'occupation',
  'email',
  'phone',
  'alternate_phone',
  'emergency_contact_name',
  'emergency_contact_phone',
  'house_number',
  'society',
  'locality',
  'city',
  'state',
  'pincode',
  'aadhaar_number',
  'pan_number',
] as const;

const MEMBER_FIELDS = [
  'first_name',
  'last_name',
  'relationship',
  'relation_type',
  'date_of_birth',
  'gender',
  'email',
  'phone',
  'alternate_phone',
  'house_number',
  'society',
  'locality',
  'city',
  'state',
  'pincode',
  'height_cm',
  'weight_kg',
  'medical_conditions',
  'aadhaar_number',
  'pan_number',
  'cif_number',
  'account_number',
  'ifsc_code',
] as const;

/** The forms' labels of fields a cell reader checks before the schema does. */
const PHONE_LABELS: Record<string, string> = {
  phone: 'Phone Number',
  alternate_phone: 'Alternate Phone Number',
  emergency_contact_phone: 'Emergency Contact Phone',
};

/** A field holding a whole name ("Ravi Kumar Sharma"): a whole-name column, or Held By. */
const wholeName = (field: string) => field.endsWith('full_name') || field === 'held_by';

/** The sources of a person's fields on one row of a Clients or Family Members sheet. */
function rowSources(rec: Rec, fields: readonly string[], prefix = ''): Sources {
  const sources: Sources = new Map();
  for (const f of fields) if (rec.has(`${prefix}${f}`)) sources.set(f, { rec, field: `${prefix}${f}` });
  // A whole name in one cell: split when First Name has no cell of its own.
  if (!sources.has('first_name') && rec.has(`${prefix}full_name`)) {
    sources.set('first_name', { rec, field: `${prefix}full_name` });
  }
  return sources;
}

/** The text of a person's field: a whole-name cell gives its first or last part. */
function sourceText(target: string, source: Source | undefined): string {
  if (!source) return '';
  const text = source.rec.get(source.field);
  if (wholeName(source.field)) {
    const parts = splitName(text);
    return target === 'first_name'
      ? parts.first_name
      : target === 'last_name'
        ? (parts.last_name ?? '')
        : text;
  }
  return text;
}

/** The person's full name as read: First and Last Name, or the whole-name cell. */
function personName(sources: Sources): string {
  const first = sources.get('first_name');
  if (first && wholeName(first.field)) return first.rec.get(first.field).replace(/\s+/g, ' ');
  return [sourceText('first_name', first), sourceText('last_name', sources.get('last_name'))]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ');
}

type Checked<T> = { ok: true; value: T } | { ok: false };

/**
 * A person's fields read with the cell readers and checked with `schema`; each problem goes to the row its
 * field came from (`fallback` for a field without a cell), naming that row's column.
 */
function checkPerson<S extends z.ZodType>(
  schema: S,
  fields: readonly string[],
  sources: Sources,
  fallback: Rec,
  today: string,
  extra: Record<string, unknown> = {},
): Checked<z.output<S>> {
  const input: Record<string, unknown> = { ...extra };
  const problems: Array<{ field: string; message: string }> = [];
  for (const f of fields) {
    const source = sources.get(f);
    if (!source) continue;
    const text = sourceText(f, source);
    let read: CellRead<unknown> = { value: text || null };
    if (f === 'date_of_birth') read = readDate(text, 'Date Of Birth', { past: true, today });
    else if (f === 'gender') read = readGender(text);
    else if (f in PHONE_LABELS) read = readPhone(text, PHONE_LABELS[f]!);
    else if (f === 'state') read = { value: readState(text) };
    else if (f === 'height_cm' || f === 'weight_kg') read = { value: readNumber(text) };
    if (read.error !== undefined) problems.push({ field: f, message: read.error });
    else input[f] = read.value;
  }
  // A whole name gives the last name too, unless it has a column of its own.
  const whole = sources.get('first_name');
  if (whole && wholeName(whole.field) && !sources.has('last_name')) {
    input.last_name = sourceText('last_name', whole) || null;
  }
  const parsed = schema.safeParse(input);
  const failed = new Set(problems.map((p) => p.field));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (!failed.has(field)) problems.push({ field, message: issue.message });
    }
  }
  for (const p of problems) {
    const source = sources.get(p.field);
    (source?.rec ?? fallback).error(source?.field ?? columnFieldOf(fallback, p.field), p.message);
  }
  return problems.length === 0 && parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

/** The field of the fallback row's sheet a missing person's field would have had, for naming its column. */
function columnFieldOf(rec: Rec, field: string): string {
  if (rec.sheet.kind !== 'plans') return field;
  return rec.sheet.header.has(`client.${field}`) ? `client.${field}` : 'client.full_name';
}

// ---------------------------------------------------------------------------------------------------------
// Households.

interface Household {
  key: string;
  seq: number;
  /** Book: the household's Clients row; else null. */
  clientRec: Rec | null;
  /** Clients rows of households merged into this one: the same client. */
  absorbed: Rec[];
  /** Where the client's fields are read from. */
  sources: Sources;
  /** Names that mean the client on a Held By cell (`nameKey`): their own, and merged households' clients'. */
  aliases: Set<string>;
  memberRecs: Rec[];
  planRecs: Rec[];
  mergedFrom: string[];
  splitFrom: string | null;
}

function household(key: string, seq: number, clientRec: Rec | null, sources: Sources): Household {
  const name = nameKey(personName(sources));
  return {
    key,
    seq,
    clientRec,
    absorbed: [],
    sources,
    aliases: new Set(name ? [name] : []),
    memberRecs: [],
    planRecs: [],
    mergedFrom: [],
    splitFrom: null,
  };
}

const codeKey = (code: string) => code.trim().toUpperCase();

/** A book's households: one per Clients row, its members and plans by Client Code. */
function bookHouseholds(sheets: MappedSheet[], loose: Rec[]): Household[] {
  const byCode = new Map<string, Household>();
  const list: Household[] = [];
  for (const sheet of sheets.filter((s) => s.kind === 'clients')) {
    for (const rec of sheet.recs) {
      const code = rec.get('client_code');
      const key = code ? `c:${codeKey(code)}` : `r:${sheet.name}:${rec.rowNumber}`;
      const twin = code ? byCode.get(codeKey(code)) : undefined;
      if (twin) {
        rec.error(
          'client_code',
          `Client Code ${code} is already on row ${twin.clientRec!.rowNumber} of ${twin.clientRec!.sheet.name}.`,
        );
        loose.push(rec);
        continue;
      }
      const h = household(key, rec.seq, rec, rowSources(rec, CLIENT_FIELDS));
      list.push(h);
      if (code) byCode.set(codeKey(code), h);
    }
  }
  for (const sheet of sheets.filter((s) => s.kind !== 'clients')) {
    for (const rec of sheet.recs) {
      const code = rec.get('client_code');
      const h = code ? byCode.get(codeKey(code)) : undefined;
      if (!code)
        rec.error(
          'client_code',
          'Client Code is required: the Client Code of the client on the Clients sheet.',
        );
      else if (!h) rec.error('client_code', `Client Code ${code} is not on the Clients sheet.`);
      if (!h) {
        loose.push(rec);
        continue;
      }
      (sheet.kind === 'plans' ? h.planRecs : h.memberRecs).push(rec);
    }
  }
  return list;
}

const CLIENT_ON_PLANS = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'pan_number',
  'date_of_birth',
  'gender',
];

/**
 * An agent's own Plans sheet: rows grouped by the client's phone and name, else name and e-mail, else name.
 * A row with a name alone joins the one household of that name that has a phone, when there is one.
 */
function listHouseholds(sheets: MappedSheet[], loose: Rec[]): Household[] {
  const byKey = new Map<string, Household>();
  const list: Household[] = [];
  const nameOnly: Array<{ rec: Rec; name: string }> = [];
  const phonedByName = new Map<string, Set<Household>>();
  const add = (key: string, rec: Rec) => {
    let h = byKey.get(key);
    if (!h) {
      h = household(key, rec.seq, null, new Map());
      byKey.set(key, h);
      list.push(h);
    }
    h.planRecs.push(rec);
    return h;
  };
  for (const sheet of sheets) {
    for (const rec of sheet.recs) {
      if (sheet.kind !== 'plans') {
        rec.error(
          'client_code',
          'A Family Members row needs the Clients sheet in the same file: its Client Code names a client there.',
        );
        loose.push(rec);
        continue;
      }
      const name = nameKey(personName(rowSources(rec, CLIENT_ON_PLANS, 'client.')));
      const phone = nationalDigits(rec.get('client.phone'));
      const email = rec.get('client.email').toLowerCase();
      if (!name && !phone) {
        rec.error('client.full_name', 'Client Name is required: the name of the client the plan belongs to.');
        loose.push(rec);
        continue;
      }
      if (phone) {
        const h = add(`p:${phone}:${name}`, rec);
        if (name) phonedByName.set(name, (phonedByName.get(name) ?? new Set()).add(h));
      } else if (email) add(`e:${name}:${email}`, rec);
      else nameOnly.push({ rec, name });
    }
  }
  for (const { rec, name } of nameOnly) {
    const phoned = phonedByName.get(name);
    if (phoned?.size === 1) [...phoned][0]!.planRecs.push(rec);
    else add(`n:${name}`, rec);
  }
  for (const h of list) {
    h.planRecs.sort((a, b) => a.seq - b.seq);
    // The client's fields: each from the first of the household's rows that has it.
    for (const rec of h.planRecs) {
      for (const [f, s] of rowSources(rec, CLIENT_ON_PLANS, 'client.'))
        if (!h.sources.has(f)) h.sources.set(f, s);
    }
    const name = nameKey(personName(h.sources));
    if (name) h.aliases.add(name);
  }
  return list;
}

/** Held By's name as compared, or null for the client (blank, "Self", or one of the client's names). */
function holderKey(h: Household, rec: Rec): string | null {
  const key = nameKey(rec.get('held_by'));
  return key === '' || key === 'self' || h.aliases.has(key) ? null : key;
}

/** Split: each Held By holder of the household becomes a client of their own, with their plans. */
function split(list: Household[], key: string): Household[] {
  const h = list.find((x) => x.key === key);
  if (!h) return list;
  const byHolder = new Map<string, Rec[]>();
  for (const rec of h.planRecs) {
    const holder = holderKey(h, rec);
    if (holder !== null) byHolder.set(holder, [...(byHolder.get(holder) ?? []), rec]);
  }
  const out: Household[] = [];
  for (const [holder, recs] of byHolder) {
    const memberRec = h.memberRecs.find((m) => nameKey(personName(rowSources(m, MEMBER_FIELDS))) === holder);
    const first = recs[0]!;
    let sources: Sources;
    if (memberRec) {
      sources = rowSources(memberRec, CLIENT_FIELDS);
      h.memberRecs = h.memberRecs.filter((m) => m !== memberRec);
    } else {
      sources = new Map<string, Source>([['first_name', { rec: first, field: 'held_by' }]]);
      const dob = recs.find((r) => r.has('holder.date_of_birth'));
      if (dob) sources.set('date_of_birth', { rec: dob, field: 'holder.date_of_birth' });
      const gender = recs.find((r) => r.has('holder.gender'));
      if (gender) sources.set('gender', { rec: gender, field: 'holder.gender' });
    }
    // A member's Family Members row is the split-off client's own row now.
    const part = household(`${h.key}/${holder}`, first.seq, memberRec ?? null, sources);
    part.aliases.add(holder);
    part.planRecs = recs;
    part.splitFrom = h.key;
    out.push(part);
  }
  const moved = new Set(out.flatMap((p) => p.planRecs));
  h.planRecs = h.planRecs.filter((r) => !moved.has(r));
  return [...list, ...out];
}

/** Merge: the households become the first's, whose client they all are. */
function merge(list: Household[], keys: readonly string[]): Household[] {
  const byKey = new Map(list.map((h) => [h.key, h]));
  const found = keys.map((k) => byKey.get(k)).filter((h): h is Household => h !== undefined);
  const [first, ...rest] = [...new Set(found)];
  if (!first || rest.length === 0) return list;
  for (const other of rest) {
    if (other.clientRec) first.absorbed.push(other.clientRec, ...other.absorbed);
    for (const a of other.aliases) first.aliases.add(a);
    first.memberRecs.push(...other.memberRecs);
    first.planRecs.push(...other.planRecs);
  }
  first.memberRecs.sort((a, b) => a.seq - b.seq);
  first.planRecs.sort((a, b) => a.seq - b.seq);
  first.mergedFrom = [first.key, ...rest.map((r) => r.key)];
  first.seq = Math.min(first.seq, ...rest.map((r) => r.seq));
  const gone = new Set(rest);
  return list.filter((h) => !gone.has(h));
}

// ---------------------------------------------------------------------------------------------------------
// Plans.

/** A placeholder the plan schema takes for the provider, which the import finds by name instead. */
const NO_PROVIDER = '00000000-0000-4000-8000-000000000000';

/** The forms' labels of a plan's amounts and dates, for the cell readers' messages. */
const SUBTYPE_MONEY_LABELS: Record<string, string> = {
  sum_assured: 'Sum Assured',
  idv: 'IDV',
  building_sum_insured: 'Building Sum Insured',
  contents_sum_insured: 'Contents Sum Insured',
  sip_amount: 'SIP Amount',
  lump_sum_amount: 'Lump Sum Amount',
};

/** A schema issue's path as the field of the plan's sheet whose column it concerns. */
function planFieldOf(path: readonly PropertyKey[]): string {
  const [head, next] = path.map(String);
  if (head === 'premium_amount' || head === 'amount') return 'money';
  if (head === 'subtype_fields' && next) return `subtype_fields.${next}`;
  if (head === 'nominee') return next ? `nominee.${next}` : 'nominee.full_name';
  if (head === 'provider_id') return 'provider_name';
  return head ?? '';
}

interface HolderInfo {
  /** The holder's name as the plan's summary shows it. */
  name: string;
  /** The holder's relationship to the client, for a health policy's default insured member. */
  relationship: string;
}

interface ReadPlan {
  service: PlanServiceCode;
  provider: string;
  plan: PlannedPlan;
  mark: PlanMark | null;
}

/** One Plans row checked with PlanInputSchema; its problems go on the row. Null when it has any. */
function readPlan(rec: Rec, holder: HolderInfo, today: string): ReadPlan | null {
  const problems = new Map<string, string[]>();
  const problem = (field: string, message: string) =>
    problems.set(field, [...(problems.get(field) ?? []), message]);
  const take = <T>(field: string, read: CellRead<T>): T | undefined => {
    if (read.error !== undefined) {
      problem(field, read.error);
      return undefined;
    }
    return read.value ?? undefined;
  };
  const serviceText = rec.get('service_code');
  const service = serviceText ? readService(serviceText) : undefined;
  const provider = rec.get('provider_name').replace(/\s+/g, ' ');
  if (!provider) problem('provider_name', 'Provider is required: the insurance or investment company.');
  const moneyKey = service && categoryOfService(service) === 'investment' ? 'amount' : 'premium_amount';
  const moneyLabel = moneyKey === 'amount' ? 'Amount' : 'Premium Amount';
  const money = take('money', readAmount(rec.get('money'), moneyLabel));
  const start = take('start_date', readDate(rec.get('start_date'), 'Start Date', { today }));
  const end = take('end_date', readDate(rec.get('end_date'), 'End Date', { today }));
  const mark = take('status', readMark(rec.get('status'))) ?? null;
  const subtype: Record<string, unknown> = {};
  if (service) {
    for (const [field] of rec.sheet.at) {
      if (!field.startsWith('subtype_fields.')) continue;
      const spec = importField('plans', field);
      if (spec?.services && !spec.services.includes(service)) continue;
      const key = field.slice('subtype_fields.'.length);
      const text = rec.get(field);
      if (!text) continue;
      if (key === 'insured_members') {
        subtype[key] = parseInsuredMembersCell(text).map((m) => {
          const dob = m.insured_member_dob
            ? readDate(m.insured_member_dob, 'Insured Member Dob', { past: true, today })
            : null;
          return { ...m, insured_member_dob: dob?.value ?? m.insured_member_dob };
        });
      } else if (spec?.type === 'amount')
        subtype[key] = take(field, readAmount(text, SUBTYPE_MONEY_LABELS[key] ?? spec.label));
      else if (spec?.type === 'number') subtype[key] = readNumber(text);
      else if (key === 'mode') subtype[key] = take(field, readMode(text));
      else subtype[key] = text;
    }
    // A health policy covers its holder when the file names nobody else.
    if (service === 'health' && subtype.insured_members === undefined && holder.name) {
      subtype.insured_members = [
        {
          insured_member_name: holder.name,
          relationship: holder.relationship,
          insured_member_dob: null,
          insured_member_phone_number: null,
        },
      ];
    }
  }
  const nomineeFields = ['full_name', 'relation', 'dob', 'phone_number', 'email'];
  let nominee: Record<string, unknown> | null = null;
  if (nomineeFields.some((f) => rec.has(`nominee.${f}`))) {
    nominee = {
      full_name: rec.get('nominee.full_name') || undefined,
      relation: rec.get('nominee.relation') || undefined,
      dob:
        take('nominee.dob', readDate(rec.get('nominee.dob'), 'Nominee Dob', { past: true, today })) ?? null,
      phone_number:
        take('nominee.phone_number', readPhone(rec.get('nominee.phone_number'), 'Nominee Phone Number')) ??
        null,
      email: rec.get('nominee.email') || null,
    };
  }
  const number = rec.get('policy_number');
  const parsed = PlanInputSchema.safeParse({
    provider_id: NO_PROVIDER,
    service_code: service ?? (serviceText || undefined),
    policy_number: number || undefined,
    [moneyKey]: money,
    start_date: start,
    end_date: end,
    subtype_fields: subtype,
    nominee,
  });
  const issues = parsed.success ? [] : [...parsed.error.issues];
  // The schema checks the amount and the service's fields only once the rest is right: check them anyway, so
  // a row shows every problem at once.
  if (!parsed.success && service && !issues.some((i) => i.path[0] === 'subtype_fields')) {
    const sub = SubtypeFieldsSchemas[service].safeParse(subtype);
    if (!sub.success)
      for (const i of sub.error.issues) issues.push({ ...i, path: ['subtype_fields', ...i.path] });
    const m = moneyField(moneyLabel).safeParse(money);
    if (!m.success && !issues.some((i) => i.path[0] === moneyKey)) {
      for (const i of m.error.issues) issues.push({ ...i, path: [moneyKey] });
    }
  }
  for (const issue of issues) {
    const field = planFieldOf(issue.path);
    if (!problems.has(field)) problem(field, issue.message);
  }
  for (const [field, messages] of problems) for (const m of messages) rec.error(field, m);
  if (!parsed.success || problems.size > 0 || !service) return null;
  const { provider_id: _unused, ...plan } = parsed.data;
  return { service, provider, plan, mark };
}

// ---------------------------------------------------------------------------------------------------------
// The plan.

interface MemberDraft {
  key: string;
  name: string;
  /** The Family Members row, when the member has one. */
  rec: Rec | null;
  /** Later rows of the same member: already present. */
  twins: Rec[];
  /** Plans rows naming the member in Held By. */
  holds: Rec[];
  result:
    | { kind: 'new'; input: MemberInput }
    | { kind: 'existing'; id: string }
    | { kind: 'failed'; at: Rec }
    | null;
  /** Whether the commit writes the member (an existing one, or a plan of theirs is written). */
  used: boolean;
}

/** The plan of an import (what planImport answers), a household at a time: it yields after each. */
function* planning(input: PlanInput): Generator<void, ImportPlan> {
  const today = input.today ?? new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
  const { existing } = input;
  const sheets = mapSheets(input.sheets);
  const loose: Rec[] = [];
  const book = sheets.some((s) => s.kind === 'clients');
  let list = book ? bookHouseholds(sheets, loose) : listHouseholds(sheets, loose);
  for (const key of input.changes.splits ?? []) list = split(list, key);
  for (const keys of input.changes.merges ?? []) list = merge(list, keys);
  list.sort((a, b) => a.seq - b.seq);

  const work: PlannedHousehold[] = [];
  const seenPlans = new Set<string>();
  const newProviders = new Set<string>();
  /** A new provider's name as the file first spells it: "LIC" and "lic" are one company. */
  const providerNames = new Map<string, string>();
  const matchedIds = new Set<string>();
  const households: ImportHousehold[] = [];
  const shown: Household[] = [];

  for (const h of list) {
    yield;
    const recs = [...(h.clientRec ? [h.clientRec] : []), ...h.absorbed, ...h.memberRecs, ...h.planRecs];
    for (const r of recs) r.state.household = h.key;
    const first = h.clientRec ?? h.planRecs[0] ?? h.memberRecs[0];
    if (!first) continue;
    const clientName = personName(h.sources);

    // The client: an existing one (by PAN, phone and name, e-mail), else a new one checked with the form.
    const pan = panOf(sourceText('pan_number', h.sources.get('pan_number')));
    const phone = nationalDigits(sourceText('phone', h.sources.get('phone')));
    const email = sourceText('email', h.sources.get('email')).toLowerCase();
    let matched: { client: { id: string; name: string }; by: ImportMatch } | null = null;
    const byPan = pan ? existing.byPan.get(pan) : undefined;
    const byPhone =
      phone && clientName ? existing.byPhoneName.get(phoneNameKey(phone, clientName)) : undefined;
    const byEmail = email ? existing.byEmail.get(email) : undefined;
    if (byPan) matched = { client: byPan, by: 'pan' };
    else if (byPhone) matched = { client: byPhone, by: 'phone_and_name' };
    else if (byEmail) matched = { client: byEmail, by: 'email' };
    let profile: ClientProfile | null = null;
    if (!matched) {
      const checked = checkPerson(CreatePrimaryClientSchema, CLIENT_FIELDS, h.sources, first, today);
      if (checked.ok) profile = checked.value;
    }
    const clientFailed = !matched && !profile;
    const clientWhere = h.clientRec ?? first;
    const shownName = matched?.client.name ?? (clientName || 'The client');
    if (matched) {
      matchedIds.add(matched.client.id);
      for (const r of recs) r.state.matchedBy = matched.by;
    }

    // The family: the Family Members rows, and the holders Held By names.
    const members = new Map<string, MemberDraft>();
    const member = (key: string, name: string): MemberDraft => {
      let m = members.get(key);
      if (!m) {
        m = { key, name, rec: null, twins: [], holds: [], result: null, used: false };
        members.set(key, m);
      }
      return m;
    };
    for (const rec of h.memberRecs) {
      const sources = rowSources(rec, MEMBER_FIELDS);
      const name = personName(sources);
      const m = member(nameKey(name) || `row ${rec.rowNumber}`, name);
      if (m.rec) m.twins.push(rec);
      else m.rec = rec;
    }
    const holderOf = new Map<Rec, MemberDraft | null>();
    for (const rec of h.planRecs) {
      const key = holderKey(h, rec);
      if (key === null) holderOf.set(rec, null);
      else {
        const m = member(key, rec.get('held_by').replace(/\s+/g, ' '));
        m.holds.push(rec);
        holderOf.set(rec, m);
      }
    }
    const existingMembers = matched ? existing.members.get(matched.client.id) : undefined;
    for (const m of members.values()) {
      const id = existingMembers?.get(m.key);
      if (id) {
        m.result = { kind: 'existing', id };
        continue;
      }
      if (clientFailed) continue;
      let sources: Sources;
      let extra: Record<string, unknown> = {};
      if (m.rec) sources = rowSources(m.rec, MEMBER_FIELDS);
      else {
        // Only Held By names them: their name, and the holder's columns of the first row that has each.
        const at = m.holds[0]!;
        sources = new Map<string, Source>([['first_name', { rec: at, field: 'held_by' }]]);
        for (const [target, field] of [
          ['relationship', 'holder.relationship'],
          ['date_of_birth', 'holder.date_of_birth'],
          ['gender', 'holder.gender'],
        ] as const) {
          const row = m.holds.find((r) => r.has(field));
          if (row) sources.set(target, { rec: row, field });
        }
        // A holder whose relationship the list does not say is recorded as Other, which the agent can change.
        if (!sources.has('relationship')) extra = { relationship: 'Other' };
      }
      const fallback = m.rec ?? m.holds[0]!;
      const checked = checkPerson(MemberInputSchema, MEMBER_FIELDS, sources, fallback, today, extra);
      m.result = checked.ok
        ? { kind: 'new', input: checked.value }
        : { kind: 'failed', at: [m.rec, ...m.holds].find((r) => r?.failed) ?? fallback };
    }

    // The plans.
    const planned: PlannedPlanEntry[] = [];
    for (const rec of h.planRecs) {
      const m = holderOf.get(rec) ?? null;
      const relationship =
        m === null
          ? 'Self'
          : m.result?.kind === 'new'
            ? m.result.input.relationship
            : rec.get('holder.relationship') || 'Other';
      const read = readPlan(rec, { name: m ? m.name : clientName, relationship }, today);
      if (clientFailed) {
        continue;
      }
      if (m?.result?.kind === 'failed' && !rec.failed) {
        const at = m.result.at;
        rec.error(
          'held_by',
          `${m.name}, named in ${HELD_BY_HEADER}, has errors on row ${at.rowNumber} of ${at.sheet.name}: fix them first.`,
        );
      }
      if (!read || rec.failed) continue;
      const holderName = m ? m.name : shownName;
      rec.state.summary = `${holderName} · ${read.provider} ${read.plan.policy_number} (${SERVICE_LABELS[read.service]})`;
      const key = planKeyOf(read.service, read.plan.policy_number, read.provider);
      if (existing.plans.has(key) || seenPlans.has(key)) {
        rec.state.outcome = 'duplicate';
        continue;
      }
      seenPlans.add(key);
      const providerKey = providerKeyOf(read.service, read.provider);
      const providerId = existing.providers.get(providerKey);
      const providerName = providerNames.get(providerKey) ?? read.provider;
      providerNames.set(providerKey, providerName);
      if (!providerId) rec.state.newProvider = `${providerName} (${SERVICE_LABELS[read.service]})`;
      if (m) m.used = true;
      planned.push({
        sheet: rec.sheet.name,
        rowNumber: rec.rowNumber,
        holder: m ? m.name : null,
        provider: providerId
          ? { kind: 'existing', id: providerId }
          : { kind: 'new', name: providerName, serviceCode: read.service },
        plan: read.plan,
        mark: read.mark,
      });
    }

    // Rows that cannot be written because their client or member cannot.
    if (clientFailed) {
      const where = `row ${clientWhere.rowNumber} of ${clientWhere.sheet.name}`;
      for (const r of recs) {
        if (!r.failed) {
          r.error(
            book ? 'client_code' : null,
            `${clientName || 'The client'} cannot be added: their details on ${where} have errors. Fix them first.`,
          );
        }
      }
    }
    for (const m of members.values()) {
      if (m.result?.kind === 'failed') {
        for (const r of m.twins)
          r.error(
            null,
            `${m.name} has errors on row ${m.result.at.rowNumber} of ${m.result.at.sheet.name}: fix them first.`,
          );
      }
    }

    // What each row does.
    const writesClient = !clientFailed && (matched !== null || book || planned.length > 0);
    const newMembers: PlannedMember[] = [];
    for (const m of members.values()) {
      const r = m.result;
      if (!r || r.kind === 'failed') continue;
      if (m.rec) {
        const relationship = r.kind === 'new' ? r.input.relationship : m.rec.get('relationship') || 'member';
        m.rec.state.summary = `${m.name}, ${relationship} of ${shownName}`;
        m.rec.state.outcome = r.kind === 'existing' ? 'duplicate' : 'new_member';
        for (const t of m.twins) {
          t.state.summary = m.rec.state.summary;
          t.state.outcome = 'duplicate';
        }
      }
      if (r.kind === 'existing') {
        if (m.used) newMembers.push({ name: m.name, kind: 'existing', id: r.id });
      } else if (m.rec || m.used) {
        newMembers.push({ name: m.name, kind: 'new', input: r.input, row: m.rec ? m.rec.ref : null });
      }
    }
    if (h.clientRec) {
      const code = h.clientRec.get('client_code');
      const summary = `${shownName}${code ? ` (${code})` : ''}`;
      for (const r of [h.clientRec, ...h.absorbed]) {
        if (r.failed) continue;
        r.state.summary = r === h.clientRec ? summary : `${summary}, merged`;
        r.state.outcome = matched ? 'matched_client' : 'new_client';
      }
    }
    if (!h.clientRec && writesClient) {
      // An agent's list: the household's first written row says what happens to the client, each holder's
      // first written row that a member is added.
      const firstWritten = h.planRecs.find((r) => !r.failed && r.state.outcome !== 'duplicate');
      const introduced = new Set<MemberDraft>();
      for (const r of h.planRecs) {
        if (r.failed || r.state.outcome === 'duplicate') continue;
        const m = holderOf.get(r) ?? null;
        if (r === firstWritten) r.state.outcome = matched ? 'matched_client' : 'new_client';
        else if (m && m.result?.kind === 'new' && !introduced.has(m)) r.state.outcome = 'new_member';
        else r.state.outcome = 'new_plan';
        if (m) introduced.add(m);
      }
    }
    for (const r of h.planRecs) if (!r.failed && r.state.outcome === null) r.state.outcome = 'new_plan';

    if (
      writesClient &&
      (planned.length > 0 || newMembers.some((m) => m.kind === 'new') || (book && !matched))
    ) {
      work.push({
        key: h.key,
        client: matched
          ? { kind: 'existing', id: matched.client.id, matchedBy: matched.by }
          : { kind: 'new', profile: profile!, row: h.clientRec ? h.clientRec.ref : null },
        members: newMembers,
        plans: planned,
        rowNumbers: recs
          .filter((r) => !r.failed)
          .sort((a, b) => a.seq - b.seq)
          .map((r) => r.ref),
      });
      for (const p of planned) {
        if (p.provider.kind === 'new')
          newProviders.add(providerKeyOf(p.provider.serviceCode, p.provider.name));
      }
    }
    shown.push(h);
    households.push({
      key: h.key,
      client_name: shownName,
      phone: sourceText('phone', h.sources.get('phone')) || null,
      members: [...members.values()].map((m) => m.name),
      plans: h.planRecs.length,
      rows: recs.length,
      outcome: matched ? 'matched_client' : 'new_client',
      similar: [],
      merged_from: h.mergedFrom,
      split_from: h.splitFrom,
    });
  }
  similarHouseholds(households, shown);

  const all = sheets.flatMap((s) => s.recs);
  for (const rec of all) {
    if (rec.failed) {
      rec.state.outcome = 'error';
      rec.state.newProvider = null;
    } else if (rec.state.outcome === null) rec.state.outcome = 'new_plan';
    if (!rec.state.summary) rec.state.summary = fallbackSummary(rec);
  }
  const rows: ImportRow[] = all.map((rec) => ({
    sheet: rec.sheet.name,
    row_number: rec.rowNumber,
    outcome: rec.state.outcome!,
    matched_by: rec.failed ? null : rec.state.matchedBy,
    summary: rec.state.summary,
    household: rec.state.household,
    new_provider: rec.state.newProvider,
    errors: rec.state.errors,
  }));
  const counts: ImportCounts = {
    rows: rows.length,
    new_clients: work.filter((w) => w.client.kind === 'new').length,
    matched_clients: matchedIds.size,
    new_members: work.reduce((n, w) => n + w.members.filter((m) => m.kind === 'new').length, 0),
    new_plans: work.reduce((n, w) => n + w.plans.length, 0),
    duplicates: rows.filter((r) => r.outcome === 'duplicate').length,
    errors: rows.filter((r) => r.outcome === 'error').length,
    new_providers: newProviders.size,
    households: households.length,
  };
  return { rows, households, counts, work };
}

/** What a row is, for one the plan could not describe (a row with errors). */
function fallbackSummary(rec: Rec): string {
  if (rec.sheet.kind === 'plans') {
    const who =
      rec.get('held_by') ||
      rec.get('client.full_name') ||
      [rec.get('client.first_name'), rec.get('client.last_name')].filter(Boolean).join(' ') ||
      rec.get('client_code');
    const what = [rec.get('provider_name'), rec.get('policy_number')].filter(Boolean).join(' ');
    return [who, what].filter(Boolean).join(' · ') || `Row ${rec.rowNumber}`;
  }
  const name =
    rec.get('full_name') || [rec.get('first_name'), rec.get('last_name')].filter(Boolean).join(' ');
  return name || rec.get('client_code') || `Row ${rec.rowNumber}`;
}

/** Households that look like the same family: the same phone under another name, the same name with another phone. */
function similarHouseholds(households: ImportHousehold[], list: Household[]) {
  const byPhone = new Map<string, ImportHousehold[]>();
  const byName = new Map<string, ImportHousehold[]>();
  const facts = new Map<ImportHousehold, { phone: string | null; name: string }>();
  households.forEach((out, i) => {
    const h = list[i]!;
    const phone = nationalDigits(sourceText('phone', h.sources.get('phone')));
    const name = nameKey(personName(h.sources));
    facts.set(out, { phone, name });
    if (phone) byPhone.set(phone, [...(byPhone.get(phone) ?? []), out]);
    if (name) byName.set(name, [...(byName.get(name) ?? []), out]);
  });
  for (const out of households) {
    const { phone, name } = facts.get(out)!;
    const similar = new Set<string>();
    for (const o of phone ? (byPhone.get(phone) ?? []) : [])
      if (o !== out && facts.get(o)!.name !== name) similar.add(o.key);
    for (const o of name ? (byName.get(name) ?? []) : [])
      if (o !== out && facts.get(o)!.phone !== phone) similar.add(o.key);
    out.similar = [...similar].slice(0, 20);
  }
}

export function planImport(input: PlanInput): ImportPlan {
  const steps = planning(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same plan, letting the event loop run every `households`: checking 10,000 rows holds the thread for a second
 * or more, and the runner works in the server's thread, beside every other call (decision 037).
 */
export async function planImportByTurns(input: PlanInput, households = 25): Promise<ImportPlan> {
  const steps = planning(input);
  for (let n = 1; ; n += 1) {
    const step = steps.next();
    if (step.done) return step.value;
    if (n % households === 0) await turn();
  }
}
