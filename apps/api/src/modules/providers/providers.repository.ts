import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, insurancePolicies, investmentAccounts, providers, services } from '../../db/schema.ts';

// Provider records are tenant-owned: every function takes agencyId first and every query names it.

type Category = 'insurance' | 'investment';
export type ProviderValues = Omit<typeof providers.$inferInsert, 'id' | 'agencyId' | 'createdAt'>;

/** Client plans not deleted that use the provider: policies and accounts together. */
const plansCount = sql<number>`(
  (select count(*)::int from ${insurancePolicies}
    where ${insurancePolicies.agencyId} = ${providers.agencyId}
      and ${insurancePolicies.providerId} = ${providers.id}
      and ${insurancePolicies.deletedAt} is null)
  + (select count(*)::int from ${investmentAccounts}
    where ${investmentAccounts.agencyId} = ${providers.agencyId}
      and ${investmentAccounts.providerId} = ${providers.id}
      and ${investmentAccounts.deletedAt} is null))`;

const columns = {
  provider: providers,
  serviceCode: services.code,
  serviceName: services.name,
  plansCount,
};

export type ProviderRow = {
  provider: typeof providers.$inferSelect;
  serviceCode: string;
  serviceName: string;
  plansCount: number;
};

function select(db: Pick<Db, 'select'>, agencyId: string, where: SQL | undefined) {
  return db
    .select(columns)
    .from(providers)
    .innerJoin(services, eq(services.id, providers.serviceId))
    .where(and(eq(providers.agencyId, agencyId), isNull(providers.deletedAt), where))
    .orderBy(asc(providers.providerName), asc(providers.createdAt), asc(providers.id));
}

export async function listProviders(
  db: Pick<Db, 'select'>,
  agencyId: string,
  filter: { category?: Category | undefined; serviceId?: string | undefined } = {},
): Promise<ProviderRow[]> {
  const rows = await select(
    db,
    agencyId,
    and(
      filter.category ? eq(providers.category, filter.category) : undefined,
      filter.serviceId ? eq(providers.serviceId, filter.serviceId) : undefined,
    ),
  );
  return rows.map((r) => ({ ...r, plansCount: Number(r.plansCount) }));
}

export async function findProvider(
  db: Pick<Db, 'select'>,
  agencyId: string,
  id: string,
): Promise<ProviderRow | null> {
  const [row] = await select(db, agencyId, eq(providers.id, id)).limit(1);
  return row ? { ...row, plansCount: Number(row.plansCount) } : null;
}

export async function insertProvider(db: Pick<Db, 'insert'>, agencyId: string, values: ProviderValues) {
  const [row] = await db
    .insert(providers)
    .values({ ...values, agencyId })
    .returning({ id: providers.id });
  return row!.id;
}

export async function updateProvider(
  db: Pick<Db, 'update'>,
  agencyId: string,
  id: string,
  values: Partial<ProviderValues>,
) {
  await db
    .update(providers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(providers.agencyId, agencyId), eq(providers.id, id), isNull(providers.deletedAt)));
}

export async function softDeleteDocument(db: Pick<Db, 'update'>, agencyId: string, documentId: string) {
  await db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId)));
}

/** Locks the provider row so a plan cannot be added between the count and the delete. */
export async function lockProvider(db: Db, agencyId: string, id: string) {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.agencyId, agencyId), eq(providers.id, id), isNull(providers.deletedAt)))
    .for('update');
  return row ?? null;
}
