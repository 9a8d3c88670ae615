import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';

// Agency owner accounts, as the platform admin sees them (decisions §1). Platform-level data: these
// queries are not tenant-scoped, and they never touch a client's personal data.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const firstAgencyName = sql<string | null>`(
  select ${agencies.name} from ${agencies}
  where ${agencies.ownerId} = ${ownerAccounts.id}
  order by ${agencies.createdAt} asc limit 1)`;

const ownerColumns = {
  ClientId: ownerAccounts.id,
  ClientName: ownerAccounts.clientName,
  AgencyName: firstAgencyName,
  AgencyEmail: users.email,
  IsActive: users.isActive,
  IsVerified: ownerAccounts.isVerified,
  createdAt: ownerAccounts.createdAt,
  userId: users.id,
};

function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Name, agency name, email or id, case-insensitive (spec §5 client search, on the server). */
function searchFilter(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  return sql`(${ownerAccounts.clientName} ilike ${pattern}
    or ${users.email} ilike ${pattern}
    or ${ownerAccounts.id}::text ilike ${pattern}
    or exists (select 1 from ${agencies} where ${agencies.ownerId} = ${ownerAccounts.id} and ${agencies.name} ilike ${pattern}))`;
}

export async function listOwners(
  db: Db,
  page: { offset: number; limit: number; search?: string | undefined },
) {
  const where = searchFilter(page.search);
  const rows = await db
    .select(ownerColumns)
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(where)
    .orderBy(desc(ownerAccounts.createdAt), desc(ownerAccounts.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findOwner(db: Db | Tx, ownerId: string) {
  const [row] = await db
    .select(ownerColumns)
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(ownerAccounts.id, ownerId))
    .limit(1);
  return row ?? null;
}

export async function ownerAgencies(db: Db, ownerId: string, page: { offset: number; limit: number }) {
  const where = eq(agencies.ownerId, ownerId);
  const rows = await db
    .select({
      id: agencies.id,
      name: agencies.name,
      slug: agencies.slug,
      email: agencies.email,
      phone: agencies.phone,
      alternatePhone: agencies.alternatePhone,
      locality: agencies.locality,
      society: agencies.society,
      city: agencies.city,
      stateName: agencies.stateName,
      pincode: agencies.pincode,
      website: agencies.website,
      yearsInBusiness: agencies.yearsInBusiness,
      licenseNumber: agencies.licenseNumber,
      description: agencies.description,
      createdAt: agencies.createdAt,
    })
    .from(agencies)
    .where(where)
    .orderBy(agencies.createdAt, agencies.id)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(agencies).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function setOwnerFlags(
  tx: Tx,
  owner: { id: string; userId: string },
  flags: { isActive: boolean; isVerified: boolean },
) {
  await tx
    .update(users)
    .set({ isActive: flags.isActive, updatedAt: sql`now()` })
    .where(eq(users.id, owner.userId));
  await tx
    .update(ownerAccounts)
    .set({
      isVerified: flags.isVerified,
      verifiedAt: flags.isVerified ? sql`coalesce(${ownerAccounts.verifiedAt}, now())` : null,
      updatedAt: sql`now()`,
    })
    .where(eq(ownerAccounts.id, owner.id));
}

/** Revokes every token of the owner's agencies' clients (their portal closes with the owner's). */
export async function revokeAgencyClientTokens(tx: Tx, ownerId: string) {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(
      and(
        eq(users.role, 'AC'),
        sql`${users.agencyId} in (select ${agencies.id} from ${agencies} where ${agencies.ownerId} = ${ownerId})`,
      ),
    );
}

export async function setPassword(tx: Tx, userId: string, passwordHash: string, mustChange: boolean) {
  await tx
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: mustChange,
      passwordChangedAt: sql`now()`,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

export async function ownerStats(db: Db) {
  const [row] = await db
    .select({
      totalClients: count(),
      activeClients: sql<number>`count(*) filter (where ${users.isActive})::int`,
      verifiedClients: sql<number>`count(*) filter (where ${ownerAccounts.isVerified})::int`,
      // The calendar month in India (spec §9: Indian locale), whatever the server's time zone.
      newThisMonth: sql<number>`count(*) filter (where ${ownerAccounts.createdAt} >= (date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'))::int`,
    })
    .from(ownerAccounts)
    .innerJoin(users, eq(users.id, ownerAccounts.userId));
  return row ?? { totalClients: 0, activeClients: 0, verifiedClients: 0, newThisMonth: 0 };
}
