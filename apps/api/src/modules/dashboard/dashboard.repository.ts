import { and, count, desc, eq, gte, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';

// The workspace home's queries: each takes agencyId first and names it (decisions §6).
// A plan counts as active when its status is 'active', it is not deleted, its end date has not passed,
// and its primary client is not deleted.

type PlanTable = typeof insurancePolicies | typeof investmentAccounts;

function active(table: PlanTable, agencyId: string, today: string): SQL {
  return and(
    eq(table.agencyId, agencyId),
    isNull(table.deletedAt),
    eq(table.status, 'active'),
    or(isNull(table.endDate), gte(table.endDate, today)),
    isNull(primaryClients.deletedAt),
  ) as SQL;
}

/** Sum of a numeric(14,2) column as exact text with 2 places; never through a float. */
const moneySum = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::numeric(16,2)::text`;

export async function clientCounts(db: Db, agencyId: string) {
  const [primary] = await db
    .select({ n: count() })
    .from(primaryClients)
    .where(and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt)));
  const [secondary] = await db
    .select({ n: count() })
    .from(secondaryClients)
    .innerJoin(primaryClients, eq(primaryClients.id, secondaryClients.primaryClientId))
    .where(
      and(
        eq(secondaryClients.agencyId, agencyId),
        eq(primaryClients.agencyId, agencyId),
        isNull(secondaryClients.deletedAt),
        isNull(primaryClients.deletedAt),
      ),
    );
  return { primary: primary?.n ?? 0, secondary: secondary?.n ?? 0 };
}

/** Active plans per service: count and the money column's exact sum. */
export async function planTotalsByService(
  db: Db,
  agencyId: string,
  today: string,
  kind: 'insurance' | 'investment',
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  const money = kind === 'insurance' ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  return db
    .select({ serviceId: table.serviceId, n: count(), amount: moneySum(money) })
    .from(table)
    .innerJoin(primaryClients, eq(primaryClients.id, table.primaryClientId))
    .where(active(table, agencyId, today))
    .groupBy(table.serviceId);
}

export async function planTotal(db: Db, agencyId: string, today: string, kind: 'insurance' | 'investment') {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  const money = kind === 'insurance' ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  const [row] = await db
    .select({ n: count(), amount: moneySum(money) })
    .from(table)
    .innerJoin(primaryClients, eq(primaryClients.id, table.primaryClientId))
    .where(active(table, agencyId, today));
  return { count: row?.n ?? 0, amount: row?.amount ?? '0.00' };
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
    .where(and(active(table, agencyId, today), lte(table.endDate, until)))
    .orderBy(table.endDate, table.id)
    .limit(limit);
}

export function recentClients(db: Db, agencyId: string, limit: number) {
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
    .where(and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt)))
    .orderBy(desc(primaryClients.createdAt), desc(primaryClients.id))
    .limit(limit);
}

/** Active plans per provider, both kinds. */
export async function plansByProvider(db: Db, agencyId: string, today: string) {
  const rows = [];
  for (const table of [insurancePolicies, investmentAccounts] as PlanTable[]) {
    rows.push(
      ...(await db
        .select({ providerId: table.providerId, n: count() })
        .from(table)
        .innerJoin(primaryClients, eq(primaryClients.id, table.primaryClientId))
        .where(active(table, agencyId, today))
        .groupBy(table.providerId)),
    );
  }
  return rows;
}

export function providerNames(db: Db, agencyId: string) {
  return db
    .select({ id: providers.id, name: providers.providerName, category: providers.category })
    .from(providers)
    .where(eq(providers.agencyId, agencyId));
}
