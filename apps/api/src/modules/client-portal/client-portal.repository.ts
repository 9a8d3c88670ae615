import { DOCUMENT_MIN_BYTES, financialYearStart } from '@portal/contract';
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  agencies,
  claims,
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';

// The client area's queries. Every function takes agencyId first, and every plan, family member and document
// query also names the signed-in client's primary client id, so one client never reaches another's rows.

/** The signed-in AC user's own primary client record, not deleted. (On every call of the client area.) */
export async function findOwnClient(db: Db, agencyId: string, userId: string) {
  const [row] = await preparedOnce(db, 'own_client', (d) =>
    d
      .select({
        client: primaryClients,
        lastLoginAt: users.lastLoginAt,
        userActive: users.isActive,
        userFullName: users.fullName,
        userPhone: users.phone,
      })
      .from(primaryClients)
      .innerJoin(users, eq(users.id, primaryClients.userId))
      .where(
        and(
          eq(primaryClients.agencyId, sql.placeholder('agencyId')),
          eq(primaryClients.userId, sql.placeholder('userId')),
          isNull(primaryClients.deletedAt),
        ),
      )
      .limit(1)
      .prepare('own_client'),
  ).execute({ agencyId, userId });
  return row ?? null;
}

export async function findAgency(db: Db, agencyId: string) {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1);
  return row ?? null;
}

/**
 * The dashboard's figures in one statement (issue 8: one round trip instead of four): the client's plans
 * counted as listPlans lists them (not deleted, the provider the agency's; the service always exists, a
 * foreign key), family members not deleted, and the premium per year of the Active policies, summed exactly
 * in SQL: not lapsed or closed and the end date not over (the same rule as the plan status, spec §4).
 */
export async function summaryFigures(db: Db, agencyId: string, primaryClientId: string, today: string) {
  const [row] = await preparedOnce(db, 'client_summary', (d) => {
    const agency = sql.placeholder('agencyId');
    const client = sql.placeholder('primaryClientId');
    const plans = (t: typeof insurancePolicies | typeof investmentAccounts) => sql`(select count(*) from ${t}
      join ${providers} on ${providers.id} = ${t.providerId} and ${providers.agencyId} = ${agency}
      where ${t.agencyId} = ${agency} and ${t.primaryClientId} = ${client} and ${t.deletedAt} is null)`;
    // One row: the client's own (the caller's, just checked), carrying the three figures.
    return d
      .select({
        plans: sql<number>`(${plans(insurancePolicies)} + ${plans(investmentAccounts)})::int`,
        family: sql<number>`(select count(*) from ${secondaryClients} where ${secondaryClients.agencyId} = ${agency}
          and ${secondaryClients.primaryClientId} = ${client} and ${secondaryClients.deletedAt} is null)::int`,
        // Money per year (decisions §4, migration 0032's annual_premium): a monthly ₹2,000 counts ₹24,000.
        premium: sql<string>`(select coalesce(sum(annual_premium(${insurancePolicies.premiumAmount}, ${insurancePolicies.premiumMode})), 0)::numeric(16,2)::text
          from ${insurancePolicies}
          where ${insurancePolicies.agencyId} = ${agency} and ${insurancePolicies.primaryClientId} = ${client}
          and ${insurancePolicies.deletedAt} is null and ${insurancePolicies.status} not in ('lapsed', 'closed')
          and (${insurancePolicies.endDate} is null or ${insurancePolicies.endDate} >= ${sql.placeholder('today')}::date))`,
        // Claims intimated in the financial year of `today` (1 April to 31 March, India's calendar; issue 28).
        claims: sql<number>`(select count(*) from ${claims} where ${claims.agencyId} = ${agency}
          and ${claims.primaryClientId} = ${client}
          and ${claims.intimatedOn} >= ${sql.placeholder('yearStart')}::date
          and ${claims.intimatedOn} < (${sql.placeholder('yearStart')}::date + interval '1 year'))::int`,
      })
      .from(primaryClients)
      .where(and(eq(primaryClients.id, client), eq(primaryClients.agencyId, agency)))
      .prepare('client_summary');
  }).execute({ agencyId, primaryClientId, today, yearStart: financialYearStart(today) });
  return {
    plans: Number(row?.plans ?? 0),
    family: Number(row?.family ?? 0),
    premium: row?.premium ?? '0.00',
    claims: Number(row?.claims ?? 0),
  };
}

const holder = alias(secondaryClients, 'holder');
const doc = alias(documents, 'plan_document');

/** A document the client can open: the agency's, not deleted, a PDF of at least the minimum size (spec §9). */
const documentUsable = sql<boolean>`(${doc.id} is not null and ${doc.mimeType} = 'application/pdf'
  and ${doc.sizeBytes} >= ${DOCUMENT_MIN_BYTES})`;

type PlanTable = typeof insurancePolicies | typeof investmentAccounts;
export type PlanKind = 'insurance' | 'investment';

/** What a plan's line needs (my plans, the alerts): the busiest calls read only these (issue 8). */
function listColumns(table: PlanTable) {
  return {
    kind: (table === insurancePolicies ? sql`'insurance'` : sql`'investment'`) as SQL<PlanKind>,
    plan: {
      id: table.id,
      secondaryClientId: table.secondaryClientId,
      planName: table.planName,
      startDate: table.startDate,
      endDate: table.endDate,
      subtypeFields: table.subtypeFields,
      nomineeFullName: table.nomineeFullName,
      status: table.status,
      createdAt: table.createdAt,
      nextDueDate: table.nextDueDate,
    },
    number: table === insurancePolicies ? insurancePolicies.policyNumber : investmentAccounts.accountNumber,
    money: table === insurancePolicies ? insurancePolicies.premiumAmount : investmentAccounts.amount,
    providerName: providers.providerName,
    serviceCode: services.code,
    serviceName: services.name,
    holderFirst: holder.firstName,
    holderLast: holder.lastName,
    documentUsable,
  };
}

/** A whole plan (details, downloads): the line's columns and the rest. */
function planColumns(table: PlanTable) {
  const line = listColumns(table);
  return {
    ...line,
    plan: {
      ...line.plan,
      primaryClientId: table.primaryClientId,
      nomineeRelation: table.nomineeRelation,
      nomineeDob: table.nomineeDob,
      nomineePhone: table.nomineePhone,
      nomineeEmail: table.nomineeEmail,
      documentId: table.documentId,
    },
    sumAssured: table === insurancePolicies ? insurancePolicies.sumAssured : sql<string | null>`null`,
    // Where the document's file is and how it is sealed: a download reads it without another query.
    documentFile: {
      id: doc.id,
      storageKey: doc.storageKey,
      encryptionIv: doc.encryptionIv,
      encryptionTag: doc.encryptionTag,
      mimeType: doc.mimeType,
      sizeBytes: doc.sizeBytes,
      originalName: doc.originalName,
    },
  };
}

// The joins of a plan's row: its provider (the agency's), its service, the family member holding it (this
// client's), its document (the agency's, not deleted).
const providerOn = (table: PlanTable, agencyId: string | Placeholder) =>
  and(eq(providers.id, table.providerId), eq(providers.agencyId, agencyId));
const serviceOn = (table: PlanTable) => eq(services.id, table.serviceId);
const holderOn = (table: PlanTable, agencyId: string | Placeholder) =>
  and(
    eq(holder.id, table.secondaryClientId),
    eq(holder.agencyId, agencyId),
    eq(holder.primaryClientId, table.primaryClientId),
  );
const documentOn = (table: PlanTable, agencyId: string | Placeholder) =>
  and(eq(doc.id, table.documentId), eq(doc.agencyId, agencyId), isNull(doc.deletedAt));

function planSelect(db: Db, table: PlanTable, agencyId: string | Placeholder) {
  return db
    .select(planColumns(table))
    .from(table)
    .innerJoin(providers, providerOn(table, agencyId))
    .innerJoin(services, serviceOn(table))
    .leftJoin(holder, holderOn(table, agencyId))
    .leftJoin(doc, documentOn(table, agencyId))
    .$dynamic();
}

function lineSelect(db: Db, table: PlanTable, agencyId: string | Placeholder) {
  return db
    .select(listColumns(table))
    .from(table)
    .innerJoin(providers, providerOn(table, agencyId))
    .innerJoin(services, serviceOn(table))
    .leftJoin(holder, holderOn(table, agencyId))
    .leftJoin(doc, documentOn(table, agencyId))
    .$dynamic();
}

export type PlanRow = Awaited<ReturnType<typeof listPlans>>[number];
/** A plan's line (my plans, the alerts); a whole PlanRow is one too. */
export type PlanLine = Awaited<ReturnType<typeof listAllPlans>>['insurance'][number];

const planOrder = (table: PlanTable) => [
  sql`${table.startDate} desc nulls last`,
  asc(table.createdAt),
  asc(table.id),
];

const withUsable = <R extends { documentUsable: unknown }>(rows: R[]) =>
  rows.map((r) => ({ ...r, documentUsable: r.documentUsable === true }));

/** Some of the client's plans of one kind (not deleted); newest first. */
export async function listPlans(
  db: Db,
  agencyId: string,
  primaryClientId: string,
  kind: 'insurance' | 'investment',
  where: SQL,
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  const rows = await planSelect(db, table, agencyId)
    .where(
      and(
        eq(table.agencyId, agencyId),
        eq(table.primaryClientId, primaryClientId),
        isNull(table.deletedAt),
        where,
      ),
    )
    .orderBy(...planOrder(table));
  return withUsable(rows);
}

/** One of the client's plans by its id (plan details, downloads), or null. */
export async function findPlan(
  db: Db,
  agencyId: string,
  primaryClientId: string,
  kind: 'insurance' | 'investment',
  planId: string,
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  const name = `client_plan_${kind}`;
  const rows = await preparedOnce(db, name, (d) =>
    planSelect(d, table, sql.placeholder('agencyId'))
      .where(
        and(
          eq(table.id, sql.placeholder('planId')),
          eq(table.agencyId, sql.placeholder('agencyId')),
          eq(table.primaryClientId, sql.placeholder('primaryClientId')),
          isNull(table.deletedAt),
        ),
      )
      .limit(1)
      .prepare(name),
  ).execute({ agencyId, primaryClientId, planId });
  return withUsable(rows)[0] ?? null;
}

/** Newest first, as `planOrder`: start date descending (none last), then created, then id. */
function byPlanOrder<R extends { plan: { startDate: string | null; createdAt: Date; id: string } }>(
  a: R,
  b: R,
): number {
  const x = a.plan.startDate;
  const y = b.plan.startDate;
  if (x !== y) {
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? 1 : -1;
  }
  const t = a.plan.createdAt.getTime() - b.plan.createdAt.getTime();
  if (t !== 0) return t;
  return a.plan.id < b.plan.id ? -1 : a.plan.id > b.plan.id ? 1 : 0;
}

/**
 * All the client's plans of both kinds in one statement (my plans, the alerts: the client area's busiest
 * calls, issue 8), split by kind, each newest first.
 */
export async function listAllPlans(db: Db, agencyId: string, primaryClientId: string) {
  const of = (d: Db, table: PlanTable) =>
    lineSelect(d, table, sql.placeholder('agencyId')).where(
      and(
        eq(table.agencyId, sql.placeholder('agencyId')),
        eq(table.primaryClientId, sql.placeholder('primaryClientId')),
        isNull(table.deletedAt),
      ),
    );
  const rows = withUsable(
    await preparedOnce(db, 'client_plans_all', (d) =>
      of(d, insurancePolicies)
        .unionAll(of(d, investmentAccounts) as unknown as ReturnType<typeof of>)
        .prepare('client_plans_all'),
    ).execute({ agencyId, primaryClientId }),
  );
  return {
    insurance: rows.filter((r) => r.kind === 'insurance').sort(byPlanOrder),
    investment: rows.filter((r) => r.kind === 'investment').sort(byPlanOrder),
  };
}

/** One of the client's plans of either kind by its id (plan details, spec §2), in one statement; or null. */
export async function findAnyPlan(db: Db, agencyId: string, primaryClientId: string, planId: string) {
  const of = (d: Db, table: PlanTable) =>
    planSelect(d, table, sql.placeholder('agencyId')).where(
      and(
        eq(table.id, sql.placeholder('planId')),
        eq(table.agencyId, sql.placeholder('agencyId')),
        eq(table.primaryClientId, sql.placeholder('primaryClientId')),
        isNull(table.deletedAt),
      ),
    );
  const rows = await preparedOnce(db, 'client_plan_any', (d) =>
    of(d, insurancePolicies)
      .unionAll(of(d, investmentAccounts) as unknown as ReturnType<typeof of>)
      .prepare('client_plan_any'),
  ).execute({ agencyId, primaryClientId, planId });
  // An id is one kind's or the other's (uuids); a policy wins should both ever hold it, as before.
  const found = withUsable(rows).sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'insurance' ? -1 : 1));
  return found[0] ?? null;
}

/** Plans of the client held by one family member. */
export function plansHeldBy(
  db: Db,
  agencyId: string,
  primaryClientId: string,
  kind: 'insurance' | 'investment',
  secondaryClientId: string,
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  return listPlans(db, agencyId, primaryClientId, kind, eq(table.secondaryClientId, secondaryClientId));
}

/** The client's policies that insure one family member as an insured member. */
export async function policiesInsuring(
  db: Db,
  agencyId: string,
  primaryClientId: string,
  secondaryClientId: string,
) {
  const ids = await db
    .select({ id: insuredMembers.policyId })
    .from(insuredMembers)
    .where(
      and(eq(insuredMembers.agencyId, agencyId), eq(insuredMembers.secondaryClientId, secondaryClientId)),
    );
  if (ids.length === 0) return [];
  return listPlans(
    db,
    agencyId,
    primaryClientId,
    'insurance',
    inArray(
      insurancePolicies.id,
      ids.map((r) => r.id),
    ),
  );
}

export function listInsuredMembers(db: Db, agencyId: string, policyId: string) {
  return db
    .select({
      name: insuredMembers.name,
      relationship: insuredMembers.relationship,
      dateOfBirth: insuredMembers.dateOfBirth,
      phone: insuredMembers.phone,
    })
    .from(insuredMembers)
    .where(and(eq(insuredMembers.agencyId, agencyId), eq(insuredMembers.policyId, policyId)))
    .orderBy(asc(insuredMembers.createdAt), asc(insuredMembers.name), asc(insuredMembers.id));
}

/** The client's family members (not deleted), by first and last name. */
export function listSecondaryClients(db: Db, agencyId: string, primaryClientId: string, id?: string) {
  return db
    .select()
    .from(secondaryClients)
    .where(
      and(
        eq(secondaryClients.agencyId, agencyId),
        eq(secondaryClients.primaryClientId, primaryClientId),
        isNull(secondaryClients.deletedAt),
        id ? eq(secondaryClients.id, id) : undefined,
      ),
    )
    .orderBy(asc(secondaryClients.firstName), asc(secondaryClients.lastName), asc(secondaryClients.id));
}

export async function findSecondaryClient(db: Db, agencyId: string, primaryClientId: string, id: string) {
  const [row] = await listSecondaryClients(db, agencyId, primaryClientId, id);
  return row ?? null;
}

export type SecondaryRow = typeof secondaryClients.$inferSelect;
