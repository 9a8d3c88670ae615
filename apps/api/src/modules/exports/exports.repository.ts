import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cursorOf } from '../../db/keyset.ts';
import {
  agencies,
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';

// The book read in keyset pages of clients (issue 26 item 7): never the whole book in memory. Every sheet walks
// the clients in the (agency, created_at, id) index (an agent's in (agency, agent, created_at, id)); a page of
// family members or plans is the members or plans of one page of clients, found by the range of that page's
// keys, so each statement has the same parameters whatever the page (one prepared plan per connection).

/** Whose clients: the whole agency, or an agent's own; and the book as it stood when the export began. */
export interface BookScope {
  agencyId: string;
  agentId: string | null;
  /** Clients created after the export began are left to the next export: every sheet shows the same clients. */
  untilMicros: string;
}

/** A client's place in the walk: created_at in microseconds (exact, as keyset.ts) and the id. */
export interface ClientKey {
  micros: string;
  id: string;
}

const instant = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
const keyOf = sql`(${primaryClients.createdAt}, ${primaryClients.id})`;

/** The clients of the scope, after `from` (exclusive) and up to `to` (inclusive) when given. */
function clientsOf(scope: BookScope, from: ClientKey | null, to: ClientKey | null): SQL {
  return and(
    eq(primaryClients.agencyId, scope.agencyId),
    scope.agentId === null ? undefined : eq(primaryClients.assignedAgentId, scope.agentId),
    isNull(primaryClients.deletedAt),
    sql`${primaryClients.createdAt} <= ${instant(scope.untilMicros)}`,
    from ? sql`${keyOf} > (${instant(from.micros)}, ${from.id}::uuid)` : undefined,
    to ? sql`${keyOf} <= (${instant(to.micros)}, ${to.id}::uuid)` : undefined,
  )!;
}

/** The agency's address (for the file's name) and the database's now, where the export's book ends. */
export async function exportStart(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      slug: agencies.slug,
      nowMicros: sql<string>`(extract(epoch from now()) * 1000000)::bigint::text`,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row;
}

const clientCursor = cursorOf(primaryClients.createdAt, primaryClients.id);

/** A page of clients with every column the Clients sheet shows. */
export function clientPage(db: Db, scope: BookScope, after: ClientKey | null, limit: number) {
  return db
    .select({
      cursor: clientCursor,
      id: primaryClients.id,
      clientCode: primaryClients.clientCode,
      firstName: primaryClients.firstName,
      lastName: primaryClients.lastName,
      dateOfBirth: primaryClients.dateOfBirth,
      gender: primaryClients.gender,
      nationality: primaryClients.nationality,
      occupation: primaryClients.occupation,
      email: primaryClients.email,
      phone: primaryClients.phone,
      alternatePhone: primaryClients.alternatePhone,
      emergencyContactName: primaryClients.emergencyContactName,
      emergencyContactPhone: primaryClients.emergencyContactPhone,
      houseNumber: primaryClients.houseNumber,
      society: primaryClients.society,
      locality: primaryClients.locality,
      city: primaryClients.city,
      state: primaryClients.state,
      pincode: primaryClients.pincode,
      panLast4: primaryClients.panLast4,
      aadhaarLast4: primaryClients.aadhaarLast4,
    })
    .from(primaryClients)
    .where(clientsOf(scope, after, null))
    .orderBy(asc(primaryClients.createdAt), asc(primaryClients.id))
    .limit(limit);
}
export type ClientRow = Awaited<ReturnType<typeof clientPage>>[number];

/** The last key of the next page of clients (its range for the members' and plans' pages), or none. */
export async function nextRange(
  db: Db,
  scope: BookScope,
  after: ClientKey | null,
  limit: number,
): Promise<ClientKey | null> {
  const [row] = await db
    .select({ cursor: clientCursor })
    .from(primaryClients)
    .where(clientsOf(scope, after, null))
    .orderBy(asc(primaryClients.createdAt), asc(primaryClients.id))
    .offset(limit - 1)
    .limit(1);
  if (row) return parseKey(row.cursor);
  // The last, shorter page: it ends at the scope's last client.
  const [last] = await db
    .select({ cursor: clientCursor })
    .from(primaryClients)
    .where(clientsOf(scope, after, null))
    .orderBy(sql`${primaryClients.createdAt} desc`, sql`${primaryClients.id} desc`)
    .limit(1);
  return last ? parseKey(last.cursor) : null;
}

export function parseKey(cursor: string): ClientKey {
  const [micros, id] = cursor.split('_') as [string, string];
  return { micros, id };
}

/** The family members of the clients in (from, to], in the clients' order. */
export function memberRange(db: Db, scope: BookScope, from: ClientKey | null, to: ClientKey) {
  return db
    .select({
      clientCode: primaryClients.clientCode,
      firstName: secondaryClients.firstName,
      lastName: secondaryClients.lastName,
      relationship: secondaryClients.relationship,
      relationType: secondaryClients.relationType,
      dateOfBirth: secondaryClients.dateOfBirth,
      gender: secondaryClients.gender,
      email: secondaryClients.email,
      phone: secondaryClients.phone,
      alternatePhone: secondaryClients.alternatePhone,
      houseNumber: secondaryClients.houseNumber,
      society: secondaryClients.society,
      locality: secondaryClients.locality,
      city: secondaryClients.city,
      state: secondaryClients.state,
      pincode: secondaryClients.pincode,
      heightCm: secondaryClients.heightCm,
      weightKg: secondaryClients.weightKg,
      medicalConditions: secondaryClients.medicalConditions,
      aadhaarLast4: secondaryClients.aadhaarLast4,
      panLast4: secondaryClients.panLast4,
      cifLast4: secondaryClients.cifLast4,
      accountNumberLast4: secondaryClients.accountNumberLast4,
      ifscCode: secondaryClients.ifscCode,
    })
    .from(primaryClients)
    .innerJoin(
      secondaryClients,
      and(
        eq(secondaryClients.agencyId, primaryClients.agencyId),
        eq(secondaryClients.primaryClientId, primaryClients.id),
        isNull(secondaryClients.deletedAt),
      ),
    )
    .where(clientsOf(scope, from, to))
    .orderBy(
      asc(primaryClients.createdAt),
      asc(primaryClients.id),
      asc(secondaryClients.createdAt),
      asc(secondaryClients.id),
    );
}
export type MemberRow = Awaited<ReturnType<typeof memberRange>>[number];

type PlanTable = typeof insurancePolicies | typeof investmentAccounts;

/**
 * The policies or the accounts of the clients in (from, to], in the clients' order: the holder's name, the
 * provider's name, the service's code, and a health policy's insured members as JSON text (the two drivers
 * need not agree on parsing json). A removed member's plans leave the book with the member, as in the family view.
 */
function planRange(db: Db, scope: BookScope, table: PlanTable, from: ClientKey | null, to: ClientKey) {
  const insurance = table === insurancePolicies;
  const number = insurance ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
  const money = insurance ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  const insured = insurance
    ? sql<string | null>`(select json_agg(json_build_object(
          'insured_member_name', im.insured_member_name, 'relationship', im.relationship,
          'insured_member_dob', im.insured_member_dob, 'insured_member_phone_number', im.insured_member_phone_number
        ) order by im.created_at, im.id)::text
        from insured_members im where im.agency_id = ${table.agencyId} and im.policy_id = ${table.id})`
    : sql<string | null>`null::text`;
  return db
    .select({
      cursor: clientCursor,
      clientCode: primaryClients.clientCode,
      holderFirst: secondaryClients.firstName,
      holderLast: secondaryClients.lastName,
      serviceCode: services.code,
      providerName: providers.providerName,
      number,
      money,
      startDate: table.startDate,
      endDate: table.endDate,
      status: table.status,
      subtypeFields: sql<string>`${table.subtypeFields}::text`,
      insured,
      nomineeFullName: table.nomineeFullName,
      nomineeRelation: table.nomineeRelation,
      nomineeDob: table.nomineeDob,
      nomineePhone: table.nomineePhone,
      nomineeEmail: table.nomineeEmail,
    })
    .from(primaryClients)
    .innerJoin(
      table,
      and(
        eq(table.agencyId, primaryClients.agencyId),
        eq(table.primaryClientId, primaryClients.id),
        isNull(table.deletedAt),
      ),
    )
    .innerJoin(providers, and(eq(providers.id, table.providerId), eq(providers.agencyId, table.agencyId)))
    .innerJoin(services, eq(services.id, table.serviceId))
    .leftJoin(
      secondaryClients,
      and(eq(secondaryClients.id, table.secondaryClientId), eq(secondaryClients.agencyId, table.agencyId)),
    )
    .where(
      and(
        clientsOf(scope, from, to),
        sql`(${table.secondaryClientId} is null or ${secondaryClients.deletedAt} is null)`,
      ),
    )
    .orderBy(asc(primaryClients.createdAt), asc(primaryClients.id), asc(table.createdAt), asc(table.id));
}

export const policyRange = (db: Db, scope: BookScope, from: ClientKey | null, to: ClientKey) =>
  planRange(db, scope, insurancePolicies, from, to);
export const accountRange = (db: Db, scope: BookScope, from: ClientKey | null, to: ClientKey) =>
  planRange(db, scope, investmentAccounts, from, to);
export type PlanRow = Awaited<ReturnType<typeof policyRange>>[number];
