import {
  ActivityPeopleResponseSchema,
  type ActivityResponse,
  ActivityResponseSchema,
  PrimaryClientDetailResponseSchema,
  WorkspacePlanDetailResponseSchema,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOnePlan, ownerWithClient, plan } from '../../../test/fixtures/plans.ts';
import { AADHAAR, createClient, PAN } from '../../../test/fixtures/primary-clients.ts';
import { bearer, createStaff, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// The owner's activity log and the "added by / last changed by" line (issue 25 item 4, decision 033).

let t: TestApp;
let s: Awaited<ReturnType<typeof ownerWithClient>>;
let admin: { userId: string; token: string };
let agent: { userId: string; token: string };
let planId: string;

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function activity(query = ''): Promise<ActivityResponse> {
  const res = await get(s.token, `/api/activity${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ActivityResponseSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  s = await ownerWithClient(t.app, ['life']);
  planId = await addOnePlan(t.app, s, 'life', { overrides: { policy_number: 'LIC-777' } });
  const host = s.agency.host;
  const aa = await createStaff(t, s.agency.agencyId, 'AA', { fullName: 'Kavita Rao' });
  admin = { userId: aa.userId, token: await signInToken(t.app, { ...aa, host }) };
  const ag = await createStaff(t, s.agency.agencyId, 'AG', { fullName: 'Arjun Mehta' });
  agent = { userId: ag.userId, token: await signInToken(t.app, { ...ag, host }) };
  // The agency admin changes the client and the plan.
  const edit = await t.app.inject({
    method: 'PUT',
    url: `/api/users/primary-clients/${s.client.primary_client_id}`,
    headers: bearer(admin.token),
    payload: { first_name: 'Meenakshi', last_name: 'Iyer' },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const planEdit = await t.app.inject({
    method: 'PUT',
    url: `/api/client-plans/${planId}`,
    headers: bearer(admin.token),
    payload: { ...plan('life', s.providers.life!), policy_number: 'LIC-777' },
  });
  expect(planEdit.statusCode, planEdit.body).toBe(200);
});
afterAll(() => t?.close());

describe('the activity log', () => {
  it('says who did what, newest first, with the client and the plan named, and no identity number', async () => {
    const res = await get(s.token, '/api/activity?limit=100');
    expect(res.body).not.toContain(PAN);
    expect(res.body).not.toContain(AADHAAR);
    const { items } = ActivityResponseSchema.parse(res.json());
    const times = items.map((i) => i.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(items[0]).toMatchObject({
      action: 'plan.update',
      sentence: 'Changed plan',
      actor: { user_id: admin.userId, name: 'Kavita Rao', role: 'Agency admin' },
      client: { primary_client_id: s.client.primary_client_id, name: 'Meenakshi Iyer', exists: true },
      target: { kind: 'plan', label: 'Plan LIC-777', link_id: planId },
    });
    expect(items[1]).toMatchObject({
      sentence: 'Changed client',
      actor: { name: 'Kavita Rao' },
      target: null,
    });
    const added = items.find((i) => i.action === 'primary_client.create');
    expect(added).toMatchObject({
      sentence: 'Added client',
      actor: { user_id: s.agency.userId, name: 'Asha Verma', role: 'Agency owner' },
      client: { client_code: s.client.client_code },
    });
    const signIns = items.filter((i) => i.action === 'auth.login').map((i) => i.actor.name);
    expect(signIns).toEqual(expect.arrayContaining(['Arjun Mehta', 'Kavita Rao', 'Asha Verma']));
    expect(items.find((i) => i.action === 'provider.create')).toMatchObject({
      target: { kind: 'provider', label: 'life Co', link_id: null },
    });
  });

  it('filters by person, by client and by Indian calendar days', async () => {
    const mine = await activity(`?person=${admin.userId}&limit=100`);
    expect(mine.items.length).toBe(3);
    expect(new Set(mine.items.map((i) => i.actor.user_id))).toEqual(new Set([admin.userId]));

    const theirs = await activity(`?client=${s.client.primary_client_id}&limit=100`);
    expect(theirs.items.map((i) => i.action)).toEqual([
      'plan.update',
      'primary_client.update',
      'plans.add',
      'primary_client.create',
    ]);
    expect(theirs.client).toMatchObject({
      primary_client_id: s.client.primary_client_id,
      name: 'Meenakshi Iyer',
    });

    const today = todayInIndia();
    expect((await activity(`?from=${today}&to=${today}&limit=100`)).items.length).toBeGreaterThan(5);
    expect((await activity(`?from=${addDays(today, 1)}`)).items).toEqual([]);
    expect((await activity(`?to=${addDays(today, -1)}`)).items).toEqual([]);

    const wrong = await get(s.token, `/api/activity?from=${today}&to=${addDays(today, -1)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toMatchObject({ from: 'From must be on or before To.' });
    const notADay = await get(s.token, '/api/activity?to=31-12-2026');
    expect(notADay.json().fields).toMatchObject({ to: 'To must be a date in the form YYYY-MM-DD.' });
  });

  it('pages by keyset both ways', async () => {
    const all = (await activity('?limit=100')).items.map((i) => i.id);
    const first = await activity('?limit=3');
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, 3));
    expect(first.pagination.prev_cursor).toBeNull();
    const second = await activity(`?limit=3&after=${first.pagination.next_cursor}`);
    expect(second.items.map((i) => i.id)).toEqual(all.slice(3, 6));
    const back = await activity(`?limit=3&before=${second.pagination.prev_cursor}`);
    expect(back.items.map((i) => i.id)).toEqual(all.slice(0, 3));
    expect(back.pagination.prev_cursor).toBeNull();
    const last = await activity(`?limit=100&after=${first.pagination.next_cursor}`);
    expect(last.pagination.next_cursor).toBeNull();
  });

  it("is the owner's alone, and never shows another agency's entries", async () => {
    for (const token of [admin.token, agent.token]) {
      expect((await get(token, '/api/activity')).statusCode).toBe(403);
      expect((await get(token, '/api/activity/people')).statusCode).toBe(403);
    }
    const other = await ownerWithClient(t.app, []);
    const foreign = await createClient(t.app, other.token, { first_name: 'Zoravar' });
    const body = (await get(s.token, '/api/activity?limit=100')).body;
    expect(body).not.toContain('Zoravar');
    expect(body).not.toContain(foreign.primary_client_id);
    const filtered = await activity(`?client=${foreign.primary_client_id}`);
    expect(filtered).toMatchObject({ items: [], client: null });
    expect((await activity(`?person=${other.agency.userId}`)).items).toEqual([]);
  });

  it('offers the owner and the staff as people', async () => {
    const res = await get(s.token, '/api/activity/people');
    const { items } = ActivityPeopleResponseSchema.parse(res.json());
    expect(items.map((p) => [p.name, p.role])).toEqual([
      ['Asha Verma', 'Agency owner'],
      ['Arjun Mehta', 'Agent'],
      ['Kavita Rao', 'Agency admin'],
    ]);
  });
});

describe('who added and who last changed a record', () => {
  it("names them on the client's record and on the plan", async () => {
    const detail = await get(s.token, `/api/users/primary-clients/${s.client.primary_client_id}`);
    const { data } = PrimaryClientDetailResponseSchema.parse(detail.json());
    expect(data.added_by).toMatchObject({ name: 'Asha Verma', role: 'Agency owner' });
    expect(data.changed_by).toMatchObject({ name: 'Kavita Rao', role: 'Agency admin' });
    expect(Date.parse(data.changed_by!.at)).toBeGreaterThanOrEqual(Date.parse(data.added_by!.at));

    const planDetail = await get(s.token, `/api/plans/${planId}/details`);
    const p = WorkspacePlanDetailResponseSchema.parse(planDetail.json()).data;
    expect(p.added_by).toMatchObject({ name: 'Asha Verma', role: 'Agency owner' });
    expect(p.changed_by).toMatchObject({ name: 'Kavita Rao', role: 'Agency admin' });
  });

  it('has no last change for a record nobody changed', async () => {
    const fresh = await createClient(t.app, admin.token);
    const res = await get(s.token, `/api/users/primary-clients/${fresh.primary_client_id}`);
    const { data } = PrimaryClientDetailResponseSchema.parse(res.json());
    expect(data.added_by).toMatchObject({ name: 'Kavita Rao', role: 'Agency admin' });
    expect(data.changed_by).toBeNull();
  });
});
