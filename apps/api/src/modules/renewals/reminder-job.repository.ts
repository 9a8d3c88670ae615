import { and, asc, eq, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  insurancePolicies,
  investmentAccounts,
  ownerAccounts,
  primaryClients,
  providers,
  reminderSends,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';

// The reminder job's queries. Unlike the rest of the API the job works for every agency at once, so these
// functions do not take an agency id first; every row they write or read still carries its agency_id.

export type PlanType = 'insurance' | 'investment';
type PlanTable = typeof insurancePolicies | typeof investmentAccounts;
const tableOf = (type: PlanType): PlanTable =>
  type === 'insurance' ? insurancePolicies : investmentAccounts;

const owner = alias(users, 'owner_user');
const holder = alias(secondaryClients, 'holder');

/** Agencies whose owner may still use the portal (a deactivated owner's agency gets no e-mail). */
const liveAgency = and(eq(owner.isActive, true));

/**
 * Active plans of live agencies ending between `from` and `until` (inclusive), with who to remind, whose
 * reminder due today (the smallest reminder day not below the days left) has no row yet: a run every few
 * minutes reads only what is new, not every plan in the window again.
 */
export async function plansEnding(db: Db, type: PlanType, from: string, until: string) {
  const table = tableOf(type);
  const offset = sql`(select min(d) from unnest(${agencies.reminderDays}) d where d >= (${table.endDate} - ${from}::date))`;
  const notPlanned = sql`not exists (select 1 from ${reminderSends} s where s.agency_id = ${table.agencyId}
    and s.dedupe_key = 'reminder:' || ${table.id}::text || ':' || ${table.endDate}::text || ':' || ${offset}::text)`;
  return db
    .select({
      planId: table.id,
      agencyId: table.agencyId,
      primaryClientId: table.primaryClientId,
      endDate: table.endDate,
      email: primaryClients.email,
      notifyByEmail: primaryClients.notifyByEmail,
      language: primaryClients.preferredLanguage,
      reminderDays: agencies.reminderDays,
    })
    .from(table)
    .innerJoin(
      primaryClients,
      and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, table.agencyId)),
    )
    .innerJoin(agencies, eq(agencies.id, table.agencyId))
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .where(
      and(
        eq(table.status, 'active'),
        isNull(table.deletedAt),
        isNull(primaryClients.deletedAt),
        gte(table.endDate, from),
        lte(table.endDate, until),
        sql`${offset} is not null`,
        notPlanned,
        liveAgency,
      ),
    );
}

/**
 * How many days before a premium's due date a reminder may go: the agency's reminder days shorter than the
 * time between two instalments (decision 040), so a monthly premium is not reminded of 30 days ahead, the day its
 * last one was paid. In SQL over the plan's stored `premium_mode`, as `premiumReminderDays` says in TypeScript.
 */
const stepDays = (mode: SQL) =>
  sql`(30 * 12 / (case ${mode} when 'Half-yearly' then 2 when 'Quarterly' then 4 when 'Monthly' then 12 else 1 end))`;

/**
 * Active plans of live agencies whose next premium falls due between `from` and `until` (inclusive) apart from
 * their end date (a renewing cover's renewal premium is its expiry reminder) and is not a SIP's (debited by the
 * bank mandate), with who to remind, whose premium-due reminder due today has no row yet (decision 040).
 */
export async function premiumsDue(db: Db, type: PlanType, from: string, until: string) {
  const table = tableOf(type);
  const offset = sql`(select min(d) from unnest(${agencies.reminderDays}) d
    where d >= (${table.nextDueDate} - ${from}::date) and d < ${stepDays(sql`${table.premiumMode}`)})`;
  const notPlanned = sql`not exists (select 1 from ${reminderSends} s where s.agency_id = ${table.agencyId}
    and s.dedupe_key = 'premium-due:' || ${table.id}::text || ':' || ${table.nextDueDate}::text || ':' || ${offset}::text)`;
  const notSip =
    type === 'investment'
      ? sql`not (${services.code} = 'mutual_funds' and ${table.subtypeFields}->>'investment_mode' = 'sip')`
      : sql`true`;
  return db
    .select({
      planId: table.id,
      agencyId: table.agencyId,
      primaryClientId: table.primaryClientId,
      nextDueDate: table.nextDueDate,
      premiumMode: table.premiumMode,
      email: primaryClients.email,
      notifyByEmail: primaryClients.notifyByEmail,
      language: primaryClients.preferredLanguage,
      reminderDays: agencies.reminderDays,
    })
    .from(table)
    .innerJoin(services, eq(services.id, table.serviceId))
    .innerJoin(
      primaryClients,
      and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, table.agencyId)),
    )
    .innerJoin(agencies, eq(agencies.id, table.agencyId))
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .where(
      and(
        eq(table.status, 'active'),
        isNull(table.deletedAt),
        isNull(primaryClients.deletedAt),
        gte(table.nextDueDate, from),
        lte(table.nextDueDate, until),
        sql`${table.nextDueDate} is distinct from ${table.endDate}`,
        notSip,
        sql`${offset} is not null`,
        notPlanned,
        liveAgency,
      ),
    );
}

/** Active insurance policies without an end date that have no record saying so yet. */
export async function policiesWithoutEndDate(db: Db) {
  return db
    .select({
      planId: insurancePolicies.id,
      agencyId: insurancePolicies.agencyId,
      primaryClientId: insurancePolicies.primaryClientId,
      email: primaryClients.email,
      language: primaryClients.preferredLanguage,
    })
    .from(insurancePolicies)
    .innerJoin(primaryClients, eq(primaryClients.id, insurancePolicies.primaryClientId))
    .innerJoin(agencies, eq(agencies.id, insurancePolicies.agencyId))
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .leftJoin(
      reminderSends,
      and(
        eq(reminderSends.agencyId, insurancePolicies.agencyId),
        eq(reminderSends.dedupeKey, sql`'no-end-date:' || ${insurancePolicies.id}::text`),
      ),
    )
    .where(
      and(
        eq(insurancePolicies.status, 'active'),
        isNull(insurancePolicies.endDate),
        isNull(insurancePolicies.deletedAt),
        isNull(primaryClients.deletedAt),
        isNull(reminderSends.id),
        liveAgency,
      ),
    );
}

export type NewSend = typeof reminderSends.$inferInsert;

/** Writes the rows of work to do; a row whose key exists already is left as it is (the claim). */
export async function insertSends(db: Db, rows: NewSend[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const out = await db
      .insert(reminderSends)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: [reminderSends.agencyId, reminderSends.dedupeKey] })
      .returning({ id: reminderSends.id });
    inserted += out.length;
  }
  return inserted;
}

/** A plan of the agency still active whose open follow-up is `today` or passed (decision 042). */
const followUpDue = (today: string) => {
  const due = (table: PlanTable) =>
    sql`exists (select 1 from ${table} p where p.agency_id = ${agencies.id} and p.status = 'active'
      and p.deleted_at is null and p.work_date <= ${today}::date and p.follow_up_date <= ${today}::date)`;
  return sql`(${due(insurancePolicies)} or ${due(investmentAccounts)})`;
};

/**
 * Agencies with something for today's digest: an active plan ending within the agency's longest reminder
 * day (or already past its end date), a follow-up due (decision 040), or a reminder that failed in the last
 * week; with the owner to tell.
 */
export async function agenciesForDigest(db: Db, today: string, failedSince: Date) {
  const horizon = sql`(${today}::date + (select coalesce(max(d), 30) from unnest(${agencies.reminderDays}) d))`;
  const planDue = (table: PlanTable) =>
    sql`exists (select 1 from ${table} p where p.agency_id = ${agencies.id} and p.status = 'active'
      and p.deleted_at is null and p.end_date is not null and p.end_date <= ${horizon})`;
  return db
    .select({ agencyId: agencies.id, email: owner.email })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .where(
      and(
        liveAgency,
        sql`not exists (select 1 from ${reminderSends} s where s.agency_id = ${agencies.id}
          and s.dedupe_key = ${`digest:${today}`})`,
        or(
          planDue(insurancePolicies),
          planDue(investmentAccounts),
          followUpDue(today),
          sql`exists (select 1 from ${reminderSends} s where s.agency_id = ${agencies.id}
            and s.status = 'failed' and s.updated_at >= ${failedSince.toISOString()}::timestamptz)`,
        ),
      ),
    );
}

/**
 * Takes up to `limit` rows that are due (pending with next_attempt_at passed, or `sending` under a claim
 * older than `staleBefore`: a runner that died mid-send) and marks them `sending` for this runner, one
 * more attempt each. SKIP LOCKED lets runners working at the same moment take disjoint rows.
 */
export async function claimDue(db: Db, runnerId: string, now: Date, staleBefore: Date, limit: number) {
  const due = db
    .select({ id: reminderSends.id })
    .from(reminderSends)
    .where(
      or(
        and(eq(reminderSends.status, 'pending'), lte(reminderSends.nextAttemptAt, now)),
        and(eq(reminderSends.status, 'sending'), lt(reminderSends.claimedAt, staleBefore)),
      ),
    )
    .orderBy(sql`(${reminderSends.kind} = 'digest')`, asc(reminderSends.nextAttemptAt), asc(reminderSends.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(reminderSends)
    .set({
      status: 'sending',
      attempts: sql`${reminderSends.attempts} + 1`,
      claimedBy: runnerId,
      claimedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        inArray(reminderSends.id, due),
        or(
          and(eq(reminderSends.status, 'pending'), lte(reminderSends.nextAttemptAt, now)),
          and(eq(reminderSends.status, 'sending'), lt(reminderSends.claimedAt, staleBefore)),
        ),
      ),
    )
    .returning();
}

export type ClaimedSend = Awaited<ReturnType<typeof claimDue>>[number];

/** Records the outcome of a claimed row, only while this runner still holds the claim. */
export async function finish(
  db: Db,
  id: string,
  runnerId: string,
  values: Partial<typeof reminderSends.$inferInsert>,
): Promise<boolean> {
  const out = await db
    .update(reminderSends)
    .set({ ...values, claimedBy: null, claimedAt: null })
    .where(
      and(
        eq(reminderSends.id, id),
        eq(reminderSends.claimedBy, runnerId),
        eq(reminderSends.status, 'sending'),
      ),
    )
    .returning({ id: reminderSends.id });
  return out.length === 1;
}

/** The plan a reminder is about, as it is now, with its client, holder, provider and service. */
export async function reminderPlan(db: Db, agencyId: string, type: PlanType, planId: string) {
  const table = tableOf(type);
  const number = type === 'insurance' ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
  const amount = type === 'insurance' ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  const [row] = await db
    .select({
      status: table.status,
      deletedAt: table.deletedAt,
      endDate: table.endDate,
      nextDueDate: table.nextDueDate,
      startDate: table.startDate,
      subtypeFields: table.subtypeFields,
      planName: table.planName,
      serviceCode: services.code,
      planNumber: number,
      amount,
      clientFirst: primaryClients.firstName,
      clientLast: primaryClients.lastName,
      clientEmail: primaryClients.email,
      clientDeletedAt: primaryClients.deletedAt,
      notifyByEmail: primaryClients.notifyByEmail,
      language: primaryClients.preferredLanguage,
      holderFirst: holder.firstName,
      holderLast: holder.lastName,
      providerName: providers.providerName,
      serviceName: services.name,
    })
    .from(table)
    .innerJoin(primaryClients, eq(primaryClients.id, table.primaryClientId))
    .innerJoin(providers, eq(providers.id, table.providerId))
    .innerJoin(services, eq(services.id, table.serviceId))
    .leftJoin(holder, and(eq(holder.id, table.secondaryClientId), isNull(holder.deletedAt)))
    .where(and(eq(table.agencyId, agencyId), eq(table.id, planId)));
  return row ?? null;
}

export async function agencyContact(db: Db, agencyId: string) {
  const [row] = await db
    .select({
      name: agencies.name,
      slug: agencies.slug,
      email: agencies.email,
      phone: agencies.phone,
      website: agencies.website,
      reminderDays: agencies.reminderDays,
      ownerName: owner.fullName,
      ownerEmail: owner.email,
      /** Decisions §4: e-mail goes out only for an agency the platform admin verified, while it is active. */
      mayEmail: sql<boolean>`(${ownerAccounts.isVerified} and ${owner.isActive})`,
    })
    .from(agencies)
    .innerJoin(ownerAccounts, eq(ownerAccounts.id, agencies.ownerId))
    .innerJoin(owner, eq(owner.id, ownerAccounts.userId))
    .where(eq(agencies.id, agencyId));
  return row ?? null;
}
