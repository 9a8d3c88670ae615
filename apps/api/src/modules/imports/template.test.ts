import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BOOK_SHEETS,
  type BookSheet,
  type BookSheetKey,
  bookSheet,
  CreatePrimaryClientSchema,
  CreateSecondaryClientSchema,
  categoryOfService,
  HELD_BY_HEADER,
  INSURED_MEMBERS_HEADER,
  PLAN_FIELD_ORDER,
  PLAN_SERVICE_CODES,
  PlanInputSchema,
  parseInsuredMembersCell,
  SERVICE_LABELS,
  serviceFromCell,
  XLSX_MIME,
} from '@portal/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { columnLetter, INSTRUCTIONS_SHEET, LISTS_SHEET, TEMPLATE_LIST_ROWS } from './template.ts';

// Issue 26 item 1: the import's template read back as a user's spreadsheet program would: the book's sheets with
// its headers, drop-downs on the columns that take a choice, examples that the forms' own schemas accept (a plan
// of every service), rows linked by Client Code and Held By, the same as .csv, and who may download it.

let t: TestApp;
let tokens: Record<'AO' | 'AA' | 'AG' | 'AC' | 'ADMIN', string>;

beforeAll(async () => {
  t = await createTestApp();
  const { accounts } = await createAccountOfEveryRole(t);
  const entries = await Promise.all(
    Object.entries(accounts).map(async ([role, a]) => [
      role,
      await signInToken(t.app, { email: a.email, password: a.password, host: a.host }),
    ]),
  );
  tokens = Object.fromEntries(entries) as typeof tokens;
});
afterAll(() => t?.close());

const get = (url: string, token = tokens.AO) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A cell as the import reads it: text, numbers as digits, date cells as YYYY-MM-DD; empty is null. */
type Cell = string | null;
type Row = Record<string, Cell>;

function cellText(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

function headersOf(ws: ExcelJS.Worksheet): string[] {
  return (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((v) => String(v));
}

function recordsOf(ws: ExcelJS.Worksheet): Row[] {
  const headers = headersOf(ws);
  const out: Row[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    out.push(Object.fromEntries(headers.map((h, i) => [h, cellText(row.getCell(i + 1).value)])));
  });
  return out;
}

async function workbook(): Promise<ExcelJS.Workbook> {
  const res = await get('/api/imports/template.xlsx');
  expect(res.statusCode, res.body).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book;
}

const sheetOf = (book: ExcelJS.Workbook, name: string) => {
  const ws = book.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
};

/** Each column's record field → the record's cell, for the forms' schemas (book-sheets.ts names the fields). */
function fieldsOf(sheet: BookSheet, record: Row): Record<string, Cell> {
  return Object.fromEntries(sheet.columns.map((c) => [c.field, record[c.header] ?? null]));
}

/** A Plans row as the add-plan form's payload, with a provider chosen. */
function planInput(record: Row, providerId: string) {
  const fields = fieldsOf(bookSheet('plans'), record);
  const service = serviceFromCell(fields.service_code ?? '');
  if (!service) throw new Error(`no service in ${JSON.stringify(record)}`);
  const subtype: Record<string, unknown> = {};
  const nominee: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === null) continue;
    const [head, key] = field.split('.') as [string, string | undefined];
    if (head === 'subtype_fields' && key) {
      subtype[key] = key === 'insured_members' ? parseInsuredMembersCell(value) : value;
    }
    if (head === 'nominee' && key) nominee[key] = value;
  }
  return {
    provider_id: providerId,
    service_code: service,
    policy_number: fields.policy_number,
    [categoryOfService(service) === 'insurance' ? 'premium_amount' : 'amount']: fields.money,
    start_date: fields.start_date,
    end_date: fields.end_date,
    subtype_fields: subtype,
    nominee: Object.keys(nominee).length > 0 ? nominee : null,
  };
}

const fullName = (r: Row) => [r['First Name'], r['Last Name']].filter(Boolean).join(' ');

describe('the import template (.xlsx)', () => {
  it('is a download of its own name, never sniffed or kept', async () => {
    const res = await get('/api/imports/template.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe('attachment; filename="book-import-template.xlsx"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });

  it("has the Instructions, the book's three sheets with exactly its headers, and the hidden lists", async () => {
    const book = await workbook();
    expect(book.worksheets.map((ws) => ws.name)).toEqual([
      INSTRUCTIONS_SHEET,
      ...BOOK_SHEETS.map((s) => s.name),
      LISTS_SHEET,
    ]);
    for (const sheet of BOOK_SHEETS) {
      const ws = sheetOf(book, sheet.name);
      expect(headersOf(ws), sheet.name).toEqual(sheet.columns.map((c) => c.header));
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
      sheet.columns.forEach((c, i) => {
        expect(ws.getColumn(i + 1).width, c.header).toBeGreaterThanOrEqual(10);
      });
    }
    expect(sheetOf(book, LISTS_SHEET).state).toBe('hidden');
    expect(sheetOf(book, INSTRUCTIONS_SHEET).state).toBe('visible');
  });

  it('puts a drop-down with the column’s values on every enum column and on no other', async () => {
    const book = await workbook();
    const lists = sheetOf(book, LISTS_SHEET);
    /** A list's values: inline ("a,b") or a range of the Lists sheet. */
    const valuesOf = (formula: string): string[] => {
      if (formula.startsWith('"')) return formula.slice(1, -1).split(',');
      const m = /^Lists!\$([A-Z]+)\$(\d+):\$([A-Z]+)\$(\d+)$/.exec(formula);
      if (!m) throw new Error(`unexpected list ${formula}`);
      const values: string[] = [];
      for (let r = Number(m[2]); r <= Number(m[4]); r += 1)
        values.push(String(lists.getCell(`${m[1]}${r}`).value));
      return values;
    };
    const seen: string[] = [];
    for (const sheet of BOOK_SHEETS) {
      const ws = sheetOf(book, sheet.name);
      const model = (
        ws as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> } }
      ).dataValidations.model;
      sheet.columns.forEach((c, i) => {
        const letter = columnLetter(i + 1);
        const first = model[`${letter}2`];
        if (c.type !== 'enum') {
          expect(first, `${sheet.name} ${c.header}`).toBeUndefined();
          return;
        }
        seen.push(`${sheet.name}: ${c.header}`);
        expect(first, `${sheet.name} ${c.header}`).toMatchObject({
          type: 'list',
          allowBlank: true,
          showErrorMessage: true,
          errorStyle: c.strict ? 'warning' : 'information',
        });
        expect(model[`${letter}${TEMPLATE_LIST_ROWS + 1}`], c.header).toEqual(first);
        expect(model[`${letter}${TEMPLATE_LIST_ROWS + 2}`], c.header).toBeUndefined();
        expect(valuesOf(String(first!.formulae[0])), `${sheet.name} ${c.header}`).toEqual([...c.values!]);
      });
    }
    // The issue's own list: service, state, relationship, gender and premium mode, and every other choice.
    expect(seen).toEqual(
      expect.arrayContaining([
        'Clients: State',
        'Clients: Gender',
        'Family Members: Relationship',
        'Family Members: State',
        'Family Members: Gender',
        'Plans: Service',
        'Plans: Premium Mode',
        'Plans: Status',
        'Plans: Policy Type',
        'Plans: Investment Mode',
        'Plans: Nominee Relation',
      ]),
    );
  });

  it('has an example plan of every service that the add-plan form accepts once a provider is chosen', async () => {
    const book = await workbook();
    const plans = recordsOf(sheetOf(book, 'Plans'));
    expect(plans.map((p) => p.Service)).toEqual(PLAN_SERVICE_CODES.map((c) => SERVICE_LABELS[c]));
    const sheet = bookSheet('plans');
    for (const record of plans) {
      const service = serviceFromCell(record.Service!)!;
      const parsed = PlanInputSchema.safeParse(planInput(record, randomUUID()));
      expect(parsed.error?.issues ?? [], record.Service!).toEqual([]);
      // Only its own service's columns are filled, and each of them but the one its mode excludes.
      const own = sheet.columns.filter((c) => c.services?.includes(service)).map((c) => c.header);
      const filled = sheet.columns
        .filter((c) => c.services && record[c.header] !== null)
        .map((c) => c.header);
      expect(
        filled.filter((h) => !own.includes(h)),
        record.Service!,
      ).toEqual([]);
      const empty = own.filter((h) => record[h] === null);
      expect(empty, record.Service!).toEqual(service === 'mutual_funds' ? ['Lump Sum Amount'] : []);
      expect(Object.keys(parsed.data!.subtype_fields).length).toBeGreaterThanOrEqual(
        PLAN_FIELD_ORDER[service].length - (service === 'mutual_funds' ? 1 : 0),
      );
    }
    const health = plans.find((p) => p.Service === SERVICE_LABELS.health)!;
    expect(parseInsuredMembersCell(health[INSURED_MEMBERS_HEADER]!)).toHaveLength(3);
  });

  it('has example clients and members that the forms accept, linked by Client Code and Held By', async () => {
    const book = await workbook();
    const clients = recordsOf(sheetOf(book, 'Clients'));
    const members = recordsOf(sheetOf(book, 'Family Members'));
    const plans = recordsOf(sheetOf(book, 'Plans'));
    expect(clients.length).toBeGreaterThanOrEqual(2);
    expect(members.length).toBeGreaterThanOrEqual(2);
    for (const record of clients) {
      const parsed = CreatePrimaryClientSchema.safeParse(fieldsOf(bookSheet('clients'), record));
      expect(parsed.error?.issues ?? [], fullName(record)).toEqual([]);
    }
    for (const record of members) {
      const parsed = CreateSecondaryClientSchema.safeParse({
        ...fieldsOf(bookSheet('family_members'), record),
        primary_client_id: randomUUID(),
      });
      expect(parsed.error?.issues ?? [], fullName(record)).toEqual([]);
    }
    const codes = new Set(clients.map((c) => c['Client Code']));
    expect(codes.size).toBe(clients.length);
    for (const m of members) expect(codes.has(m['Client Code']!)).toBe(true);
    for (const p of plans) {
      expect(codes.has(p['Client Code']!), p.Service!).toBe(true);
      const holder = p[HELD_BY_HEADER];
      if (holder !== null) {
        const family = members.filter((m) => m['Client Code'] === p['Client Code']).map(fullName);
        expect(family, p.Service!).toContain(holder);
      } else if (categoryOfService(serviceFromCell(p.Service!)!) === 'investment') {
        // A client's own investment needs their PAN (KYC).
        const client = clients.find((c) => c['Client Code'] === p['Client Code'])!;
        expect(client['PAN (last 4)'], p.Service!).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
      }
    }
    expect(plans.some((p) => p[HELD_BY_HEADER] !== null)).toBe(true);
  });

  it('says how to fill it in: sheets, links, forms of dates and amounts, PDFs and the limits', async () => {
    const book = await workbook();
    const ws = sheetOf(book, INSTRUCTIONS_SHEET);
    const text = recordsOf(ws)
      .map((r) => Object.values(r).join(' '))
      .join('\n');
    for (const words of [
      'Clients',
      'Family Members',
      'Plans',
      'Client Code',
      'Held By',
      'DD/MM/YYYY',
      '2,50,000',
      '+91',
      'PDFs',
      '20 MB',
      '50,000 rows',
      'A Plans sheet alone',
      ...PLAN_SERVICE_CODES.map((c) => SERVICE_LABELS[c]),
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('required: Registration (RC) Number and Term (years)');
  });
});

/** A .csv answer read back by exceljs's reader, every cell kept as text. */
async function csvRecords(bytes: Buffer): Promise<{ headers: string[]; records: Row[] }> {
  const book = new ExcelJS.Workbook();
  const ws = await book.csv.read(Readable.from([bytes.subarray(3)]), {
    map: (v: string) => (v === '' ? null : v),
  });
  return { headers: headersOf(ws), records: recordsOf(ws) };
}

/** DD/MM/YYYY → YYYY-MM-DD, as the import reads a .csv date. */
const isoDate = (v: Cell) => (v && /^\d{2}\/\d{2}\/\d{4}$/.test(v) ? v.split('/').reverse().join('-') : v);

describe('the import template (.csv)', () => {
  it.each([
    ['clients', 'book-import-template-clients.csv'],
    ['family_members', 'book-import-template-family-members.csv'],
    ['plans', 'book-import-template-plans.csv'],
  ] as const)(
    '%s: the header row and the examples, with a byte order mark',
    async (key: BookSheetKey, name) => {
      const res = await get(`/api/imports/template.csv?sheet=${key}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/no-store/);
      expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const sheet = bookSheet(key);
      const { headers, records } = await csvRecords(res.rawPayload);
      expect(headers).toEqual(sheet.columns.map((c) => c.header));
      // The same rows as the .xlsx sheet: dates as DD/MM/YYYY, amounts and numbers as digits, nothing escaped.
      const xlsx = recordsOf(sheetOf(await workbook(), sheet.name));
      expect(
        records.map((r) => Object.fromEntries(Object.entries(r).map(([h, v]) => [h, isoDate(v)]))),
      ).toEqual(xlsx);
      expect(res.body).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      expect(records.flatMap((r) => Object.values(r)).some((v) => v?.startsWith("'"))).toBe(false);
    },
  );

  it('names the Clients sheet when none is asked, and refuses an unknown one', async () => {
    const res = await get('/api/imports/template.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="book-import-template-clients.csv"',
    );
    const bad = await get('/api/imports/template.csv?sheet=policies');
    expect(bad.statusCode).toBe(400);
  });
});

describe('who may download the template', () => {
  it('the workspace: the owner, an agency admin and an agent', async () => {
    for (const role of ['AO', 'AA', 'AG'] as const) {
      expect((await get('/api/imports/template.xlsx', tokens[role])).statusCode, role).toBe(200);
      expect((await get('/api/imports/template.csv?sheet=plans', tokens[role])).statusCode, role).toBe(200);
    }
  });

  it('not an agency client, nor the platform admin, nor anyone signed out', async () => {
    for (const role of ['AC', 'ADMIN'] as const) {
      expect((await get('/api/imports/template.xlsx', tokens[role])).statusCode, role).toBe(403);
      expect((await get('/api/imports/template.csv?sheet=plans', tokens[role])).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/imports/template.xlsx' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/imports/template.csv' })).statusCode).toBe(401);
  });
});
