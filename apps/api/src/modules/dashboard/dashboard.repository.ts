import { and, between, desc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  agencyClientCounts,
  agencyPlanTotals,
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';

// The workspace home's queries: each takes agencyId first and names it (decisions §6).
// A plan counts as active when its status is 'active', it is not deleted, its end date has not passed,
// and its primary client is not deleted. Counts and sums come from trigger-kept totals (migration 0012); the
// renewal lists read the plans themselves through their end-date index.

type PlanTable = typeof insurancePolicies | typeof investmentAccounts;

/**
 * Active plans ending between today and `until`: with both ends in the index condition, the end-date index reads
 * only the window, not every plan that ended before today.
 */
function activeEnding(
  table: PlanTable,
  agencyId: string,
  today: string,
  until: string,
  assigned: SQL | undefined,
): SQL {
  return and(
    eq(table.agencyId, agencyId),
    isNull(table.deletedAt),
    eq(table.status, 'active'),
    between(table.endDate, today, until),
    isNull(primaryClients.deletedAt),
    assigned,
  ) as SQL;
}

/**
 * The agency's clients and family members, from the trigger-kept counts (migrations 0011, 0012): the home does not
 * count 100k clients on every visit.
 */
export async function clientCounts(db: Db, agencyId: string) {
  const [row] = await db
    .select({ primary: agencyClientCounts.clients, secondary: agencyClientCounts.family })
    .from(agencyClientCounts)
    .where(eq(agencyClientCounts.agencyId, agencyId));
  return { primary: row?.primary ?? 0, secondary: row?.secondary ?? 0 };
}

/**
 * Active plans added up from the trigger-kept totals (migration 0012) whose end date has not passed, in one
 * statement: per kind and service (`serviceId` set), per provider (`providerId` set) and per kind (neither).
 * The money sums are exact text with 2 places; never through a float.
 */
export function planFigures(db: Db, agencyId: string, today: string) {
  const t = agencyPlanTotals;
  return db
    .select({
      kind: t.kind,
      serviceId: sql<string | null>`case when grouping(${t.serviceId}) = 0 then ${t.serviceId} end`,
      providerId: sql<string | null>`case when grouping(${t.providerId}) = 0 then ${t.providerId} end`,
      n: sql<number>`sum(${t.plans})::int`,
      amount: sql<string>`sum(${t.amount})::numeric(16,2)::text`,
    })
    .from(t)
    .where(and(eq(t.agencyId, agencyId), gte(t.endDate, today)))
    .groupBy(sql`grouping sets ((${t.kind}, ${t.serviceId}), (${t.kind}, ${t.providerId}), (${t.kind}))`)
    .having(sql`sum(${t.plans}) <> 0`);
}

const holder = alias(secondaryClients, 'holder');

/** Active plans ending between today and `until`, soonest first. */
export async function renewals(
  db: Db,
  agencyId: string,
  today: string,
  until: string,
  kind: 'insurance' | 'investment',
  limit: number,
  /** An agent's clients only (decision 034). */
  assigned?: SQL,
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  const number = kind === 'insurance' ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
  return db
    .select({
      planId: table.id,
      planNumber: number,
      planName: table.planName,
      endDate: table.endDate,
      primaryClientId: primaryClients.id,
      clientFirst: primaryClients.firstName,
      clientLast: primaryClients.lastName,
      holderFirst: holder.firstName,
      holderLast: holder.lastName,
      providerName: providers.providerName,
      serviceCode: services.code,
      serviceName: services.name,
    })
    .from(table)
    .innerJoin(primaryClients, eq(primaryClients.id, table.primaryClientId))
    .innerJoin(providers, and(eq(providers.id, table.providerId), eq(providers.agencyId, agencyId)))
    .innerJoin(services, eq(services.id, table.serviceId))
    .leftJoin(holder, and(eq(holder.id, table.secondaryClientId), eq(holder.agencyId, agencyId)))
    .where(activeEnding(table, agencyId, today, until, assigned))
    .orderBy(table.endDate, table.id)
    .limit(limit);
}

export function recentClients(db: Db, agencyId: string, limit: number, assigned?: SQL) {
  return db
    .select({
      id: primaryClients.id,
      clientCode: primaryClients.clientCode,
      firstName: primaryClients.firstName,
      lastName: primaryClients.lastName,
      email: primaryClients.email,
      phone: primaryClients.phone,
      createdAt: primaryClients.createdAt,
    })
    .from(primaryClients)
    .where(and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt), assigned))
    .orderBy(desc(primaryClients.createdAt), desc(primaryClients.id))
    .limit(limit);
}

export function providerNames(db: Db, agencyId: string) {
  return db
    .select({ id: providers.id, name: providers.providerName, category: providers.category })
    .from(providers)
    .where(eq(providers.agencyId, agencyId));
}
