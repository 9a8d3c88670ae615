import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { inlineCount } from '../../db/literal.ts';
import {
  agencies,
  agencyWorkDays,
  insurancePolicies,
  investmentAccounts,
  mailOutbox,
  primaryClients,
  providers,
  reminderSends,
  renewalEvents,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';

// The work-list's queries: every function takes the agency first (conventions) and names it in each join.

export type PlanType = 'insurance' | 'investment';
type PlanTable = typeof insurancePolicies | typeof investmentAccounts;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export const tableOf = (type: PlanType): PlanTable =>
  type === 'insurance' ? insurancePolicies : investmentAccounts;

const holder = alias(secondaryClients, 'holder');
const previousProvider = alias(providers, 'previous_provider');
const newProvider = alias(providers, 'new_provider');

export interface DateRange {
  /** Inclusive bounds on the end date. */
  from?: string;
  until?: string;
  /** Exclusive upper bound (overdue: before today). */
  before?: string;
}

function rangeWhere(table: PlanTable, range: DateRange): SQL[] {
  return [
    ...(range.from ? [gte(table.endDate, range.from)] : []),
    ...(range.until ? [lte(table.endDate, range.until)] : []),
    ...(range.before ? [lt(table.endDate, range.before)] : []),
  ];
}

function planSelect(db: Db, agencyId: string, type: PlanType) {
  const table = tableOf(type);
  const number = type === 'insurance' ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
  const amount = type === 'insurance' ? insurancePolicies.premiumAmount : investmentAccounts.amount;
  return db
    .select({
      planId: table.id,
      planNumber: number,
      planName: table.planName,
      status: table.status,
      endDate: table.endDate,
      startDate: table.startDate,
      subtypeFields: table.subtypeFields,
      nextDueDate: table.nextDueDate,
      followUpDate: table.followUpDate,
      workDate: table.workDate,
      amount,
      documentId: table.documentId,
      serviceCode: services.code,
      serviceName: services.name,
      providerName: providers.providerName,
      primaryClientId: primaryClients.id,
      clientCode: primaryClients.clientCode,
      clientFirst: primaryClients.firstName,
      clientLast: primaryClients.lastName,
      clientEmail: primaryClients.email,
      clientPhone: primaryClients.phone,
      clientLanguage: primaryClients.preferredLanguage,
      holderFirst: holder.firstName,
      holderLast: holder.lastName,
    })
    .from(table)
    .innerJoin(
      primaryClients,
      and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, agencyId)),
    )
    .innerJoin(providers, and(eq(providers.id, table.providerId), eq(providers.agencyId, agencyId)))
    .innerJoin(services, eq(services.id, table.serviceId))
    .leftJoin(
      holder,
      and(eq(holder.id, table.secondaryClientId), eq(holder.agencyId, agencyId), isNull(holder.deletedAt)),
    );
}

export type PlanRow = Awaited<ReturnType<typeof windowPlans>>[number] & { type: PlanType };

/** `assigned`: an agent's clients only (decision 034); the work-list's queries all join the plan's client. */
const activeWhere = (table: PlanTable, agencyId: string, assigned?: SQL) => [
  eq(table.agencyId, agencyId),
  eq(table.status, 'active'),
  isNull(table.deletedAt),
  isNull(primaryClients.deletedAt),
  assigned,
];

/** Active plans of one kind whose end date is in the range, soonest first. */
export function windowPlans(db: Db, agencyId: string, type: PlanType, range: DateRange, limit: number) {
  const table = tableOf(type);
  return planSelect(db, agencyId, type)
    .where(and(...activeWhere(table, agencyId), ...rangeWhere(table, range)))
    .orderBy(asc(table.endDate), asc(table.id))
    .limit(limit);
}

/** Where a page of the work-list starts: a place to seek from (keyset), or a number of rows to skip. */
export type PageStart =
  | { after: { workDate: string; planId: string } }
  | { before: { workDate: string; planId: string } }
  | { offset: number };

/** What narrows the work-list beyond its bucket: kind, service, provider, an agent's clients (decision 042). */
export interface WorkFilter {
  types: readonly PlanType[];
  serviceId?: string;
  providerId?: string;
  /** The clients assigned to this staff member (the owner's filter, or an agent's own wall: decision 034). */
  staffId?: string;
}

/** Inclusive bounds on the work date; either may be open. */
export interface WorkRange {
  from?: string;
  until?: string;
}

function workWhere(table: PlanTable, agencyId: string, range: WorkRange, filter: WorkFilter): SQL[] {
  return [
    eq(table.agencyId, agencyId),
    eq(table.status, 'active'),
    isNull(table.deletedAt),
    isNull(primaryClients.deletedAt),
    isNotNull(table.workDate),
    ...(range.from ? [gte(table.workDate, range.from)] : []),
    ...(range.until ? [lte(table.workDate, range.until)] : []),
    ...(filter.serviceId ? [eq(table.serviceId, filter.serviceId)] : []),
    ...(filter.providerId ? [eq(table.providerId, filter.providerId)] : []),
    ...(filter.staffId ? [eq(primaryClients.assignedAgentId, filter.staffId)] : []),
  ];
}

/**
 * One page of the work-list over the kinds asked for, in work-date then id order, as ids: one statement whose
 * answer is never more than `limit + 1` rows (issue 23 item 11), read from each plan table's partial index on
 * (agency, work date, id). The extra row says whether there is more in the direction read. A `before` page is
 * read backwards, then turned.
 */
export async function bucketPageIds(
  db: Db,
  agencyId: string,
  range: WorkRange,
  filter: WorkFilter,
  start: PageStart,
  limit: number,
): Promise<{ ids: Array<{ planId: string; type: PlanType; workDate: string }>; more: boolean }> {
  const backwards = 'before' in start;
  const parts = filter.types.map((type) => {
    const table = tableOf(type);
    const seek =
      'after' in start
        ? [
            sql`(${table.workDate}, ${table.id}) > (${start.after.workDate}::date, ${start.after.planId}::uuid)`,
          ]
        : 'before' in start
          ? [
              sql`(${table.workDate}, ${table.id}) < (${start.before.workDate}::date, ${start.before.planId}::uuid)`,
            ]
          : [];
    // Each side is limited and ordered itself, so each reads no more of its index than the page needs.
    const inner = db
      .select({ planId: table.id, type: sql<PlanType>`${type}::text`.as('type'), workDate: table.workDate })
      .from(table)
      .innerJoin(
        primaryClients,
        and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, agencyId)),
      )
      .where(and(...workWhere(table, agencyId, range, filter), ...seek))
      .orderBy(
        ...(backwards ? [desc(table.workDate), desc(table.id)] : [asc(table.workDate), asc(table.id)]),
      );
    const skip = 'offset' in start ? start.offset : 0;
    return inner.limit(inlineCount(skip + limit + 1)).getSQL();
  });
  const order = backwards ? sql`work_date desc, plan_id desc` : sql`work_date, plan_id`;
  const skip = 'offset' in start ? sql` offset ${inlineCount(start.offset)}` : sql``;
  const union = sql.join(
    parts.map((part) => sql`(${part})`),
    sql` union all `,
  );
  const { rows } = (await db.execute(
    sql`select "id" as plan_id, "type", "work_date" from (${union}) as page order by ${order} limit ${inlineCount(limit + 1)}${skip}`,
  )) as unknown as { rows: Array<{ plan_id: string; type: PlanType; work_date: string }> };
  const more = rows.length > limit;
  const kept = rows
    .slice(0, limit)
    .map((r) => ({ planId: r.plan_id, type: r.type, workDate: String(r.work_date) }));
  return { ids: backwards ? kept.reverse() : kept, more };
}

/** Plans per bucket, from a date's row each: overdue is before `today`, the others by days from it. */
type BucketSums = Record<'overdue' | 'today' | 'tomorrow' | 'week' | 'd30' | 'd60' | 'd90', number>;
function bucketColumns(day: SQL, n: SQL, today: string) {
  const at = (d: number) => sql`(${today}::date + ${inlineCount(d)})`;
  const between = (a: number, b: number) => sql`${day} between ${at(a)} and ${at(b)}`;
  return sql`coalesce(sum(${n}) filter (where ${day} < ${today}::date), 0)::int as overdue,
    coalesce(sum(${n}) filter (where ${day} = ${today}::date), 0)::int as today,
    coalesce(sum(${n}) filter (where ${day} = ${at(1)}), 0)::int as tomorrow,
    coalesce(sum(${n}) filter (where ${between(2, 7)}), 0)::int as week,
    coalesce(sum(${n}) filter (where ${between(8, 30)}), 0)::int as d30,
    coalesce(sum(${n}) filter (where ${between(31, 60)}), 0)::int as d60,
    coalesce(sum(${n}) filter (where ${between(61, 90)}), 0)::int as d90`;
}

/**
 * Every bucket's count in one statement over the kept per-day counts (`agency_work_days`, decision 042): a few
 * hundred rows for the bench agency's 300,000 plans. They are the whole agency's, so a staff filter or an
 * agent's wall counts the plans instead (`countBucketsLive`).
 */
export async function keptBucketCounts(
  db: Db,
  agencyId: string,
  today: string,
  filter: Omit<WorkFilter, 'staffId'>,
): Promise<BucketSums> {
  const w = agencyWorkDays;
  const { rows } = (await db.execute(
    sql`select ${bucketColumns(sql`${w.workDate}`, sql`${w.plans}`, today)} from ${w}
      where ${and(
        eq(w.agencyId, agencyId),
        lte(w.workDate, addDays(today, 90)),
        filter.types.length === 1 ? eq(w.kind, filter.types[0]!) : undefined,
        filter.serviceId ? eq(w.serviceId, filter.serviceId) : undefined,
        filter.providerId ? eq(w.providerId, filter.providerId) : undefined,
      )}`,
  )) as unknown as { rows: BucketSums[] };
  return rows[0]!;
}

/** Every bucket's count of the plans of the clients of one staff member (a filter, or an agent's wall). */
export async function countBucketsLive(
  db: Db,
  agencyId: string,
  today: string,
  filter: WorkFilter,
): Promise<BucketSums> {
  const sums: BucketSums = { overdue: 0, today: 0, tomorrow: 0, week: 0, d30: 0, d60: 0, d90: 0 };
  for (const type of filter.types) {
    const table = tableOf(type);
    const [row] = (await db
      .select({
        sums: sql<BucketSums>`json_build_object(
        'overdue', count(*) filter (where ${table.workDate} < ${today}::date),
        'today', count(*) filter (where ${table.workDate} = ${today}::date),
        'tomorrow', count(*) filter (where ${table.workDate} = ${today}::date + 1),
        'week', count(*) filter (where ${table.workDate} between ${today}::date + 2 and ${today}::date + 7),
        'd30', count(*) filter (where ${table.workDate} between ${today}::date + 8 and ${today}::date + 30),
        'd60', count(*) filter (where ${table.workDate} between ${today}::date + 31 and ${today}::date + 60),
        'd90', count(*) filter (where ${table.workDate} between ${today}::date + 61 and ${today}::date + 90))`,
      })
      .from(table)
      .innerJoin(
        primaryClients,
        and(eq(primaryClients.id, table.primaryClientId), eq(primaryClients.agencyId, agencyId)),
      )
      .where(and(...workWhere(table, agencyId, { until: addDays(today, 90) }, filter)))) as Array<{
      sums: BucketSums;
    }>;
    for (const key of Object.keys(sums) as Array<keyof BucketSums>) sums[key] += Number(row?.sums[key] ?? 0);
  }
  return sums;
}

/** The rows of the plans named, of one kind, for the work-list (any order). */
export function plansByIds(db: Db, agencyId: string, type: PlanType, ids: string[]) {
  const table = tableOf(type);
  return planSelect(db, agencyId, type).where(and(eq(table.agencyId, agencyId), inArray(table.id, ids)));
}

/** The id of a service by its code; null for a code the catalogue does not hold. */
export async function serviceIdByCode(db: Db, code: string): Promise<string | null> {
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.code, code));
  return row?.id ?? null;
}

/** A plan of the agency (policy or account id), whatever its status; null when it is not the agency's. */
export async function findPlan(db: Db, agencyId: string, planId: string): Promise<PlanRow | null> {
  for (const type of ['insurance', 'investment'] as const) {
    const table = tableOf(type);
    const [row] = await planSelect(db, agencyId, type).where(
      and(
        eq(table.agencyId, agencyId),
        eq(table.id, planId),
        isNull(table.deletedAt),
        isNull(primaryClients.deletedAt),
      ),
    );
    if (row) return { ...row, type };
  }
  return null;
}

/** Locks a plan row for a change of its renewal state. */
export async function lockPlan(tx: Tx, agencyId: string, type: PlanType, planId: string) {
  const table = tableOf(type);
  const [row] = await tx
    .select({ status: table.status, endDate: table.endDate, documentId: table.documentId })
    .from(table)
    .where(and(eq(table.agencyId, agencyId), eq(table.id, planId), isNull(table.deletedAt)))
    .for('update');
  return row ?? null;
}

/** A policy's term as a renewal may change it: premium, policy number, insurer and the plan's service. */
export async function policyTerms(db: Db | Tx, agencyId: string, planId: string) {
  const [row] = await db
    .select({
      premium: insurancePolicies.premiumAmount,
      policyNumber: insurancePolicies.policyNumber,
      providerId: insurancePolicies.providerId,
      providerName: providers.providerName,
      serviceId: insurancePolicies.serviceId,
      serviceCode: services.code,
    })
    .from(insurancePolicies)
    .innerJoin(
      providers,
      and(eq(providers.id, insurancePolicies.providerId), eq(providers.agencyId, agencyId)),
    )
    .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
    .where(and(eq(insurancePolicies.agencyId, agencyId), eq(insurancePolicies.id, planId)));
  return row ?? null;
}

/** The agency's provider (not removed) with its service, or null. */
export async function agencyProvider(db: Db | Tx, agencyId: string, providerId: string) {
  const [row] = await db
    .select({
      id: providers.id,
      name: providers.providerName,
      serviceId: providers.serviceId,
      serviceCode: services.code,
    })
    .from(providers)
    .innerJoin(services, eq(services.id, providers.serviceId))
    .where(and(eq(providers.agencyId, agencyId), eq(providers.id, providerId), isNull(providers.deletedAt)));
  return row ?? null;
}

/** Whether another policy of the agency (not removed) holds this number with this insurer. */
export async function policyNumberTaken(
  db: Db | Tx,
  agencyId: string,
  planId: string,
  policyNumber: string,
  providerId: string,
) {
  const [row] = await db
    .select({ id: insurancePolicies.id })
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.agencyId, agencyId),
        eq(insurancePolicies.providerId, providerId),
        sql`lower(${insurancePolicies.policyNumber}) = lower(${policyNumber})`,
        sql`${insurancePolicies.id} <> ${planId}`,
        isNull(insurancePolicies.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The new term of a renewed policy (decision 041). */
export async function updatePolicyTerms(
  tx: Tx,
  agencyId: string,
  planId: string,
  values: { premiumAmount?: string; policyNumber?: string; providerId?: string },
) {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(insurancePolicies)
    .set(values)
    .where(and(eq(insurancePolicies.agencyId, agencyId), eq(insurancePolicies.id, planId)));
}

export async function updatePlan(
  tx: Tx,
  agencyId: string,
  type: PlanType,
  planId: string,
  values: {
    status?: 'active' | 'lapsed' | 'closed';
    endDate?: string;
    documentId?: string;
    followUpDate?: string | null;
  },
) {
  const table = tableOf(type);
  await tx
    .update(table)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(table.agencyId, agencyId), eq(table.id, planId)));
}

export async function insertEvent(
  tx: Tx,
  agencyId: string,
  values: Omit<typeof renewalEvents.$inferInsert, 'agencyId'>,
) {
  await tx.insert(renewalEvents).values({ ...values, agencyId });
}

/** Reminders not yet sent for a plan become `cancelled` with the reason (the plan was renewed or lapsed). */
export async function cancelPendingSends(tx: Tx, agencyId: string, planId: string, reason: string) {
  await tx
    .update(reminderSends)
    .set({ status: 'cancelled', reason, nextAttemptAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(reminderSends.agencyId, agencyId),
        eq(reminderSends.planId, planId),
        eq(reminderSends.status, 'pending'),
      ),
    );
}

export function sendsForPlans(db: Db, agencyId: string, planIds: string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reminderSends)
    .where(and(eq(reminderSends.agencyId, agencyId), inArray(reminderSends.planId, planIds)))
    .orderBy(asc(reminderSends.createdAt), asc(reminderSends.id));
}

export function eventsForPlans(db: Db, agencyId: string, planIds: string[]) {
  if (planIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: renewalEvents.id,
      planId: renewalEvents.planId,
      kind: renewalEvents.kind,
      note: renewalEvents.note,
      previousEndDate: renewalEvents.previousEndDate,
      newEndDate: renewalEvents.newEndDate,
      previousPremium: renewalEvents.previousPremium,
      newPremium: renewalEvents.newPremium,
      previousPolicyNumber: renewalEvents.previousPolicyNumber,
      newPolicyNumber: renewalEvents.newPolicyNumber,
      previousProvider: previousProvider.providerName,
      newProvider: newProvider.providerName,
      documentId: renewalEvents.documentId,
      channel: renewalEvents.channel,
      by: users.fullName,
      at: renewalEvents.at,
    })
    .from(renewalEvents)
    .leftJoin(users, eq(users.id, renewalEvents.actorUserId))
    .leftJoin(
      previousProvider,
      and(eq(previousProvider.id, renewalEvents.previousProviderId), eq(previousProvider.agencyId, agencyId)),
    )
    .leftJoin(
      newProvider,
      and(eq(newProvider.id, renewalEvents.newProviderId), eq(newProvider.agencyId, agencyId)),
    )
    .where(and(eq(renewalEvents.agencyId, agencyId), inArray(renewalEvents.planId, planIds)))
    .orderBy(asc(renewalEvents.at), asc(renewalEvents.id));
}

/**
 * Failed reminders of plans still active with the same end date (or, a premium-due one, the same next due
 * date; decision 040): what the owner has yet to act on.
 */
export async function unresolvedFailures(db: Db, agencyId: string, assigned?: SQL) {
  const stillDue = (table: PlanTable) =>
    sql`exists (select 1 from ${table} p where p.agency_id = ${agencyId} and p.id = ${reminderSends.planId}
      and p.status = 'active' and p.deleted_at is null
      and (case when ${reminderSends.kind} = 'premium_due' then p.next_due_date else p.end_date end)
        = ${reminderSends.endDate})`;
  const [row] = await db
    .select({ n: count() })
    .from(reminderSends)
    .where(
      and(
        eq(reminderSends.agencyId, agencyId),
        inArray(reminderSends.kind, ['reminder', 'premium_due']),
        eq(reminderSends.status, 'failed'),
        sql`(${stillDue(insurancePolicies)} or ${stillDue(investmentAccounts)})`,
        assigned
          ? sql`${reminderSends.primaryClientId} in (select ${primaryClients.id} from ${primaryClients}
              where ${primaryClients.agencyId} = ${agencyId} and ${assigned})`
          : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Reminders of the agency in a state, changed since a time, with the client's name (the digest). */
export function sendsSince(
  db: Db,
  agencyId: string,
  statuses: Array<'sent' | 'failed' | 'skipped'>,
  since: Date,
) {
  return db
    .select({
      status: reminderSends.status,
      reason: reminderSends.reason,
      planId: reminderSends.planId,
      planType: reminderSends.planType,
      planNumber: sql<string | null>`coalesce(
        (select policy_number from ${insurancePolicies} where id = ${reminderSends.planId} and agency_id = ${agencyId}),
        (select account_number from ${investmentAccounts} where id = ${reminderSends.planId} and agency_id = ${agencyId}))`,
      clientFirst: primaryClients.firstName,
      clientLast: primaryClients.lastName,
    })
    .from(reminderSends)
    .leftJoin(
      primaryClients,
      and(eq(primaryClients.id, reminderSends.primaryClientId), eq(primaryClients.agencyId, agencyId)),
    )
    .where(
      and(
        eq(reminderSends.agencyId, agencyId),
        inArray(reminderSends.kind, ['reminder', 'premium_due']),
        inArray(reminderSends.status, statuses),
        gte(reminderSends.updatedAt, since),
      ),
    )
    .orderBy(asc(reminderSends.updatedAt));
}

export async function reminderDays(db: Db, agencyId: string): Promise<number[]> {
  const [row] = await db
    .select({ days: agencies.reminderDays })
    .from(agencies)
    .where(eq(agencies.id, agencyId));
  return row?.days ?? [];
}

export async function setReminderDays(db: Db, agencyId: string, days: number[]) {
  await db
    .update(agencies)
    .set({ reminderDays: days, updatedAt: new Date() })
    .where(eq(agencies.id, agencyId));
}

export async function outboxPage(db: Db, agencyId: string, offset: number, limit: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        kind: mailOutbox.kind,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        language: mailOutbox.language,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.agencyId, agencyId))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .offset(inlineCount(offset))
      .limit(inlineCount(limit)),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.agencyId, agencyId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function outboxMessage(db: Db, agencyId: string, id: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.agencyId, agencyId), eq(mailOutbox.id, id)));
  return row ?? null;
}
