import {
  BUCKET_DAYS,
  type DueKind,
  premiumDuesOf,
  type RenewalItem,
  type RenewalList,
  type RenewalListQuery,
  WORK_BUCKETS,
  type WorkBucket,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { fullName } from '../../lib/names.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assignedOnly, NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import * as repo from './renewals.repository.ts';

// The renewal work-list (issue 7): what ends in a window and what reminders went out. The owner's marks are in
// renewal-marks.service.ts, reminder settings, the outbox and the client's choice in reminder-settings.service.ts.
// Agency from the token only.

export interface RenewalsDeps {
  db: Db;
  documents: DocumentStore;
  delivery: 'smtp' | 'outbox';
}

export const PLAN_NOT_FOUND = NOT_FOUND_MESSAGE.plan;

export function bad(field: string, message: string) {
  return new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });
}

/** The work dates of a bucket, for India's `today`. */
export function bucketRange(bucket: WorkBucket, today: string): repo.WorkRange {
  const [first, last] = BUCKET_DAYS[bucket];
  return {
    ...(first === null ? {} : { from: addDays(today, first) }),
    ...(last === null ? {} : { until: addDays(today, last) }),
  };
}

/**
 * Why the plan sits on its work date (decision 042): its premium (life, RD, SIP), a cover's renewal premium on
 * its end date, its end (a life policy or an investment matures, other cover expires), or its follow-up.
 */
export function dueKindOf(
  r: Pick<repo.PlanRow, 'workDate' | 'nextDueDate' | 'endDate' | 'serviceCode' | 'type'>,
): DueKind | null {
  if (!r.workDate) return null;
  if (r.nextDueDate === r.workDate) {
    return r.type === 'insurance' && r.nextDueDate === r.endDate ? 'renewal' : 'premium';
  }
  if (r.endDate === r.workDate) {
    return r.type === 'investment' || r.serviceCode === 'life' ? 'maturity' : 'expiry';
  }
  return 'follow_up';
}

async function toItems(
  db: Db,
  agencyId: string,
  rows: repo.PlanRow[],
  today: string,
): Promise<RenewalItem[]> {
  const ids = rows.map((r) => r.planId);
  const [sends, events] = await Promise.all([
    repo.sendsForPlans(db, agencyId, ids),
    repo.eventsForPlans(db, agencyId, ids),
  ]);
  return rows.map((r) => {
    const mine = sends.filter((s) => s.planId === r.planId);
    const history = events.filter((e) => e.planId === r.planId);
    const contacted = history.filter((e) => e.kind === 'contacted').at(-1);
    // A problem is one about the current end date (a renewal starts a new cycle) or a plan without one.
    const problem = mine
      .filter((s) => (s.status === 'failed' || s.status === 'skipped') && s.endDate === r.endDate)
      .at(-1);
    return {
      plan_type: r.type,
      plan_id: r.planId,
      plan_number: r.planNumber,
      plan_name: r.planName ?? r.serviceName,
      service_code: r.serviceCode,
      service_name: r.serviceName,
      provider_name: r.providerName,
      primary_client_id: r.primaryClientId,
      client_code: r.clientCode,
      client_name: fullName(r.clientFirst, r.clientLast),
      client_email: r.clientEmail,
      client_phone: r.clientPhone,
      client_language: r.clientLanguage === 'hi' ? 'hi' : 'en',
      family_member: r.holderFirst ? fullName(r.holderFirst, r.holderLast) : null,
      amount: r.amount,
      end_date: r.endDate,
      days_left: r.endDate ? daysBetween(today, r.endDate) : null,
      work_date: r.workDate,
      work_days_left: r.workDate ? daysBetween(today, r.workDate) : null,
      due_kind: dueKindOf(r),
      premium: premiumDuesOf(
        {
          category: r.type,
          serviceCode: r.serviceCode,
          startDate: r.startDate ?? r.endDate ?? today,
          endDate: r.endDate,
          subtypeFields: r.subtypeFields,
          nextDueDate: r.nextDueDate,
          money: r.amount,
        },
        today,
      ),
      plan_status: r.status,
      last_contacted_at: contacted ? contacted.at.toISOString() : null,
      next_follow_up: r.followUpDate,
      reminders: mine.map((s) => ({
        id: s.id,
        offset_days: s.offsetDays,
        end_date: s.endDate,
        recipient: s.recipient,
        language: s.language === 'hi' ? 'hi' : 'en',
        status: s.status,
        reason: s.reason,
        attempts: s.attempts,
        next_attempt_at: s.nextAttemptAt?.toISOString() ?? null,
        sent_at: s.sentAt?.toISOString() ?? null,
        created_at: s.createdAt.toISOString(),
      })),
      events: history.map((e) => ({
        id: e.id,
        kind: e.kind,
        note: e.note,
        previous_end_date: e.previousEndDate,
        new_end_date: e.newEndDate,
        previous_premium: e.previousPremium,
        new_premium: e.newPremium,
        previous_policy_number: e.previousPolicyNumber,
        new_policy_number: e.newPolicyNumber,
        previous_provider: e.previousProvider,
        new_provider: e.newProvider,
        document_attached: e.documentId !== null,
        channel: e.channel,
        by: e.by,
        at: e.at.toISOString(),
      })),
      problem: problem?.reason ?? null,
    };
  });
}

const SUM_KEYS: Record<WorkBucket, 'overdue' | 'today' | 'tomorrow' | 'week' | 'd30' | 'd60' | 'd90'> = {
  overdue: 'overdue',
  today: 'today',
  tomorrow: 'tomorrow',
  week: 'week',
  '30': 'd30',
  '60': 'd60',
  '90': 'd90',
};

export async function renewalList(
  deps: RenewalsDeps,
  subject: TokenSubject,
  query: RenewalListQuery & {
    offset: number;
    limit: number;
    bucket: WorkBucket;
    after?: string;
    before?: string;
  },
  today: string,
): Promise<{ data: RenewalList }> {
  const ws = workspaceOf(subject);
  const agencyId = ws.agencyId;
  const types =
    query.type === 'insurance' || query.type === 'investment'
      ? [query.type]
      : (['insurance', 'investment'] as const);
  // A service the catalogue does not hold has no plans: its buckets are empty rather than an error.
  const serviceId = query.service ? await repo.serviceIdByCode(deps.db, query.service) : undefined;
  const noService = serviceId === null;
  // An agent's work-list and its counts are of their clients only (decision 034), whatever staff they ask for.
  const staffId = ws.agentId ?? query.staff;
  const filter: repo.WorkFilter = {
    types: noService ? [] : types,
    ...(serviceId ? { serviceId } : {}),
    ...(query.provider ? { providerId: query.provider } : {}),
    ...(staffId ? { staffId } : {}),
  };
  // One page of ids over both kinds in one statement, by keyset from a cursor (Next, Prev) or by offset (a page
  // number): never more rows than the page (issue 23 item 11).
  const cursorOf = (c: string) => ({ workDate: c.slice(0, 10), planId: c.slice(11) });
  const start: repo.PageStart = query.after
    ? { after: cursorOf(query.after) }
    : query.before
      ? { before: cursorOf(query.before) }
      : { offset: query.offset };
  const range = bucketRange(query.bucket, today);
  const empty = { overdue: 0, today: 0, tomorrow: 0, week: 0, d30: 0, d60: 0, d90: 0 };
  const [{ ids, more }, sums] = noService
    ? [{ ids: [], more: false }, empty]
    : await Promise.all([
        repo.bucketPageIds(deps.db, agencyId, range, filter, start, query.limit),
        // The kept per-day counts are the agency's; one staff member's are counted from their clients' plans.
        staffId
          ? repo.countBucketsLive(deps.db, agencyId, today, filter)
          : repo.keptBucketCounts(deps.db, agencyId, today, filter),
      ]);
  const counts = Object.fromEntries(WORK_BUCKETS.map((b) => [b, sums[SUM_KEYS[b]]])) as Record<
    WorkBucket,
    number
  >;
  const found = new Map<string, repo.PlanRow>();
  for (const type of types) {
    const wanted = ids.filter((id) => id.type === type).map((id) => id.planId);
    if (wanted.length === 0) continue;
    for (const row of await repo.plansByIds(deps.db, agencyId, type, wanted))
      found.set(row.planId, { ...row, type });
  }
  const page = ids.flatMap((id) => found.get(id.planId) ?? []);
  const cursor = (id: { workDate: string; planId: string }) => `${id.workDate}_${id.planId}`;
  const first = ids[0];
  const last = ids[ids.length - 1];
  // Whether there is a page before (and after) this one, from the direction the page was read in.
  const hasBefore = query.before ? more : Boolean(query.after) || query.offset > 0;
  const hasAfter = query.before ? true : more;
  return {
    data: {
      as_of: today,
      bucket: query.bucket,
      items: await toItems(deps.db, agencyId, page, today),
      total: counts[query.bucket],
      offset: query.offset,
      limit: query.limit,
      next_cursor: hasAfter && last ? cursor(last) : null,
      prev_cursor: hasBefore && first ? cursor(first) : null,
      counts,
      failed_reminders: await repo.unresolvedFailures(deps.db, agencyId, assignedOnly(ws)),
      delivery: deps.delivery,
    },
  };
}

export async function planOrThrow(db: Db, agencyId: string, planId: string) {
  const plan = await repo.findPlan(db, agencyId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return plan;
}

export async function renewalPlan(deps: RenewalsDeps, subject: TokenSubject, planId: string, today: string) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  const [item] = await toItems(deps.db, agencyId, [plan], today);
  return { data: item! };
}

/**
 * The plan's renewal view read in the transaction that changed it, stored as the answer of the request's
 * Idempotency-Key in that same transaction (issue 9 item 8): a crash after the commit cannot lose it.
 */
export async function answerInTransaction(
  tx: repo.Tx,
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  today: string,
) {
  const answer = await renewalPlan({ ...deps, db: tx }, subject, planId, today);
  await recordAnswer(tx, answer);
  return answer;
}
