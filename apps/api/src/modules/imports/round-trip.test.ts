import {
  AddPlansResponseSchema,
  BOOK_SHEETS,
  type BookSheetKey,
  bookSheet,
  CLIENT_CODE_HEADER,
  ImportJobResponseSchema,
  ImportRowsResponseSchema,
  PLAN_FIELD_ORDER,
  PLAN_SERVICE_CODES,
  type PlanServiceCode,
  SERVICE_LABELS,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyWithClients } from '../../../test/fixtures/client-portal.ts';
import { committedImport, importCall, uploadFile, waitForJob } from '../../../test/fixtures/imports.ts';
import { addPlans } from '../../../test/fixtures/plans.ts';
import { AADHAAR, createClient, PAN } from '../../../test/fixtures/primary-clients.ts';
import {
  bearer,
  createTestApp,
  registerAgency,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';

// Issue 26 item 7: the book exported, imported into an empty agency, and exported again gives back the same book,
// over every service's fields. The first agency is filled through the forms' own calls (clients, family members
// with every field, plans of every service with every per-service field, a nominee on each, plans held by family
// members, marks), so what is compared is what the portal stores. Two things differ, and the test says so:
// - the Client Code: the import numbers the clients it creates in the second agency's own series (its prefix is
//   that agency's address), as Add Primary Client does; rows are matched through it, the codes mapped;
// - identity numbers: the export writes PAN, Aadhaar, CIF and bank account numbers as their masks (••••234F,
//   decisions §5) and the import ignores a masked cell, so the second book has none: those columns are blank.
// The rows come in the same order: the export writes clients oldest first, and the import stamps the records it
// creates in the file's order (commit-writer.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MEMBER_PAN = 'PQRSX6789K';

/** Every service's plans, between them filling every per-service field of the plan vocabulary. */
const FIELDS: Record<PlanServiceCode, Array<Record<string, unknown>>> = {
  life: [{ plan_name: 'Jeevan Anand', sum_assured: '1000000', mode: 'Half-yearly', term: 21, ppt: 15 }],
  health: [
    {
      plan_name: 'Optima Secure',
      cover_type: 'Family Floater',
      sum_assured: '500000',
      term: 1,
      mode: 'Monthly',
      insured_members: [
        {
          insured_member_name: 'Meera Iyer',
          relationship: 'Self',
          insured_member_dob: '1984-06-12',
          insured_member_phone_number: '9876501234',
        },
        {
          insured_member_name: 'Kabir Iyer',
          relationship: 'Son',
          insured_member_dob: '2012-03-04',
          insured_member_phone_number: '',
        },
      ],
    },
  ],
  motor: [
    {
      vehicle_make: 'Maruti Suzuki',
      vehicle_model: 'Swift VXi',
      rc_number: 'MH12AB1234',
      policy_type: 'comprehensive',
      idv: '450000',
      ncb_percent: 25,
      term: 1,
      mode: 'Yearly',
    },
  ],
  travel: [
    {
      insurance_company_name: 'Tata AIG General Insurance',
      trip_type: 'Single trip',
      destination: 'Singapore',
      duration: 10,
      term: 1,
      mode: 'Single premium',
    },
  ],
  home: [
    {
      insurance_company_name: 'HDFC ERGO General Insurance',
      building_sum_insured: '5000000',
      contents_sum_insured: '800000',
      term: 5,
      mode: 'Yearly',
    },
  ],
  // A SIP and a lump sum: a fund takes one or the other's fields, never both.
  mutual_funds: [
    {
      fund: 'HDFC Mutual Fund',
      scheme: 'HDFC Flexi Cap Fund Direct Growth',
      folio_number: '1234567/89',
      investment_mode: 'sip',
      sip_amount: '5000',
      sip_day: 5,
    },
    {
      fund: 'HDFC Mutual Fund',
      scheme: 'HDFC Balanced Advantage Fund',
      folio_number: '1234567/90',
      investment_mode: 'lump_sum',
      lump_sum_amount: '250000',
    },
  ],
  nps: [{ pran: '110012345678' }],
  postoffice: [{ scheme_name: 'PPF', account_number: 'PO-9988', term: 15, roi: '7.1' }],
};

const NOMINEE = {
  full_name: 'Ravi Iyer',
  relation: 'Spouse',
  dob: '1982-01-01',
  phone_number: '+91 98765 05678',
  email: 'ravi.iyer@example.in',
};

const INVESTMENT: readonly string[] = ['mutual_funds', 'nps', 'postoffice'];

let serial = 0;
function planOf(service: PlanServiceCode, providerId: string, subtype: Record<string, unknown>) {
  serial += 1;
  return {
    provider_id: providerId,
    service_code: service,
    policy_number: `${service.toUpperCase()}-RT-${serial}`,
    // Paise too: the book carries amounts to the paisa.
    ...(INVESTMENT.includes(service) ? { amount: '250000.75' } : { premium_amount: '24500.50' }),
    start_date: '2024-04-01',
    end_date: '2044-03-31',
    subtype_fields: subtype,
    nominee: NOMINEE,
  };
}

async function post(token: string, url: string, payload: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
}

async function addMember(token: string, clientId: string, fields: Record<string, unknown>) {
  const res = await post(token, '/api/secondary-clients', { primary_client_id: clientId, ...fields });
  return res.json<{ data: { secondary_client_id: string } }>().data.secondary_client_id;
}

async function addPlansOf(token: string, clientId: string, plans: unknown[], memberId?: string) {
  const res = await addPlans(t.app, token, {
    primary_client_id: clientId,
    ...(memberId ? { secondary_client_id: memberId } : {}),
    plans,
  });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = AddPlansResponseSchema.parse(res.json());
  return [...data.insurance, ...data.investment].map((p) => p.plan_id);
}

/** The first agency's book, made through the forms' calls. */
async function fillAgency() {
  const a = await agencyWithClients(t);
  const token = await signInToken(t.app, {
    email: a.agency.email,
    password: a.agency.password,
    host: a.agency.host,
  });
  const provider = (s: PlanServiceCode) => a.prov[s];

  // A client with every field, a son with every field, and a spouse.
  const meera = await createClient(t.app, token, {
    first_name: 'Meera',
    last_name: 'Iyer',
    nationality: 'Indian',
    alternate_phone: '+91 98220 11223',
    email: 'meera.iyer@example.in',
    pan_number: PAN,
    aadhaar_number: AADHAAR,
  });
  const kabir = await addMember(token, meera.primary_client_id, {
    first_name: 'Kabir',
    last_name: 'Iyer',
    relationship: 'Son',
    relation_type: 'Biological',
    date_of_birth: '2012-03-04',
    gender: 'male',
    email: 'kabir.iyer@example.in',
    phone: '9876501111',
    alternate_phone: '9876502222',
    house_number: 'B-402',
    society: 'Shanti Niketan',
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    height_cm: 142.5,
    weight_kg: 36,
    medical_conditions: 'Asthma, mild',
    aadhaar_number: AADHAAR,
    pan_number: MEMBER_PAN,
    cif_number: 'CIF99887766',
    account_number: '912345678901234',
    ifsc_code: 'HDFC0001234',
  });
  const ravi = await addMember(token, meera.primary_client_id, {
    first_name: 'Ravi',
    last_name: 'Iyer',
    relationship: 'Spouse',
    date_of_birth: '1982-01-01',
    gender: 'male',
  });
  // Every service's plans held by the client; a health policy held by the son, a motor policy by the spouse.
  const own = await addPlansOf(
    token,
    meera.primary_client_id,
    PLAN_SERVICE_CODES.flatMap((s) => FIELDS[s].map((fields) => planOf(s, provider(s), fields))),
  );
  await addPlansOf(
    token,
    meera.primary_client_id,
    [planOf('health', provider('health'), FIELDS.health[0]!)],
    kabir,
  );
  await addPlansOf(
    token,
    meera.primary_client_id,
    [planOf('motor', provider('motor'), FIELDS.motor[0]!)],
    ravi,
  );
  // The agency's marks: a lapsed policy, a closed account.
  await post(token, `/api/renewals/plans/${own[0]}/lapsed`, { note: 'Not paid' });
  await post(token, `/api/renewals/plans/${own.at(-1)}/lapsed`, {});

  // Text a spreadsheet would take for a formula, in a client's, a member's and a nominee's names and a phone.
  const formula = await createClient(t.app, token, {
    first_name: '=HYPERLINK("http://evil.example","x")',
    last_name: '@SUM(1)',
    email: 'formula@example.in',
    phone: '+91 98765 43210',
    pan_number: null,
    aadhaar_number: null,
  });
  const tara = await addMember(token, formula.primary_client_id, {
    first_name: '+Tara',
    last_name: '-Joshi',
    relationship: 'Daughter',
  });
  await addPlansOf(
    token,
    formula.primary_client_id,
    [
      {
        ...planOf('life', provider('life'), FIELDS.life[0]!),
        nominee: { full_name: '=1+1', relation: 'Father' },
      },
    ],
    tara,
  );

  // A client with no plans and a family member with none, named in Devanagari.
  const rajesh = await createClient(t.app, token, {
    first_name: 'राजेश',
    last_name: 'कुमार',
    email: 'rajesh.kumar@example.in',
    phone: '9812345678',
    pan_number: null,
    aadhaar_number: null,
  });
  await addMember(token, rajesh.primary_client_id, {
    first_name: 'सीता',
    last_name: 'कुमार',
    relationship: 'Spouse',
  });
  return token;
}

async function ownerOfEmptyAgency() {
  const agency = await registerAgency(t.app);
  await verifyOwner(t.db, agency.ownerId);
  return signInToken(t.app, { email: agency.email, password: agency.password, host: agency.host });
}

async function download(token: string): Promise<Buffer> {
  const res = await t.app.inject({ method: 'GET', url: '/api/exports/book.xlsx', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

type Book = Record<BookSheetKey, string[][]>;

/** A cell as the file holds it, as text: dates as YYYY-MM-DD, numbers as digits, text as written (escaped). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Each sheet's data rows, cells in the format's column order; the headers checked against the format. */
async function readBook(bytes: Buffer): Promise<Book> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const book = {} as Book;
  for (const sheet of BOOK_SHEETS) {
    const ws = workbook.getWorksheet(sheet.name)!;
    const rows: string[][] = [];
    ws.eachRow((row, n) => {
      const cells = sheet.columns.map((_c, i) => cellText(row.getCell(i + 1).value));
      if (n === 1) expect(cells).toEqual(sheet.columns.map((c) => c.header));
      else rows.push(cells);
    });
    book[sheet.key] = rows;
  }
  return book;
}

const columnsOf = (key: BookSheetKey) => bookSheet(key).columns;
const codeAt = (key: BookSheetKey) => columnsOf(key).findIndex((c) => c.header === CLIENT_CODE_HEADER);
const maskedAt = (key: BookSheetKey) => columnsOf(key).flatMap((c, i) => (c.type === 'masked' ? [i] : []));

/** A row with its Client Code and its identity masks left out: what the two books must have the same. */
const carried = (key: BookSheetKey, row: string[]) =>
  row.map((cell, i) => (i === codeAt(key) || maskedAt(key).includes(i) ? '' : cell));

describe('the book exported, imported into an empty agency and exported again', () => {
  let first: Book;
  let second: Book;
  let codes: Map<string, string>;

  beforeAll(async () => {
    const owner = await fillAgency();
    const bytes = await download(owner);
    first = await readBook(bytes);

    const other = await ownerOfEmptyAgency();
    const upload = await uploadFile(t.app, other, bytes, 'book.xlsx');
    expect(upload.statusCode, upload.body).toBe(201);
    const job = ImportJobResponseSchema.parse(upload.json()).data;
    expect(job.sheets.map((s) => [s.name, s.kind])).toEqual(BOOK_SHEETS.map((s) => [s.name, s.key]));
    // Each of the book's own headers is taken for its own field.
    for (const sheet of job.sheets) {
      const format = BOOK_SHEETS.find((s) => s.name === sheet.name)!;
      expect(sheet.mapping).toEqual(Object.fromEntries(format.columns.map((c) => [c.header, c.field])));
    }
    const checked = await waitForJob(t.app, other, job.id, ['checked']);
    const problems = ImportRowsResponseSchema.parse(
      (
        await importCall(t.app, other, 'GET', `/api/imports/${job.id}/rows?outcome=problems&limit=200`)
      ).json(),
    );
    expect(problems.data).toEqual([]);
    const plans = first.plans.length;
    expect(checked.counts).toMatchObject({
      rows: first.clients.length + first.family_members.length + plans,
      new_clients: first.clients.length,
      new_members: first.family_members.length,
      new_plans: plans,
      duplicates: 0,
      errors: 0,
      // One provider a service: the first agency's, found by name in the book.
      new_providers: PLAN_SERVICE_CODES.length,
    });
    const done = await committedImport(t.app, other, job.id);
    expect(done.status).toBe('done');
    second = await readBook(await download(other));

    // The clients matched by everything the book carries of them, which differs from client to client.
    codes = new Map();
    for (const row of first.clients) {
      const twins = second.clients.filter(
        (r) => JSON.stringify(carried('clients', r)) === JSON.stringify(carried('clients', row)),
      );
      expect(twins, row.join(' | ')).toHaveLength(1);
      codes.set(row[codeAt('clients')]!, twins[0]![codeAt('clients')]!);
    }
  });

  it('fills every per-service field of every service, with a nominee, held by the client and by family', () => {
    const plans = bookSheet('plans');
    const service = plans.columns.findIndex((c) => c.field === 'service_code');
    for (const code of PLAN_SERVICE_CODES) {
      const rows = first.plans.filter((r) => r[service] === SERVICE_LABELS[code]);
      expect(rows.length, code).toBeGreaterThan(0);
      for (const key of [...PLAN_FIELD_ORDER[code], ...(code === 'health' ? ['insured_members'] : [])]) {
        const at = plans.columns.findIndex((c) => c.field === `subtype_fields.${key}`);
        expect(
          rows.some((r) => r[at] !== ''),
          `${code}: ${key}`,
        ).toBe(true);
      }
    }
    for (const field of [
      'nominee.full_name',
      'nominee.relation',
      'nominee.dob',
      'nominee.phone_number',
      'nominee.email',
      'held_by',
      'status',
    ]) {
      const at = plans.columns.findIndex((c) => c.field === field);
      expect(
        first.plans.some((r) => r[at] !== ''),
        field,
      ).toBe(true);
    }
    const members = bookSheet('family_members');
    members.columns.forEach((c, i) => {
      expect(
        first.family_members.some((r) => r[i] !== ''),
        c.header,
      ).toBe(true);
    });
    bookSheet('clients').columns.forEach((c, i) => {
      expect(
        first.clients.some((r) => r[i] !== ''),
        c.header,
      ).toBe(true);
    });
  });

  it('gives every client back with a Client Code of the new agency', () => {
    expect(second.clients).toHaveLength(first.clients.length);
    const prefix = (code: string) => code.replace(/-\d+$/, '');
    const [old] = codes.keys();
    const [renumbered] = codes.values();
    expect(prefix(renumbered!)).not.toBe(prefix(old!));
    expect(new Set(codes.values()).size).toBe(first.clients.length);
  });

  it('gives back the Clients, Family Members and Plans sheets row for row, but the codes and identity numbers', () => {
    for (const key of ['clients', 'family_members', 'plans'] as const) {
      const code = codeAt(key);
      const expected = first[key].map((row) =>
        row.map((cell, i) => (i === code ? codes.get(cell)! : maskedAt(key).includes(i) ? '' : cell)),
      );
      expect(second[key], key).toEqual(expected);
    }
  });

  it('leaves the identity numbers out: the first book has their masks, the second none', () => {
    for (const key of ['clients', 'family_members'] as const) {
      for (const i of maskedAt(key)) {
        const header = columnsOf(key)[i]!.header;
        expect(
          first[key].some((r) => /^••••\w{4}$/.test(r[i]!)),
          header,
        ).toBe(true);
        expect(
          second[key].map((r) => r[i]),
          header,
        ).toEqual(second[key].map(() => ''));
      }
    }
  });
});
