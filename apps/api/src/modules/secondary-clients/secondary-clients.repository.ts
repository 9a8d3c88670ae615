import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, primaryClients, secondaryClients } from '../../db/schema.ts';

// Family members are tenant-owned: every function takes agencyId first and every query names it.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type FamilyValues = Omit<typeof secondaryClients.$inferInsert, 'id' | 'agencyId' | 'createdAt'>;

export type FamilyRow = {
  member: typeof secondaryClients.$inferSelect;
  primaryFirstName: string;
  primaryLastName: string | null;
};

/** A member of the agency whose primary client is not removed either. */
export async function findMember(
  db: Pick<Db, 'select'>,
  agencyId: string,
  id: string,
): Promise<FamilyRow | null> {
  const [row] = await db
    .select({
      member: secondaryClients,
      primaryFirstName: primaryClients.firstName,
      primaryLastName: primaryClients.lastName,
    })
    .from(secondaryClients)
    .innerJoin(
      primaryClients,
      and(
        eq(primaryClients.id, secondaryClients.primaryClientId),
        eq(primaryClients.agencyId, agencyId),
        isNull(primaryClients.deletedAt),
      ),
    )
    .where(
      and(
        eq(secondaryClients.agencyId, agencyId),
        eq(secondaryClients.id, id),
        isNull(secondaryClients.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function primaryExists(db: Pick<Db, 'select'>, agencyId: string, primaryClientId: string) {
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

export async function insertMember(db: Tx, agencyId: string, values: FamilyValues): Promise<string> {
  const [row] = await db
    .insert(secondaryClients)
    .values({ ...values, agencyId })
    .returning({ id: secondaryClients.id });
  return row!.id;
}

export async function updateMember(db: Tx, agencyId: string, id: string, values: Partial<FamilyValues>) {
  await db
    .update(secondaryClients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(secondaryClients.agencyId, agencyId), eq(secondaryClients.id, id)));
}

export async function documentRows(db: Db, agencyId: string, ids: string[]) {
  const out = new Map<string, typeof documents.$inferSelect>();
  for (const id of ids) {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.agencyId, agencyId), eq(documents.id, id), isNull(documents.deletedAt)))
      .limit(1);
    if (row) out.set(id, row);
  }
  return out;
}

export async function softDeleteDocument(db: Tx, agencyId: string, documentId: string) {
  await db
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId)));
}
