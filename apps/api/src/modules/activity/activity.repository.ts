import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cursorOf, keyset, type PagePlace, pageOf } from '../../db/keyset.ts';
import { inlineCount } from '../../db/literal.ts';
import {
  agencies,
  auditLog,
  insurancePolicies,
  investmentAccounts,
  ownerAccounts,
  primaryClients,
  providers,
  secondaryClients,
  users,
} from '../../db/schema.ts';

// The activity log's reads (issue 25 item 4, decision 033): one page of the agency's audit entries, newest first
// by keyset on (at, id), in the (agency, at, id), (agency, actor, at, id) or (agency, client, at, id) index;
// then the names of the page's people, clients, plans, members and providers, each in one statement.

export interface ActivityFilter {
  actions: readonly string[];
  person?: string | undefined;
  client?: string | undefined;
  /** Instants: from inclusive, until exclusive. */
  from?: Date | undefined;
  until?: Date | undefined;
}

export async function pageOfEntries(
  db: Db,
  agencyId: string,
  filter: ActivityFilter,
  page: PagePlace & { limit: number },
) {
  const ks = keyset(page, 'bigint');
  const where: (SQL | undefined)[] = [
    eq(auditLog.agencyId, agencyId),
    inArray(auditLog.action, [...filter.actions]),
    filter.person ? eq(auditLog.actorUserId, filter.person) : undefined,
    filter.client ? eq(auditLog.primaryClientId, filter.client) : undefined,
    filter.from ? sql`${auditLog.at} >= ${filter.from.toISOString()}::timestamptz` : undefined,
    filter.until ? sql`${auditLog.at} < ${filter.until.toISOString()}::timestamptz` : undefined,
    ks.seek(auditLog.at, auditLog.id, ks.cursor),
  ];
  const found = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorUserId: auditLog.actorUserId,
      actorRole: auditLog.actorRole,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      primaryClientId: auditLog.primaryClientId,
      detail: auditLog.detail,
      cursor: cursorOf(auditLog.at, auditLog.id),
    })
    .from(auditLog)
    .where(and(...where))
    .orderBy(...ks.order(auditLog.at, auditLog.id))
    .limit(inlineCount(page.limit + 1));
  return pageOf(found, page.limit, { ...page, offset: 0 });
}

export type EntryRow = Awaited<ReturnType<typeof pageOfEntries>>['rows'][number];

export async function namesOfUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
}

export async function clientsByIds(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: primaryClients.id,
      firstName: primaryClients.firstName,
      lastName: primaryClients.lastName,
      clientCode: primaryClients.clientCode,
      deletedAt: primaryClients.deletedAt,
    })
    .from(primaryClients)
    .where(and(eq(primaryClients.agencyId, agencyId), inArray(primaryClients.id, ids)));
}

export async function plansByIds(
  db: Db,
  agencyId: string,
  ids: { insurance: string[]; investment: string[] },
) {
  const policies =
    ids.insurance.length === 0
      ? []
      : await db
          .select({
            id: insurancePolicies.id,
            number: insurancePolicies.policyNumber,
            deletedAt: insurancePolicies.deletedAt,
          })
          .from(insurancePolicies)
          .where(and(eq(insurancePolicies.agencyId, agencyId), inArray(insurancePolicies.id, ids.insurance)));
  const accounts =
    ids.investment.length === 0
      ? []
      : await db
          .select({
            id: investmentAccounts.id,
            number: investmentAccounts.accountNumber,
            deletedAt: investmentAccounts.deletedAt,
          })
          .from(investmentAccounts)
          .where(
            and(eq(investmentAccounts.agencyId, agencyId), inArray(investmentAccounts.id, ids.investment)),
          );
  return [...policies, ...accounts];
}

export async function membersByIds(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: secondaryClients.id,
      firstName: secondaryClients.firstName,
      lastName: secondaryClients.lastName,
      deletedAt: secondaryClients.deletedAt,
    })
    .from(secondaryClients)
    .where(and(eq(secondaryClients.agencyId, agencyId), inArray(secondaryClients.id, ids)));
}

export async function providersByIds(db: Db, agencyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: providers.id, name: providers.providerName, deletedAt: providers.deletedAt })
    .from(providers)
    .where(and(eq(providers.agencyId, agencyId), inArray(providers.id, ids)));
}

/** The agency's owner and its staff (never its clients): whom the person filter offers. */
export async function peopleOf(db: Db, agencyId: string) {
  const [owner] = await db
    .select({ id: users.id, name: users.fullName, role: users.role, active: users.isActive })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(users, eq(users.id, ownerAccounts.userId))
    .where(eq(agencies.id, agencyId));
  const staff = await db
    .select({ id: users.id, name: users.fullName, role: users.role, active: users.isActive })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), ne(users.role, 'AC')))
    .orderBy(asc(users.fullName), asc(users.id));
  return owner ? [owner, ...staff] : staff;
}
