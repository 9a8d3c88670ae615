import { and, asc, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  insurancePolicies,
  investmentAccounts,
  planFollowUps,
  planLosses,
  primaryClients,
  providers,
  users,
  whatsAppTemplates,
} from '../../db/schema.ts';

// Follow-ups, lost marks and WhatsApp templates (issue 27): every function takes the agency first (conventions).

/**
 * The agency's plans still active whose open follow-up (`follow_up_date`, decision 042) is `today` or passed,
 * soonest first, at most `limit` of each kind, with the follow-up's note (the owner's daily digest, decision 040).
 * A follow-up is open until a contact on or after its day, a payment or a renewal closes it. Read through the
 * work-list's index: an open follow-up that is due puts the plan's work date on or before it.
 */
export async function followUpsDue(db: Db, agencyId: string, today: string, limit: number) {
  const rows = [];
  for (const type of ['insurance', 'investment'] as const) {
    const table = type === 'insurance' ? insurancePolicies : investmentAccounts;
    const number = type === 'insurance' ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
    const found = await db
      .select({
        planId: table.id,
        nextDate: sql<string>`${table.followUpDate}`,
        note: sql<string>`(select f.note from ${planFollowUps} f where f.agency_id = ${agencyId}
          and f.plan_id = ${table.id} order by f.at desc, f.id desc limit 1)`,
        planNumber: number,
        providerName: providers.providerName,
        clientFirst: primaryClients.firstName,
        clientLast: primaryClients.lastName,
      })
      .from(table)
      .innerJoin(
        primaryClients,
        and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, agencyId)),
      )
      .innerJoin(providers, and(eq(providers.id, table.providerId), eq(providers.agencyId, agencyId)))
      .where(
        and(
          eq(table.agencyId, agencyId),
          lte(table.workDate, today),
          lte(table.followUpDate, today),
          eq(table.status, 'active'),
          isNull(table.deletedAt),
          isNull(primaryClients.deletedAt),
        ),
      )
      .orderBy(asc(table.followUpDate), asc(table.id))
      .limit(limit);
    rows.push(...found.map((r) => ({ ...r, planType: type })));
  }
  return rows.sort((a, b) => a.nextDate.localeCompare(b.nextDate) || a.planId.localeCompare(b.planId));
}

/** A plan's follow-ups, newest first, with who added each. */
export function followUpsOf(db: Db, agencyId: string, planId: string) {
  return db
    .select({
      id: planFollowUps.id,
      nextDate: planFollowUps.nextDate,
      note: planFollowUps.note,
      by: users.fullName,
      at: planFollowUps.at,
    })
    .from(planFollowUps)
    .leftJoin(users, eq(users.id, planFollowUps.actorUserId))
    .where(and(eq(planFollowUps.agencyId, agencyId), eq(planFollowUps.planId, planId)))
    .orderBy(desc(planFollowUps.at), desc(planFollowUps.id));
}

export async function insertFollowUp(
  db: Db,
  agencyId: string,
  values: Omit<typeof planFollowUps.$inferInsert, 'agencyId'>,
) {
  await db.insert(planFollowUps).values({ ...values, agencyId });
}

export async function lossOf(db: Db, agencyId: string, planId: string) {
  const [row] = await db
    .select({
      reason: planLosses.reason,
      reasonText: planLosses.reasonText,
      by: users.fullName,
      at: planLosses.at,
    })
    .from(planLosses)
    .leftJoin(users, eq(users.id, planLosses.actorUserId))
    .where(and(eq(planLosses.agencyId, agencyId), eq(planLosses.planId, planId)));
  return row ?? null;
}

/** The plan's lost mark; a plan renewed and lost again keeps only the latest reason. */
export async function upsertLoss(
  db: Db,
  agencyId: string,
  values: Omit<typeof planLosses.$inferInsert, 'agencyId'>,
) {
  await db
    .insert(planLosses)
    .values({ ...values, agencyId })
    .onConflictDoUpdate({
      target: [planLosses.agencyId, planLosses.planId],
      set: {
        reason: values.reason,
        reasonText: values.reasonText ?? null,
        actorUserId: values.actorUserId ?? null,
        at: sql`now()`,
      },
    });
}

/** Plans lost from `since` (an instant) to `until`, of an agent's clients when `assigned` says so. */
export async function lostBetween(db: Db, agencyId: string, since: Date, until: Date, assigned?: SQL) {
  const base = db.select({ n: sql<number>`count(*)::int` }).from(planLosses);
  const range = [eq(planLosses.agencyId, agencyId), gte(planLosses.at, since), lt(planLosses.at, until)];
  const [row] = assigned
    ? await base
        .innerJoin(
          primaryClients,
          and(eq(primaryClients.id, planLosses.primaryClientId), eq(primaryClients.agencyId, agencyId)),
        )
        .where(and(...range, assigned))
    : await base.where(and(...range));
  return row?.n ?? 0;
}

export function templatesOf(db: Db, agencyId: string) {
  return db.select().from(whatsAppTemplates).where(eq(whatsAppTemplates.agencyId, agencyId));
}

export async function saveTemplate(
  db: Db,
  agencyId: string,
  values: { kind: 'premium_due' | 'renewal'; language: 'en' | 'hi'; text: string; updatedBy: string },
) {
  await db
    .insert(whatsAppTemplates)
    .values({ ...values, agencyId })
    .onConflictDoUpdate({
      target: [whatsAppTemplates.agencyId, whatsAppTemplates.kind, whatsAppTemplates.language],
      set: { text: values.text, updatedBy: values.updatedBy, updatedAt: new Date() },
    });
}
