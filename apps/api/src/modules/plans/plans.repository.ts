import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';

// Client plans are tenant-owned: every function takes agencyId first and every query names it.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The agency's provider (not deleted) with its service's code. */
export async function findProvider(db: Pick<Db, 'select'>, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: providers.id, serviceId: providers.serviceId, serviceCode: services.code })
    .from(providers)
    .innerJoin(services, eq(services.id, providers.serviceId))
    .where(and(eq(providers.agencyId, agencyId), eq(providers.id, id), isNull(providers.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findHolder(db: Pick<Db, 'select'>, agencyId: string, primaryClientId: string) {
  const [row] = await db
    .select({ id: primaryClients.id, hasPan: sql<boolean>`${primaryClients.panLast4} is not null` })
    .from(primaryClients)
    .where(
      and(
        eq(primaryClients.agencyId, agencyId),
        eq(primaryClients.id, primaryClientId),
        isNull(primaryClients.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findMemberOf(
  db: Pick<Db, 'select'>,
  agencyId: string,
  primaryClientId: string,
  secondaryClientId: string,
) {
  const [row] = await db
    .select({ id: secondaryClients.id })
    .from(secondaryClients)
    .where(
      and(
        eq(secondaryClients.agencyId, agencyId),
        eq(secondaryClients.id, secondaryClientId),
        eq(secondaryClients.primaryClientId, primaryClientId),
        isNull(secondaryClients.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertPolicy(
  db: Tx,
  agencyId: string,
  values: Omit<typeof insurancePolicies.$inferInsert, 'agencyId'>,
) {
  const [row] = await db
    .insert(insurancePolicies)
    .values({ ...values, agencyId })
    .returning({ id: insurancePolicies.id });
  return row!.id;
}

export async function insertAccount(
  db: Tx,
  agencyId: string,
  values: Omit<typeof investmentAccounts.$inferInsert, 'agencyId'>,
) {
  const [row] = await db
    .insert(investmentAccounts)
    .values({ ...values, agencyId })
    .returning({ id: investmentAccounts.id });
  return row!.id;
}

export async function insertInsuredMembers(
  db: Tx,
  agencyId: string,
  policyId: string,
  members: Array<{
    name: string;
    relationship: string | null;
    dateOfBirth: string | null;
    phone: string | null;
  }>,
) {
  if (members.length === 0) return;
  // One millisecond apart, so the members read back in the order they were given.
  const start = Date.now();
  await db
    .insert(insuredMembers)
    .values(members.map((m, i) => ({ ...m, agencyId, policyId, createdAt: new Date(start + i) })));
}

/** A plan of the agency, policy or account, with its holder and provider. */
export async function findPlan(db: Db, agencyId: string, planId: string) {
  for (const kind of ['insurance', 'investment'] as const) {
    const t = kind === 'insurance' ? insurancePolicies : investmentAccounts;
    const [row] = await db
      .select({
        plan: t,
        providerName: providers.providerName,
        serviceCode: services.code,
        serviceName: services.name,
        clientCode: primaryClients.clientCode,
        primaryFirstName: primaryClients.firstName,
        primaryLastName: primaryClients.lastName,
        memberFirstName: secondaryClients.firstName,
        memberLastName: secondaryClients.lastName,
      })
      .from(t)
      .innerJoin(providers, eq(providers.id, t.providerId))
      .innerJoin(services, eq(services.id, t.serviceId))
      .innerJoin(
        primaryClients,
        and(
          eq(primaryClients.id, t.primaryClientId),
          eq(primaryClients.agencyId, agencyId),
          isNull(primaryClients.deletedAt),
        ),
      )
      .leftJoin(secondaryClients, eq(secondaryClients.id, t.secondaryClientId))
      .where(and(eq(t.agencyId, agencyId), eq(t.id, planId), isNull(t.deletedAt)))
      .limit(1);
    if (row) {
      const plan = row.plan as typeof insurancePolicies.$inferSelect & typeof investmentAccounts.$inferSelect;
      return { kind, ...row, plan };
    }
  }
  return null;
}

export async function insuredMembersOf(db: Db, agencyId: string, policyId: string) {
  return db
    .select()
    .from(insuredMembers)
    .where(and(eq(insuredMembers.agencyId, agencyId), eq(insuredMembers.policyId, policyId)))
    .orderBy(asc(insuredMembers.createdAt), asc(insuredMembers.id));
}

export async function findDocument(db: Db, agencyId: string, id: string) {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, id), isNull(documents.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function softDeletePlan(
  db: Tx,
  agencyId: string,
  kind: 'insurance' | 'investment',
  planId: string,
) {
  const t = kind === 'insurance' ? insurancePolicies : investmentAccounts;
  await db
    .update(t)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(t.agencyId, agencyId), eq(t.id, planId), isNull(t.deletedAt)));
}

type Editable<T> = Omit<Partial<T>, 'id' | 'agencyId' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Updates a policy not deleted; false when it was removed meanwhile. */
export async function updatePolicy(
  db: Tx,
  agencyId: string,
  planId: string,
  values: Editable<typeof insurancePolicies.$inferInsert>,
) {
  const t = insurancePolicies;
  const rows = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(t.agencyId, agencyId), eq(t.id, planId), isNull(t.deletedAt)))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Updates an investment account not deleted; false when it was removed meanwhile. */
export async function updateAccount(
  db: Tx,
  agencyId: string,
  planId: string,
  values: Editable<typeof investmentAccounts.$inferInsert>,
) {
  const t = investmentAccounts;
  const rows = await db
    .update(t)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(t.agencyId, agencyId), eq(t.id, planId), isNull(t.deletedAt)))
    .returning({ id: t.id });
  return rows.length > 0;
}

export async function deleteInsuredMembers(db: Tx, agencyId: string, policyId: string) {
  await db
    .delete(insuredMembers)
    .where(and(eq(insuredMembers.agencyId, agencyId), eq(insuredMembers.policyId, policyId)));
}

/** Hides a superseded document; its encrypted file stays for the retention period. */
export async function softDeleteDocument(db: Tx, agencyId: string, documentId: string) {
  await db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId), isNull(documents.deletedAt)));
}
