import {
  BOOK_AMOUNT_FORMAT,
  BookSummarySchema,
  ClaimsReportSchema,
  financialYearStart,
  NewBusinessSchema,
  PremiumRegisterResponseSchema,
  PremiumRegisterTotalsSchema,
  RenewalsReportSchema,
  XLSX_MIME,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
} from '../../../test/fixtures/client-portal.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  agencies,
  auditLog,
  claims,
  insurancePolicies,
  planLosses,
  premiumPayments,
  primaryClients,
  renewalEvents,
} from '../../db/schema.ts';
import { addDays, formatIndianDate, todayInIndia } from '../../lib/dates.ts';

// Issue 29 (decision 046): each report's figures from rows written here, the financial year in India's calendar,
// premiums annualised by mode, filters, paging, another agency's rows never counted, agents and clients refused,
// and the files read back (.xlsx with exceljs, .csv escaping, .pdf's head).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();
const fy = financialYearStart(today);
const fyEnd = `${Number(fy.slice(0, 4)) + 1}-03-31`;
const FY = `period=custom&from=${fy}&to=${fyEnd}`;

async function client(a: Agency, first: string, last = 'Sharma') {
  const [row] = await t.db
    .insert(primaryClients)
    .values({
      agencyId: a.agency.agencyId,
      clientCode: `R-${Math.random().toString(36).slice(2, 8)}`,
      firstName: first,
      lastName: last,
    })
    .returning({ id: primaryClients.id, code: primaryClients.clientCode });
  return row!;
}

/** A policy whose first unpaid premium falls on `due` (the trigger's own is replaced, as a payment would). */
async function policyDue(
  a: Agency,
  clientId: string,
  code: 'life' | 'health' | 'motor',
  due: string | null,
  values: Parameters<typeof addPolicy>[4] = {},
) {
  const p = await addPolicy(t, a, clientId, code, values);
  await t.db.update(insurancePolicies).set({ nextDueDate: due }).where(eq(insurancePolicies.id, p.id));
  return p;
}

async function pay(a: Agency, planId: string, clientId: string, paidOn: string, amount: string) {
  await t.db.insert(premiumPayments).values({
    agencyId: a.agency.agencyId,
    planType: 'insurance',
    planId,
    primaryClientId: clientId,
    dueDate: paidOn,
    lastDueDate: paidOn,
    paidOn,
    amount,
    receiptNumber: `RCPT-${Math.random().toString(36).slice(2, 8)}`,
  });
}

async function ownerOf(a: Agency) {
  return signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });
}

async function get<T>(token: string, url: string, schema: { parse: (v: unknown) => T }): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

/** An agency with a few premiums in and around this financial year, and another agency with its own. */
async function world() {
  const a = await agencyWithClients(t);
  const owner = await ownerOf(a);
  const meera = await client(a, 'Meera', 'Iyer');
  const ravi = await client(a, '=HYPERLINK("http://evil.example")', 'Kumar');
  // Overdue since the financial year's first day (its boundary is in).
  const life = await policyDue(a, meera.id, 'life', fy, {
    premiumAmount: '2000.00',
    premiumMode: 'Monthly',
    subtypeFields: { mode: 'Monthly' },
  });
  // Due ahead, within the year.
  const health = await policyDue(a, ravi.id, 'health', addDays(today, 10), { premiumAmount: '15000.00' });
  // The day before the financial year: not this year's.
  await policyDue(a, meera.id, 'motor', addDays(fy, -1), { premiumAmount: '7000.00' });
  // A premium paid this year.
  await pay(a, health.id, ravi.id, addDays(fy, 30), '12000.00');
  // Another agency's premiums in the same year never appear.
  const b = await agencyWithClients(t);
  const bClient = await client(b, 'Outsider', 'CANARY');
  const bPolicy = await policyDue(b, bClient.id, 'life', addDays(fy, 5), { premiumAmount: '99999.00' });
  await pay(b, bPolicy.id, bClient.id, addDays(fy, 6), '99999.00');
  return { a, owner, meera, ravi, life, health, b };
}

describe('the premium register', () => {
  it('lists the premiums paid and the first unpaid premiums of the period, with totals and paging', async () => {
    const w = await world();
    const page = await get(w.owner, `/api/reports/premium-register?${FY}`, PremiumRegisterResponseSchema);
    expect(page.period).toEqual({ period: 'custom', from: fy, to: fyEnd });
    expect(page.rows.map((r) => [r.status, r.premium])).toEqual([
      ['overdue', '2000.00'],
      ['paid', '12000.00'],
      ['due', '15000.00'],
    ]);
    expect(page.rows[0]).toMatchObject({
      client_name: 'Meera Iyer',
      service_code: 'life',
      mode: 'Monthly',
      due_date: fy,
      paid_on: null,
    });
    expect(page.rows[1]).toMatchObject({ paid_on: addDays(fy, 30), holder_name: null });
    expect(page.next_cursor).toBeNull();
    expect(JSON.stringify(page)).not.toContain('CANARY');

    // The named period this_fy is the same year, in India's calendar.
    const named = await get(w.owner, '/api/reports/premium-register', PremiumRegisterResponseSchema);
    expect(named.period).toEqual({ period: 'this_fy', from: fy, to: fyEnd });
    expect(named.rows).toHaveLength(3);

    const totals = await get(
      w.owner,
      `/api/reports/premium-register/totals?${FY}`,
      PremiumRegisterTotalsSchema,
    );
    expect(totals.count).toBe(3);
    expect(totals.premium).toBe('29000.00');
    expect(totals.by_status).toEqual([
      { status: 'paid', count: 1, premium: '12000.00' },
      { status: 'due', count: 1, premium: '15000.00' },
      { status: 'overdue', count: 1, premium: '2000.00' },
    ]);

    // Keyset pages of one walk every row once.
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const url = `/api/reports/premium-register?${FY}&limit=1${after ? `&after=${after}` : ''}`;
      const p: { rows: { id: string }[]; next_cursor: string | null } = await get(
        w.owner,
        url,
        PremiumRegisterResponseSchema,
      );
      seen.push(...p.rows.map((r) => r.id));
      after = p.next_cursor;
    } while (after);
    expect(seen).toEqual(page.rows.map((r) => r.id));
  });

  it('filters by service, provider and the clients’ agent', async () => {
    const w = await world();
    const agent = await createStaff(t, w.a.agency.agencyId, 'AG');
    await assignClients(t.db, [w.ravi.id], agent.userId);
    const statuses = async (q: string) =>
      (
        await get(w.owner, `/api/reports/premium-register?${FY}&${q}`, PremiumRegisterResponseSchema)
      ).rows.map((r) => r.status);
    expect(await statuses('service=life')).toEqual(['overdue']);
    expect(await statuses(`provider=${w.a.prov.health}`)).toEqual(['paid', 'due']);
    expect(await statuses(`staff=${agent.userId}`)).toEqual(['paid', 'due']);
    expect(await statuses('service=motor')).toEqual([]);
  });

  it('answers 400 naming the field for filters it cannot read', async () => {
    const w = await world();
    const fields = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/reports/${q}`, headers: bearer(w.owner) });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields;
    };
    expect(await fields('premium-register?period=custom')).toMatchObject({
      from: 'From is required for a custom period.',
      to: 'To is required for a custom period.',
    });
    expect(await fields('book?period=custom&from=2026-05-01&to=2026-04-01')).toMatchObject({
      from: 'From must be on or before To.',
    });
    expect(await fields('claims?period=last_fy&from=2026-05-01')).toMatchObject({
      from: 'From is used only with a custom period.',
    });
    expect(await fields('renewals?period=someday')).toHaveProperty('period');
    expect(await fields('new-business?from=2026-02-30&to=2026-03-01')).toMatchObject({
      from: 'From must be a date in the form YYYY-MM-DD.',
    });
    expect(await fields('premium-register?provider=acme')).toMatchObject({
      provider: 'Provider must be a valid identifier.',
    });
    // Cursors the database could not cast (the fuzz suite found a 500 with a month of 83 and a dashed id).
    for (const after of [
      '2800-83-12_0b5e6b4c-7c55-4a0e-9f57-3f8b1c2d4e5f',
      '2026-02-30_0b5e6b4c-7c55-4a0e-9f57-3f8b1c2d4e5f',
      '2026-04-01_8-2eb3-c-c-1-72---72-7bf-02-3aaaaaaaaaa',
    ]) {
      expect(await fields(`premium-register?after=${after}`)).toMatchObject({
        after: 'Cursor must be a next_cursor of an earlier page.',
      });
    }
    expect(await fields('download?report=book&format=pdf')).toMatchObject({
      format: 'Only the premium register and new business are downloaded as PDF.',
    });
  });

  it('refuses agents and clients, and lets agency admins in', async () => {
    const w = await world();
    const agent = await createStaff(t, w.a.agency.agencyId, 'AG');
    const admin = await createStaff(t, w.a.agency.agencyId, 'AA');
    const token = (u: { email: string; password: string }) =>
      signInToken(t.app, { email: u.email, password: u.password, host: w.a.agency.host });
    for (const url of ['/api/reports/premium-register', '/api/reports/book', '/api/reports/download']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(await token(agent)) });
      expect(res.statusCode, url).toBe(403);
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/reports/premium-register?${FY}`,
      headers: bearer(await token(admin)),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rows).toHaveLength(3);
  });
});

describe('new business', () => {
  it('counts plans started in the period by service and provider against a year earlier', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerOf(a);
    const c = await client(a, 'Anita');
    const from = '2025-04-01';
    const to = '2026-03-31';
    // Monthly ₹1,000 is ₹12,000 a year; a single premium counts once; an investment its amount.
    await addPolicy(t, a, c.id, 'life', {
      startDate: '2025-04-01',
      premiumAmount: '1000.00',
      subtypeFields: { mode: 'Monthly' },
    });
    await addPolicy(t, a, c.id, 'life', {
      startDate: '2026-03-31',
      premiumAmount: '50000.00',
      subtypeFields: { mode: 'Single premium' },
    });
    await addPolicy(t, a, c.id, 'health', { startDate: '2024-06-15', premiumAmount: '8000.00' });
    await addPolicy(t, a, c.id, 'health', { startDate: '2026-04-01', premiumAmount: '9999.00' });
    await addAccount(t, a, c.id, 'nps', { startDate: '2025-12-01', amount: '25000.00' });
    const r = await get(
      owner,
      `/api/reports/new-business?period=custom&from=${from}&to=${to}`,
      NewBusinessSchema,
    );
    expect(r.previous).toEqual({ from: '2024-04-01', to: '2025-03-31' });
    const byService = Object.fromEntries(r.rows.map((x) => [x.service_code, x]));
    expect(byService.life).toMatchObject({ plans: 2, amount: '62000.00', previous_plans: 0 });
    expect(byService.health).toMatchObject({
      plans: 0,
      amount: '0.00',
      previous_plans: 1,
      previous_amount: '8000.00',
    });
    expect(byService.nps).toMatchObject({ plans: 1, amount: '25000.00' });
    expect(r.totals).toEqual({ plans: 3, amount: '87000.00', previous_plans: 1, previous_amount: '8000.00' });
  });
});

describe('renewals and lapses', () => {
  it('counts renewals, lapses and losses with reasons inside the period’s Indian days', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerOf(a);
    const c = await client(a, 'Vikram');
    const event = async (planId: string, kind: 'renewed' | 'lapsed', at: string) =>
      t.db
        .insert(renewalEvents)
        .values({ agencyId: a.agency.agencyId, planType: 'insurance', planId, kind, at: new Date(at) });
    const p1 = await addPolicy(t, a, c.id, 'health');
    const p2 = await addPolicy(t, a, c.id, 'motor');
    const p3 = await addPolicy(t, a, c.id, 'motor');
    const p4 = await addPolicy(t, a, c.id, 'life');
    // 00:30 on 1 April in India is in the year; 23:30 on 31 March in India is not.
    await event(p1.id, 'renewed', '2025-03-31T19:00:00Z');
    await event(p4.id, 'renewed', '2025-03-31T18:00:00Z');
    await event(p2.id, 'lapsed', '2025-07-01T10:00:00Z');
    await t.db.insert(planLosses).values([
      {
        agencyId: a.agency.agencyId,
        planType: 'insurance',
        planId: p2.id,
        primaryClientId: c.id,
        reason: 'cannot_afford',
        at: new Date('2025-07-01T10:00:00Z'),
      },
      {
        agencyId: a.agency.agencyId,
        planType: 'insurance',
        planId: p3.id,
        primaryClientId: c.id,
        reason: 'moved_to_another_agent',
        at: new Date('2026-01-10T10:00:00Z'),
      },
    ]);
    const r = await get(
      owner,
      '/api/reports/renewals?period=custom&from=2025-04-01&to=2026-03-31',
      RenewalsReportSchema,
    );
    expect(r).toMatchObject({ renewed: 1, lapsed: 1, lost: 2 });
    // 1 renewed of 3 that came up (p2 lapsed and lost counts once).
    expect(r.retention_rate).toBe(33.3);
    expect(r.lost_reasons.map((x) => [x.label, x.count]).sort()).toEqual([
      ['Cannot afford', 1],
      ['Moved to another agent', 1],
    ]);
  });
});

describe('the book summary', () => {
  it('adds sum assured, annual premium by mode and amounts invested, households and top clients', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerOf(a);
    const c1 = await client(a, 'Top', 'Client');
    const c2 = await client(a, 'Small', 'Client');
    await addPolicy(t, a, c1.id, 'life', {
      premiumAmount: '2500.00',
      sumAssured: '1000000.00',
      subtypeFields: { mode: 'Quarterly' },
    });
    await addPolicy(t, a, c2.id, 'health', { premiumAmount: '6000.00', sumAssured: '500000.00' });
    // A lapsed plan is no part of the book; one started after the period's end neither.
    await addPolicy(t, a, c2.id, 'health', { premiumAmount: '9000.00', status: 'lapsed' });
    await addPolicy(t, a, c2.id, 'motor', { premiumAmount: '4000.00', startDate: '2099-01-01' });
    await addAccount(t, a, c2.id, 'mutual_funds', { amount: '300000.00' });
    // A household holding investments alone is in the book, and pays no premium to rank among the top clients.
    const c3 = await client(a, 'Saver', 'Client');
    await addAccount(t, a, c3.id, 'mutual_funds', { amount: '50000.00' });
    const r = await get(owner, '/api/reports/book', BookSummarySchema);
    expect(r.households).toBe(3);
    expect(r.totals).toEqual({
      plans: 4,
      sum_assured: '1500000.00',
      annual_premium: '16000.00',
      investment_amount: '350000.00',
    });
    expect(r.top_clients.map((x) => [x.client_name, x.annual_premium])).toEqual([
      ['Top Client', '10000.00'],
      ['Small Client', '6000.00'],
    ]);
  });
});

describe('the claims summary', () => {
  it('counts claims intimated in the period by status, claimed against settled', async () => {
    const a = await agencyWithClients(t);
    const owner = await ownerOf(a);
    const c = await client(a, 'Claimant');
    const p = await addPolicy(t, a, c.id, 'health');
    const claim = (status: string, on: string, claimed: string, settled: string | null) => ({
      agencyId: a.agency.agencyId,
      planType: 'insurance' as const,
      planId: p.id,
      primaryClientId: c.id,
      kind: 'health_cashless',
      status,
      intimatedOn: on,
      statusOn: on,
      claimedAmount: claimed,
      settledAmount: settled,
    });
    await t.db
      .insert(claims)
      .values([
        claim('settled', '2025-05-01', '100000.00', '80000.00'),
        claim('settled', '2025-06-01', '50000.00', '50000.00'),
        claim('submitted', '2025-07-01', '20000.00', null),
        claim('settled', '2025-03-31', '70000.00', '70000.00'),
      ]);
    const r = await get(
      owner,
      '/api/reports/claims?period=custom&from=2025-04-01&to=2026-03-31',
      ClaimsReportSchema,
    );
    expect(r.by_status.map((x) => [x.label, x.claims, x.claimed, x.settled])).toEqual([
      ['Submitted', 1, '20000.00', '0.00'],
      ['Settled', 2, '150000.00', '130000.00'],
    ]);
    expect(r.totals).toEqual({ claims: 3, claimed: '170000.00', settled: '130000.00' });
  });
});

describe('downloads', () => {
  it('streams the register as .xlsx with ₹ cells and a totals row, and audits who downloaded what', async () => {
    const w = await world();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/download?report=premium_register&format=xlsx&${FY}`,
      headers: bearer(w.owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain(`premium-register-${fy}-to-${fyEnd}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Premium register')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Client',
      'Client Code',
      'Held By',
      'Provider',
      'Service',
      'Policy / Account Number',
      'Mode',
      'Premium',
      'Due Date',
      'Paid On',
      'Status',
    ]);
    expect(sheet.rowCount).toBe(5);
    // The formula-like client name is escaped.
    expect(values(3)[0]).toBe('\'=HYPERLINK("http://evil.example") Kumar');
    // exceljs reads the format back without the backslashes that keep Excel's commas literal.
    expect(sheet.getRow(2).getCell(8).numFmt).toBe(BOOK_AMOUNT_FORMAT.replaceAll('\\,', ','));
    const total = sheet.getRow(5);
    expect(total.getCell(1).value).toBe('Total');
    expect(total.getCell(8).value).toBe(29000);
    expect(JSON.stringify(values(2)) + JSON.stringify(values(4))).not.toContain('CANARY');

    await new Promise((r) => setTimeout(r, 50));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, w.a.agency.agencyId), eq(auditLog.action, 'report.download')));
    expect(audit?.actorUserId).toBe(w.a.agency.userId);
    expect(audit?.detail).toMatchObject({
      report: 'premium_register',
      format: 'xlsx',
      from: fy,
      to: fyEnd,
      rows: 3,
      completed: true,
    });
  });

  it('writes .csv with escaped text and plain amounts, and the other reports as sheets with totals', async () => {
    const w = await world();
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/download?report=premium_register&format=csv&${FY}`,
      headers: bearer(w.owner),
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toContain('"\'=HYPERLINK(""http://evil.example"") Kumar"');
    expect(lines[4]).toMatch(/^Total,3 rows,.*,29000\.00,/);

    // Renewals and lapses: three tables one under the other, a blank row apart.
    const renewalsCsv = await t.app.inject({
      method: 'GET',
      url: '/api/reports/download?report=renewals&format=csv',
      headers: bearer(w.owner),
    });
    expect(renewalsCsv.statusCode).toBe(200);
    expect(
      renewalsCsv.body
        .replace(/^\uFEFF/, '')
        .split('\n')
        .slice(0, 6),
    ).toEqual([
      'Service,Renewed,Lapsed,Lost',
      'Total,0,0,0',
      ',,,',
      'Figure,Value',
      'Retention rate (%),',
      ',',
    ]);

    const book = await t.app.inject({
      method: 'GET',
      url: '/api/reports/download?report=book&format=xlsx',
      headers: bearer(w.owner),
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Book summary', 'Top clients']);
    const summary = wb.getWorksheet('Book summary')!;
    expect(summary.getRow(summary.rowCount).getCell(1).value).toBe('Total');
  });

  it('draws the premium register and new business as an A4 PDF in the agency’s frame', async () => {
    const w = await world();
    // A name in Devanagari is drawn in the frame's font (its glyphs read back as the same letters).
    const sunita = await client(w.a, 'सुनीता', 'शर्मा');
    await policyDue(w.a, sunita.id, 'life', addDays(today, 20), { premiumAmount: '123456.50' });
    const pdfOf = async (report: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports/download?report=${report}&format=pdf&${FY}`,
        headers: bearer(w.owner),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const raw = res.rawPayload.toString('latin1');
      expect(raw.startsWith('%PDF-')).toBe(true);
      return { raw, text: pdfText(res.rawPayload) };
    };
    const period = `${formatIndianDate(fy)} to ${formatIndianDate(fyEnd)}`;
    const [agency] = await t.db
      .select({ name: agencies.name })
      .from(agencies)
      .where(eq(agencies.id, w.a.agency.agencyId));

    const register = await pdfOf('premium_register');
    // A4 on its side: 841.89 × 595.28 points.
    expect(register.raw).toMatch(/MediaBox \[0 0 841\.89 595\.28\]/);
    const lines = register.text.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining([agency!.name, `Premium register · ${period}`, 'Page 1']));
    expect(lines).toEqual(expect.arrayContaining(['Meera Iyer', '₹2,000.00', '₹12,000.00', '₹1,23,456.50']));
    expect(register.text.flat).toContain('सुनीता');
    // Formula-like text is escaped as in the other files (and cut to its column); the totals row adds up every
    // row, and none is another agency's.
    expect(register.text.flat).toContain(`'=HYPERLINK(`);
    expect(lines).toEqual(expect.arrayContaining(['Total', '4 rows', '₹1,52,456.50']));
    expect(register.text.flat).not.toContain('CANARY');

    const business = await pdfOf('new_business');
    expect(business.raw).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(business.text.text.split('\n')).toEqual(
      expect.arrayContaining([agency!.name, `New business · ${period}`, 'Page 1', 'Total']),
    );
  });
});
