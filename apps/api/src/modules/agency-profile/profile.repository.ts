import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, ownerAccounts } from '../../db/schema.ts';

// The caller's own agency: every function takes agencyId first.

export async function findAgency(db: Pick<Db, 'select'>, agencyId: string) {
  const [row] = await db
    .select({ agency: agencies, isVerified: ownerAccounts.isVerified, clientName: ownerAccounts.clientName })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row ?? null;
}

export type AgencyValues = Partial<
  Omit<typeof agencies.$inferInsert, 'id' | 'ownerId' | 'slug' | 'createdAt'>
>;

export async function updateAgency(db: Pick<Db, 'update'>, agencyId: string, values: AgencyValues) {
  await db
    .update(agencies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(agencies.id, agencyId)));
}
