import {
  type MarkRenewedFields,
  MarkRenewedFieldsSchema,
  type NotificationPreference,
  type RenewalItem,
  type RenewalList,
  type RenewalListQuery,
  type RenewalWindow,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { primaryClients } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { fullName } from '../../lib/names.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { ownClient, ownClientRecord } from '../client-portal/own-client.ts';
import { formatDay } from './reminder-messages.ts';
import * as repo from './renewals.repository.ts';

// The renewal work-list (issue 7): what ends in a window, what reminders went out, and the owner's marks
// (contacted, renewed with a new end date and document, lapsed). Agency from the token only.

export interface RenewalsDeps {
  db: Db;
  documents: DocumentStore;
  delivery: 'smtp' | 'outbox';
}

export const PLAN_NOT_FOUND = 'No plan of your agency’s clients exists with this id.';

function bad(field: string, message: string) {
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
      family_member: r.holderFirst ? fullName(r.holderFirst, r.holderLast) : null,
      amount: r.amount,
      end_date: r.endDate,
      days_left: r.endDate ? daysBetween(today, r.endDate) : null,
      plan_status: r.status,
      last_contacted_at: contacted ? contacted.at.toISOString() : null,
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
        document_attached: e.documentId !== null,
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
  query: RenewalListQuery & { offset: number; limit: number; window: RenewalWindow },
  today: string,
): Promise<{ data: RenewalList }> {
  const agencyId = agencyOf(subject);
  const range = windowRange(query.window, today);
  const types =
    query.type === 'insurance' || query.type === 'investment'
      ? [query.type]
      : (['insurance', 'investment'] as const);
  // Each kind's first offset+limit rows, merged by end date, then the page: exact paging over both tables.
  const take = query.offset + query.limit;
  const rows: repo.PlanRow[] = [];
  let total = 0;
  for (const type of types) {
    rows.push(...(await repo.windowPlans(deps.db, agencyId, type, range, take)).map((r) => ({ ...r, type })));
    total += await repo.countPlans(deps.db, agencyId, type, range);
  }
  rows.sort((a, b) => (a.endDate ?? '').localeCompare(b.endDate ?? '') || a.planId.localeCompare(b.planId));
  const page = rows.slice(query.offset, take);
  const counts = { '7': 0, '30': 0, '60': 0, '90': 0, overdue: 0 };
  for (const w of Object.keys(counts) as RenewalWindow[]) {
    const r = windowRange(w, today);
    for (const type of types) counts[w] += await repo.countPlans(deps.db, agencyId, type, r);
  }
  return {
    data: {
      as_of: today,
      window: query.window,
      items: await toItems(deps.db, agencyId, page, today),
      total,
      offset: query.offset,
      limit: query.limit,
      counts,
      failed_reminders: await repo.unresolvedFailures(deps.db, agencyId),
      delivery: deps.delivery,
    },
  };
}

async function planOrThrow(db: Db, agencyId: string, planId: string) {
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
async function answerInTransaction(
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

export interface RenewedUpload {
  fields: Record<string, string>;
  document: UploadedFile | null;
}

export async function markRenewed(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  upload: RenewedUpload,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  const input = parseOrThrow(MarkRenewedFieldsSchema, upload.fields as MarkRenewedFields);
  if (plan.status === 'closed' || plan.status === 'renewed') {
    throw new AppError('CONFLICT', `This plan is marked ${plan.status}; it cannot be renewed here.`);
  }
  if (input.new_end_date <= today) {
    throw bad('new_end_date', `New end date must be after today (${formatDay(today)}).`);
  }
  if (plan.endDate && input.new_end_date <= plan.endDate) {
    throw bad(
      'new_end_date',
      `New end date must be after the current end date (${formatDay(plan.endDate)}).`,
    );
  }
  const mime = upload.document
    ? checkFileType(upload.document, 'Document', ['application/pdf'], 'PDF')
    : null;
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const locked = await repo.lockPlan(tx, agencyId, plan.type, planId);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (locked.endDate !== plan.endDate || locked.status !== plan.status) {
      throw new AppError('CONFLICT', 'The plan changed while you were renewing it. Reload and try again.');
    }
    let documentId: string | undefined;
    if (upload.document && mime) {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: plan.type === 'insurance' ? 'policy_pdf' : 'investment_pdf',
        bytes: upload.document.bytes,
        mime,
        originalName: upload.document.filename || null,
        uploadedBy: subject.userId,
      });
      documentId = saved.id;
      written.push(saved.id);
    }
    await repo.updatePlan(tx, agencyId, plan.type, planId, {
      status: 'active',
      endDate: input.new_end_date,
      ...(documentId ? { documentId } : {}),
    });
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'renewed',
      note: input.note,
      previousEndDate: plan.endDate,
      newEndDate: input.new_end_date,
      documentId: documentId ?? null,
      actorUserId: subject.userId,
    });
    await repo.cancelPendingSends(
      tx,
      agencyId,
      planId,
      'The plan was renewed before this reminder went out.',
    );
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: 'plan.renewed',
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      detail: {
        previous_end_date: plan.endDate,
        new_end_date: input.new_end_date,
        document_id: documentId ?? null,
      },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}

export async function markLapsed(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  note: string | null,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockPlan(tx, agencyId, plan.type, planId);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (locked.status !== 'active') {
      throw new AppError('CONFLICT', `This plan is already marked ${locked.status}.`);
    }
    // An investment that is not renewed is closed at maturity; a policy lapses.
    const status = plan.type === 'insurance' ? 'lapsed' : 'closed';
    await repo.updatePlan(tx, agencyId, plan.type, planId, { status });
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'lapsed',
      note,
      previousEndDate: locked.endDate,
      actorUserId: subject.userId,
    });
    await repo.cancelPendingSends(
      tx,
      agencyId,
      planId,
      `The plan was marked ${status} before this reminder went out.`,
    );
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: `plan.${status}`,
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      detail: { end_date: locked.endDate },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}

export async function markContacted(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  note: string | null,
  today: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  return deps.db.transaction(async (tx) => {
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'contacted',
      note,
      previousEndDate: plan.endDate,
      actorUserId: subject.userId,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}

export async function reminderSettings(deps: RenewalsDeps, subject: TokenSubject) {
  const days = await repo.reminderDays(deps.db, agencyOf(subject));
  return { data: { reminder_days: [...days].sort((a, b) => b - a), delivery: deps.delivery } };
}

export async function updateReminderSettings(
  deps: RenewalsDeps,
  subject: TokenSubject,
  days: number[],
  ip: string,
) {
  const agencyId = agencyOf(subject);
  return deps.db.transaction(async (tx) => {
    await repo.setReminderDays(tx, agencyId, days);
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: 'agency.reminder_days',
      targetType: 'agency',
      targetId: agencyId,
      detail: { reminder_days: days },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = await reminderSettings({ ...deps, db: tx }, subject);
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function outboxList(deps: RenewalsDeps, subject: TokenSubject, offset: number, limit: number) {
  const { items, total } = await repo.outboxPage(deps.db, agencyOf(subject), offset, limit);
  return {
    data: {
      items: items.map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        language: m.language === 'hi' ? ('hi' as const) : ('en' as const),
        created_at: m.createdAt.toISOString(),
      })),
      total,
      offset,
      limit,
    },
  };
}

export async function outboxMessage(deps: RenewalsDeps, subject: TokenSubject, id: string) {
  const m = await repo.outboxMessage(deps.db, agencyOf(subject), id);
  if (!m) throw new AppError('NOT_FOUND', 'No e-mail of your agency’s outbox has this id.');
  return {
    data: {
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      language: m.language === 'hi' ? ('hi' as const) : ('en' as const),
      created_at: m.createdAt.toISOString(),
      text: m.textBody,
      html: m.htmlBody,
    },
  };
}

/** The signed-in client's e-mail reminder choice (decisions §2: their own record only). */
export async function notificationPreference(db: Db, subject: TokenSubject) {
  const { row } = await ownClientRecord(db, subject);
  return {
    data: {
      email_reminders: row.client.notifyByEmail,
      language: row.client.preferredLanguage === 'hi' ? ('hi' as const) : ('en' as const),
      email: row.client.email,
    },
  };
}

export async function updateNotificationPreference(
  db: Db,
  subject: TokenSubject,
  input: NotificationPreference,
  ip: string,
) {
  const { agencyId, primaryClientId } = await ownClient(db, subject);
  return db.transaction(async (tx) => {
    await tx
      .update(primaryClients)
      .set({ notifyByEmail: input.email_reminders, preferredLanguage: input.language, updatedAt: new Date() })
      .where(eq(primaryClients.id, primaryClientId));
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AC',
      agencyId,
      action: 'client.notification_preference',
      targetType: 'primary_client',
      targetId: primaryClientId,
      detail: { email_reminders: input.email_reminders, language: input.language },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = await notificationPreference(tx, subject);
    await recordAnswer(tx, answer);
    return answer;
  });
}
