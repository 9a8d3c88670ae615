import { randomUUID } from 'node:crypto';
import {
  AgencyDashboardResponseSchema,
  FamilyListResponseSchema,
  PrimaryClientListResponseSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
} from '../../../test/fixtures/client-portal.ts';
import { addPlans, plan } from '../../../test/fixtures/plans.ts';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { bearer, createStaff, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 25 items 3 and 6 (decision 034): an agent's every list and figure is of the clients assigned to them,
// and every id of another agent's client, member, plan or document is answered as another agency's.

let t: TestApp;
let a: Agency;
let owner: string;
let agent: { userId: string; token: string };
let other: { userId: string; token: string };
const ids = { mine: '', mine2: '', theirs: '', nobodys: '', theirMember: '', theirPlan: '', myPlan: '' };

const get = (token: string, url: string, fresh = false) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(token), ...(fresh ? { 'cache-control': 'no-cache' } : {}) },
  });

async function names(token: string, query = '', fresh = false) {
  const res = await get(token, `/api/users/primary-clients${query}`, fresh);
  expect(res.statusCode, res.body).toBe(200);
  const body = PrimaryClientListResponseSchema.parse(res.json());
  return { names: body.items.map((i) => i.full_name).sort(), total: body.pagination.total, body };
}

const assign = (clientIds: string[], agentId: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/users/primary-clients/assignment',
    headers: bearer(owner),
    payload: { client_ids: clientIds, agent_id: agentId },
  });

async function dashboard(token: string) {
  const res = await get(token, '/api/agencies/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return AgencyDashboardResponseSchema.parse(res.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await agencyWithClients(t);
  const host = a.agency.host;
  owner = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const staff = async (fullName: string) => {
    const s = await createStaff(t, a.agency.agencyId, 'AG', { fullName });
    return { userId: s.userId, token: await signInToken(t.app, { ...s, host }) };
  };
  agent = await staff('Arjun Mehta');
  other = await staff('Bela Nair');
  const today = todayInIndia();
  ids.mine = (
    await createClient(t.app, owner, { first_name: 'Rohan', last_name: 'Kulkarni' })
  ).primary_client_id;
  ids.mine2 = (
    await createClient(t.app, owner, { first_name: 'Meera', last_name: 'Joshi' })
  ).primary_client_id;
  ids.theirs = (
    await createClient(t.app, owner, { first_name: 'Sunita', last_name: 'Rao' })
  ).primary_client_id;
  ids.nobodys = (
    await createClient(t.app, owner, { first_name: 'Nikhil', last_name: 'Das' })
  ).primary_client_id;
  await addFamilyMember(t, a, ids.mine, { firstName: 'Ishaan', lastName: 'Kulkarni' });
  ids.myPlan = (
    await addPolicy(t, a, ids.mine, 'life', { policyNumber: 'LIC-1111', endDate: addDays(today, 20) })
  ).id;
  ids.theirMember = await addFamilyMember(t, a, ids.theirs, { firstName: 'Zoravar', lastName: 'Singh' });
  ids.theirPlan = (
    await addPolicy(t, a, ids.theirs, 'health', { policyNumber: 'STAR-9999', endDate: addDays(today, 10) })
  ).id;
  expect((await assign([ids.mine, ids.mine2], agent.userId)).statusCode).toBe(200);
  expect((await assign([ids.theirs], other.userId)).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe("an agent's lists", () => {
  it('shows an agent only their clients, in pages and in every search', async () => {
    const mine = await names(agent.token);
    expect(mine.names).toEqual(['Meera Joshi', 'Rohan Kulkarni']);
    expect(mine.total).toBe(2);
    expect(mine.body.items.every((i) => i.assigned_agent?.id === agent.userId)).toBe(true);
    expect((await names(agent.token, '?limit=1')).total).toBe(2);
    // By name, by a family member's name, by a plan's number: another agent's client is never found.
    for (const term of ['Sunita', 'Zoravar', 'STAR-9999', 'Nikhil']) {
      expect((await names(agent.token, `?search=${term}`)).names, term).toEqual([]);
    }
    expect((await names(agent.token, '?search=Ishaan')).names).toEqual(['Rohan Kulkarni']);
    expect((await names(agent.token, '?search=LIC-1111')).names).toEqual(['Rohan Kulkarni']);
    // An agent's filter by agent is no way round: the list stays theirs.
    expect((await names(agent.token, `?agent=${other.userId}`)).names).toEqual(mine.names);
  });

  it('shows the owner every client with its agent, filtered by agent or nobody', async () => {
    const all = await names(owner);
    expect(all.total).toBe(4);
    const sunita = all.body.items.find((i) => i.primary_client_id === ids.theirs);
    expect(sunita?.assigned_agent).toEqual({ id: other.userId, name: 'Bela Nair' });
    expect((await names(owner, `?agent=${other.userId}`)).names).toEqual(['Sunita Rao']);
    expect((await names(owner, '?agent=none')).names).toEqual(['Nikhil Das']);
    expect((await get(owner, '/api/users/primary-clients?agent=someone')).statusCode).toBe(400);
  });

  it('keeps the family view and the renewal work-list to their clients', async () => {
    const families = FamilyListResponseSchema.parse((await get(agent.token, '/api/users/families')).json());
    expect(families.items.map((f) => f.full_name).sort()).toEqual(['Meera Joshi', 'Rohan Kulkarni']);
    expect(families.pagination.total).toBe(2);
    const search = (await get(agent.token, '/api/users/families?search=Zoravar')).json();
    expect(search.items).toEqual([]);
    const renewals = (await get(agent.token, '/api/renewals?bucket=30')).json();
    expect(renewals.data.items.map((i: { plan_id: string }) => i.plan_id)).toEqual([ids.myPlan]);
    expect(renewals.data.total).toBe(1);
    expect(renewals.data.counts['30']).toBe(1);
    const theirs = (await get(other.token, '/api/renewals?bucket=30')).json();
    expect(theirs.data.items.map((i: { plan_id: string }) => i.plan_id)).toEqual([ids.theirPlan]);
    expect((await get(owner, '/api/renewals?bucket=30')).json().data.total).toBe(2);
    // The owner's staff filter (decision 042): one agent's clients, counted from their plans.
    const bela = (await get(owner, `/api/renewals?bucket=30&staff=${other.userId}`)).json();
    expect(bela.data.items.map((i: { plan_id: string }) => i.plan_id)).toEqual([ids.theirPlan]);
    expect(bela.data.counts['30']).toBe(1);
    // An agent's staff filter is no way round: the list stays theirs.
    const round = (await get(agent.token, `/api/renewals?bucket=30&staff=${other.userId}`)).json();
    expect(round.data.items.map((i: { plan_id: string }) => i.plan_id)).toEqual([ids.myPlan]);
  });

  it("counts an agent's dashboard from their clients, and changes it at once on reassignment", async () => {
    const before = await dashboard(agent.token);
    expect(before.primary_clients).toBe(2);
    expect(before.secondary_clients).toBe(1);
    expect(before.active_insurance_policies).toBe(1);
    expect(before.total_annual_premium).toBe('1000.00');
    expect(before.renewals_due_60_days.map((r) => r.plan_id)).toEqual([ids.myPlan]);
    expect(before.recent_clients.map((c) => c.full_name).sort()).toEqual(['Meera Joshi', 'Rohan Kulkarni']);
    expect((await dashboard(owner)).primary_clients).toBe(4);
    // Kept per agent (not a fresh request): the reassignment's announcement drops it.
    await names(agent.token);
    expect((await assign([ids.theirs], agent.userId)).statusCode).toBe(200);
    const after = await dashboard(agent.token);
    expect(after.primary_clients).toBe(3);
    expect(after.secondary_clients).toBe(2);
    expect(after.active_insurance_policies).toBe(2);
    expect(after.total_annual_premium).toBe('2000.00');
    expect((await names(agent.token)).names).toContain('Sunita Rao');
    expect((await dashboard(other.token)).primary_clients).toBe(0);
    expect((await names(other.token)).names).toEqual([]);
    expect((await assign([ids.theirs], other.userId)).statusCode).toBe(200);
    expect((await dashboard(agent.token)).primary_clients).toBe(2);
    expect((await names(agent.token)).names).not.toContain('Sunita Rao');
  });

  it('answers 404 for another agent’s client, member, plan and document, as for a random id', async () => {
    const paths = [
      (id: string) => `/api/users/primary-clients/${id}`,
      (id: string) => `/api/users/primary-clients/${id}/avatar`,
      (id: string) => `/api/secondary-clients/${id}`,
      (id: string) => `/api/secondary-clients/${id}/documents/aadhaar`,
      (id: string) => `/api/plans/${id}/details`,
      (id: string) => `/api/client-plans/${id}/document`,
      (id: string) => `/api/renewals/plans/${id}`,
    ];
    const plan = ids.theirPlan;
    const objectOf = [ids.theirs, ids.theirs, ids.theirMember, ids.theirMember, plan, plan, plan];
    for (const [i, path] of paths.entries()) {
      const theirs = await get(agent.token, path(objectOf[i]!));
      const none = await get(agent.token, path(randomUUID()));
      expect(theirs.statusCode, path('…')).toBe(404);
      expect(theirs.json(), path('…')).toEqual(none.json());
      // The owner reaches them all the same (a photo or PDF not there is a 404 of its own words).
      expect((await get(owner, path(objectOf[i]!))).json(), path('…')).not.toEqual(none.json());
    }
  });

  it("refuses another agent's client named in a body, with the words for another agency's", async () => {
    const member = (primary: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/secondary-clients',
        headers: bearer(agent.token),
        payload: { primary_client_id: primary, first_name: 'Kabir', relationship: 'son' },
      });
    const refused = await member(ids.theirs);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual((await member(randomUUID())).json());
    expect((await member(ids.mine)).statusCode).toBe(201);
    const plans = (primary: string) =>
      addPlans(t.app, agent.token, { primary_client_id: primary, plans: [plan('life', a.prov.life)] });
    const refusedPlans = await plans(ids.theirs);
    expect(refusedPlans.statusCode).toBe(404);
    expect(refusedPlans.json()).toEqual((await plans(randomUUID())).json());
    expect((await plans(ids.mine)).statusCode, (await plans(ids.mine)).body).toBe(201);
  });

  it("makes a client an agent adds theirs, and gives agents no provider's bank details", async () => {
    const added = await createClient(t.app, agent.token, { first_name: 'Tara', last_name: 'Menon' });
    const detail = (await get(agent.token, `/api/users/primary-clients/${added.primary_client_id}`)).json();
    expect(detail.data.client.assigned_agent).toEqual({ id: agent.userId, name: 'Arjun Mehta' });
    expect((await names(agent.token)).names).toContain('Tara Menon');
    expect((await names(other.token)).names).not.toContain('Tara Menon');
    const providers = (await get(agent.token, '/api/plans/providers')).json().data as Array<{
      bank_details: { bank_name: string | null; account_number: string | null };
    }>;
    expect(providers.length).toBeGreaterThan(0);
    for (const p of providers) expect(p.bank_details).toEqual({ bank_name: null, account_number: null });
    const insurance = (await get(agent.token, '/api/plans/insurance/providers')).json()
      .data as typeof providers;
    for (const p of insurance) expect(p.bank_details).toEqual({ bank_name: null, account_number: null });
  });
});
