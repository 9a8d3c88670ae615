import type { RenewalItem, RenewalList, RenewalListQuery, RenewalWindow } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { fullName } from '../../lib/names.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assignedOnly, NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import { latestFollowUps } from './follow-ups.repository.ts';
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

/** The end-date range of a window, for India's `today`. */
export function windowRange(window: RenewalWindow, today: string): repo.DateRange {
  return window === 'overdue' ? { before: today } : { from: today, until: addDays(today, Number(window)) };
}

async function toItems(
  db: Db,
  agencyId: string,
  rows: repo.PlanRow[],
  today: string,
): Promise<RenewalItem[]> {
  const ids = rows.map((r) => r.planId);
  const [sends, events, followUps] = await Promise.all([
    repo.sendsForPlans(db, agencyId, ids),
    repo.eventsForPlans(db, agencyId, ids),
    latestFollowUps(db, agencyId, ids),
  ]);
  const nextFollowUp = new Map(followUps.map((f) => [f.planId, f.nextDate]));
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
      plan_status: r.status,
      last_contacted_at: contacted ? contacted.at.toISOString() : null,
      next_follow_up: nextFollowUp.get(r.planId) ?? null,
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

export async function renewalList(
  deps: RenewalsDeps,
  subject: TokenSubject,
  query: RenewalListQuery & {
    offset: number;
    limit: number;
    window: RenewalWindow;
    after?: string;
    before?: string;
  },
  today: string,
): Promise<{ data: RenewalList }> {
  const ws = workspaceOf(subject);
  const agencyId = ws.agencyId;
  // An agent's work-list, its counts and failures are of their clients only (decision 034).
  const assigned = assignedOnly(ws);
  const range = windowRange(query.window, today);
  const types =
    query.type === 'insurance' || query.type === 'investment'
      ? [query.type]
      : (['insurance', 'investment'] as const);
  // One page of ids over both kinds in one statement, by keyset from a cursor (Next, Prev) or by offset (a page
  // number): never more rows than the page (issue 23 item 11).
  const cursorOf = (c: string) => ({ endDate: c.slice(0, 10), planId: c.slice(11) });
  const start: repo.PageStart = query.after
    ? { after: cursorOf(query.after) }
    : query.before
      ? { before: cursorOf(query.before) }
      : { offset: query.offset };
  const { ids, more } = await repo.windowPageIds(
    deps.db,
    agencyId,
    types,
    range,
    start,
    query.limit,
    assigned,
  );
  let total = 0;
  for (const type of types) total += await repo.countPlans(deps.db, agencyId, type, range, assigned);
  const found = new Map<string, repo.PlanRow>();
  for (const type of types) {
    const wanted = ids.filter((id) => id.type === type).map((id) => id.planId);
    if (wanted.length === 0) continue;
    for (const row of await repo.plansByIds(deps.db, agencyId, type, wanted))
      found.set(row.planId, { ...row, type });
  }
  const page = ids.flatMap((id) => found.get(id.planId) ?? []);
  const cursor = (id: { endDate: string; planId: string }) => `${id.endDate}_${id.planId}`;
  const first = ids[0];
  const last = ids[ids.length - 1];
  // Whether there is a page before (and after) this one, from the direction the page was read in.
  const hasBefore = query.before ? more : Boolean(query.after) || query.offset > 0;
  const hasAfter = query.before ? true : more;
  const counts = { '7': 0, '30': 0, '60': 0, '90': 0, overdue: 0 };
  for (const w of Object.keys(counts) as RenewalWindow[]) {
    const r = windowRange(w, today);
    for (const type of types) counts[w] += await repo.countPlans(deps.db, agencyId, type, r, assigned);
  }
  return {
    data: {
      as_of: today,
      window: query.window,
      items: await toItems(deps.db, agencyId, page, today),
      total,
      offset: query.offset,
      limit: query.limit,
      next_cursor: hasAfter && last ? cursor(last) : null,
      prev_cursor: hasBefore && first ? cursor(first) : null,
      counts,
      failed_reminders: await repo.unresolvedFailures(deps.db, agencyId, assigned),
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
