import { PassThrough, type Readable } from 'node:stream';
import {
  BOOK_SHEETS,
  type BookColumn,
  type BookSheet,
  type BookSheetKey,
  bookSheet,
  CLIENT_CODE_HEADER,
  HELD_BY_HEADER,
  IMPORT_LIMITS,
  INSURED_MEMBERS_HEADER,
  PLAN_FIELD_ORDER,
  PLAN_SERVICE_CODES,
  type PlanServiceCode,
  SERVICE_LABELS,
  SubtypeFieldsSchemas,
} from '@portal/contract';
import type ExcelJS from 'exceljs';
import type { BookRow } from '../exports/book-rows.ts';
import { addBookRow, beginBookSheet, bookWorkbook, csvBookWriter } from '../exports/book-writers.ts';

// The import's template (issue 26 item 1, decision 036): the book's own sheets (book-sheets.ts), written by the
// export's writers so that a filled template reads back exactly as an export does, with example rows (a
// household whose plans cover every service), drop-downs on the columns that take a choice and an Instructions
// sheet. The file holds no agency's data, so it is made once per process and served to every workspace.

/** The template's file names: `book-import-template.xlsx`, `book-import-template-family-members.csv`. */
export function templateFileName(sheet?: BookSheetKey): string {
  return sheet ? `book-import-template-${sheet.replace('_', '-')}.csv` : 'book-import-template.xlsx';
}

/** The sheet that explains the others, first in the workbook; the hidden one holding the long drop-down lists, last. */
export const INSTRUCTIONS_SHEET = 'Instructions';
export const LISTS_SHEET = 'Lists';

/** Rows of each book sheet given the drop-downs: the examples and room for a book typed in by hand. */
export const TEMPLATE_LIST_ROWS = 5000;

// ---- The examples: one household with a plan of every service, and a second client ----

const RAVI = 'CL-001';
const PRIYA = 'CL-002';

const clientExamples: readonly BookRow[] = [
  {
    client_code: RAVI,
    first_name: 'Ravi',
    last_name: 'Sharma',
    date_of_birth: '1980-08-15',
    gender: 'male',
    nationality: 'Indian',
    occupation: 'Business',
    email: 'ravi.sharma@example.com',
    phone: '98765 43210',
    emergency_contact_name: 'Sunita Sharma',
    emergency_contact_phone: '98765 43211',
    house_number: '12B',
    society: 'Green Park Apartments',
    locality: 'Andheri East',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400069',
    // His investments need a PAN (KYC): the contract's own example of one.
    pan_number: 'ABCDE1234F',
  },
  {
    client_code: PRIYA,
    first_name: 'Priya',
    last_name: 'Nair',
    date_of_birth: '1975-02-03',
    gender: 'female',
    nationality: 'Indian',
    occupation: 'Teacher',
    email: 'priya.nair@example.com',
    phone: '94470 12345',
    house_number: '7',
    society: 'Lakshmi Nivas',
    locality: 'Kadavanthra',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682020',
  },
];

const SUNITA = 'Sunita Sharma';
const AARAV = 'Aarav Sharma';

const memberExamples: readonly BookRow[] = [
  {
    client_code: RAVI,
    first_name: 'Sunita',
    last_name: 'Sharma',
    relationship: 'Spouse',
    date_of_birth: '1983-05-20',
    gender: 'female',
    phone: '98765 43211',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400069',
  },
  {
    client_code: RAVI,
    first_name: 'Aarav',
    last_name: 'Sharma',
    relationship: 'Son',
    date_of_birth: '2012-11-02',
    gender: 'male',
    height_cm: 142,
    weight_kg: 36,
  },
  {
    client_code: PRIYA,
    first_name: 'Meera',
    last_name: 'Nair',
    relationship: 'Daughter',
    date_of_birth: '2004-09-18',
    gender: 'female',
    email: 'meera.nair@example.com',
  },
];

const sub = (fields: Record<string, unknown>): BookRow =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [`subtype_fields.${k}`, v]));

/** A plan of every service (values as the export's rows hold them: dates YYYY-MM-DD, amounts in digits). */
const planExamples: Record<PlanServiceCode, BookRow> = {
  life: {
    client_code: RAVI,
    provider_name: 'LIC of India',
    policy_number: '912345678',
    money: '24500',
    start_date: '2015-04-01',
    end_date: '2040-03-31',
    status: 'active',
    ...sub({ plan_name: 'Jeevan Anand', sum_assured: '1000000', mode: 'Yearly', term: 25, ppt: 20 }),
    'nominee.full_name': SUNITA,
    'nominee.relation': 'Spouse',
    'nominee.dob': '1983-05-20',
    'nominee.phone_number': '98765 43211',
  },
  health: {
    client_code: RAVI,
    provider_name: 'Star Health and Allied Insurance',
    policy_number: 'P/161000/01/2025/012345',
    money: '18500',
    start_date: '2025-06-01',
    end_date: '2026-05-31',
    status: 'active',
    ...sub({
      plan_name: 'Family Health Optima',
      cover_type: 'Family Floater',
      sum_assured: '500000',
      term: 1,
      mode: 'Yearly',
      insured_members: `Ravi Sharma | Self | 15/08/1980\n${SUNITA} | Spouse | 20/05/1983\n${AARAV} | Son | 02/11/2012`,
    }),
  },
  motor: {
    client_code: RAVI,
    held_by: SUNITA,
    provider_name: 'ICICI Lombard',
    policy_number: '3001/MT/12345678/00/000',
    money: '12450',
    start_date: '2025-01-15',
    end_date: '2026-01-14',
    ...sub({
      vehicle_make: 'Maruti Suzuki',
      vehicle_model: 'Baleno Zeta',
      rc_number: 'MH02AB1234',
      policy_type: 'comprehensive',
      idv: '650000',
      ncb_percent: '20',
      term: 1,
      mode: 'Yearly',
    }),
  },
  travel: {
    client_code: PRIYA,
    provider_name: 'Tata AIG',
    policy_number: 'TRV-2025-004512',
    money: '3200',
    start_date: '2025-05-10',
    end_date: '2025-05-30',
    ...sub({
      insurance_company_name: 'Tata AIG General Insurance',
      trip_type: 'Single trip',
      destination: 'Singapore',
      duration: 21,
      term: 1,
      mode: 'Single premium',
    }),
    'nominee.full_name': 'Meera Nair',
    'nominee.relation': 'Daughter',
  },
  home: {
    client_code: PRIYA,
    provider_name: 'HDFC ERGO',
    policy_number: 'HM-2025-778899',
    money: '4800',
    start_date: '2025-03-01',
    end_date: '2026-02-28',
    ...sub({
      insurance_company_name: 'HDFC ERGO General Insurance',
      building_sum_insured: '5000000',
      contents_sum_insured: '800000',
      term: 1,
      mode: 'Yearly',
    }),
  },
  mutual_funds: {
    client_code: RAVI,
    provider_name: 'HDFC Mutual Fund',
    policy_number: '1234567/89',
    money: '5000',
    start_date: '2023-04-05',
    end_date: '2033-04-05',
    ...sub({
      fund: 'HDFC Mutual Fund',
      scheme: 'HDFC Flexi Cap Fund Direct Growth',
      folio_number: '1234567/89',
      investment_mode: 'sip',
      sip_amount: '5000',
      sip_day: 5,
    }),
  },
  nps: {
    client_code: RAVI,
    provider_name: 'SBI Pension Funds',
    policy_number: '110091234567',
    money: '50000',
    start_date: '2020-04-01',
    end_date: '2040-08-15',
    ...sub({ pran: '110091234567' }),
  },
  postoffice: {
    client_code: RAVI,
    provider_name: 'India Post',
    policy_number: 'PPF-0123456789',
    money: '150000',
    start_date: '2021-04-01',
    end_date: '2036-03-31',
    ...sub({ scheme_name: 'Public Provident Fund (PPF)', account_number: '0123456789', term: 15, roi: 7.1 }),
  },
};

/** Each sheet's example rows, as the export's rows: a plan's service by its label, as the export writes it. */
export const TEMPLATE_EXAMPLES: Record<BookSheetKey, readonly BookRow[]> = {
  clients: clientExamples,
  family_members: memberExamples,
  plans: PLAN_SERVICE_CODES.map((code) => ({ ...planExamples[code], service_code: SERVICE_LABELS[code] })),
};

// ---- Drop-downs ----

/** Excel keeps an inline list (`"a,b,c"`) to 255 characters, and a comma or quote cannot be in its values. */
const INLINE_LIST_MAX = 250;
const inlineList = (values: readonly string[]) => {
  const joined = values.join(',');
  return joined.length <= INLINE_LIST_MAX && !values.some((v) => /[,"]/.test(v)) ? `"${joined}"` : null;
};

/** 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

interface LongList {
  header: string;
  values: readonly string[];
}

/** The lists too long to be inline, each a column of the Lists sheet, found by their values. */
class Lists {
  readonly columns: LongList[] = [];
  private readonly byValues = new Map<string, string>();

  formula(column: BookColumn): string {
    const values = column.values ?? [];
    const inline = inlineList(values);
    if (inline) return inline;
    const key = values.join('\n');
    let range = this.byValues.get(key);
    if (!range) {
      this.columns.push({ header: column.header, values });
      const letter = columnLetter(this.columns.length);
      range = `${LISTS_SHEET}!$${letter}$2:$${letter}$${values.length + 1}`;
      this.byValues.set(key, range);
    }
    return range;
  }
}

interface DataValidations {
  add(address: string, validation: ExcelJS.DataValidation): void;
}

/**
 * A drop-down on every enum column of the sheet. Other text is let through, after a warning on a strict column
 * (whose other values the import may refuse) and a note on the others (kept as typed): the import reads more
 * than the list says (M for male, a service's short name), and its dry run is where a value is judged.
 */
function addDropDowns(worksheet: ExcelJS.Worksheet, sheet: BookSheet, lists: Lists): void {
  // exceljs's worksheet writer keeps them (written when the sheet is committed); its types leave them out.
  const validations = (worksheet as unknown as { dataValidations: DataValidations }).dataValidations;
  sheet.columns.forEach((column, i) => {
    if (column.type !== 'enum' || !column.values?.length) return;
    const letter = columnLetter(i + 1);
    validations.add(`${letter}2:${letter}${TEMPLATE_LIST_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [lists.formula(column)],
      showErrorMessage: true,
      errorStyle: column.strict ? 'warning' : 'information',
      // Excel refuses a title over 32 characters.
      errorTitle: column.header.slice(0, 32),
      error: column.strict
        ? `${column.header} takes one of the list's values: other text may be refused by the import.`
        : `${column.header} is not one of the list's values: it is imported as typed.`,
    });
  });
}

// ---- The Instructions sheet ----

const BOOK_SHEET_NAMES = BOOK_SHEETS.map((s) => s.name);
const headerOf = (sheet: BookSheet, field: string) => sheet.columns.find((c) => c.field === field)!.header;
const requiredHeaders = (sheet: BookSheet) => sheet.columns.filter((c) => c.required).map((c) => c.header);
const listed = (items: readonly string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** Per service: the per-service columns its form requires (read from the contract's schema), and the others. */
function serviceLines(): string[][] {
  const plans = bookSheet('plans');
  return PLAN_SERVICE_CODES.map((code) => {
    const missing = SubtypeFieldsSchemas[code].safeParse({});
    const required = new Set(
      missing.success ? [] : missing.error.issues.map((issue) => String(issue.path[0])),
    );
    const field = (c: BookColumn) => c.field.replace(/^subtype_fields\./, '');
    // In the order the service's form has them (insured members, a list, last).
    const place = (c: BookColumn) => {
      const at = (PLAN_FIELD_ORDER[code] as readonly string[]).indexOf(field(c));
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    const columns = plans.columns
      .filter((c) => c.services?.includes(code))
      .sort((a, b) => place(a) - place(b));
    const must = columns.filter((c) => required.has(field(c))).map((c) => c.header);
    const may = columns.filter((c) => !required.has(field(c))).map((c) => c.header);
    const parts = [must.length ? `required: ${listed(must)}` : 'no column of its own is required'];
    if (may.length) parts.push(`also: ${listed(may)}`);
    if (code === 'mutual_funds') {
      parts.push(
        'Investment Mode sip needs SIP Amount and SIP Date (a day from 1 to 28); lump_sum needs Lump Sum Amount',
      );
    }
    return [SERVICE_LABELS[code], `${parts.join('; ')}.`];
  });
}

/** The enum columns that take only their list's values, over every sheet. */
const strictHeaders = () => [
  ...new Set(
    BOOK_SHEETS.flatMap((s) => s.columns.filter((c) => c.type === 'enum' && c.strict).map((c) => c.header)),
  ),
];

const mb = IMPORT_LIMITS.maxBytes / (1024 * 1024);
const grouped = (n: number) => n.toLocaleString('en-IN');

/** The Instructions sheet's rows: a topic and what to do. */
export function instructionRows(): string[][] {
  const clients = bookSheet('clients');
  const members = bookSheet('family_members');
  const plans = bookSheet('plans');
  return [
    [
      'This file',
      `Fill in the sheets ${listed(BOOK_SHEET_NAMES)} (or only those you need) and upload the file on the portal's Import clients page. Nothing is saved until you have checked what the import would do and chosen to import. The example rows show how each column is filled: replace them with your own rows, since rows left as they are would be imported too.`,
    ],
    [
      clients.name,
      `One row per client, the person who holds the policies and investments. Required: ${listed(requiredHeaders(clients))}. ${CLIENT_CODE_HEADER} is a short code of yours (for example CL-001) that links the client's rows on the other sheets: the same code on each of them.`,
    ],
    [
      members.name,
      `One row per family member (spouse, children, parents). ${CLIENT_CODE_HEADER} names whose family they belong to, a client of the ${clients.name} sheet. Required: ${listed([...requiredHeaders(members), headerOf(members, 'relationship')])} (choose it from the list or type your own).`,
    ],
    [
      plans.name,
      `One row per policy or investment. ${CLIENT_CODE_HEADER} names the client; ${HELD_BY_HEADER} names the family member who holds the plan (their First and Last Name as on the ${members.name} sheet), left blank when the client holds it. Required for every plan: ${listed(requiredHeaders(plans))}. ${headerOf(plans, 'money')} is the premium of a policy or the amount of an investment. Each service fills its own columns below and leaves the others blank: see the example row of each service.`,
    ],
    ...serviceLines(),
    [
      INSURED_MEMBERS_HEADER,
      'Health Insurance: the people covered, one per line (Alt+Enter in Excel) or separated by ;, each as Name | Relationship | Date of Birth | Phone, for example: Sunita Sharma | Spouse | 20/05/1983.',
    ],
    [
      'Nominee',
      `${headerOf(plans, 'nominee.full_name')} and ${headerOf(plans, 'nominee.relation')} together; the nominee's date of birth, phone and email may be left blank.`,
    ],
    [
      'A Plans sheet alone',
      `Your own list works too: one sheet of policies with the client's name and phone on every row, and a ${HELD_BY_HEADER} column naming the spouse or child who holds a plan (blank or the client's own name: the client). Its headers need not be these: after the upload you match each column to the portal's field (and may have the portal remember it). The rows are grouped into families by phone and name, which you can check, merge or split before anything is saved.`,
    ],
    [
      'Dates',
      'DD/MM/YYYY, for example 15/08/1980. Also read: 15-08-1980, 15.08.1980, 15-Aug-1980, 1980-08-15 and Excel date cells.',
    ],
    ['Amounts', 'Rupees as you write them: 25000, 25,000, 2,50,000.50, ₹25,000, Rs. 25,000/- or INR 25000.'],
    [
      'Phone numbers',
      'With or without +91 or a leading 0, with spaces or dashes: 98765 43210, +91 98765 43210, 098765-43210.',
    ],
    [
      'Drop-downs',
      `Columns with a drop-down offer their values. ${listed(strictHeaders())} take one of them; the other lists are suggestions, and what you type is kept. Gender may also be written M or F, Premium Mode Annual or Single, and Service by its short name (Life, Motor).`,
    ],
    [
      'PAN and Aadhaar',
      'Type the full number to store it (ABCDE1234F; 12 digits for Aadhaar). A masked number as the portal exports it (••••234F) is not read. A client who holds an investment (mutual fund, NPS, post office) needs a PAN.',
    ],
    [
      'Clients you already have',
      'A row is matched to a client already in the portal by PAN, else by phone and name, else by email: that client is not changed, and only their new family members and plans are added. A plan already present (the same service, number and provider) is not added twice, and a provider company not yet in the portal is added.',
    ],
    [
      'Documents',
      'PDFs (policy documents, identity proofs) are not imported: add them in the portal afterwards.',
    ],
    [
      'Limits',
      `One .xlsx file, or up to ${IMPORT_LIMITS.maxFiles} .csv files, of at most ${mb} MB and ${grouped(IMPORT_LIMITS.maxRows)} rows in all, and at most ${IMPORT_LIMITS.maxColumns} columns a sheet. Split a larger book into several files and import them one after the other.`,
    ],
    [
      '.csv files',
      `A .csv file holds one sheet. To bring clients, family members and plans in one import from .csv, choose the three files together (${clients.name}, ${members.name} and ${plans.name}); a ${plans.name} .csv with the client's name and phone on each row works on its own.`,
    ],
    [
      'Not imported',
      `This sheet and the hidden ${LISTS_SHEET} sheet, which holds the drop-downs' values, are not imported.`,
    ],
  ];
}

function writeInstructions(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Topic', key: 'topic', width: 26, style: { alignment: { vertical: 'top', wrapText: true } } },
    {
      header: 'What to do',
      key: 'how',
      width: 110,
      style: { alignment: { vertical: 'top', wrapText: true } },
    },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for (const [topic, how] of instructionRows()) {
    const row = sheet.addRow([topic, how]);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  sheet.commit();
}

function writeLists(workbook: ExcelJS.stream.xlsx.WorkbookWriter, lists: Lists): void {
  const sheet = workbook.addWorksheet(LISTS_SHEET, { state: 'hidden' });
  sheet.columns = lists.columns.map((list) => ({
    header: `${list.header} (choices)`,
    width: Math.min(Math.max(...list.values.map((v) => v.length), list.header.length + 10) + 2, 60),
  }));
  const longest = Math.max(0, ...lists.columns.map((l) => l.values.length));
  for (let i = 0; i < longest; i += 1) {
    sheet.addRow(lists.columns.map((l) => l.values[i] ?? null)).commit();
  }
  sheet.commit();
}

async function bytesOf(out: Readable, write: () => Promise<void>): Promise<Buffer> {
  // Read while writing: the zip waits for its reader.
  const chunks = out.toArray();
  await write();
  return Buffer.concat(
    (await chunks).map((c: Buffer | string) => (typeof c === 'string' ? Buffer.from(c) : c)),
  );
}

async function makeXlsx(): Promise<Buffer> {
  const out = new PassThrough();
  const workbook = bookWorkbook(out);
  return bytesOf(out, async () => {
    writeInstructions(workbook);
    const lists = new Lists();
    for (const sheet of BOOK_SHEETS) {
      const worksheet = beginBookSheet(workbook, sheet);
      for (const row of TEMPLATE_EXAMPLES[sheet.key]) addBookRow(worksheet, sheet, row);
      addDropDowns(worksheet, sheet, lists);
      worksheet.commit();
    }
    writeLists(workbook, lists);
    await workbook.commit();
  });
}

async function makeCsv(key: BookSheetKey): Promise<Buffer> {
  const writer = csvBookWriter();
  return bytesOf(writer.out, async () => {
    writer.beginSheet(bookSheet(key));
    for (const row of TEMPLATE_EXAMPLES[key]) writer.row(row);
    await writer.endSheet();
    await writer.finish();
  });
}

const made = new Map<string, Promise<Buffer>>();

/** The same bytes every time: made on the first call (a failure is not kept). */
function memo(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let bytes = made.get(key);
  if (!bytes) {
    bytes = make();
    made.set(key, bytes);
    bytes.catch(() => made.delete(key));
  }
  return bytes;
}

/** The template as .xlsx: Instructions, the book's three sheets with examples and drop-downs, the hidden lists. */
export const templateXlsx = (): Promise<Buffer> => memo('xlsx', makeXlsx);

/** One sheet of the template as .csv (header and examples, with a byte order mark for Excel). */
export const templateCsv = (sheet: BookSheetKey): Promise<Buffer> => memo(sheet, () => makeCsv(sheet));
