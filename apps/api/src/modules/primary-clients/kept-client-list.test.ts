import { PrimaryClientListResponseSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { bearer, createTestApp, onOwnConnection, type TestApp } from '../../../test/helpers.ts';
import { primaryClients, secondaryClients } from '../../db/schema.ts';

// The workspace's client list is kept per agency as the answers sent (issue 8, decision 018) and dropped when the
// database announces a change to the agency's clients, families or plans (migration 0013): the owner never sees a
// list older than the data, and never another agency's.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const base = '/api/users/primary-clients';

async function list(token: string, query = 'limit=10', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base}?${query}`,
    headers: { ...bearer(token), ...headers },
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, list: PrimaryClientListResponseSchema.parse(res.json()) };
}

describe('the kept client list', () => {
  let token: string;
  let agencyId: string;
  let first: { primary_client_id: string };
  beforeAll(async () => {
    const owner = await ownerWithToken(t.app);
    token = owner.token;
    agencyId = owner.agency.agencyId;
    first = await createClient(t.app, token, { first_name: 'Lakshmi', last_name: 'Rao' });
  });

  it('answers a repeat call with the same bytes, and each agency only its own clients', async () => {
    const once = await list(token);
    expect((await list(token)).body).toBe(once.body);
    const other = await ownerWithToken(t.app);
    await createClient(t.app, other.token, { first_name: 'Lakshmi', last_name: 'Rao' });
    const theirs = await list(other.token);
    expect(theirs.list.items).toHaveLength(1);
    expect(theirs.list.items[0]!.primary_client_id).not.toBe(first.primary_client_id);
    expect((await list(token)).body).toBe(once.body);
    expect((await list(token, 'limit=10&search=lakshmi')).list.items.map((i) => i.primary_client_id)).toEqual(
      [first.primary_client_id],
    );
  });

  it('shows a new client, an edit, a family member and a removal at once, in pages and searches', async () => {
    const search = 'limit=10&search=rao';
    await list(token);
    await list(token, search);
    const added = await createClient(t.app, token, { first_name: 'Vikram', last_name: 'Rao' });
    expect((await list(token)).list.items[0]!.primary_client_id).toBe(added.primary_client_id);
    expect((await list(token, search)).list.pagination.total).toBe(2);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `${base}/${added.primary_client_id}`,
      headers: bearer(token),
      payload: { first_name: 'Vikram', last_name: 'Shetty' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await list(token)).list.items[0]!.full_name).toBe('Vikram Shetty');
    expect((await list(token, search)).list.pagination.total).toBe(1);

    await t.db.insert(secondaryClients).values({
      agencyId,
      primaryClientId: first.primary_client_id,
      firstName: 'Meena',
      relationship: 'spouse',
    });
    const withFamily = (await list(token)).list.items.find(
      (i) => i.primary_client_id === first.primary_client_id,
    );
    expect(withFamily!.family_count).toBe(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${added.primary_client_id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    const after = (await list(token)).list;
    expect(after.items.map((i) => i.primary_client_id)).not.toContain(added.primary_client_id);
  });

  it('makes the list anew for a hard reload (Cache-Control: no-cache)', async () => {
    const kept = await list(token);
    expect((await list(token, 'limit=10', { 'cache-control': 'no-cache' })).body).toBe(kept.body);
  });

  it('shows a change written by another connection as soon as its announcement arrives (PostgreSQL)', async () => {
    if (t.database.engine !== 'postgres') return;
    await list(token);
    await onOwnConnection(t, (c: pg.Client) =>
      c.query(`update primary_clients set first_name = 'Lalitha' where id = $1`, [first.primary_client_id]),
    );
    let seen = false;
    for (let i = 0; i < 50 && !seen; i += 1) {
      seen = (await list(token)).list.items.some((i) => i.full_name === 'Lalitha Rao');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(true);
    const [row] = await t.db
      .select({ name: primaryClients.firstName })
      .from(primaryClients)
      .where(eq(primaryClients.id, first.primary_client_id));
    expect(row!.name).toBe('Lalitha');
  });
});
