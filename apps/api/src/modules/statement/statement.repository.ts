import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agencies, insuredMembers, primaryClients, secondaryClients } from '../../db/schema.ts';
import { listPlans } from '../client-portal/client-portal.repository.ts';

// What a household's portfolio statement reads (issue 29 item 2, decision 047). Every query names the agency,
// and every row of the household its primary client. The plans are read by the client area's own query
// (`listPlans`, the same joins and conditions as My Plans), so the statement names every plan My Plans lists.

/** The household's primary client, not removed, or null. */
export async function findHouseholdClient(db: Db, agencyId: string, primaryClientId: string) {
  const [row] = await db
    .select({
      id: primaryClients.id,
      firstName: primaryClients.firstName,
      lastName: primaryClients.lastName,
      panLast4: primaryClients.panLast4,
      aadhaarLast4: primaryClients.aadhaarLast4,
    })
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

/** The household's family members, removed ones too (their plans may remain), by name. */
export function listMembers(db: Db, agencyId: string, primaryClientId: string) {
  return db
    .select({
      id: secondaryClients.id,
      firstName: secondaryClients.firstName,
      lastName: secondaryClients.lastName,
      relationship: secondaryClients.relationship,
      panLast4: secondaryClients.panLast4,
      aadhaarLast4: secondaryClients.aadhaarLast4,
      removed: sql<boolean>`${secondaryClients.deletedAt} is not null`,
    })
    .from(secondaryClients)
    .where(
      and(eq(secondaryClients.agencyId, agencyId), eq(secondaryClients.primaryClientId, primaryClientId)),
    )
    .orderBy(asc(secondaryClients.firstName), asc(secondaryClients.lastName), asc(secondaryClients.id));
}

/** The household's plans of both kinds, as the client area lists them (newest first). */
export async function listHouseholdPlans(db: Db, agencyId: string, primaryClientId: string) {
  const [insurance, investment] = await Promise.all([
    listPlans(db, agencyId, primaryClientId, 'insurance', sql`true`),
    listPlans(db, agencyId, primaryClientId, 'investment', sql`true`),
  ]);
  return { insurance, investment };
}

/** The insured members of some policies of the agency, by policy. */
export async function insuredMembersOf(db: Db, agencyId: string, policyIds: readonly string[]) {
  const byPolicy = new Map<string, string[]>();
  if (policyIds.length === 0) return byPolicy;
  const rows = await db
    .select({ policyId: insuredMembers.policyId, name: insuredMembers.name })
    .from(insuredMembers)
    .where(and(eq(insuredMembers.agencyId, agencyId), inArray(insuredMembers.policyId, [...policyIds])))
    .orderBy(asc(insuredMembers.createdAt), asc(insuredMembers.name), asc(insuredMembers.id));
  for (const r of rows) byPolicy.set(r.policyId, [...(byPolicy.get(r.policyId) ?? []), r.name]);
  return byPolicy;
}

/** The agency's name, contact and logo document. */
export async function findAgencyContact(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      name: agencies.name,
      email: agencies.email,
      phone: agencies.phone,
      website: agencies.website,
      licenseNumber: agencies.licenseNumber,
      society: agencies.society,
      locality: agencies.locality,
      city: agencies.city,
      stateName: agencies.stateName,
      pincode: agencies.pincode,
      logoDocumentId: agencies.logoDocumentId,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
    .limit(1);
  return row ?? null;
}
