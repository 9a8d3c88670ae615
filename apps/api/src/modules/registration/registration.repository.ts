import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function platformEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), inArray(users.role, ['ADMIN', 'AO'])))
    .limit(1);
  return rows.length > 0;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  const rows = await db.select({ id: agencies.id }).from(agencies).where(eq(agencies.slug, slug)).limit(1);
  return rows.length > 0;
}

/** Which of these slugs agencies already have (one query for a list of candidates). */
export async function takenSlugs(db: Db, slugs: string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const rows = await db.select({ slug: agencies.slug }).from(agencies).where(inArray(agencies.slug, slugs));
  return new Set(rows.map((r) => r.slug));
}

export async function insertOwnerUser(
  tx: Tx,
  values: { email: string; passwordHash: string; fullName: string; phone: string },
) {
  const [row] = await tx
    .insert(users)
    .values({ ...values, role: 'AO' })
    .returning({ id: users.id });
  return row!;
}

export async function insertOwnerAccount(
  tx: Tx,
  values: { userId: string; clientName: string; newsletterSubscribed: boolean; insertedBy: string },
) {
  const [row] = await tx
    .insert(ownerAccounts)
    .values({ ...values, termsAcceptedAt: new Date() })
    .returning({ id: ownerAccounts.id });
  return row!;
}

export async function insertAgency(tx: Tx, values: typeof agencies.$inferInsert) {
  const [row] = await tx.insert(agencies).values(values).returning({ id: agencies.id });
  return row!;
}
