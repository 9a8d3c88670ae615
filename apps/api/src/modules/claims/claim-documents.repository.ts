import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, claimDocuments, documents } from '../../db/schema.ts';
import type { Tx } from '../../lib/stored-files.ts';

// A claim's received checklist items (decision 045), with their files' rows.

export async function receivedOf(db: Db | Tx, agencyId: string, claimId: string) {
  return db
    .select({
      item: claimDocuments.item,
      receivedOn: claimDocuments.receivedOn,
      documentId: claimDocuments.documentId,
      name: documents.originalName,
      mime: documents.mimeType,
      size: documents.sizeBytes,
    })
    .from(claimDocuments)
    .leftJoin(
      documents,
      and(
        eq(documents.id, claimDocuments.documentId),
        eq(documents.agencyId, claimDocuments.agencyId),
        isNull(documents.deletedAt),
      ),
    )
    .where(and(eq(claimDocuments.agencyId, agencyId), eq(claimDocuments.claimId, claimId)))
    .orderBy(asc(claimDocuments.createdAt));
}

export async function receivedItem(db: Db | Tx, agencyId: string, claimId: string, item: string) {
  const [row] = await db
    .select()
    .from(claimDocuments)
    .where(
      and(
        eq(claimDocuments.agencyId, agencyId),
        eq(claimDocuments.claimId, claimId),
        eq(claimDocuments.item, item),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks an item received (again): the day and the file replace an earlier receipt's. */
export async function upsertReceived(
  tx: Tx,
  agencyId: string,
  values: {
    claimId: string;
    primaryClientId: string;
    item: string;
    receivedOn: string;
    documentId: string | null;
    markedBy: string;
  },
) {
  await tx
    .insert(claimDocuments)
    .values({ agencyId, ...values })
    .onConflictDoUpdate({
      target: [claimDocuments.agencyId, claimDocuments.claimId, claimDocuments.item],
      set: {
        receivedOn: values.receivedOn,
        documentId: values.documentId,
        markedBy: values.markedBy,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteReceived(tx: Tx, agencyId: string, claimId: string, item: string) {
  await tx
    .delete(claimDocuments)
    .where(
      and(
        eq(claimDocuments.agencyId, agencyId),
        eq(claimDocuments.claimId, claimId),
        eq(claimDocuments.item, item),
      ),
    );
}

/** Hides a replaced or withdrawn file (kept for the record, as a replaced plan PDF is). */
export async function hideDocument(tx: Tx, agencyId: string, documentId: string) {
  await tx
    .update(documents)
    .set({ deletedAt: new Date() })
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId), isNull(documents.deletedAt)));
}

export async function staleDays(db: Db | Tx, agencyId: string): Promise<number> {
  const [row] = await db
    .select({ days: agencies.claimStaleDays })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row?.days ?? 7;
}

export async function setStaleDays(tx: Tx, agencyId: string, days: number) {
  await tx
    .update(agencies)
    .set({ claimStaleDays: days, updatedAt: new Date() })
    .where(eq(agencies.id, agencyId));
}
