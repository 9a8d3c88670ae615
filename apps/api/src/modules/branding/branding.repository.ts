import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';

// The one query that starts from an address rather than an agency id (like sign-in's): the agency whose
// slug the request's Host names, with what decides whether it may show its brand.

export async function findBrandBySlug(db: Db, slug: string) {
  const [row] = await db
    .select({
      agencyId: agencies.id,
      name: agencies.name,
      logoDocumentId: agencies.logoDocumentId,
      ownerIsVerified: ownerAccounts.isVerified,
      ownerIsActive: users.isActive,
    })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(agencies.slug, slug))
    .limit(1);
  return row ?? null;
}
