import { DOCUMENT_MIN_BYTES } from '@portal/contract';
import { and, asc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import {
  agencies,
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
 * foreign key), family members not deleted, and the yearly premium of the Active policies, summed exactly
 * in SQL: not lapsed or closed and the end date not over (the same rule as the plan status, spec §4).
 */
export async function summaryFigures(db: Db, agencyId: string, primaryClientId: string, today: string) {
  const plans = (t: typeof insurancePolicies | typeof investmentAccounts) => sql`(select count(*) from ${t}
    join ${providers} on ${providers.id} = ${t.providerId} and ${providers.agencyId} = ${agencyId}
    where ${t.agencyId} = ${agencyId} and ${t.primaryClientId} = ${primaryClientId} and ${t.deletedAt} is null)`;
  const result = await db.execute(sql`select
    (${plans(insurancePolicies)} + ${plans(investmentAccounts)})::int as plans,
    (select count(*) from ${secondaryClients} where ${secondaryClients.agencyId} = ${agencyId}
      and ${secondaryClients.primaryClientId} = ${primaryClientId} and ${secondaryClients.deletedAt} is null)::int as family,
    (select coalesce(sum(${insurancePolicies.premiumAmount}), 0)::numeric(16,2)::text from ${insurancePolicies}
      where ${insurancePolicies.agencyId} = ${agencyId} and ${insurancePolicies.primaryClientId} = ${primaryClientId}
      and ${insurancePolicies.deletedAt} is null and ${insurancePolicies.status} not in ('lapsed', 'closed')
      and (${insurancePolicies.endDate} is null or ${insurancePolicies.endDate} >= ${today})) as premium`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as {
    plans: number;
    family: number;
    premium: string;
  }[];
  const row = rows[0]!;
  return { plans: Number(row.plans), family: Number(row.family), premium: row.premium };
}

const holder = alias(secondaryClients, 'holder');
const doc = alias(documents, 'plan_document');

/** A document the client can open: the agency's, not deleted, a PDF of at least the minimum size (spec §9). */
const documentUsable = sql<boolean>`(${doc.id} is not null and ${doc.mimeType} = 'application/pdf'
  and ${doc.sizeBytes} >= ${DOCUMENT_MIN_BYTES})`;

type PlanTable = typeof insurancePolicies | typeof investmentAccounts;

function planSelect(db: Db, table: PlanTable, agencyId: string | Placeholder) {
  const number =
    table === insurancePolicies ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
  const money = table === insurancePolicies ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  return db
    .select({
      plan: {
        id: table.id,
        primaryClientId: table.primaryClientId,
        secondaryClientId: table.secondaryClientId,
        planName: table.planName,
        startDate: table.startDate,
        endDate: table.endDate,
        subtypeFields: table.subtypeFields,
        nomineeFullName: table.nomineeFullName,
        nomineeRelation: table.nomineeRelation,
        nomineeDob: table.nomineeDob,
        nomineePhone: table.nomineePhone,
        nomineeEmail: table.nomineeEmail,
        documentId: table.documentId,
        status: table.status,
        createdAt: table.createdAt,
      },
      number,
      money,
      sumAssured: table === insurancePolicies ? insurancePolicies.sumAssured : sql<string | null>`null`,
      providerName: providers.providerName,
      serviceCode: services.code,
      serviceName: services.name,
      holderFirst: holder.firstName,
      holderLast: holder.lastName,
      documentUsable,
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
    })
    .from(table)
    .innerJoin(providers, and(eq(providers.id, table.providerId), eq(providers.agencyId, agencyId)))
    .innerJoin(services, eq(services.id, table.serviceId))
    .leftJoin(
      holder,
      and(
        eq(holder.id, table.secondaryClientId),
        eq(holder.agencyId, agencyId),
        eq(holder.primaryClientId, table.primaryClientId),
      ),
    )
    .leftJoin(doc, and(eq(doc.id, table.documentId), eq(doc.agencyId, agencyId), isNull(doc.deletedAt)))
    .$dynamic();
}

export type PlanRow = Awaited<ReturnType<typeof listPlans>>[number];

const planOrder = (table: PlanTable) => [
  sql`${table.startDate} desc nulls last`,
  asc(table.createdAt),
  asc(table.id),
];

const withUsable = <R extends { documentUsable: unknown }>(rows: R[]) =>
  rows.map((r) => ({ ...r, documentUsable: r.documentUsable === true }));

/** The client's plans of one kind (not deleted), optionally only some ids; newest first. */
export async function listPlans(
  db: Db,
  agencyId: string,
  primaryClientId: string,
  kind: 'insurance' | 'investment',
  where?: SQL,
) {
  const table: PlanTable = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  if (!where) {
    // My plans, the alerts: every call of the client area's busiest screens, so built once.
    const name = `client_plans_${kind}`;
    return withUsable(
      await preparedOnce(db, name, (d) =>
        planSelect(d, table, sql.placeholder('agencyId'))
          .where(
            and(
              eq(table.agencyId, sql.placeholder('agencyId')),
              eq(table.primaryClientId, sql.placeholder('primaryClientId')),
              isNull(table.deletedAt),
            ),
          )
          .orderBy(...planOrder(table))
          .prepare(name),
      ).execute({ agencyId, primaryClientId }),
    );
  }
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
