import { OPEN_CLAIM_STATUSES } from '@portal/contract';
import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cursorOf, keyset, type PagePlace } from '../../db/keyset.ts';
import {
  claimEvents,
  claims,
  insurancePolicies,
  primaryClients,
  providers,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';
import { likePattern } from '../../db/search.ts';
import type { Tx } from '../../lib/stored-files.ts';

// The claims register's queries (issue 28): each takes the agency first and names it (decisions §6).

/** An insurance policy of the agency a claim may be made on, with what the claim copies and checks. */
export async function claimPlan(db: Db | Tx, agencyId: string, planId: string) {
  const [row] = await db
    .select({
      id: insurancePolicies.id,
      primaryClientId: insurancePolicies.primaryClientId,
      secondaryClientId: insurancePolicies.secondaryClientId,
      serviceCode: services.code,
      sumAssured: insurancePolicies.sumAssured,
    })
    .from(insurancePolicies)
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .innerJoin(primaryClients, eq(primaryClients.id, insurancePolicies.primaryClientId))
    .where(
      and(
        eq(insurancePolicies.agencyId, agencyId),
        eq(insurancePolicies.id, planId),
        isNull(insurancePolicies.deletedAt),
        isNull(primaryClients.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

const claimColumns = {
  id: claims.id,
  planId: claims.planId,
  planNumber: insurancePolicies.policyNumber,
  serviceCode: services.code,
  providerName: providers.providerName,
  sumAssured: insurancePolicies.sumAssured,
  primaryClientId: claims.primaryClientId,
  clientFirst: primaryClients.firstName,
  clientLast: primaryClients.lastName,
  secondaryClientId: claims.secondaryClientId,
  kind: claims.kind,
  status: claims.status,
  intimatedOn: claims.intimatedOn,
  statusOn: claims.statusOn,
  insurerClaimNumber: claims.insurerClaimNumber,
  claimedAmount: claims.claimedAmount,
  approvedAmount: claims.approvedAmount,
  settledAmount: claims.settledAmount,
  deductedAmount: claims.deductedAmount,
  deductions: claims.deductions,
  rejectionReason: claims.rejectionReason,
  details: claims.details,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
};

export type ClaimRow = { [K in keyof typeof claimColumns]: (typeof claimColumns)[K]['_']['data'] } & {
  providerName: string | null;
  sumAssured: string | null;
};

const listColumns = {
  ...claimColumns,
  cursor: cursorOf(claims.createdAt, claims.id),
  total: sql<number>`count(*) over ()`.mapWith(Number),
};

function claimsQuery(db: Db | Tx) {
  return db
    .select(claimColumns)
    .from(claims)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, claims.planId))
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
    .leftJoin(providers, eq(providers.id, insurancePolicies.providerId));
}

function listQuery(db: Db) {
  return db
    .select(listColumns)
    .from(claims)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, claims.planId))
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
    .leftJoin(providers, eq(providers.id, insurancePolicies.providerId));
}

/** One claim of the agency; `lock` takes its row for update (a step of the workflow). */
export async function claimById(db: Db | Tx, agencyId: string, claimId: string, lock = false) {
  const query = claimsQuery(db)
    .where(and(eq(claims.agencyId, agencyId), eq(claims.id, claimId)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: claims }) : await query;
  return (row as ClaimRow | undefined) ?? null;
}

export async function eventsOf(db: Db | Tx, agencyId: string, claimId: string) {
  return db
    .select({
      id: claimEvents.id,
      fromStatus: claimEvents.fromStatus,
      toStatus: claimEvents.toStatus,
      on: claimEvents.on,
      note: claimEvents.note,
      by: users.fullName,
      at: claimEvents.at,
    })
    .from(claimEvents)
    .leftJoin(users, eq(users.id, claimEvents.actorUserId))
    .where(and(eq(claimEvents.agencyId, agencyId), eq(claimEvents.claimId, claimId)))
    .orderBy(asc(claimEvents.at), asc(claimEvents.id));
}

/** A plan's claims, newest first. */
export async function claimsOfPlan(db: Db | Tx, agencyId: string, planId: string) {
  const rows = await claimsQuery(db)
    .where(and(eq(claims.agencyId, agencyId), eq(claims.planId, planId)))
    .orderBy(desc(claims.createdAt), desc(claims.id));
  return rows as ClaimRow[];
}

/** Whether the agency has this client (not removed). */
export async function hasClient(db: Db | Tx, agencyId: string, primaryClientId: string) {
  const [row] = await db
    .select({ id: primaryClients.id })
    .from(primaryClients)
    .where(
      and(
        eq(primaryClients.agencyId, agencyId),
        eq(primaryClients.id, primaryClientId),
        isNull(primaryClients.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A household's claims, newest first, at most `limit`, with the count of all of them. */
export async function claimsOfClient(db: Db | Tx, agencyId: string, primaryClientId: string, limit: number) {
  const where = and(eq(claims.agencyId, agencyId), eq(claims.primaryClientId, primaryClientId));
  const rows = await claimsQuery(db)
    .where(where)
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(limit);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(claims)
    .where(where);
  return { rows: rows as ClaimRow[], total: counted?.n ?? 0 };
}

/**
 * The workspace home's claim figures: open claims and those waiting on documents, as the register's Open and
 * Documents pending tabs count them, read through the (agency, status, intimated_on) index; an agent's clients'
 * only when `assigned` is given.
 */
export async function openClaimCounts(db: Db, agencyId: string, assigned?: SQL) {
  const base = db
    .select({
      open: sql<number>`count(*)::int`,
      documentsPending: sql<number>`(count(*) filter (where ${claims.status} = 'documents_pending'))::int`,
    })
    .from(claims);
  const where = [eq(claims.agencyId, agencyId), inArray(claims.status, [...OPEN_CLAIM_STATUSES])];
  const [row] = assigned
    ? await base
        .innerJoin(
          primaryClients,
          and(eq(primaryClients.id, claims.primaryClientId), eq(primaryClients.agencyId, agencyId)),
        )
        .where(and(...where, assigned))
    : await base.where(and(...where));
  return { open: Number(row?.open ?? 0), documentsPending: Number(row?.documentsPending ?? 0) };
}

/**
 * The claims of a client's household (issue 28 item 5): their own and their family members', newest first, with
 * the plan's name and the family member's name; `claimId` narrows to one, `since` to those whose status changed
 * on or after that day (the client's alerts).
 */
export async function householdClaims(
  db: Db | Tx,
  agencyId: string,
  primaryClientId: string,
  only: { claimId?: string; since?: string } = {},
) {
  const rows = await db
    .select({
      ...claimColumns,
      planName: insurancePolicies.planName,
      serviceName: services.name,
      memberFirst: secondaryClients.firstName,
      memberLast: secondaryClients.lastName,
    })
    .from(claims)
    .innerJoin(insurancePolicies, eq(insurancePolicies.id, claims.planId))
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
    .leftJoin(providers, eq(providers.id, insurancePolicies.providerId))
    .leftJoin(
      secondaryClients,
      and(eq(secondaryClients.id, claims.secondaryClientId), isNull(secondaryClients.deletedAt)),
    )
    .where(
      and(
        eq(claims.agencyId, agencyId),
        eq(claims.primaryClientId, primaryClientId),
        only.claimId ? eq(claims.id, only.claimId) : undefined,
        only.since ? gte(claims.statusOn, only.since) : undefined,
      ),
    )
    .orderBy(desc(claims.intimatedOn), desc(claims.createdAt), desc(claims.id));
  return rows as Array<
    ClaimRow & {
      planName: string | null;
      serviceName: string;
      memberFirst: string | null;
      memberLast: string | null;
    }
  >;
}

export interface ClaimListFilter {
  status?: string | undefined;
  search?: string | undefined;
  /** For an agent: their clients only (decision 034). */
  assigned?: SQL | undefined;
}

/** A page of the agency's claims, newest first, with the count of every match. */
export async function listClaims(
  db: Db,
  agencyId: string,
  filter: ClaimListFilter,
  place: PagePlace,
  limit: number,
) {
  const ks = keyset(place);
  const conditions: Array<SQL | undefined> = [eq(claims.agencyId, agencyId), filter.assigned];
  if (filter.status === 'open') conditions.push(inArray(claims.status, [...OPEN_CLAIM_STATUSES]));
  else if (filter.status) conditions.push(eq(claims.status, filter.status));
  if (filter.search) {
    const pattern = likePattern(filter.search);
    conditions.push(
      or(
        sql`${claims.insurerClaimNumber} ilike ${pattern}`,
        sql`${primaryClients.searchText} like ${likePattern(filter.search.toLowerCase())}`,
      ),
    );
  }
  const where = and(...conditions);
  const rows = await listQuery(db)
    .where(and(where, ks.seek(claims.createdAt, claims.id, ks.cursor)))
    .orderBy(...ks.order(claims.createdAt, claims.id))
    .offset(ks.skip)
    .limit(limit + 1);
  // The window count is of the rows after the cursor: with a cursor, count the whole filter apart.
  let total = Number(rows[0]?.total ?? 0);
  if (ks.cursor || rows.length === 0) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
      .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { rows: rows as Array<ClaimRow & { cursor: string; total: number }>, total };
}

export async function insertClaim(
  tx: Tx,
  agencyId: string,
  values: Omit<typeof claims.$inferInsert, 'agencyId'>,
) {
  const [row] = await tx
    .insert(claims)
    .values({ ...values, agencyId })
    .returning({ id: claims.id });
  return row!.id;
}

export async function updateClaim(
  tx: Tx,
  agencyId: string,
  claimId: string,
  values: Partial<typeof claims.$inferInsert>,
) {
  await tx
    .update(claims)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(claims.agencyId, agencyId), eq(claims.id, claimId)));
}

export async function insertEvent(
  tx: Tx,
  agencyId: string,
  values: Omit<typeof claimEvents.$inferInsert, 'agencyId'>,
) {
  await tx.insert(claimEvents).values({ ...values, agencyId });
}
