import {
  AddPlansResponseSchema,
  BOOK_AMOUNT_FORMAT,
  BOOK_DATE_FORMAT,
  BOOK_SHEETS,
  type BookColumn,
  bookSheet,
  parseInsuredMembersCell,
  SERVICE_LABELS,
  sheetDate,
  unescapeCell,
  WorkspacePlanDetailResponseSchema,
  XLSX_MIME,
} from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import { addPlans, plan, SUBTYPE } from '../../../test/fixtures/plans.ts';
import { AADHAAR, createClient, PAN } from '../../../test/fixtures/primary-clients.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import {
  assignClients,
  bearer,
  createAdmin,
  createStaff,
  createTestApp,
  PORTAL_HOST,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { EXPORT_PAGE } from './exports.service.ts';

// Issue 26 item 7: the book's export read back with exceljs: every sheet's headers, every service's fields,
// masks, escaping, an agent's own clients only, nothing of another agency, and who may ask.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MEMBER_PAN = 'PQRSX6789K';
const CIF = 'CIF99887766';
const ACCOUNT = '912345678901234';

const EXTRA: Record<string, Record<string, unknown>> = {
  life: { ...SUBTYPE.life, mode: 'Half-yearly' },
  motor: {
    ...SUBTYPE.motor,
    vehicle_make: 'Maruti Suzuki',
    vehicle_model: 'Swift VXi',
    policy_type: 'comprehensive',
    idv: '4,50,000',
    ncb_percent: 25,
  },
  home: { ...SUBTYPE.home, building_sum_insured: '50,00,000', contents_sum_insured: 800000 },
  mutual_funds: { ...SUBTYPE.mutual_funds, investment_mode: 'sip', sip_amount: '5000', sip_day: 5 },
};

async function world() {
  const a = await agencyWithClients(t);
  const host = a.agency.host;
  const owner = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const client = await createClient(t.app, owner, { first_name: 'Meera', pan_number: PAN });
  // Text a spreadsheet would take for a formula, and a phone with its country code.
  const other = await createClient(t.app, owner, {
    first_name: '=HYPERLINK("http://evil.example","x")',
    last_name: '@SUM(1)',
    phone: '+91 98765 43210',
    pan_number: null,
    aadhaar_number: null,
  });
  const member = await t.app.inject({
    method: 'POST',
    url: '/api/secondary-clients',
    headers: bearer(owner),
    payload: {
      primary_client_id: client.primary_client_id,
      first_name: 'Kabir',
      last_name: 'Iyer',
      relationship: 'Son',
      date_of_birth: '2012-03-04',
      gender: 'male',
      height_cm: 142.5,
      aadhaar_number: AADHAAR,
      pan_number: MEMBER_PAN,
      cif_number: CIF,
      account_number: ACCOUNT,
      ifsc_code: 'HDFC0001234',
    },
  });
  expect(member.statusCode).toBe(201);
  const memberId = member.json<{ data: { secondary_client_id: string } }>().data.secondary_client_id;
  const services = Object.keys(SUBTYPE);
  const own = await addPlans(t.app, owner, {
    primary_client_id: client.primary_client_id,
    plans: services.map((s) =>
      plan(s, a.prov[s as keyof typeof a.prov], { subtype_fields: EXTRA[s] ?? SUBTYPE[s] }),
    ),
  });
  expect(own.statusCode).toBe(201);
  const held = await addPlans(t.app, owner, {
    primary_client_id: client.primary_client_id,
    secondary_client_id: memberId,
    plans: [
      plan('health', a.prov.health, {
        policy_number: 'KABIR-HEALTH-1',
        nominee: { full_name: '=1+1', relation: 'Father' },
      }),
    ],
  });
  expect(held.statusCode, held.body).toBe(201);
  const { data } = AddPlansResponseSchema.parse(own.json());
  return {
    a,
    owner,
    client,
    other,
    memberId,
    planIds: [...data.insurance, ...data.investment].map((p) => p.plan_id),
  };
}

async function download(token: string, url = '/api/exports/book.xlsx') {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's rows as records by header, values as exceljs reads them. */
function records(workbook: ExcelJS.Workbook, name: string) {
  const sheet = workbook.getWorksheet(name)!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Array<Record<string, ExcelJS.Cell>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1)])));
  });
  return { headers, rows };
}

/** A cell's value as the plan's details answer it, by the column's kind. */
function cellAs(column: BookColumn, cell: ExcelJS.Cell): unknown {
  const v = cell.value;
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return column.type === 'amount' ? v.toFixed(2) : v;
  return unescapeCell(String(v));
}

describe('the book export (.xlsx)', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let workbook: ExcelJS.Workbook;
  beforeAll(async () => {
    w = await world();
    const res = await download(w.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${w.a.agency.slug}-book-${todayInIndia()}.xlsx"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    workbook = await workbookOf(res.rawPayload);
  });

  it('has the three sheets with the format’s headers', () => {
    expect(workbook.worksheets.map((s) => s.name)).toEqual(BOOK_SHEETS.map((s) => s.name));
    for (const sheet of BOOK_SHEETS) {
      expect(records(workbook, sheet.name).headers).toEqual(sheet.columns.map((c) => c.header));
    }
  });

  it('writes every field of every service’s plans as the plan’s details answer it', async () => {
    const plans = bookSheet('plans');
    const { rows } = records(workbook, 'Plans');
    expect(rows).toHaveLength(9);
    for (const id of w.planIds) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/plans/${id}/details`,
        headers: bearer(w.owner),
      });
      const detail = WorkspacePlanDetailResponseSchema.parse(res.json()).data;
      const row = rows.find((r) => r['Policy / Account Number']!.value === detail.policy_number)!;
      expect(row, detail.policy_number).toBeDefined();
      const value = (header: string) => cellAs(plans.columns.find((c) => c.header === header)!, row[header]!);
      expect(value('Client Code')).toBe(detail.client_code);
      expect(value('Held By')).toBeNull();
      expect(value('Service')).toBe(SERVICE_LABELS[detail.service_code as keyof typeof SERVICE_LABELS]);
      expect(value('Provider')).toBe(detail.provider_name);
      expect(value('Premium / Amount')).toBe(detail.premium_amount ?? detail.amount);
      expect(value('Start Date')).toBe(detail.start_date);
      expect(value('End Date')).toBe(detail.end_date);
      expect(value('Nominee Name')).toBe(detail.nominee?.full_name);
      expect(value('Nominee Relation')).toBe(detail.nominee?.relation);
      expect(value('Nominee Date of Birth')).toBe(detail.nominee?.dob);
      expect(value('Nominee Phone')).toBe(detail.nominee?.phone_number);
      expect(value('Nominee Email')).toBe(detail.nominee?.email);
      let filled = 0;
      for (const column of plans.columns.filter((c) => c.field.startsWith('subtype_fields.'))) {
        const key = column.field.slice('subtype_fields.'.length);
        const cell = value(column.header);
        if (key === 'insured_members') {
          const members = parseInsuredMembersCell(String(cell ?? ''));
          expect(members).toEqual(
            detail.insured_members.map((m) => ({
              ...m,
              insured_member_phone_number: m.insured_member_phone_number || null,
            })),
          );
          continue;
        }
        const stored = detail.subtype_fields[key];
        if (stored === undefined) {
          expect(cell, `${detail.service_code} ${key}`).toBeNull();
          continue;
        }
        filled += 1;
        expect(column.services, key).toContain(detail.service_code);
        expect(String(cell), `${detail.service_code} ${key}`).toBe(
          column.type === 'amount' ? Number(stored).toFixed(2) : String(stored),
        );
      }
      expect(filled, detail.service_code).toBeGreaterThan(0);
    }
  });

  it('writes every field of a client and of a family member as their details answer them', async () => {
    const asked = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(w.owner) })).json<{ data: unknown }>().data;
    const client = (
      (await asked(`/api/users/primary-clients/${w.client.primary_client_id}`)) as {
        client: Record<string, unknown>;
      }
    ).client;
    const member = (await asked(`/api/secondary-clients/${w.memberId}`)) as Record<string, unknown>;
    const cases = [
      { sheet: bookSheet('clients'), detail: client },
      { sheet: bookSheet('family_members'), detail: { ...member, client_code: w.client.client_code } },
    ];
    for (const { sheet, detail } of cases) {
      const row = records(workbook, sheet.name).rows.find(
        (r) =>
          r['First Name']!.value === detail.first_name && r['Client Code']!.value === w.client.client_code,
      )!;
      expect(row, sheet.name).toBeDefined();
      for (const column of sheet.columns) {
        const stored = detail[column.field];
        expect(stored, `${sheet.name} ${column.field} is a field of the details`).not.toBeUndefined();
        const cell = cellAs(column, row[column.header]!);
        // The details answer a number (height) as a number; the masks are the details' own.
        expect(cell, `${sheet.name} ${column.header}`).toEqual(stored === '' ? null : stored);
      }
    }
  });

  it('writes dates as date cells and amounts with ₹ and Indian grouping', () => {
    const { rows } = records(workbook, 'Plans');
    const life = rows.find((r) => r.Service!.value === 'Life Insurance')!;
    expect(life['Start Date']!.value).toEqual(new Date('2025-04-01T00:00:00Z'));
    expect(life['Start Date']!.numFmt).toBe(BOOK_DATE_FORMAT);
    expect(life['Sum Assured']!.value).toBe(1000000);
    // exceljs reads a format's escaped commas (`\,`) back without the backslash; the file holds them.
    const unescaped = (f: string) => f.replaceAll('\\', '');
    expect(unescaped(life['Sum Assured']!.numFmt)).toBe(unescaped(BOOK_AMOUNT_FORMAT));
    const clients = records(workbook, 'Clients').rows;
    expect(clients.find((c) => c['First Name']!.value === 'Meera')!['Date of Birth']!.value).toEqual(
      new Date('1984-06-12T00:00:00Z'),
    );
  });

  it('links a family member’s plans by the member’s name, and keeps identity numbers masked', () => {
    const { rows } = records(workbook, 'Plans');
    const kabir = rows.find((r) => r['Policy / Account Number']!.value === 'KABIR-HEALTH-1')!;
    expect(kabir['Held By']!.value).toBe('Kabir Iyer');
    expect(kabir['Client Code']!.value).toBe(w.client.client_code);
    const members = records(workbook, 'Family Members').rows;
    expect(members).toHaveLength(1);
    const m = members[0]!;
    expect(m['Client Code']!.value).toBe(w.client.client_code);
    expect(m['Height (cm)']!.value).toBe(142.5);
    expect(m['PAN (last 4)']!.value).toBe(`••••${MEMBER_PAN.slice(-4)}`);
    expect(m['Aadhaar (last 4)']!.value).toBe(`••••${AADHAAR.slice(-4)}`);
    expect(m['CIF (last 4)']!.value).toBe(`••••${CIF.slice(-4)}`);
    expect(m['Bank Account (last 4)']!.value).toBe(`••••${ACCOUNT.slice(-4)}`);
    const meera = records(workbook, 'Clients').rows.find(
      (c) => c['Client Code']!.value === w.client.client_code,
    )!;
    expect(meera['PAN (last 4)']!.value).toBe('••••234F');
    const everything = workbook.worksheets
      .flatMap((s) => s.getSheetValues().flat())
      .map((v) => String(v))
      .join('\n');
    for (const secret of [PAN, MEMBER_PAN, AADHAAR, CIF, ACCOUNT]) expect(everything).not.toContain(secret);
  });

  it('escapes every cell that a spreadsheet would take for a formula', () => {
    const other = records(workbook, 'Clients').rows.find(
      (c) => c['Client Code']!.value === w.other.client_code,
    )!;
    expect(other['First Name']!.value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(other['Last Name']!.value).toBe("'@SUM(1)");
    expect(other.Phone!.value).toBe("'+91 98765 43210");
    expect(other['First Name']!.formula).toBeUndefined();
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) => {
        row.eachCell((cell) => {
          if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
        });
      });
    }
  });

  it('audits the export with what it held', async () => {
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, w.a.agency.agencyId), eq(auditLog.action, 'book.export')));
    expect(entry?.actorRole).toBe('AO');
    expect(entry?.detail).toMatchObject({
      format: 'xlsx',
      clients: 2,
      family_members: 1,
      plans: 9,
      completed: true,
    });
  });
});

describe('the book export: csv, agents and access', () => {
  it('answers one sheet per .csv, dates day first, cells escaped', async () => {
    const w = await world();
    const res = await download(w.owner, '/api/exports/book.csv?sheet=clients');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${w.a.agency.slug}-clients-${todayInIndia()}.csv"`,
    );
    const text = res.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trim().split('\n');
    expect(lines[0]).toBe(
      bookSheet('clients')
        .columns.map((c) => c.header)
        .join(','),
    );
    expect(lines).toHaveLength(3);
    expect(text).toContain(sheetDate('1984-06-12'));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(text).toContain("'+91 98765 43210");
    const plans = await download(w.owner, '/api/exports/book.csv?sheet=plans');
    expect(plans.body).toContain("'=1+1");
    expect(plans.body).toContain('01/04/2025');
    const members = await download(w.owner, '/api/exports/book.csv?sheet=family_members');
    expect(members.body).toContain('Kabir');
    const wrong = await download(w.owner, '/api/exports/book.csv?sheet=renewals');
    expect(wrong.statusCode).toBe(400);
  });

  it('gives an agent only the clients assigned to them, and nothing of another agency', async () => {
    const w = await world();
    const b = await world();
    const agent = await createStaff(t, w.a.agency.agencyId, 'AG');
    await assignClients(t.db, [w.other.primary_client_id], agent.userId);
    const token = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: w.a.agency.host,
    });
    const workbook = await workbookOf((await download(token)).rawPayload);
    expect(records(workbook, 'Clients').rows.map((r) => r['Client Code']!.value)).toEqual([
      w.other.client_code,
    ]);
    expect(records(workbook, 'Family Members').rows).toHaveLength(0);
    expect(records(workbook, 'Plans').rows).toHaveLength(0);
    const admin = await createStaff(t, w.a.agency.agencyId, 'AA');
    const adminToken = await signInToken(t.app, {
      email: admin.email,
      password: admin.password,
      host: w.a.agency.host,
    });
    const whole = await workbookOf((await download(adminToken)).rawPayload);
    const codes = records(whole, 'Clients').rows.map((r) => r['Client Code']!.value);
    expect(codes).toEqual([w.client.client_code, w.other.client_code]);
    expect(records(whole, 'Plans').rows.every((r) => r['Client Code']!.value === w.client.client_code)).toBe(
      true,
    );
    const providers = records(whole, 'Plans').rows.map((r) => String(r.Provider!.value));
    expect(providers.some((p) => p.includes(b.a.agency.agencyId.slice(0, 4)))).toBe(false);
    expect(codes).not.toContain(b.client.client_code);
  });

  it('answers a HEAD request with the headers only, reading and auditing nothing', async () => {
    const a = await agencyWithClients(t);
    const owner = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const res = await t.app.inject({ method: 'HEAD', url: '/api/exports/book.xlsx', headers: bearer(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.rawPayload).toHaveLength(0);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, a.agency.agencyId), eq(auditLog.action, 'book.export')));
    expect(audited).toHaveLength(0);
  });

  it('refuses an agency client and the platform admin', async () => {
    const a = await agencyWithClients(t);
    const client = await signedInClient(t, a);
    expect((await download(client.token)).statusCode).toBe(403);
    expect((await download(client.token, '/api/exports/book.csv')).statusCode).toBe(403);
    const admin = await createAdmin(t);
    const adminToken = await signInToken(t.app, {
      email: admin.email,
      password: admin.password,
      host: PORTAL_HOST,
    });
    expect((await download(adminToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/exports/book.xlsx' })).statusCode).toBe(401);
  });
});

describe('the book export across pages', () => {
  it('walks every client once, in order, with the members and plans of each page of clients', async () => {
    const a = await agencyWithClients(t);
    const id = a.agency.agencyId;
    const clients = EXPORT_PAGE * 2 + 37;
    // Written in one statement: every client has the same created_at, so the pages turn on the id alone.
    await t.db.execute(sql`insert into primary_clients (agency_id, client_code, first_name)
      select ${id}, 'P-' || lpad(g::text, 5, '0'), 'Client ' || g from generate_series(1, ${clients}) g`);
    await t.db.execute(sql`insert into secondary_clients (agency_id, primary_client_id, first_name, relationship)
      select agency_id, id, 'Member of ' || client_code, 'Spouse' from primary_clients
      where agency_id = ${id} and right(client_code, 1) in ('0', '5')`);
    await t.db.execute(sql`insert into insurance_policies
        (agency_id, primary_client_id, provider_id, service_id, policy_number, premium_amount, start_date, end_date)
      select agency_id, id, ${a.prov.life}, ${SERVICE_IDS.life}, 'POL-' || client_code, 1000, '2025-04-01', '2026-03-31'
      from primary_clients where agency_id = ${id}`);
    const owner = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const workbook = await workbookOf((await download(owner)).rawPayload);
    const codes = records(workbook, 'Clients').rows.map((r) => String(r['Client Code']!.value));
    expect(codes).toHaveLength(clients);
    expect(new Set(codes).size).toBe(clients);
    const members = records(workbook, 'Family Members').rows;
    expect(members).toHaveLength(Math.floor(clients / 5));
    const plans = records(workbook, 'Plans').rows;
    expect(plans.map((p) => String(p['Client Code']!.value))).toEqual(codes);
    expect(plans.every((p) => p['Policy / Account Number']!.value === `POL-${p['Client Code']!.value}`)).toBe(
      true,
    );
    // Each sheet follows the Clients sheet's order, page after page.
    const order = new Map(codes.map((c, i) => [c, i]));
    const memberOrder = members.map((m) => order.get(String(m['Client Code']!.value))!);
    expect(memberOrder).toEqual([...memberOrder].sort((x, y) => x - y));
  });
});
