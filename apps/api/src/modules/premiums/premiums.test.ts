import {
  AgencyDashboardResponseSchema,
  addMonths,
  annualise,
  ClientSummarySchema,
  initialNextDue,
  MarkPremiumPaidResponseSchema,
  PlanDetailSchema,
  PlanPremiumsResponseSchema,
  scheduleOf,
  WorkspacePlanDetailResponseSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addPolicy,
  agencyWithClients,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  auditLog,
  documents,
  insurancePolicies,
  investmentAccounts,
  premiumPayments,
} from '../../db/schema.ts';
import { todayInIndia } from '../../lib/dates.ts';

// Premium dues (issue 27, decision 038): the stored next due date (migration 0032's trigger, held to the
// contract's rules), "Mark premium paid" and its refusals, the payment history, and money per year on the
// workspace home and in the client's Total Premium.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

async function owner(a: Agency) {
  return signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });
}

async function world() {
  const a = await agencyWithClients(t);
  const token = await owner(a);
  const meera = await signedInClient(t, a, 'Meera Iyer');
  return { a, token, meera };
}

const life = (mode: string, startDate: string, ppt = 20) => ({
  startDate,
  endDate: '2060-01-01',
  subtypeFields: { plan_name: 'Jeevan Anand', sum_assured: '1000000', mode, term: 25, ppt },
});

function pay(
  token: string,
  planId: string,
  fields: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string },
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'receipt', filename: file.name, type: file.type, bytes: file.bytes }] : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/plans/${planId}/premiums`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const history = (token: string, planId: string) =>
  t.app.inject({ method: 'GET', url: `/api/plans/${planId}/premiums`, headers: bearer(token) });

async function nextDueOf(planId: string) {
  const [row] = await t.db
    .select({ next: insurancePolicies.nextDueDate })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.id, planId));
  return row!.next;
}

describe('the stored schedule (migration 0032)', () => {
  it('writes the mode, term and next due date as the contract reckons them, for every kind of plan', async () => {
    const { a, meera } = await world();
    const c = meera.primaryClientId;
    const policies = [
      { code: 'life' as const, v: life('Yearly', '2020-03-10') },
      { code: 'life' as const, v: life('half yearly', '2024-08-31') },
      { code: 'life' as const, v: life('Monthly', '2025-01-31') },
      { code: 'life' as const, v: life('Quarterly', '2001-05-01', 10) },
      { code: 'life' as const, v: life('Single premium', '2024-01-01') },
      { code: 'health' as const, v: { startDate: '2025-07-01', endDate: '2026-06-30', subtypeFields: {} } },
      // Decision 041: a renewing cover's own mode (migration 0035), still due at its end date.
      {
        code: 'motor' as const,
        v: {
          startDate: '2025-07-01',
          endDate: '2026-06-30',
          subtypeFields: { rc_number: 'KA1', mode: 'Monthly' },
        },
      },
      {
        code: 'home' as const,
        v: { startDate: '2025-07-01', endDate: '2026-06-30', subtypeFields: { mode: 'half yearly' } },
      },
    ];
    for (const { code, v } of policies) {
      const p = await addPolicy(t, a, c, code, v);
      const [row] = await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, p.id));
      const s = scheduleOf({ category: 'insurance', serviceCode: code, ...v });
      expect([row!.premiumMode, row!.premiumTermYears, row!.nextDueDate], JSON.stringify(v)).toEqual([
        s.mode,
        s.payingTermYears,
        initialNextDue(s, today),
      ]);
    }
    const accounts = [
      {
        code: 'postoffice' as const,
        v: {
          startDate: '2024-01-10',
          endDate: '2029-01-10',
          subtypeFields: { account_number: 'RD-1', scheme_name: 'Recurring Deposit (RD)', term: 5, roi: 6.7 },
        },
      },
      {
        code: 'mutual_funds' as const,
        v: {
          startDate: '2025-01-05',
          endDate: null,
          subtypeFields: { folio_number: 'F1', scheme: 'S', fund: 'F', investment_mode: 'sip', sip_day: 31 },
        },
      },
      {
        code: 'mutual_funds' as const,
        v: {
          startDate: '2025-01-05',
          endDate: null,
          subtypeFields: { folio_number: 'F2', scheme: 'S', fund: 'F', investment_mode: 'lump_sum' },
        },
      },
    ];
    for (const { code, v } of accounts) {
      const p = await addAccount(t, a, c, code, v);
      const [row] = await t.db.select().from(investmentAccounts).where(eq(investmentAccounts.id, p.id));
      const s = scheduleOf({ category: 'investment', serviceCode: code, ...v });
      expect([row!.premiumMode, row!.premiumTermYears, row!.nextDueDate], JSON.stringify(v)).toEqual([
        s.mode,
        s.payingTermYears,
        initialNextDue(s, today),
      ]);
    }
  });

  it('keeps a moved next due date through an edit of other fields, and reckons it again when the mode changes', async () => {
    const { a, meera } = await world();
    const p = await addPolicy(t, a, meera.primaryClientId, 'life', life('Yearly', '2020-03-10'));
    await t.db
      .update(insurancePolicies)
      .set({ nextDueDate: '2040-03-10' })
      .where(eq(insurancePolicies.id, p.id));
    await t.db.update(insurancePolicies).set({ planName: 'Renamed' }).where(eq(insurancePolicies.id, p.id));
    expect(await nextDueOf(p.id)).toBe('2040-03-10');
    const monthly = life('Monthly', '2020-03-10');
    await t.db
      .update(insurancePolicies)
      .set({ subtypeFields: monthly.subtypeFields })
      .where(eq(insurancePolicies.id, p.id));
    expect(await nextDueOf(p.id)).toBe(
      initialNextDue(scheduleOf({ category: 'insurance', serviceCode: 'life', ...monthly }), today),
    );
  });
});

describe('mark premium paid', () => {
  it('records the payment, moves the next due date, audits it and shows it in the history and plan details', async () => {
    const { a, token, meera } = await world();
    const p = await addPolicy(t, a, meera.primaryClientId, 'life', {
      ...life('Half-yearly', '2024-08-31'),
      premiumAmount: '12500.00',
    });
    const due = (await nextDueOf(p.id))!;
    const res = await pay(
      token,
      p.id,
      { paid_on: today, amount: '12,500', receipt_number: 'LIC-RCPT-771' },
      { bytes: pdfOf('receipt'), name: 'receipt.pdf', type: 'application/pdf' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = MarkPremiumPaidResponseSchema.parse(res.json());
    const next = addMonths(due, 6, 31);
    expect(body.data.dues).toMatchObject({
      premium_mode: 'Half-yearly',
      next_due_date: next,
      state: 'due',
      annual_premium: '25000.00',
    });
    expect(body.data.payments).toEqual([
      expect.objectContaining({
        due_date: due,
        last_due_date: due,
        instalments: 1,
        paid_on: today,
        amount: '12500.00',
        receipt_number: 'LIC-RCPT-771',
        receipt_attached: true,
      }),
    ]);
    expect(body.data.payments[0]!.recorded_by).not.toBeNull();
    expect(await nextDueOf(p.id)).toBe(next);

    const [payment] = await t.db.select().from(premiumPayments).where(eq(premiumPayments.planId, p.id));
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, payment!.receiptDocumentId!));
    expect(doc!.kind).toBe('premium_receipt');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plan.premium_paid'), eq(auditLog.targetId, p.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.primaryClientId).toBe(meera.primaryClientId);
    expect(audits[0]!.detail).toMatchObject({
      due_date: due,
      next_due_date: next,
      receipt_number: 'LIC-RCPT-771',
    });

    const list = PlanPremiumsResponseSchema.parse((await history(token, p.id)).json()).data;
    expect(list.payments).toHaveLength(1);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${p.id}/details`,
      headers: bearer(token),
    });
    expect(WorkspacePlanDetailResponseSchema.parse(detail.json()).data.premium.next_due_date).toBe(next);

    // The client's own plan details: the next due date and the payments, without the staff member's name.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/agency-user/client/plans/${p.id}/details`,
      headers: bearer(meera.token),
    });
    const own = PlanDetailSchema.parse(mine.json());
    expect(own.premium.next_due_date).toBe(next);
    expect(own.premium_payments).toEqual([
      expect.objectContaining({ receipt_number: 'LIC-RCPT-771', recorded_by: null }),
    ]);
  });

  it('pays several instalments at once, by count or up to a due date, across month ends', async () => {
    const { a, token, meera } = await world();
    const p = await addPolicy(t, a, meera.primaryClientId, 'life', {
      ...life('Monthly', '2025-01-31'),
      premiumAmount: '2000.00',
    });
    const due = (await nextDueOf(p.id))!;
    const three = await pay(token, p.id, {
      paid_on: today,
      amount: '6000',
      receipt_number: 'R-3',
      instalments: '3',
    });
    expect(three.statusCode, three.body).toBe(200);
    const after3 = addMonths(due, 3, 31);
    expect(MarkPremiumPaidResponseSchema.parse(three.json())).toMatchObject({
      message: expect.stringContaining('3 instalments'),
      data: { dues: { next_due_date: after3 }, payments: [{ instalments: 3, due_date: due }] },
    });
    const upTo = addMonths(due, 5, 31);
    const rest = await pay(token, p.id, {
      paid_on: today,
      amount: '6000',
      receipt_number: 'R-4',
      up_to: upTo,
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const data = MarkPremiumPaidResponseSchema.parse(rest.json()).data;
    expect(data.dues.next_due_date).toBe(addMonths(due, 6, 31));
    expect(data.payments.map((x) => [x.instalments, x.due_date, x.last_due_date])).toEqual([
      [3, after3, upTo],
      [3, due, addMonths(due, 2, 31)],
    ]);
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const { a, token, meera } = await world();
    const p = await addPolicy(t, a, meera.primaryClientId, 'life', life('Yearly', '2020-03-10', 25));
    const due = (await nextDueOf(p.id))!;
    const ok = { paid_on: today, amount: '1000', receipt_number: 'R-1' };
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ amount: '1000', receipt_number: 'R-1' }, 'paid_on', /Date Paid is required/],
      [{ ...ok, paid_on: '2026-02-30' }, 'paid_on', /Date Paid must be a date/],
      [{ ...ok, paid_on: '2999-01-01' }, 'paid_on', /Date Paid cannot be after today/],
      [{ ...ok, amount: 'lots' }, 'amount', /Amount must be an amount in rupees/],
      [{ ...ok, amount: '0' }, 'amount', /Amount must be more than 0/],
      [{ paid_on: today, amount: '1000' }, 'receipt_number', /Receipt Number/],
      [{ ...ok, instalments: '0' }, 'instalments', /Instalments must be a whole number/],
      [{ ...ok, instalments: '2', up_to: '2040-01-01' }, 'up_to', /not both/],
      [{ ...ok, up_to: '2001-01-01' }, 'up_to', /Pay Up To must be on or after the next due date/],
      [{ ...ok, instalments: '100' }, 'instalments', /Instalments must be at most/],
    ];
    for (const [fields, field, message] of cases) {
      const res = await pay(token, p.id, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(fields)).toMatch(message);
    }
    const notPdf = await pay(token, p.id, ok, {
      bytes: Buffer.from('hello'),
      name: 'r.txt',
      type: 'text/plain',
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().fields?.receipt).toMatch(/PDF/);
    expect(await nextDueOf(p.id)).toBe(due);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.planId, p.id))).toEqual([]);
  });

  it('refuses a single-premium policy and a lump sum with 409: nothing falls due', async () => {
    const { a, token, meera } = await world();
    const single = await addPolicy(t, a, meera.primaryClientId, 'life', life('Single premium', '2024-01-01'));
    const res = await pay(token, single.id, { paid_on: today, amount: '1000', receipt_number: 'R' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/single-premium/);
    const lump = await addAccount(t, a, meera.primaryClientId, 'nps', {
      subtypeFields: { pran: '110000000001' },
    });
    expect(
      (await pay(token, lump.id, { paid_on: today, amount: '1000', receipt_number: 'R' })).statusCode,
    ).toBe(409);
  });

  it("answers 404 for another agency's plan, and for an agent's call on a client not assigned to them", async () => {
    const { a, token, meera } = await world();
    const p = await addPolicy(t, a, meera.primaryClientId, 'life', life('Yearly', '2020-03-10'));
    const other = await world();
    const ok = { paid_on: today, amount: '1000', receipt_number: 'R-1' };
    expect((await pay(other.token, p.id, ok)).statusCode).toBe(404);
    expect((await history(other.token, p.id)).statusCode).toBe(404);

    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    const agentToken = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: a.agency.host,
    });
    expect((await pay(agentToken, p.id, ok)).statusCode).toBe(404);
    expect((await history(agentToken, p.id)).statusCode).toBe(404);
    expect(await t.db.select().from(premiumPayments).where(eq(premiumPayments.planId, p.id))).toEqual([]);

    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    const mine = await pay(agentToken, p.id, ok);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((await history(agentToken, p.id)).statusCode).toBe(200);
    expect((await history(token, p.id)).json().data.payments).toHaveLength(1);
  });
});

describe('money per year', () => {
  it("annualises the workspace home's total annual premium and the client's Total Premium by mode", async () => {
    const { a, token, meera } = await world();
    const c = meera.primaryClientId;
    await addPolicy(t, a, c, 'life', { ...life('Monthly', '2025-01-15'), premiumAmount: '2000.00' });
    await addPolicy(t, a, c, 'life', { ...life('Half-yearly', '2025-01-15'), premiumAmount: '5000.50' });
    await addPolicy(t, a, c, 'life', { ...life('Single premium', '2025-01-15'), premiumAmount: '90000.00' });
    await addPolicy(t, a, c, 'health', { endDate: '2060-01-01', premiumAmount: '15000.00' });
    const expected = '49001.00'; // 24,000 + 10,001 + 0 + 15,000
    expect(annualise('2000.00', 'Monthly')).toBe('24000.00');

    const home = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/dashboard',
      headers: bearer(token),
    });
    expect(AgencyDashboardResponseSchema.parse(home.json()).data.total_annual_premium).toBe(expected);

    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    await assignClients(t.db, [c], agent.userId);
    const agentToken = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: a.agency.host,
    });
    const agentHome = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/dashboard',
      headers: bearer(agentToken),
    });
    expect(AgencyDashboardResponseSchema.parse(agentHome.json()).data.total_annual_premium).toBe(expected);

    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/agency-user/client/dashboard/summary',
      headers: bearer(meera.token),
    });
    expect(ClientSummarySchema.parse(summary.json()).total_premium).toBe(expected);
  });
});
