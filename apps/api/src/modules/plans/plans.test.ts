import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { AddPlansResponseSchema, WorkspacePlanDetailResponseSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProvider, plan, SUBTYPE } from '../../../test/fixtures/plans.ts';
import { clientPayload, createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { multipart, type Part } from '../../../test/multipart.ts';
import {
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
} from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function send(
  token: string,
  fields: { primary_client_id?: string; secondary_client_id?: string; plans?: unknown; raw?: string },
  files: Array<{ filename: string; type: string; bytes: Buffer }> = [],
) {
  const parts: Part[] = [];
  if (fields.primary_client_id) parts.push({ name: 'primary_client_id', value: fields.primary_client_id });
  if (fields.secondary_client_id)
    parts.push({ name: 'secondary_client_id', value: fields.secondary_client_id });
  const text = fields.raw ?? (fields.plans === undefined ? undefined : JSON.stringify(fields.plans));
  if (text !== undefined) parts.push({ name: 'plansData', value: text });
  for (const f of files) parts.push({ name: 'planFiles', ...f });
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/agencies/add-plans-to-existing',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const pdf = (name: string) => ({ filename: `${name}.pdf`, type: 'application/pdf', bytes: PDF_BYTES });

async function setUp(services: string[]) {
  const owner = await ownerWithToken(t.app);
  const client = await createClient(t.app, owner.token);
  const providers: Record<string, string> = {};
  for (const s of services) providers[s] = await addProvider(t.app, owner.token, s);
  return { ...owner, client, providers };
}

async function storedFor(agencyId: string) {
  const policies = await t.db
    .select()
    .from(insurancePolicies)
    .where(eq(insurancePolicies.agencyId, agencyId));
  const accounts = await t.db
    .select()
    .from(investmentAccounts)
    .where(eq(investmentAccounts.agencyId, agencyId));
  const docs = await t.db.select().from(documents).where(eq(documents.agencyId, agencyId));
  let files: string[] = [];
  try {
    files = readdirSync(path.join(t.app.services.documents.dir, agencyId));
  } catch {
    files = [];
  }
  return {
    policies: policies.length,
    accounts: accounts.length,
    documents: docs.length,
    files: files.length,
  };
}

describe('an investment needs the client’s PAN (issue 24 item 7)', () => {
  it('refuses a fund for a client without a PAN, and takes their insurance', async () => {
    const owner = await ownerWithToken(t.app);
    const client = await createClient(t.app, owner.token, { pan_number: '' });
    const fund = await addProvider(t.app, owner.token, 'mutual_funds');
    const life = await addProvider(t.app, owner.token, 'life');
    const refused = await send(owner.token, {
      primary_client_id: client.primary_client_id,
      plans: [plan('mutual_funds', fund)],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      pan_number:
        'PAN Number is required for a client who holds an investment (mutual funds, NPS or post office), for KYC. Add it on the client’s record first.',
    });
    expect(await storedFor(owner.agency.agencyId)).toMatchObject({ accounts: 0 });
    const insurance = await send(owner.token, {
      primary_client_id: client.primary_client_id,
      plans: [plan('life', life)],
    });
    expect(insurance.statusCode).toBe(201);
  });
});

describe('adding plans to a client', () => {
  it('adds a plan of every service with PDFs by file_index, insured members and nominee', async () => {
    const services = Object.keys(SUBTYPE);
    const { agency, token, client, providers } = await setUp(services);
    const plans = services.map((s, i) => plan(s, providers[s]!, i < 2 ? { file_index: 1 - i } : {}));
    const res = await send(token, { primary_client_id: client.primary_client_id, plans }, [
      pdf('b'),
      pdf('a'),
    ]);
    expect(res.statusCode).toBe(201);
    const { data } = AddPlansResponseSchema.parse(res.json());
    expect(data.insurance.map((p) => p.service_code)).toEqual(['life', 'health', 'motor', 'travel', 'home']);
    expect(data.investment.map((p) => p.service_code)).toEqual(['mutual_funds', 'nps', 'postoffice']);
    expect(data.insurance[0]).toMatchObject({
      premium_amount: '24500.00',
      document_available: true,
      status: 'Active',
    });
    expect(data.investment[0]).toMatchObject({ amount: '250000.50', document_available: false });
    expect(await storedFor(agency.agencyId)).toEqual({ policies: 5, accounts: 3, documents: 2, files: 2 });

    const health = data.insurance[1]!;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${health.plan_id}/details`,
      headers: bearer(token),
    });
    expect(detail.statusCode).toBe(200);
    const d = WorkspacePlanDetailResponseSchema.parse(detail.json()).data;
    expect(d).toMatchObject({
      policy_id: health.plan_id,
      plan_name: 'Optima Secure',
      service_code: 'health',
      document_available: true,
      nominee: { full_name: 'Ravi Iyer', relation: 'spouse', email: 'ravi@example.in' },
      subtype_fields: { cover_type: 'family_floater', sum_assured: '500000.00', term: 1 },
    });
    expect(d.insured_members).toEqual([
      {
        insured_member_name: 'Meera Iyer',
        relationship: 'self',
        insured_member_dob: '1984-06-12',
        insured_member_phone_number: '9876501234',
      },
      {
        insured_member_name: 'Kabir Iyer',
        relationship: 'son',
        insured_member_dob: '2012-03-04',
        insured_member_phone_number: null,
      },
    ]);
    const motor = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${data.insurance[2]!.plan_id}/details`,
      headers: bearer(token),
    });
    expect(motor.json().data.subtype_fields.rc_number).toBe('MH12AB1234');
    const po = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${data.investment[2]!.plan_id}/details`,
      headers: bearer(token),
    });
    expect(po.json().data).toMatchObject({
      account_id: data.investment[2]!.plan_id,
      subtype_fields: { roi: 7.7 },
    });

    const client360 = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${client.primary_client_id}`,
      headers: bearer(token),
    });
    expect(client360.json().data.plans.insurance).toHaveLength(5);
    expect(
      client360.json().data.documents.filter((x: { belongs_to: string }) => x.belongs_to === 'plan'),
    ).toHaveLength(2);
    const members = await t.db
      .select()
      .from(insuredMembers)
      .where(eq(insuredMembers.policyId, health.plan_id));
    expect(members).toHaveLength(2);
  });

  it('adds a plan for a family member; files in order match plans in order', async () => {
    const { token, client, providers } = await setUp(['health', 'life']);
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/secondary-clients',
      headers: bearer(token),
      payload: { primary_client_id: client.primary_client_id, first_name: 'Kabir', relationship: 'son' },
    });
    const memberId = member.json().data.secondary_client_id;
    const res = await send(
      token,
      {
        primary_client_id: client.primary_client_id,
        secondary_client_id: memberId,
        plans: [plan('health', providers.health!), plan('life', providers.life!)],
      },
      [pdf('h'), pdf('l')],
    );
    expect(res.statusCode).toBe(201);
    const { data } = AddPlansResponseSchema.parse(res.json());
    expect(data.insurance.every((p) => p.secondary_client_id === memberId && p.holder_name === 'Kabir')).toBe(
      true,
    );
    expect(data.insurance.every((p) => p.document_available)).toBe(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/secondary-clients/${memberId}`,
      headers: bearer(token),
    });
    expect(detail.json().data.plans).toHaveLength(2);
  });

  it('stores nothing when the third plan is bad, and removes the files already written', async () => {
    const { agency, token, client, providers } = await setUp(['life', 'mutual_funds']);
    const other = await setUp(['life']);
    const plans = [
      plan('life', providers.life!),
      plan('mutual_funds', providers.mutual_funds!),
      plan('life', other.providers.life!),
    ];
    const res = await send(token, { primary_client_id: client.primary_client_id, plans }, [
      pdf('1'),
      pdf('2'),
      pdf('3'),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'plans.2.provider_id': 'Provider Id does not name a provider company of your agency.',
    });
    expect(await storedFor(agency.agencyId)).toEqual({ policies: 0, accounts: 0, documents: 0, files: 0 });
  });

  it('stores nothing when the third file is not a PDF', async () => {
    const { agency, token, client, providers } = await setUp(['life']);
    const plans = [
      plan('life', providers.life!),
      plan('life', providers.life!),
      plan('life', providers.life!),
    ];
    const html = {
      filename: 'policy.pdf',
      type: 'application/pdf',
      bytes: Buffer.from('<html><script>x</script></html>'),
    };
    const res = await send(token, { primary_client_id: client.primary_client_id, plans }, [
      pdf('1'),
      pdf('2'),
      html,
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['planFiles.2']).toBe('Plan File 3 must be a PDF file.');
    expect(await storedFor(agency.agencyId)).toEqual({ policies: 0, accounts: 0, documents: 0, files: 0 });
    const png = await send(token, { primary_client_id: client.primary_client_id, plans: [plans[0]] }, [
      { filename: 'p.png', type: 'image/png', bytes: pngBytes() },
    ]);
    expect(png.statusCode).toBe(400);
  });

  it.each([
    [
      'life',
      { subtype_fields: { ...SUBTYPE.life, sum_assured: undefined } },
      'plans.0.subtype_fields.sum_assured',
      'Sum Assured is required.',
    ],
    [
      'life',
      { subtype_fields: { ...SUBTYPE.life, ppt: 0 } },
      'plans.0.subtype_fields.ppt',
      'PPT must be a whole number of years from 1 to 100.',
    ],
    [
      'life',
      { subtype_fields: { ...SUBTYPE.life, mode: '' } },
      'plans.0.subtype_fields.mode',
      'Mode is required.',
    ],
    [
      'health',
      { subtype_fields: { ...SUBTYPE.health, insured_members: [] } },
      'plans.0.subtype_fields.insured_members',
      'Insured Members must name at least one person covered.',
    ],
    [
      'health',
      { subtype_fields: { ...SUBTYPE.health, insured_members: [{ relationship: 'self' }] } },
      'plans.0.subtype_fields.insured_members.0.insured_member_name',
      'Insured Member Name is required.',
    ],
    [
      'health',
      { subtype_fields: { ...SUBTYPE.health, cover_type: '' } },
      'plans.0.subtype_fields.cover_type',
      'Cover Type is required.',
    ],
    [
      'motor',
      { subtype_fields: { term: 1 } },
      'plans.0.subtype_fields.rc_number',
      'Registration (RC) Number is required.',
    ],
    [
      'travel',
      { subtype_fields: { ...SUBTYPE.travel, duration: 'ten' } },
      'plans.0.subtype_fields.duration',
      'Duration must be a whole number of days from 1 to 730.',
    ],
    [
      'home',
      { subtype_fields: { term: 5 } },
      'plans.0.subtype_fields.insurance_company_name',
      'Insurance Company Name is required.',
    ],
    [
      'mutual_funds',
      { subtype_fields: { ...SUBTYPE.mutual_funds, folio_number: '' } },
      'plans.0.subtype_fields.folio_number',
      'Folio Number is required.',
    ],
    ['nps', { subtype_fields: { pran: '12345' } }, 'plans.0.subtype_fields.pran', 'PRAN must be 12 digits.'],
    [
      'postoffice',
      { subtype_fields: { ...SUBTYPE.postoffice, roi: 35 } },
      'plans.0.subtype_fields.roi',
      'ROI must be a percentage from 0 to 20.',
    ],
    ['life', { end_date: '2024-01-01' }, 'plans.0.end_date', 'End Date must be on or after the Start Date.'],
    [
      'life',
      { start_date: '2025-02-30' },
      'plans.0.start_date',
      'Start Date must be a date in the form YYYY-MM-DD.',
    ],
    [
      'life',
      { premium_amount: '-10' },
      'plans.0.premium_amount',
      'Premium Amount must be an amount in rupees of 0 or more, with at most 2 decimals.',
    ],
    [
      'life',
      { premium_amount: '10.555' },
      'plans.0.premium_amount',
      'Premium Amount must be an amount in rupees of 0 or more, with at most 2 decimals.',
    ],
    ['mutual_funds', { amount: undefined }, 'plans.0.amount', 'Amount is required.'],
    [
      'life',
      { service_code: 'pets' },
      'plans.0.service_code',
      'Service Code must be one of life, health, motor, travel, home, mutual_funds, nps, postoffice.',
    ],
    ['life', { policy_number: '' }, 'plans.0.policy_number', 'Policy Number is required.'],
    [
      'life',
      { nominee: { relation: 'spouse' } },
      'plans.0.nominee.full_name',
      'Nominee Full Name is required.',
    ],
    ['life', { file_index: 3 }, 'plans.0.file_index', 'File Index 3 names no file in planFiles.'],
  ])('refuses a %s plan with %j naming %s', async (service, override, field, message) => {
    const { agency, token, client, providers } = await setUp([service]);
    const res = await send(token, {
      primary_client_id: client.primary_client_id,
      plans: [plan(service, providers[service]!, override)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await storedFor(agency.agencyId)).toEqual({ policies: 0, accounts: 0, documents: 0, files: 0 });
  });

  it('refuses a provider of another service, bad plansData and a missing client', async () => {
    const { token, client, providers } = await setUp(['life', 'motor']);
    const wrong = await send(token, {
      primary_client_id: client.primary_client_id,
      plans: [plan('life', providers.motor!)],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields['plans.0.provider_id']).toBe(
      'Provider Id names a motor provider; this plan is life.',
    );
    const notJson = await send(token, { primary_client_id: client.primary_client_id, raw: '[{' });
    expect(notJson.json().fields.plansData).toBe('plansData must be valid JSON.');
    const empty = await send(token, { primary_client_id: client.primary_client_id, plans: [] });
    expect(empty.json().fields.plans).toBe('Plans Data must hold at least one plan.');
    const noClient = await send(token, { plans: [plan('life', providers.life!)] });
    expect(noClient.json().fields.primary_client_id).toBe(
      'Primary Client is required: choose the client these plans belong to.',
    );
    const tooMany = await send(
      token,
      { primary_client_id: client.primary_client_id, plans: [plan('life', providers.life!)] },
      [pdf('1'), pdf('2')],
    );
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().fields)).toEqual(['planFiles']);
  });

  it('answers 404 for another agency’s client, member or plan', async () => {
    const mine = await setUp(['life']);
    const theirs = await setUp(['life']);
    const res = await send(mine.token, {
      primary_client_id: theirs.client.primary_client_id,
      plans: [plan('life', mine.providers.life!)],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().fields.primary_client_id).toBe(
      'Primary Client Id does not name a client of your agency.',
    );
    const member = await t.app.inject({
      method: 'POST',
      url: '/api/secondary-clients',
      headers: bearer(theirs.token),
      payload: {
        primary_client_id: theirs.client.primary_client_id,
        first_name: 'Zoya',
        relationship: 'spouse',
      },
    });
    const asMember = await send(mine.token, {
      primary_client_id: mine.client.primary_client_id,
      secondary_client_id: member.json().data.secondary_client_id,
      plans: [plan('life', mine.providers.life!)],
    });
    expect(asMember.statusCode).toBe(404);
    expect(Object.keys(asMember.json().fields)).toEqual(['secondary_client_id']);
    const added = await send(theirs.token, {
      primary_client_id: theirs.client.primary_client_id,
      plans: [plan('life', theirs.providers.life!)],
    });
    const planId = added.json().data.insurance[0].plan_id;
    for (const id of [planId, randomUUID()]) {
      const r = await t.app.inject({
        method: 'GET',
        url: `/api/plans/${id}/details`,
        headers: bearer(mine.token),
      });
      expect(r.statusCode).toBe(404);
    }
  });
});

describe('a new client with plans', () => {
  it('creates the client and its plans together, or nothing when the last plan is bad', async () => {
    const owner = await ownerWithToken(t.app);
    const life = await addProvider(t.app, owner.token, 'life');
    const mf = await addProvider(t.app, owner.token, 'mutual_funds');
    const other = await setUp(['life']);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: bearer(owner.token),
      payload: clientPayload({
        plans: [plan('life', life), plan('mutual_funds', mf), plan('life', other.providers.life!)],
      } as object),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['plans.2.provider_id']);
    const none = await t.db
      .select()
      .from(primaryClients)
      .where(eq(primaryClients.agencyId, owner.agency.agencyId));
    expect(none).toHaveLength(0);
    expect(await storedFor(owner.agency.agencyId)).toEqual({
      policies: 0,
      accounts: 0,
      documents: 0,
      files: 0,
    });

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: bearer(owner.token),
      payload: clientPayload({ plans: [plan('life', life, { subtype_fields: {} })] } as object),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields['plans.0.subtype_fields.sum_assured']).toBe('Sum Assured is required.');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/users/primary-clients',
      headers: bearer(owner.token),
      payload: clientPayload({ plans: [plan('life', life), plan('mutual_funds', mf)] } as object),
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.primary_client_id;
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${id}`,
      headers: bearer(owner.token),
    });
    expect(detail.json().data.plans.insurance).toHaveLength(1);
    expect(detail.json().data.plans.investment).toHaveLength(1);
    // The client code sequence was not used up by the failed attempts' rows either: they rolled back.
    expect(ok.json().data.client_code).toMatch(/-00001$/);
  });
});

describe('removing a plan', () => {
  it('hides the plan from the client and its detail, keeps the row, audits, and is 404 to another agency', async () => {
    const { agency, token, client, providers } = await setUp(['life', 'nps']);
    const other = await ownerWithToken(t.app);
    const added = await send(token, {
      primary_client_id: client.primary_client_id,
      plans: [plan('life', providers.life!), plan('nps', providers.nps!)],
    });
    const { insurance, investment } = AddPlansResponseSchema.parse(added.json()).data;
    for (const id of [insurance[0]!.plan_id, investment[0]!.plan_id]) {
      const theirs = await t.app.inject({
        method: 'DELETE',
        url: `/api/client-plans/${id}`,
        headers: bearer(other.token),
      });
      expect(theirs.statusCode).toBe(404);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/client-plans/${id}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/client-plans/${id}`,
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(404);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/plans/${id}/details`,
        headers: bearer(token),
      });
      expect(detail.statusCode).toBe(404);
    }
    const client360 = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${client.primary_client_id}`,
      headers: bearer(token),
    });
    expect(client360.json().data.plans).toEqual({ insurance: [], investment: [] });
    expect(await storedFor(agency.agencyId)).toMatchObject({ policies: 1, accounts: 1 });
  });
});

describe('roles', () => {
  it('turns away ADMIN and AC with 403 and the anonymous with 401', async () => {
    const { accounts } = await createAccountOfEveryRole(t);
    const calls: Array<['GET' | 'POST' | 'DELETE', string]> = [
      ['POST', '/api/agencies/add-plans-to-existing'],
      ['GET', `/api/plans/${randomUUID()}/details`],
      ['DELETE', `/api/client-plans/${randomUUID()}`],
    ];
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, accounts[role]);
      for (const [method, url] of calls) {
        expect((await t.app.inject({ method, url, headers: bearer(token) })).statusCode).toBe(403);
      }
    }
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});
