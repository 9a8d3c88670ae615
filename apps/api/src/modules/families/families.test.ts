import { ErrorResponseSchema, FamilyListResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import {
  insurancePayload,
  investmentPayload,
  ownerWithToken,
  sendProvider,
} from '../../../test/fixtures/providers.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { insurancePolicies, investmentAccounts, secondaryClients } from '../../db/schema.ts';
import { familyPage } from './families.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const url = '/api/users/families';

/** Counts the statements sent to the database (both drivers send each one through the client's query). */
async function statementsOf<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let statements = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await run(), statements };
  } finally {
    client.query = original;
  }
}

async function list(token: string, query = '') {
  return t.app.inject({ method: 'GET', url: `${url}${query}`, headers: bearer(token) });
}

async function providerOf(token: string, category: 'insurance' | 'investment') {
  const res = await sendProvider(t.app, token, {
    category,
    payload: category === 'insurance' ? insurancePayload() : investmentPayload(),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ data: { provider_id: string } }>().data.provider_id;
}

async function addMember(agencyId: string, primaryClientId: string, firstName: string, relationship: string) {
  const [row] = await t.db
    .insert(secondaryClients)
    .values({ agencyId, primaryClientId, firstName, lastName: 'Iyer', relationship })
    .returning({ id: secondaryClients.id });
  return row!.id;
}

/** An agency with one client, a spouse holding a mutual fund, a son holding nothing, and the client's own policy. */
async function family() {
  const owner = await ownerWithToken(t.app);
  const agencyId = owner.agency.agencyId;
  const client = await createClient(t.app, owner.token, { first_name: 'Meera' });
  const spouse = await addMember(agencyId, client.primary_client_id, 'Ravi', 'spouse');
  const son = await addMember(agencyId, client.primary_client_id, 'Kabir', 'son');
  const life = await providerOf(owner.token, 'insurance');
  const fund = await providerOf(owner.token, 'investment');
  const [policy] = await t.db
    .insert(insurancePolicies)
    .values({
      agencyId,
      primaryClientId: client.primary_client_id,
      providerId: life,
      serviceId: SERVICE_IDS.life,
      planName: 'Jeevan Anand',
      policyNumber: 'LIC-778899',
      premiumAmount: '24500.00',
      endDate: '2001-03-31',
    })
    .returning({ id: insurancePolicies.id });
  const [account] = await t.db
    .insert(investmentAccounts)
    .values({
      agencyId,
      primaryClientId: client.primary_client_id,
      secondaryClientId: spouse,
      providerId: fund,
      serviceId: SERVICE_IDS.mutual_funds,
      planName: 'HDFC Flexi Cap',
      accountNumber: 'FOLIO-1234567',
      amount: '250000.50',
      endDate: '2045-03-31',
    })
    .returning({ id: investmentAccounts.id });
  return { ...owner, client, spouse, son, policyId: policy!.id, accountId: account!.id };
}

describe('the family view', () => {
  it('answers each client with family members and the plans each holds, with status', async () => {
    const f = await family();
    const res = await list(f.token);
    expect(res.statusCode).toBe(200);
    const body = FamilyListResponseSchema.parse(res.json());
    expect(body.pagination).toEqual({ total: 1, limit: 10, offset: 0 });
    const [item] = body.items;
    expect(item).toMatchObject({
      primary_client_id: f.client.primary_client_id,
      client_code: f.client.client_code,
      full_name: 'Meera Iyer',
      plans: [
        {
          plan_id: f.policyId,
          plan_kind: 'insurance',
          service_code: 'life',
          provider_name: 'LIC of India',
          plan_name: 'Jeevan Anand',
          policy_number: 'LIC-778899',
          end_date: '2001-03-31',
          status: 'Expired',
        },
      ],
      members: [
        {
          secondary_client_id: f.spouse,
          full_name: 'Ravi Iyer',
          relationship: 'spouse',
          plans: [
            {
              plan_id: f.accountId,
              plan_kind: 'investment',
              service_code: 'mutual_funds',
              policy_number: 'FOLIO-1234567',
              status: 'Active',
            },
          ],
        },
        { secondary_client_id: f.son, full_name: 'Kabir Iyer', relationship: 'son', plans: [] },
      ],
    });
  });

  it('leaves out removed members with their plans, removed plans and removed clients', async () => {
    const f = await family();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/secondary-clients/${f.spouse}`,
      headers: bearer(f.token),
    });
    expect(removed.statusCode).toBe(200);
    const [item] = FamilyListResponseSchema.parse((await list(f.token)).json()).items;
    expect(item!.members.map((m) => m.full_name)).toEqual(['Kabir Iyer']);
    expect(item!.plans.map((p) => p.plan_id)).toEqual([f.policyId]);

    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/primary-clients/${f.client.primary_client_id}`,
      headers: bearer(f.token),
    });
    expect(gone.statusCode).toBe(200);
    const after = FamilyListResponseSchema.parse((await list(f.token)).json());
    expect(after.items).toEqual([]);
    expect(after.pagination.total).toBe(0);
  });

  it('searches by name, email, phone or client code and pages on the server', async () => {
    const owner = await ownerWithToken(t.app);
    const names = ['Asha', 'Bhavna', 'Chirag', 'Divya', 'Eshan'];
    const made = [];
    for (const first_name of names) made.push(await createClient(t.app, owner.token, { first_name }));

    const page2 = FamilyListResponseSchema.parse((await list(owner.token, '?limit=2&offset=2')).json());
    expect(page2.pagination).toEqual({ total: 5, limit: 2, offset: 2 });
    // Newest first: Eshan, Divya | Chirag, Bhavna | Asha.
    expect(page2.items.map((i) => i.full_name)).toEqual(['Chirag Iyer', 'Bhavna Iyer']);

    const past = FamilyListResponseSchema.parse((await list(owner.token, '?limit=2&offset=10')).json());
    expect(past.items).toEqual([]);
    expect(past.pagination.total).toBe(5);

    const byName = FamilyListResponseSchema.parse((await list(owner.token, '?search=divya')).json());
    expect(byName.items.map((i) => i.full_name)).toEqual(['Divya Iyer']);
    const byCode = FamilyListResponseSchema.parse(
      (await list(owner.token, `?search=${encodeURIComponent(made[0]!.client_code)}`)).json(),
    );
    expect(byCode.items.map((i) => i.full_name)).toEqual(['Asha Iyer']);
    const none = FamilyListResponseSchema.parse((await list(owner.token, '?search=100%25')).json());
    expect(none).toEqual({ items: [], pagination: { total: 0, limit: 10, offset: 0 } });
  });

  it("never shows another agency's clients, members or plans", async () => {
    const f = await family();
    const other = await ownerWithToken(t.app);
    const res = await list(other.token);
    expect(res.statusCode).toBe(200);
    const body = FamilyListResponseSchema.parse(res.json());
    expect(body).toEqual({ items: [], pagination: { total: 0, limit: 10, offset: 0 } });
    expect(res.body).not.toContain(f.client.primary_client_id);
    const searched = await list(other.token, '?search=Meera');
    expect(FamilyListResponseSchema.parse(searched.json()).items).toEqual([]);
  });

  it('answers a page in the same statements whatever its size (no query per client)', async () => {
    const f = await family();
    const single = await statementsOf(() => familyPage(t.db, f.agency.agencyId, { offset: 0, limit: 10 }));
    expect(single.result.rows).toHaveLength(1);
    for (let i = 0; i < 4; i += 1) await createClient(t.app, f.token);
    const five = await statementsOf(() => familyPage(t.db, f.agency.agencyId, { offset: 0, limit: 10 }));
    expect(five.result.rows).toHaveLength(5);
    expect(five.result.total).toBe(5);
    expect(five.result.rows.find((r) => r.id === f.client.primary_client_id)?.members).toHaveLength(2);
    // The page with every family and plan, then its count.
    expect(single.statements).toBe(2);
    expect(five.statements).toBe(2);
    // Searched, the total rides on the page: one statement.
    const searched = await statementsOf(() =>
      familyPage(t.db, f.agency.agencyId, { offset: 0, limit: 10, search: 'Meera' }),
    );
    expect(searched.result.total).toBe(5);
    expect(searched.statements).toBe(1);
  });

  it('is for agency owners only and checks its query', async () => {
    const { accounts } = await createAccountOfEveryRole(t);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const client = await signInToken(t.app, accounts.AC);
    expect((await list(client)).statusCode).toBe(403);
    const owner = await signInToken(t.app, accounts.AO);
    const bad = await list(owner, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(bad.json()).fields).toHaveProperty('limit');
  });
});
