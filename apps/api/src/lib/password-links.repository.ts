import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agencies, ownerAccounts, passwordLinks, users } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type LinkPurpose = 'reset' | 'invite';

/** Keeps a new link, spending the account's older unused links of the same purpose (decision 025). */
export async function saveLink(
  db: Db | Tx,
  link: { tokenHash: string; userId: string; purpose: LinkPurpose; expiresAt: Date },
): Promise<void> {
  await db
    .delete(passwordLinks)
    .where(and(eq(passwordLinks.userId, link.userId), eq(passwordLinks.purpose, link.purpose)));
  await db.insert(passwordLinks).values(link);
}

/** A link that still works, with whose it is. */
export async function findUsableLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      userId: passwordLinks.userId,
      purpose: passwordLinks.purpose,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      agencyId: users.agencyId,
    })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(
      and(
        eq(passwordLinks.tokenHash, tokenHash),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Spends a link, if it still works, in the caller's transaction: answers whose it was, once only. */
export async function spendLink(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordLinks.tokenHash, tokenHash),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordLinks.userId, purpose: passwordLinks.purpose });
  if (!row) return null;
  // The account's other unused links go too: the password they would set has been set.
  await tx
    .delete(passwordLinks)
    .where(and(eq(passwordLinks.userId, row.userId), isNull(passwordLinks.usedAt)));
  return row;
}

/** The agency whose address an account's link opens at: a client's own, an owner's first (decisions §2). */
export async function agencyOfAccount(db: Db, userId: string) {
  const [client] = await db
    .select({ id: agencies.id, name: agencies.name, slug: agencies.slug })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (client) return client;
  const [owned] = await db
    .select({ id: agencies.id, name: agencies.name, slug: agencies.slug })
    .from(ownerAccounts)
    .innerJoin(agencies, eq(agencies.ownerId, ownerAccounts.id))
    .where(eq(ownerAccounts.userId, userId))
    .orderBy(agencies.createdAt)
    .limit(1);
  return owned ?? null;
}

/** Forgets spent and expired links (called now and then by the link calls themselves). */
export async function forgetOldLinks(db: Db): Promise<void> {
  await db.delete(passwordLinks).where(sql`${passwordLinks.expiresAt} < now() - interval '1 day'`);
}
