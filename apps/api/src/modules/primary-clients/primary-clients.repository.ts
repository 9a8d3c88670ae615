import { nationalDigits, phoneRule } from '@portal/contract';
import { and, asc, count, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { type CursorParts, cursorOf, keyset, type PagePlace, pageOf } from '../../db/keyset.ts';
import { inlineCount } from '../../db/literal.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  agencies,
  agencyClientCounts,
  documents,
  insurancePolicies,
  investmentAccounts,
  ownerAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';
import { likePattern, plannedPerCall } from '../../db/search.ts';

// Primary clients are tenant-owned: every function takes agencyId first and every query names it.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type ClientValues = Omit<typeof primaryClients.$inferInsert, 'id' | 'agencyId' | 'createdAt'>;

/**
 * `LIKE lower('%term%')` on the column of the pg_trgm GIN index (schema.ts `searchText`: name, email, phone and
 * client code, kept in lower case: what ILIKE matched, without lowering each candidate's text again, migration
 * 0018), so PostgreSQL answers from the index instead of reading every client, also under row-level security
 * (migrations 0009 and 0018). A phone typed with spaces or dashes ("98765 01234") is also looked up without them,
 * and one typed with the country code or a leading 0 ("+91 98765 43210", "098765 43210") as its 10 digits
 * (the contract's `nationalDigits`). A client is also found by a family member's name or by the number of a plan
 * they or their family hold (issue 24 item 11; `heldBy`). A term too short for a trigram is planned anew on every
 * call (`plannedPerCall`) and looks at the clients' own text only: no index narrows it in the other tables.
 */
export function searchFilter(agencyId: string, search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const text = primaryClients.searchText;
  const digits = term.replace(/[\s-]/g, '');
  const phone = digits !== term && /^\+?\d+$/.test(digits) ? digits : undefined;
  const national = phoneRule(term) ? (nationalDigits(term) ?? undefined) : undefined;
  const short = plannedPerCall(term);
  return or(
    short,
    sql`${text} like lower(${likePattern(term)})`,
    phone ? sql`${text} like ${likePattern(phone)}` : undefined,
    national && national !== phone ? sql`${text} like ${likePattern(national)}` : undefined,
    short ? undefined : sql`${primaryClients.id} = any(array(${heldBy(agencyId, likePattern(term))}))`,
  );
}

/**
 * The primary clients whose family member's name, or whose (or whose family's) plan number, holds the pattern:
 * each table read through its own trigram index (migration 0022). As an array, computed once per statement, ORed
 * with the client's own text: PostgreSQL reads both through indexes (the ids by primary key) and joins nothing.
 */
function heldBy(agencyId: string, pattern: string): SQL {
  const like = (t: typeof secondaryClients | typeof insurancePolicies | typeof investmentAccounts) =>
    sql`select ${t.primaryClientId} from ${t} where ${t.agencyId} = ${agencyId} and ${t.deletedAt} is null
      and ${t.searchText} like lower(${pattern})`;
  return sql`${like(secondaryClients)} union all ${like(insurancePolicies)} union all ${like(investmentAccounts)}`;
}

/** The agent a client is assigned to, for their name beside the client (decision 034). */
const agentUser = alias(users, 'assigned_agent');

const familyCount = sql<number>`(select count(*)::int from ${secondaryClients}
  where ${secondaryClients.agencyId} = "primary_clients"."agency_id"
    and ${secondaryClients.primaryClientId} = "primary_clients"."id"
    and ${secondaryClients.deletedAt} is null)`;

const planCount = sql<number>`((select count(*)::int from ${insurancePolicies}
    where ${insurancePolicies.agencyId} = "primary_clients"."agency_id"
      and ${insurancePolicies.primaryClientId} = "primary_clients"."id"
      and ${insurancePolicies.deletedAt} is null)
  + (select count(*)::int from ${investmentAccounts}
    where ${investmentAccounts.agencyId} = "primary_clients"."agency_id"
      and ${investmentAccounts.primaryClientId} = "primary_clients"."id"
      and ${investmentAccounts.deletedAt} is null))`;

/**
 * One page of the agency's clients, newest first, and how many match. The page is chosen first and only its
 * rows get their family and plan counts. Keyset on (created_at, id) as the admin's list (issue 8): `after` and
 * `before` seek in the (agency, created) index whatever the depth; `offset` alone still pages. Unsearched, the
 * total is the agency's kept count; searched, the matches come from the trigram index once, with the total as a
 * window count over all of them.
 */
export async function listClients(
  db: Db,
  agencyId: string,
  page: PagePlace & { limit: number; search?: string | undefined },
  /** Whose clients (decision 034): an agent's own, or a manager's filter by agent (null: nobody's). */
  assigned?: SQL | undefined,
) {
  // An agent's list (or a manager's filtered by agent) is narrowed as a search is: its total is a window count
  // over the agent index's rows, not the agency's kept count.
  const filter = and(searchFilter(agencyId, page.search), assigned);
  const ks = keyset(page);
  const build = (d: Db, agency: string | Placeholder, seekAt: CursorParts | undefined) => {
    const where = and(eq(primaryClients.agencyId, agency), isNull(primaryClients.deletedAt), filter);
    // Searched, the window count over all matches sits in its own subquery, below the cursor's seek (the total
    // is of every match): below an ORDER BY ... LIMIT the planner would cost it as if it stopped after a page
    // and walk the created index past every client.
    const matches = d
      .select({
        id: primaryClients.id,
        createdAt: primaryClients.createdAt,
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(primaryClients)
      .where(where)
      .as('matches');
    const chosen = filter
      ? d
          .select()
          .from(matches)
          .where(ks.seek(matches.createdAt, matches.id, seekAt))
          .orderBy(...ks.order(matches.createdAt, matches.id))
          .limit(inlineCount(page.limit + 1))
          .offset(inlineCount(ks.skip))
          .as('chosen')
      : d
          .select({
            id: primaryClients.id,
            createdAt: primaryClients.createdAt,
            // Unsearched, the total is the agency's trigger-kept count (migration 0011), read with the page.
            total: sql<number>`(select ${agencyClientCounts.clients} from ${agencyClientCounts}
              where ${agencyClientCounts.agencyId} = ${agency})`
              .mapWith(Number)
              .as('total'),
          })
          .from(primaryClients)
          .where(and(where, ks.seek(primaryClients.createdAt, primaryClients.id, seekAt)))
          .orderBy(...ks.order(primaryClients.createdAt, primaryClients.id))
          .limit(inlineCount(page.limit + 1))
          .offset(inlineCount(ks.skip))
          .as('chosen');
    return d
      .select({
        id: primaryClients.id,
        clientCode: primaryClients.clientCode,
        firstName: primaryClients.firstName,
        lastName: primaryClients.lastName,
        email: primaryClients.email,
        phone: primaryClients.phone,
        portalAccess: primaryClients.portalAccess,
        createdAt: primaryClients.createdAt,
        familyCount,
        planCount,
        assignedAgentId: primaryClients.assignedAgentId,
        agentName: agentUser.fullName,
        total: chosen.total,
        cursor: cursorOf(primaryClients.createdAt, primaryClients.id),
      })
      .from(chosen)
      .innerJoin(primaryClients, eq(primaryClients.id, chosen.id))
      .leftJoin(agentUser, eq(agentUser.id, primaryClients.assignedAgentId))
      .orderBy(...ks.order(chosen.createdAt, chosen.id));
  };
  // The usual unsearched pages (the first, and by cursor either way) are one prepared statement per page size:
  // PostgreSQL planned this statement anew on every call, 1.4 ms of planning to 0.4 ms of running at 100k
  // clients (issue 8).
  const { cursor } = ks;
  const name = `clients_${cursor ? (ks.backwards ? 'before' : 'after') : 'first'}_${page.limit}`;
  const found =
    !filter && (cursor || page.offset === 0)
      ? await preparedOnce(db, name, (d) =>
          build(
            d,
            sql.placeholder('agencyId'),
            cursor ? { micros: sql.placeholder('micros'), id: sql.placeholder('id') } : undefined,
          ).prepare(name),
        ).execute({ agencyId, ...cursor })
      : await build(db, agencyId, cursor);
  const { rows, nextCursor, prevCursor } = pageOf(found, page.limit, page);
  const items = rows.map(({ total: _total, cursor: _cursor, ...row }) => row);
  const nav = { nextCursor, prevCursor };
  if (found.length > 0) return { rows: items, total: Number(found[0]?.total ?? 0), ...nav };
  // An empty page (past the end, no match, an agency without clients): no row carries the total.
  const [total] = await db
    .select({ n: count() })
    .from(primaryClients)
    .where(and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt), filter));
  return { rows: items, total: total?.n ?? 0, ...nav };
}

export type ClientRow = {
  client: typeof primaryClients.$inferSelect;
  portalEmail: string | null;
  mustChangePassword: boolean | null;
  agentName: string | null;
};

export async function findClient(
  db: Pick<Db, 'select'>,
  agencyId: string,
  id: string,
): Promise<ClientRow | null> {
  const [row] = await db
    .select({
      client: primaryClients,
      portalEmail: users.email,
      mustChangePassword: users.mustChangePassword,
      agentName: agentUser.fullName,
    })
    .from(primaryClients)
    .leftJoin(users, eq(users.id, primaryClients.userId))
    .leftJoin(agentUser, eq(agentUser.id, primaryClients.assignedAgentId))
    .where(
      and(eq(primaryClients.agencyId, agencyId), eq(primaryClients.id, id), isNull(primaryClients.deletedAt)),
    )
    .limit(1);
  return row ?? null;
}

/** Locks the client row for the rest of the transaction (portal changes, removal). */
export async function lockClient(db: Tx, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: primaryClients.id })
    .from(primaryClients)
    .where(
      and(eq(primaryClients.agencyId, agencyId), eq(primaryClients.id, id), isNull(primaryClients.deletedAt)),
    )
    .for('update');
  return row ?? null;
}

/** Takes the agency's next client number: `SLUG-00042` (decisions §4), unique in the agency. */
export async function nextClientCode(db: Tx, agencyId: string): Promise<string> {
  return (await nextClientCodes(db, agencyId, 1))[0]!;
}

/** Takes the agency's next `count` client numbers at once, in order (the import's clients, a batch at a time). */
export async function nextClientCodes(db: Tx, agencyId: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const [row] = await db
    .update(agencies)
    .set({ nextClientSeq: sql`${agencies.nextClientSeq} + ${count}::int` })
    .where(eq(agencies.id, agencyId))
    .returning({ seq: agencies.nextClientSeq, slug: agencies.slug });
  const first = row!.seq - count;
  const prefix = row!.slug.toUpperCase();
  return Array.from({ length: count }, (_, i) => `${prefix}-${String(first + i).padStart(5, '0')}`);
}

export async function insertClient(db: Tx, agencyId: string, values: ClientValues): Promise<string> {
  const [row] = await db
    .insert(primaryClients)
    .values({ ...values, agencyId })
    .returning({ id: primaryClients.id });
  return row!.id;
}

export async function updateClient(db: Tx | Db, agencyId: string, id: string, values: Partial<ClientValues>) {
  await db
    .update(primaryClients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(primaryClients.agencyId, agencyId), eq(primaryClients.id, id)));
}

export async function insertPortalUser(
  db: Tx,
  agencyId: string,
  values: { email: string; passwordHash: string; fullName: string; phone: string | null },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'AC', agencyId, mustChangePassword: true })
    .returning({ id: users.id });
  return row!.id;
}

export async function updatePortalUser(
  db: Tx,
  agencyId: string,
  userId: string,
  values: Partial<Pick<typeof users.$inferInsert, 'email' | 'fullName' | 'phone' | 'passwordHash'>> & {
    mustChangePassword?: boolean;
    bumpTokenVersion?: boolean;
  },
) {
  const { bumpTokenVersion, ...rest } = values;
  await db
    .update(users)
    .set({
      ...rest,
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      ...(rest.passwordHash ? { passwordChangedAt: new Date() } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(users.agencyId, agencyId), eq(users.id, userId), eq(users.role, 'AC')));
}

export async function familyOf(db: Db, agencyId: string, primaryClientId: string) {
  return db
    .select()
    .from(secondaryClients)
    .where(
      and(
        eq(secondaryClients.agencyId, agencyId),
        eq(secondaryClients.primaryClientId, primaryClientId),
        isNull(secondaryClients.deletedAt),
      ),
    )
    .orderBy(asc(secondaryClients.createdAt), asc(secondaryClients.id));
}

export async function plansOf(db: Db, agencyId: string, primaryClientId: string) {
  const common = (t: typeof insurancePolicies | typeof investmentAccounts) => ({
    id: t.id,
    providerId: t.providerId,
    providerName: providers.providerName,
    serviceCode: services.code,
    planName: t.planName,
    startDate: t.startDate,
    endDate: t.endDate,
    status: t.status,
    secondaryClientId: t.secondaryClientId,
    documentId: t.documentId,
    createdAt: t.createdAt,
    nextDueDate: t.nextDueDate,
  });
  const insurance = await db
    .select({
      ...common(insurancePolicies),
      number: insurancePolicies.policyNumber,
      money: insurancePolicies.premiumAmount,
    })
    .from(insurancePolicies)
    .innerJoin(providers, eq(providers.id, insurancePolicies.providerId))
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .where(
      and(
        eq(insurancePolicies.agencyId, agencyId),
        eq(insurancePolicies.primaryClientId, primaryClientId),
        isNull(insurancePolicies.deletedAt),
      ),
    )
    .orderBy(asc(insurancePolicies.endDate), asc(insurancePolicies.id));
  const investment = await db
    .select({
      ...common(investmentAccounts),
      number: investmentAccounts.accountNumber,
      money: investmentAccounts.amount,
    })
    .from(investmentAccounts)
    .innerJoin(providers, eq(providers.id, investmentAccounts.providerId))
    .innerJoin(services, eq(services.id, investmentAccounts.serviceId))
    .where(
      and(
        eq(investmentAccounts.agencyId, agencyId),
        eq(investmentAccounts.primaryClientId, primaryClientId),
        isNull(investmentAccounts.deletedAt),
      ),
    )
    .orderBy(asc(investmentAccounts.endDate), asc(investmentAccounts.id));
  return { insurance, investment };
}

export async function documentsByIds(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.agencyId, agencyId),
        isNull(documents.deletedAt),
        sql`${documents.id} in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )})`,
      ),
    );
}

export async function softDeleteDocument(db: Tx, agencyId: string, documentId: string) {
  await db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId)));
}

/** Whether the agency's clients may sign in (and be e-mailed): its owner active and verified (decisions §3, §4). */
export async function agencyIsOpen(db: Pick<Db, 'select'>, agencyId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: ownerAccounts.isVerified, active: users.isActive })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row?.verified === true && row.active === true;
}
