import { randomBytes } from 'node:crypto';
import { DashboardStatsSchema, OwnerAgenciesResponseSchema, OwnerListResponseSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  LIMIT_MESSAGE,
  OFFSET_MESSAGE,
  ownerCalls,
  startAdminApp,
} from '../../../test/fixtures/owners.ts';
import { createAgencyClient, type TestApp } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';

// The admin's owner list and dashboard stats (spec §2 Manage Clients and overview, §3 Client admin view and
// Dashboard stats, §5 client search; decisions §4 New This Month). This file's database holds only the
// owners placed here, so every figure is exact.

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  ({ t, adminToken } = await startAdminApp());
});
afterAll(() => t?.close());

const { listOwners, ownerStats, ownerAgencies } = ownerCalls(() => t.app);

const IST_OFFSET_MS = 330 * 60_000;

/** Midnight on the 1st of the current month in India (the repository counts New This Month there). */
function istMonthStart(now: Date): Date {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), 1) - IST_OFFSET_MS);
}

interface OwnerSeed {
  name: string;
  agency: string | null;
  email: string;
  active: boolean;
  verified: boolean;
  at: Date;
}

/** An owner account straight in the database, with its created_at chosen (and an agency unless null). */
async function insertOwner(db: Db, seed: OwnerSeed): Promise<{ ownerId: string; userId: string }> {
  const tag = randomBytes(5).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      role: 'AO',
      email: seed.email,
      passwordHash: 'not-a-usable-hash',
      fullName: seed.name,
      isActive: seed.active,
      createdAt: seed.at,
    })
    .returning({ id: users.id });
  const [owner] = await db
    .insert(ownerAccounts)
    .values({
      userId: user!.id,
      clientName: seed.name,
      isVerified: seed.verified,
      verifiedAt: seed.verified ? seed.at : null,
      termsAcceptedAt: seed.at,
      createdAt: seed.at,
    })
    .returning({ id: ownerAccounts.id });
  if (seed.agency !== null) {
    await db.insert(agencies).values({
      ownerId: owner!.id,
      name: seed.agency,
      slug: `seed-${tag}`,
      email: seed.email,
      phone: '9876543210',
      locality: 'MG Road',
      city: 'Pune',
      stateName: 'Maharashtra',
      pincode: '411001',
      createdAt: seed.at,
    });
  }
  return { ownerId: owner!.id, userId: user!.id };
}

describe('listing and counting owners', () => {
  const ids = new Map<string, string>();
  const seeds: OwnerSeed[] = [];

  /** The names of every owner, page by page at the given size. */
  async function walk(limit: number, search = ''): Promise<string[]> {
    const names: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const res = await listOwners(
        adminToken,
        `?offset=${offset}&limit=${limit}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = OwnerListResponseSchema.parse(res.json());
      names.push(...body.items.map((o) => o.ClientName));
      if (offset + limit >= body.pagination.total) return names;
    }
  }

  async function search(term: string, query = '') {
    const res = await listOwners(adminToken, `?search=${encodeURIComponent(term)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return OwnerListResponseSchema.parse(res.json());
  }

  beforeAll(async () => {
    const now = new Date();
    const monthStart = istMonthStart(now);
    const hour = 3_600_000;
    const day = 24 * hour;
    seeds.push(
      {
        name: 'Asha Verma',
        agency: 'Verma Insurance',
        email: 'asha.verma@example.in',
        active: true,
        verified: true,
        at: new Date(now.getTime() - 1_000),
      },
      {
        name: 'Rohan Mehta',
        agency: 'Mehta Wealth',
        email: 'rohan@mehtawealth.in',
        active: true,
        verified: false,
        at: new Date(now.getTime() - 2_000),
      },
      // The first instant of the month in India: new this month.
      {
        name: 'Kavita Rao',
        agency: '100% Cover Advisors',
        email: 'kavita_rao@example.in',
        active: false,
        verified: true,
        at: monthStart,
      },
      // One millisecond earlier: last month.
      {
        name: 'Neha Joshi',
        agency: 'Joshi Finserv',
        email: 'neha@joshifinserv.in',
        active: true,
        verified: true,
        at: new Date(monthStart.getTime() - 1),
      },
    );
    for (let i = 1; i <= 20; i += 1) {
      const nn = String(i).padStart(2, '0');
      // Fillers 05, 06 and 07 were created at the same instant: the order must still be stable.
      const minutes = i >= 5 && i <= 7 ? 5 : i;
      seeds.push({
        name: `Filler Owner ${nn}`,
        agency: `Filler Agency ${nn}`,
        email: `filler${nn}@example.in`,
        active: i % 2 === 1,
        verified: i % 4 === 0,
        at: new Date(monthStart.getTime() - hour - minutes * 60_000),
      });
    }
    seeds.push(
      {
        name: 'Imran Shaikh',
        agency: '1000 Cover Advisors',
        email: 'imranshaikh@example.in',
        active: false,
        verified: false,
        at: new Date(monthStart.getTime() - 40 * day),
      },
      {
        name: 'Nikhil Das',
        agency: null,
        email: 'nikhil.das@example.in',
        active: true,
        verified: false,
        at: new Date(monthStart.getTime() - 50 * day),
      },
    );
    for (const seed of seeds) ids.set(seed.name, (await insertOwner(t.db, seed)).ownerId);
    // Accounts of the other roles (the admin signed in above, this client) are not owners.
    const [ashaAgency] = await t.db
      .select({ id: agencies.id })
      .from(agencies)
      .where(eq(agencies.name, 'Verma Insurance'));
    await createAgencyClient(t, ashaAgency!.id);
  });

  it('counts owners, active, verified and new this calendar month exactly', async () => {
    const res = await ownerStats(adminToken);
    expect(res.statusCode, res.body).toBe(200);
    // 26 owners; active: Asha, Rohan, Neha, Nikhil and 10 odd fillers; verified: Asha, Kavita, Neha and
    // fillers 04, 08, 12, 16, 20; this month: Asha, Rohan and Kavita (Neha is 1 ms into last month).
    expect(DashboardStatsSchema.parse(res.json())).toEqual({
      totalClients: 26,
      activeClients: 14,
      verifiedClients: 8,
      newThisMonth: 3,
    });
  });

  it('answers the first page of 10 by default, newest first, with the spec field names', async () => {
    const res = await listOwners(adminToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = OwnerListResponseSchema.parse(res.json());
    expect(body.pagination).toEqual({
      total: 26,
      limit: 10,
      offset: 0,
      next_cursor: expect.any(String),
      prev_cursor: null,
    });
    expect(body.items).toHaveLength(10);
    expect(body.items.slice(0, 4).map((o) => o.ClientName)).toEqual([
      'Asha Verma',
      'Rohan Mehta',
      'Kavita Rao',
      'Neha Joshi',
    ]);
    expect(body.items[0]).toEqual({
      ClientId: ids.get('Asha Verma'),
      ClientName: 'Asha Verma',
      AgencyName: 'Verma Insurance',
      AgencyEmail: 'asha.verma@example.in',
      IsActive: true,
      IsVerified: true,
      CreatedAt: seeds[0]!.at.toISOString(),
    });
    expect(body.items[2]).toMatchObject({ ClientName: 'Kavita Rao', IsActive: false, IsVerified: true });
  });

  it('walks every owner once, in one stable order whatever the page size', async () => {
    const byTen = await walk(10);
    expect(byTen).toHaveLength(26);
    expect(new Set(byTen).size).toBe(26);
    expect(byTen.slice(0, 8)).toEqual([
      'Asha Verma',
      'Rohan Mehta',
      'Kavita Rao',
      'Neha Joshi',
      'Filler Owner 01',
      'Filler Owner 02',
      'Filler Owner 03',
      'Filler Owner 04',
    ]);
    expect(new Set(byTen.slice(8, 11))).toEqual(
      new Set(['Filler Owner 05', 'Filler Owner 06', 'Filler Owner 07']),
    );
    expect(byTen.slice(11, 24)).toEqual(
      Array.from({ length: 13 }, (_, i) => `Filler Owner ${String(i + 8).padStart(2, '0')}`),
    );
    expect(byTen.slice(24)).toEqual(['Imran Shaikh', 'Nikhil Das']);
    expect(await walk(3)).toEqual(byTen);
    expect(await walk(100)).toEqual(byTen);
    expect(await walk(10)).toEqual(byTen);
  });

  it('answers the last partial page and an empty page past the end with the total', async () => {
    const last = OwnerListResponseSchema.parse((await listOwners(adminToken, '?offset=20&limit=10')).json());
    expect(last.pagination).toEqual({
      total: 26,
      limit: 10,
      offset: 20,
      next_cursor: null,
      prev_cursor: expect.any(String),
    });
    expect(last.items.map((o) => o.ClientName).slice(-2)).toEqual(['Imran Shaikh', 'Nikhil Das']);
    expect(last.items).toHaveLength(6);
    // An owner without an agency has no agency name.
    expect(last.items.at(-1)).toMatchObject({ ClientName: 'Nikhil Das', AgencyName: null });
    const past = OwnerListResponseSchema.parse((await listOwners(adminToken, '?offset=40&limit=10')).json());
    expect(past).toEqual({
      items: [],
      pagination: { total: 26, limit: 10, offset: 40, next_cursor: null, prev_cursor: null },
    });
  });

  it.each([
    ['client name', 'asha', ['Asha Verma']],
    ['client name in capitals', 'ROHAN MEH', ['Rohan Mehta']],
    ['agency name', 'joshi finSERV', ['Neha Joshi']],
    ['email', 'MEHTAWEALTH.IN', ['Rohan Mehta']],
    ['a word both agencies share', 'cover advisors', ['Kavita Rao', 'Imran Shaikh']],
  ])('searches by %s, case-insensitively', async (_what, term, names) => {
    const body = await search(term);
    expect(body.items.map((o) => o.ClientName)).toEqual(names);
    expect(body.pagination).toEqual({
      total: names.length,
      limit: 10,
      offset: 0,
      next_cursor: null,
      prev_cursor: null,
    });
  });

  it('searches by id, whole or in part, in any case', async () => {
    const imran = ids.get('Imran Shaikh')!;
    expect((await search(imran.toUpperCase())).items.map((o) => o.ClientId)).toEqual([imran]);
    const nikhil = ids.get('Nikhil Das')!;
    expect((await search(nikhil.slice(0, 13))).items.map((o) => o.ClientId)).toEqual([nikhil]);
  });

  it('searches every owner on the server, not only the first page, and pages the matches', async () => {
    // Imran is the 25th owner: far past the first page of 10.
    expect((await search('shaikh')).items.map((o) => o.ClientName)).toEqual(['Imran Shaikh']);
    const fillers = await walk(10, 'filler');
    expect(fillers).toHaveLength(20);
    const second = await search('FILLER', '&offset=10&limit=10');
    expect(second.pagination).toEqual({
      total: 20,
      limit: 10,
      offset: 10,
      next_cursor: null,
      prev_cursor: expect.any(String),
    });
    expect(second.items.map((o) => o.ClientName)).toEqual(fillers.slice(10));
    expect(second.items.map((o) => o.ClientName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Filler Owner ${String(i + 11).padStart(2, '0')}`),
    );
  });

  it.each([
    ['%', ['Kavita Rao']],
    ['0%', ['Kavita Rao']],
    ['100% cover', ['Kavita Rao']],
    ['_', ['Kavita Rao']],
    ['a_r', ['Kavita Rao']],
    ['\\', []],
    ['%%%', []],
  ])('treats %j literally', async (term, names) => {
    const body = await search(term);
    expect(body.items.map((o) => o.ClientName)).toEqual(names);
    expect(body.pagination.total).toBe(names.length);
  });

  /** Every page by cursor (issue 8 keyset): Next from the first page, then Previous back from the last. */
  async function cursorWalk(limit: number, search = '') {
    const q = `&limit=${limit}${search ? `&search=${encodeURIComponent(search)}` : ''}`;
    const pages: string[][] = [];
    let body = OwnerListResponseSchema.parse((await listOwners(adminToken, `?offset=0${q}`)).json());
    pages.push(body.items.map((o) => o.ClientName));
    while (body.pagination.next_cursor) {
      const res = await listOwners(adminToken, `?after=${body.pagination.next_cursor}${q}`);
      expect(res.statusCode, res.body).toBe(200);
      body = OwnerListResponseSchema.parse(res.json());
      pages.push(body.items.map((o) => o.ClientName));
    }
    const back: string[][] = [body.items.map((o) => o.ClientName)];
    while (body.pagination.prev_cursor) {
      const res = await listOwners(adminToken, `?before=${body.pagination.prev_cursor}${q}`);
      expect(res.statusCode, res.body).toBe(200);
      body = OwnerListResponseSchema.parse(res.json());
      back.unshift(body.items.map((o) => o.ClientName));
    }
    return { pages, back, total: body.pagination.total };
  }

  it('pages by next_cursor and prev_cursor through every owner in the order of the page numbers', async () => {
    const byOffset = await walk(3);
    const { pages, back, total } = await cursorWalk(3);
    expect(total).toBe(26);
    expect(pages.flat()).toEqual(byOffset);
    expect(pages.map((p) => p.length)).toEqual([...Array(8).fill(3), 2]);
    // Previous from the last page gives back the same pages, the first one included.
    expect(back).toEqual(pages);
  });

  it('pages a search by cursor too, and answers a cursor page whatever offset is echoed', async () => {
    const fillers = await walk(10, 'filler');
    const { pages, back, total } = await cursorWalk(10, 'FILLER');
    expect(total).toBe(20);
    expect(pages).toEqual([fillers.slice(0, 10), fillers.slice(10)]);
    expect(back).toEqual(pages);
    const first = OwnerListResponseSchema.parse((await listOwners(adminToken, '?limit=5')).json());
    const after = first.pagination.next_cursor!;
    const a = OwnerListResponseSchema.parse((await listOwners(adminToken, `?limit=5&after=${after}`)).json());
    const b = OwnerListResponseSchema.parse(
      (await listOwners(adminToken, `?limit=5&offset=15&after=${after}`)).json(),
    );
    expect(b.items).toEqual(a.items);
    expect(a.items.map((o) => o.ClientName)).toEqual((await walk(5)).slice(5, 10));
    expect([a.pagination.offset, b.pagination.offset]).toEqual([0, 15]);
  });

  it.each([
    ['after=abc', 'after'],
    ['before=123_not-a-uuid', 'before'],
    [`after=12_${'0'.repeat(36)}`, 'after'],
  ])('answers 400 naming the field for a malformed cursor ?%s', async (query, field) => {
    const body = expectError(await listOwners(adminToken, `?${query}`), 400);
    expect(body.fields).toEqual({
      [field]: 'Cursor must be a next_cursor or prev_cursor of an earlier page.',
    });
  });

  it('answers 400 for after and before together', async () => {
    const page = OwnerListResponseSchema.parse((await listOwners(adminToken, '?limit=5&offset=5')).json());
    const { next_cursor: next, prev_cursor: prev } = page.pagination;
    const body = expectError(await listOwners(adminToken, `?after=${next}&before=${prev}`), 400);
    expect(body.fields).toEqual({ before: 'Send after or before, not both.' });
  });

  it('treats a blank search as none', async () => {
    expect((await search('   ')).pagination.total).toBe(26);
    expect((await search('')).pagination.total).toBe(26);
  });

  it.each([
    ['offset=abc', 'offset', OFFSET_MESSAGE],
    ['offset=-1', 'offset', OFFSET_MESSAGE],
    ['offset=1.5', 'offset', OFFSET_MESSAGE],
    ['limit=ten', 'limit', LIMIT_MESSAGE],
    ['limit=-5', 'limit', LIMIT_MESSAGE],
    ['limit=0', 'limit', LIMIT_MESSAGE],
    ['limit=101', 'limit', LIMIT_MESSAGE],
    ['limit=2.5', 'limit', LIMIT_MESSAGE],
    [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters.'],
  ])('answers 400 naming the field for ?%s', async (query, field, message) => {
    const body = expectError(await listOwners(adminToken, `?${query}`), 400, message);
    expect(body.fields).toEqual({ [field]: message });
  });

  it('names both fields when offset and limit are both bad, and accepts a limit of 100', async () => {
    const body = expectError(await listOwners(adminToken, '?offset=x&limit=1000'), 400);
    expect(body.fields).toEqual({ offset: OFFSET_MESSAGE, limit: LIMIT_MESSAGE });
    const res = await listOwners(adminToken, '?offset=0&limit=100');
    expect(OwnerListResponseSchema.parse(res.json()).items).toHaveLength(26);
  });

  it('answers an owner without agencies with an empty list', async () => {
    const res = await ownerAgencies(adminToken, ids.get('Nikhil Das')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(OwnerAgenciesResponseSchema.parse(res.json())).toEqual({
      items: [],
      pagination: { total: 0, limit: 10, offset: 0 },
    });
  });
});
