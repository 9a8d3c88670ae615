import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  richClient,
  SECRET,
  signedInClient,
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
import { auditLog, secondaryClients } from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';
import { buildStatement, nameKey } from './statement.service.ts';

// Issue 29 item 2, decision 047: the family portfolio statement. The PDF's text is read back (test/pdf-text.ts)
// and must name every plan of the household (every plan My Plans lists), show identity numbers masked, and
// find the plans without a nominee or with one who is no current member; another household's plans never show.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ownerToken = (a: Agency) =>
  signInToken(t.app, { email: a.agency.email, password: a.agency.password, host: a.agency.host });

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

function statementText(res: Awaited<ReturnType<typeof get>>) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="portfolio-statement-/);
  return pdfText(res.rawPayload);
}

/** The rich client's household, a plan with no nominee, one whose nominee was removed, one of a stranger. */
async function household() {
  const a = await agencyWithClients(t);
  const rich = await richClient(t, a);
  const pc = rich.me.primaryClientId;
  const removed = await addFamilyMember(t, a, pc, {
    firstName: 'Old',
    lastName: 'Member',
    relationship: 'Brother',
  });
  await t.db.update(secondaryClients).set({ deletedAt: new Date() }).where(eq(secondaryClients.id, removed));
  const noNominee = await addPolicy(t, a, pc, 'life', {
    planName: 'Tech Term',
    policyNumber: 'TERM-NO-NOMINEE',
    endDate: addDays(rich.today, 2000),
  });
  const stranger = await addAccount(t, a, pc, 'postoffice', {
    planName: 'Kisan Vikas Patra',
    accountNumber: 'KVP-STRANGER',
    endDate: addDays(rich.today, 800),
    nomineeFullName: 'Vikram Stranger',
    nomineeRelation: 'Friend',
  });
  const gone = await addAccount(t, a, pc, 'mutual_funds', {
    planName: 'Index Fund',
    accountNumber: 'MF-REMOVED-NOMINEE',
    nomineeFullName: 'Old Member',
    nomineeRelation: 'Brother',
  });
  // A family member with a Hindi name holding a plan.
  const hindi = await addFamilyMember(t, a, pc, {
    firstName: 'सुनीता',
    lastName: 'देवी',
    relationship: 'Mother',
  });
  const hindiPlan = await addPolicy(t, a, pc, 'health', {
    secondaryClientId: hindi,
    policyNumber: 'HLTH-HINDI-1',
    nomineeFullName: 'Meera Iyer',
    nomineeRelation: 'Daughter',
  });
  return { a, rich, pc, noNominee, stranger, gone, hindiPlan };
}

describe('the portfolio statement', () => {
  it('names every plan of My Plans, grouped by member, with identity numbers masked and the nominee check', async () => {
    const h = await household();
    // Another client of the same agency, and another agency's client: their plans never show.
    const other = await signedInClient(t, h.a, 'Other Person');
    await addPolicy(t, h.a, other.primaryClientId, 'life', { policyNumber: 'OTHER-CLIENT-PLAN' });
    const b = await agencyWithClients(t);
    const foreign = await signedInClient(t, b, 'Foreign Person');
    await addPolicy(t, b, foreign.primaryClientId, 'life', { policyNumber: 'OTHER-AGENCY-PLAN' });

    const myPlans = (await get('/api/agency-user/client/my-plans', h.rich.me.token)).json() as {
      insurance_plans: { policy_number: string; plan_name: string }[];
      investment_plans: { policy_number: string; plan_name: string }[];
    };
    const listed = [...myPlans.insurance_plans, ...myPlans.investment_plans];
    expect(listed.length).toBe(12);

    const token = await ownerToken(h.a);
    const owner = statementText(await get(`/api/reports/households/${h.pc}/statement.pdf`, token));
    const client = statementText(await get('/api/agency-user/client/statement.pdf', h.rich.me.token));
    for (const { flat: text } of [owner, client]) {
      for (const p of listed) {
        expect(text).toContain(p.policy_number);
        expect(text).toContain(p.plan_name);
      }
      expect(text).toContain('Portfolio statement');
      expect(text).toContain('Meera Iyer · Self');
      expect(text).toContain('Rahul Iyer · Spouse');
      expect(text).toContain('Kavya Iyer · Daughter');
      expect(text).toContain('· Mother');
      expect(text).toContain('सुनीता');
      // Money in Indian grouping, sum assured, insured members of the health policy.
      expect(text).toContain('₹24,000.50');
      expect(text).toContain('₹10,00,000.00');
      expect(text).toMatch(/Rahul Iyer, Kavya Iyer|Kavya Iyer, Rahul Iyer/);
      expect(text).toContain('₹1,00,000.00');
      // Identity numbers: the last 4 characters only.
      expect(text).toContain('PAN ••••234F');
      expect(text).toContain('Aadhaar ••••2346');
      for (const secret of Object.values(SECRET)) expect(text).not.toContain(secret);
      // The nominee check.
      const check = text.slice(text.indexOf('Nominee check'));
      expect(check).toContain('TERM-NO-NOMINEE');
      expect(check).toContain('No nominee on record');
      expect(check).toContain('KVP-STRANGER');
      expect(check).toContain('Nominee Vikram Stranger is not a current family member');
      expect(check).toContain('MF-REMOVED-NOMINEE');
      expect(check).toContain('Nominee Old Member is no longer a family member');
      // A nominee who is the primary client is a current member; the rich client's nominee Arjun is not one.
      expect(check).not.toContain('HLTH-HINDI-1');
      expect(check).toContain('Nominee Arjun Iyer is not a current family member');
      // An expired plan is not checked.
      expect(check).not.toContain(h.rich.motor.policyNumber);
      // The agency's contact.
      expect(text).toContain('Your agency');
      expect(text).toContain(h.a.agency.form.AgencyName!);
      // No other household's plans.
      expect(text).not.toContain('OTHER-CLIENT-PLAN');
      expect(text).not.toContain('OTHER-AGENCY-PLAN');
      expect(text).toMatch(/Page 1 of \d/);
    }

    // A HEAD request answers the headers alone and is no download.
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/agency-user/client/statement.pdf',
      headers: bearer(h.rich.me.token),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename="portfolio-statement-/);
    expect(head.rawPayload.length).toBe(0);

    // Each download is audited: who, which household, what it held.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'document.download'), eq(auditLog.primaryClientId, h.pc)));
    const statements = entries.filter((e) => (e.detail as { kind?: string }).kind === 'portfolio_statement');
    expect(statements.map((e) => e.actorRole).sort()).toEqual(['AC', 'AO']);
    expect(statements[0]!.detail).toMatchObject({ plans: 12, nominee_findings: expect.any(Number) });
    expect(statements.every((e) => e.targetType === 'primary_client' && e.targetId === h.pc)).toBe(true);
  });

  it('gives the client only their own household and the agent only their assigned clients', async () => {
    const a = await agencyWithClients(t);
    const mine = await signedInClient(t, a, 'Asha Verma');
    await addPolicy(t, a, mine.primaryClientId, 'life', { policyNumber: 'ASHA-LIFE-1' });
    const theirs = await signedInClient(t, a, 'Bina Shah');
    await addPolicy(t, a, theirs.primaryClientId, 'life', { policyNumber: 'BINA-LIFE-1' });

    const own = statementText(await get('/api/agency-user/client/statement.pdf', mine.token));
    expect(own.flat).toContain('ASHA-LIFE-1');
    expect(own.flat).not.toContain('BINA-LIFE-1');
    expect(own.flat).not.toContain('Bina Shah');
    // A client cannot name a household: the workspace's route is not theirs.
    expect(
      (await get(`/api/reports/households/${theirs.primaryClientId}/statement.pdf`, mine.token)).statusCode,
    ).toBe(403);

    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    await assignClients(t.db, [mine.primaryClientId], agent.userId);
    const agentToken = await signInToken(t.app, {
      email: agent.email,
      password: agent.password,
      host: a.agency.host,
    });
    const assigned = statementText(
      await get(`/api/reports/households/${mine.primaryClientId}/statement.pdf`, agentToken),
    );
    expect(assigned.flat).toContain('ASHA-LIFE-1');
    const refused = await get(`/api/reports/households/${theirs.primaryClientId}/statement.pdf`, agentToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('No client of your agency exists with this id.');

    // Another agency's owner: the same 404 as an unknown id.
    const b = await agencyWithClients(t);
    const foreignOwner = await ownerToken(b);
    const foreign = await get(`/api/reports/households/${mine.primaryClientId}/statement.pdf`, foreignOwner);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No client of your agency exists with this id.');
    const admin = await createStaff(t, a.agency.agencyId, 'AA');
    const adminToken = await signInToken(t.app, {
      email: admin.email,
      password: admin.password,
      host: a.agency.host,
    });
    expect(
      statementText(await get(`/api/reports/households/${theirs.primaryClientId}/statement.pdf`, adminToken))
        .text,
    ).toContain('BINA-LIFE-1');
  });
});

describe('the nominee check', () => {
  const base = {
    client: { id: 'c', firstName: 'Ramesh', lastName: 'Kumar', panLast4: null, aadhaarLast4: null },
    insured: new Map<string, string[]>(),
    agency: {
      name: 'Agency',
      email: 'a@example.in',
      phone: '9800000000',
      website: null,
      licenseNumber: null,
      society: null,
      locality: 'L',
      city: 'C',
      stateName: 'S',
      pincode: '411001',
      logoDocumentId: null,
    },
    today: '2026-11-27',
  };

  it('compares names without titles, dots or case, and a first name alone', () => {
    expect(nameKey('Smt. Sunita  DEVI')).toBe('sunita devi');
    expect(nameKey('Mr Ramesh Kumar')).toBe('ramesh kumar');
    const s = buildStatement({
      ...base,
      members: [
        {
          id: 'm1',
          firstName: 'Sunita',
          lastName: 'Devi',
          relationship: 'Wife',
          panLast4: null,
          aadhaarLast4: null,
          removed: false,
        },
      ],
      plans: { insurance: [], investment: [] },
    });
    expect(s.members.map((m) => m.name)).toEqual(['Ramesh Kumar', 'Sunita Devi']);
    expect(s.nomineeFindings).toEqual([]);
    expect(s.agency.contact[0]).toBe('9800000000 · a@example.in');
  });
});
