import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CursorParts, cursorOf, keyset, type PagePlace, pageOf } from '../../db/keyset.ts';
import { inlineCount } from '../../db/literal.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { agencies, ownerAccounts, platformCounters, users } from '../../db/schema.ts';
import { likePattern, narrowsByTrigrams, plannedPerCallMark } from '../../db/search.ts';

// Agency owner accounts, as the platform admin sees them (decisions §1). Platform-level data: these
// queries are not tenant-scoped, and they never touch a client's personal data.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The owner's first agency's name, from the names kept on the owner row in creation order (migration 0015,
 * separated by chr(31)): no statement reads the agencies table for it.
 */
const firstAgencyName = sql<string | null>`nullif(split_part(${ownerAccounts.agencyNames}, chr(31), 1), '')`;

/**
 * What the list shows of an owner, all of it from the owner row: the e-mail and agency names (migration 0015) and
 * the active flag (migration 0016) are kept there by triggers, so no list statement names `users`. A search is
 * planned for its own term on every call, and naming `users` tripled that (0.2 → 0.7 ms, issue 8): its
 * row-level security policy is planned with it.
 */
const ownerRowColumns = {
  ClientId: ownerAccounts.id,
  ClientName: ownerAccounts.clientName,
  AgencyName: firstAgencyName,
  AgencyEmail: ownerAccounts.ownerEmail,
  IsActive: ownerAccounts.ownerActive,
  IsVerified: ownerAccounts.isVerified,
  createdAt: ownerAccounts.createdAt,
  userId: ownerAccounts.userId,
};

/** One owner for a change to it: the active flag and e-mail from their user, as the change's checks read them. */
const ownerColumns = { ...ownerRowColumns, AgencyEmail: users.email, IsActive: users.isActive };

/** Only hex digits and dashes can be part of an id: other searches skip its index. */
function mayBePartOfId(search: string): boolean {
  return /^[0-9a-f-]+$/i.test(search);
}

/**
 * The search's branches for a `pattern` (a value, or a prepared statement's placeholder). A term the trigram
 * indexes narrow is read through a subquery, so the plan cannot depend on it: after its first five calls on a
 * connection, PostgreSQL runs one plan for every such term (four bitmap scans ORed, the plan it makes for any of
 * them) instead of planning each search anew, which was most of a rare term's cost in the database (0.4 of 0.6 ms,
 * issue 8). A shorter term stays in sight of the planner, which reads the table through instead (0.4–0.5 s
 * at 1M owners against 1.0–1.3 s through the indexes), and is planned anew on every call.
 */
function searchBranches(pattern: unknown, byId: boolean, onePlan: boolean): SQL {
  const term = onePlan ? sql`(select ${pattern}::text)` : sql`${pattern}`;
  return or(
    onePlan ? undefined : plannedPerCallMark(),
    sql`${ownerAccounts.clientName} ilike ${term}`,
    sql`${ownerAccounts.ownerEmail} ilike ${term}`,
    sql`${ownerAccounts.agencyNames} ilike ${term}`,
    byId ? sql`${ownerAccounts.id}::text ilike ${term}` : undefined,
  )!;
}

/**
 * Name, agency name, email or id, case-insensitive (spec §5 client search, on the server): the owner's name, kept
 * e-mail and agency names (migration 0015), each answered by its own trigram index on the owner table, so a
 * search reads only its matches, once, in that table alone, at 1M owners (issue 8).
 */
export function ownerSearchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return searchBranches(likePattern(search), mayBePartOfId(search), narrowsByTrigrams(search));
}

const cursorOfOwner = cursorOf(ownerAccounts.createdAt, ownerAccounts.id);

export interface OwnerPage extends PagePlace {
  limit: number;
  search?: string | undefined;
}

/**
 * One page of owners, newest first (issue 8). Keyset on (created_at, id): `after` and `before` seek in the
 * index whatever the depth; `offset` alone still pages (the spec's page numbers) and is cheap when shallow.
 * The total comes from the trigger-kept counter without a search, from a count of the matches with one.
 */
export async function listOwners(db: Db, page: OwnerPage) {
  const matches = ownerSearchFilter(page.search);
  const ks = keyset(page);
  const build = (d: Db, seekAt: CursorParts | undefined) => {
    // Without a search the total is the trigger-kept counter, read in the same statement as the page.
    const counter = sql<
      string | null
    >`(select ${platformCounters.value} from ${platformCounters} where ${platformCounters.name} = 'owners')`;
    return d
      .select({ ...ownerRowColumns, cursor: cursorOfOwner, counted: counter })
      .from(ownerAccounts)
      .where(ks.seek(ownerAccounts.createdAt, ownerAccounts.id, seekAt))
      .orderBy(...ks.order(ownerAccounts.createdAt, ownerAccounts.id))
      .limit(inlineCount(page.limit + 1))
      .offset(inlineCount(ks.skip));
  };
  // With a search, the matches are found once: counted by a window over all of them (below the cursor's seek,
  // so the total is of every match), then only the page's rows are read again, from the owner table alone.
  const buildSearched = (d: Db, found: SQL, seekAt: CursorParts | undefined) => {
    const m = d
      .select({
        id: ownerAccounts.id,
        createdAt: ownerAccounts.createdAt,
        counted: sql<string>`count(*) over ()`.as('counted'),
      })
      .from(ownerAccounts)
      .where(found)
      .as('m');
    // The page is chosen before its rows are read again: below it the planner read every match's columns.
    const chosen = d
      .select()
      .from(m)
      .where(ks.seek(m.createdAt, m.id, seekAt))
      .orderBy(...ks.order(m.createdAt, m.id))
      .limit(inlineCount(page.limit + 1))
      .offset(inlineCount(ks.skip))
      .as('chosen');
    return d
      .select({ ...ownerRowColumns, cursor: cursorOfOwner, counted: chosen.counted })
      .from(chosen)
      .innerJoin(ownerAccounts, eq(ownerAccounts.id, chosen.id))
      .orderBy(...ks.order(chosen.createdAt, chosen.id));
  };
  // The admin's usual pages and searches (the first page, and by cursor either way) are built once per page size
  // (issue 8: Drizzle building this query was a seventh of the call's CPU); offsets past the first page as asked.
  const { cursor } = ks;
  const place = cursor ? (ks.backwards ? 'before' : 'after') : 'first';
  const seekAt = cursor ? { micros: sql.placeholder('micros'), id: sql.placeholder('id') } : undefined;
  const prepared = cursor || page.offset === 0;
  let fetched: Awaited<ReturnType<typeof build>>;
  if (matches && page.search && prepared && narrowsByTrigrams(page.search)) {
    const byId = mayBePartOfId(page.search);
    const name = `owners_search_${place}_${page.limit}${byId ? '_id' : ''}`;
    fetched = await preparedOnce(db, name, (d) =>
      buildSearched(d, searchBranches(sql.placeholder('pattern'), byId, true), seekAt).prepare(name),
    ).execute({ pattern: likePattern(page.search), ...cursor });
  } else if (matches) {
    fetched = await buildSearched(db, matches, cursor);
  } else if (prepared) {
    const name = `owners_page_${place}_${page.limit}`;
    fetched = await preparedOnce(db, name, (d) => build(d, seekAt).prepare(name)).execute(cursor ?? {});
  } else {
    fetched = await build(db, cursor);
  }
  const { rows, nextCursor, prevCursor } = pageOf(fetched, page.limit, page);
  let total: number;
  if (fetched[0]) {
    total = Number(fetched[0].counted ?? 0);
  } else if (matches) {
    // An empty page (past the end, or no match) carries no count: count the matches alone.
    const [counted] = await db.select({ n: count() }).from(ownerAccounts).where(matches);
    total = counted?.n ?? 0;
  } else {
    // An empty page (past the end) carries no counter: read it alone.
    const [row] = await db
      .select({ n: platformCounters.value })
      .from(platformCounters)
      .where(eq(platformCounters.name, 'owners'));
    total = Number(row?.n ?? 0);
  }
  return { rows, total, nextCursor, prevCursor };
}

export async function findOwner(db: Db | Tx, ownerId: string) {
  const [row] = await db
    .select(ownerColumns)
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(ownerAccounts.id, ownerId))
    .limit(1);
  return row ?? null;
}

export async function ownerAgencies(db: Db, ownerId: string, page: { offset: number; limit: number }) {
  const where = eq(agencies.ownerId, ownerId);
  const rows = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      slug: agencies.slug,
      email: agencies.email,
      phone: agencies.phone,
      alternatePhone: agencies.alternatePhone,
      locality: agencies.locality,
      society: agencies.society,
      city: agencies.city,
      stateName: agencies.stateName,
      pincode: agencies.pincode,
      website: agencies.website,
      yearsInBusiness: agencies.yearsInBusiness,
      licenseNumber: agencies.licenseNumber,
      description: agencies.description,
      createdAt: agencies.createdAt,
    })
    .from(agencies)
    .where(where)
    .orderBy(agencies.createdAt, agencies.id)
    .limit(inlineCount(page.limit))
    .offset(inlineCount(page.offset));
  const [total] = await db.select({ n: count() }).from(agencies).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function setOwnerFlags(
  tx: Tx,
  owner: { id: string; userId: string },
  flags: { isActive: boolean; isVerified: boolean },
) {
  await tx
    .update(users)
    .set({ isActive: flags.isActive, updatedAt: sql`now()` })
    .where(eq(users.id, owner.userId));
  await tx
    .update(ownerAccounts)
    .set({
      isVerified: flags.isVerified,
      verifiedAt: flags.isVerified ? sql`coalesce(${ownerAccounts.verifiedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(ownerAccounts.id, owner.id));
}

/**
 * Revokes every token of the owner's agencies' clients (their portal closes with the owner's), and with
 * `staffToo` their staff's (a deactivated owner's staff stop too; an unverified agency's staff work on, issue 25).
 */
export async function revokeAgencyClientTokens(tx: Tx, ownerId: string, staffToo = false) {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(
      and(
        staffToo ? inArray(users.role, ['AC', 'AA', 'AG']) : eq(users.role, 'AC'),
        sql`${users.agencyId} in (select ${agencies.id} from ${agencies} where ${agencies.ownerId} = ${ownerId})`,
      ),
    );
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string, mustChange: boolean) {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: mustChange,
      passwordChangedAt: sql`now()`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export async function ownerStats(db: Db) {
  const [row] = await db
    .select({
      totalClients: count(),
      activeClients: sql<number>`count(*) filter (where ${users.isActive})::int`,
      verifiedClients: sql<number>`count(*) filter (where ${ownerAccounts.isVerified})::int`,
      // The calendar month in India (spec §9: Indian locale), whatever the server's time zone.
      newThisMonth: sql<number>`count(*) filter (where ${ownerAccounts.createdAt} >= (date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'))::int`,
    })
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId));
  return row ?? { totalClients: 0, activeClients: 0, verifiedClients: 0, newThisMonth: 0 };
}

/** The owner's first agency, whose outbox keeps the e-mail about an admin's reset (issue 23 item 14). */
export async function firstAgencyOf(db: Db, ownerId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name })
    .from(agencies)
    .where(eq(agencies.ownerId, ownerId))
    .orderBy(agencies.createdAt)
    .limit(1);
  return row ?? null;
}
