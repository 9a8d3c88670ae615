import { RenewalListResponseSchema } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../../../test/figures.ts';
import { addAccount, addPolicy, agencyWithClients } from '../../../test/fixtures/client-portal.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { primaryClients } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 23 item 11: the work-list pages by keyset like the other lists, and a deep page is one bounded
// statement. On c5ef5a3 a page was made of every row up to it: past ~150,000 rows it answered 500.

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

async function owner() {
  const a = await agencyWithClients(t);
  const token = await signInToken(t.app, {
    email: a.agency.email,
    password: a.agency.password,
    host: a.agency.host,
  });
  const [client] = await t.db
    .insert(primaryClients)
    .values({
      agencyId: a.agency.agencyId,
      clientCode: `RP-${Date.now()}`,
      firstName: 'Meera',
      lastName: 'Iyer',
    })
    .returning({ id: primaryClients.id });
  return { a, token, clientId: client!.id };
}

async function page(token: string, query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/renewals?bucket=week&${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return RenewalListResponseSchema.parse(res.json()).data;
}

describe('renewal work-list paging', () => {
  it('walks forward and back by cursor through both kinds, in the order of the offset pages', async () => {
    const o = await owner();
    // 23 plans of both kinds, several ending on the same day (the id breaks the tie).
    for (let i = 0; i < 23; i += 1) {
      const endDate = addDays(today, 2 + (i % 6));
      if (i % 3 === 0) await addAccount(t, o.a, o.clientId, 'mutual_funds', { endDate });
      else await addPolicy(t, o.a, o.clientId, 'life', { endDate });
    }
    const byOffset: string[] = [];
    for (let offset = 0; offset < 23; offset += 5)
      byOffset.push(...(await page(o.token, `offset=${offset}&limit=5`)).items.map((i) => i.plan_id));
    expect(new Set(byOffset).size).toBe(23);

    const forward: string[] = [];
    let p = await page(o.token, 'limit=5');
    expect(p.prev_cursor).toBeNull();
    const cursors: Array<string | null> = [];
    for (;;) {
      forward.push(...p.items.map((i) => i.plan_id));
      cursors.push(p.prev_cursor);
      if (!p.next_cursor) break;
      p = await page(o.token, `limit=5&after=${p.next_cursor}`);
    }
    expect(forward).toEqual(byOffset);
    expect(p.items).toHaveLength(3);

    const backward: string[][] = [p.items.map((i) => i.plan_id)];
    while (p.prev_cursor) {
      p = await page(o.token, `limit=5&before=${p.prev_cursor}`);
      backward.unshift(p.items.map((i) => i.plan_id));
    }
    expect(backward.flat()).toEqual(byOffset);
    expect(p.prev_cursor).toBeNull();
  });

  it.each([
    ['../../etc'],
    ['9355-85-65_aa5faa2e-1488-ba23-3e63-fbec6c1e76e2'],
    ['2026-02-30_aa5faa2e-1488-ba23-3e63-fbec6c1e76e2'],
  ])('refuses a cursor it did not give (%s), naming it', async (cursor) => {
    const o = await owner();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/renewals?bucket=week&after=${encodeURIComponent(cursor)}`,
      headers: bearer(o.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Cursor must be a next_cursor or prev_cursor of an earlier page.');
  });

  it('answers a page 160,000 rows deep, and the page after it by cursor', async () => {
    const o = await owner();
    const rows = 160_000;
    await t.db.execute(sql`
      insert into insurance_policies (agency_id, primary_client_id, provider_id, service_id, policy_number, premium_amount, end_date)
      select ${o.a.agency.agencyId}::uuid, ${o.clientId}::uuid, ${o.a.prov.life}::uuid, ${SERVICE_IDS.life}, 'DEEP-' || g, 1000, ${addDays(today, 2)}::date + (g % 6)
      from generate_series(1, ${rows}) g`);
    let started = Date.now();
    const deep = await page(o.token, `offset=${rows - 25}&limit=10`);
    const deepMs = Date.now() - started;
    expect(deep.total).toBe(rows);
    expect(deep.items).toHaveLength(10);
    started = Date.now();
    const next = await page(o.token, `limit=10&after=${deep.next_cursor}`);
    const nextMs = Date.now() - started;
    expect(next.items).toHaveLength(10);
    expect(next.items.map((i) => i.plan_id)).not.toContain(deep.items[9]!.plan_id);
    figure(
      'Issue 23, 11. Renewals deep pages',
      `[security] renewals deep pages (${engine}): ${rows} plans, the page at offset ${rows - 25} answered 200 in ${deepMs} ms, the next by cursor in ${nextMs} ms`,
    );
    // 160,000 rows each pass the premium schedule's row trigger on insert (migration 0032, decision 038).
  }, 240_000);
});
