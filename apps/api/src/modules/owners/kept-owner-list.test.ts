import { OwnerListResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCalls, startAdminApp } from '../../../test/fixtures/owners.ts';
import {
  onOwnConnection,
  PORTAL_HOST,
  type RegisteredAgency,
  registerAgency,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';
import { onOwnersChange } from '../../db/session-changes.ts';

// The admin's owner list is kept as the answers sent (issue 8, decision 018) and dropped whenever the database
// announces a change to what it shows (migration 0014): the admin never sees a list older than the data.

let t: TestApp;
let adminToken: string;
let owner: RegisteredAgency;
beforeAll(async () => {
  ({ t, adminToken } = await startAdminApp());
  owner = await registerAgency(t.app, { ClientName: 'Kaveri Nair', AgencyName: 'Kaveri Covers' });
});
afterAll(() => t?.close());

const { listOwners } = ownerCalls(() => t.app);

async function list(query = '?limit=100', headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/clients${query}`,
    headers: { authorization: `Bearer ${adminToken}`, ...headers },
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, list: OwnerListResponseSchema.parse(res.json()) };
}

const shown = async (query?: string) => {
  const { list: l } = await list(query);
  return l.items.find((o) => o.ClientId === owner.ownerId);
};

/**
 * Whether this process hears the owner list announced for `work`. On PostgreSQL every listening connection of
 * the app's pool hears it a moment after the writer's commit: waited for, up to 2 s (or 0.5 s when none is due).
 */
async function announcedFor(work: () => Promise<unknown>, expectOne = true): Promise<boolean> {
  // Late copies of earlier announcements arrive first, unheard.
  if (t.database.engine === 'postgres') await new Promise((r) => setTimeout(r, 100));
  let heard = false;
  const stop = onOwnersChange(() => {
    heard = true;
  });
  try {
    await work();
    const waits = expectOne ? 100 : 25;
    for (let i = 0; i < waits && !heard; i += 1) await new Promise((r) => setTimeout(r, 20));
  } finally {
    stop();
  }
  return heard;
}

const elsewhere = <T>(work: (client: pg.Client) => Promise<T>) => onOwnConnection(t, work);

describe('the kept owner list', () => {
  it('answers a repeat call with the same bytes, and shows a new owner and changed flags at once', async () => {
    const first = await list();
    expect((await list()).body).toBe(first.body);
    const total = first.list.pagination.total;

    const added = await registerAgency(t.app, { ClientName: 'Ishaan Kapoor', AgencyName: 'Kapoor Wealth' });
    const after = await list();
    expect(after.list.pagination.total).toBe(total + 1);
    expect(after.list.items[0]).toMatchObject({ ClientId: added.ownerId, AgencyName: 'Kapoor Wealth' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/clients/update',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { ClientId: owner.ownerId, IsActive: false, IsVerified: true },
    });
    expect(updated.statusCode).toBe(200);
    expect(await shown()).toMatchObject({ IsActive: false, IsVerified: true });
  });

  it("shows an owner's new e-mail, name and agency name, and keeps a search as true as the list", async () => {
    expect((await list('?search=kaveri')).list.items.map((o) => o.ClientId)).toEqual([owner.ownerId]);
    await t.db.update(users).set({ email: 'kaveri@newmail.in' }).where(eq(users.id, owner.userId));
    await t.db
      .update(ownerAccounts)
      .set({ clientName: 'Kaveri Menon' })
      .where(eq(ownerAccounts.id, owner.ownerId));
    await t.db.update(agencies).set({ name: 'Menon Shield' }).where(eq(agencies.id, owner.agencyId));
    expect(await shown()).toMatchObject({
      AgencyEmail: 'kaveri@newmail.in',
      ClientName: 'Kaveri Menon',
      AgencyName: 'Menon Shield',
    });
    expect((await list('?search=kaveri')).list.items.map((o) => o.ClientId)).toEqual([owner.ownerId]);
    expect((await list('?search=menon%20shield')).list.items.map((o) => o.ClientId)).toEqual([owner.ownerId]);
    await t.db.update(agencies).set({ name: 'Kaveri Covers' }).where(eq(agencies.id, owner.agencyId));
    expect((await list('?search=menon%20shield')).list.items).toEqual([]);
  });

  it('announces a change to what the list shows, and nothing for what it does not', async () => {
    const other = await registerAgency(t.app);
    expect(
      await announcedFor(() => t.db.update(users).set({ isActive: false }).where(eq(users.id, other.userId))),
    ).toBe(true);
    expect(
      await announcedFor(() =>
        t.db.update(ownerAccounts).set({ isVerified: true }).where(eq(ownerAccounts.id, other.ownerId)),
      ),
    ).toBe(true);
    // A sign-in's bookkeeping, an agency's address, an agency client's account: not shown, not announced.
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, other.userId));
    expect(
      await announcedFor(
        () => signIn(t.app, { email: other.email, password: other.password, host: PORTAL_HOST }),
        false,
      ),
    ).toBe(false);
    expect(
      await announcedFor(
        () => t.db.update(agencies).set({ city: 'Kochi' }).where(eq(agencies.id, other.agencyId)),
        false,
      ),
    ).toBe(false);
    expect(
      await announcedFor(
        () => t.db.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.role, 'AC')),
        false,
      ),
    ).toBe(false);
  });

  it('makes the list anew for a hard reload (Cache-Control: no-cache)', async () => {
    const kept = await list('?limit=5');
    const fresh = await list('?limit=5', { 'cache-control': 'no-cache' });
    expect(fresh.body).toBe(kept.body);
    expect((await listOwners(adminToken, '?limit=5')).body).toBe(kept.body);
  });

  it('shows a change written by another connection as soon as its announcement arrives (PostgreSQL)', async () => {
    if (t.database.engine !== 'postgres') return;
    await shown();
    await elsewhere((c) =>
      c.query(`update owner_accounts set client_name = 'Kaveri Pillai' where id = $1`, [owner.ownerId]),
    );
    let seen = false;
    for (let i = 0; i < 50 && !seen; i += 1) {
      seen = (await shown())?.ClientName === 'Kaveri Pillai';
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(true);
  });
});
