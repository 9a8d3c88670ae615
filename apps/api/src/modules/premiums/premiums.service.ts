import {
  dueDatesPaid,
  instalmentsUpTo,
  type MarkPremiumPaidFields,
  MarkPremiumPaidFieldsSchema,
  nextDueAfter,
  type PlanPremiums,
  premiumDuesOf,
  RECEIPT_MISSING,
  scheduleOf,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { formatIndianDate } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import {
  cancelPremiumReminders,
  openReceipt,
  paymentsOfPlan,
  receiptFileName,
} from '../../lib/premium-payments.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { NOT_FOUND_MESSAGE } from '../../lib/workspace.ts';
import * as repo from './premiums.repository.ts';

// Premium dues in the workspace (issue 27, decision 038): a plan's dues and payments, and "Mark premium paid",
// which records one payment of one or more instalments and moves the plan's next due date past them.

export interface PremiumsDeps {
  db: Db;
  documents: DocumentStore;
}

const PLAN_NOT_FOUND = NOT_FOUND_MESSAGE.plan;

const bad = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });

type DuesPlan = NonNullable<Awaited<ReturnType<typeof repo.duesPlan>>>;

const forSchedule = (plan: DuesPlan) => ({
  category: plan.type,
  serviceCode: plan.serviceCode,
  startDate: plan.startDate ?? plan.endDate ?? '1970-01-01',
  endDate: plan.endDate,
  subtypeFields: plan.subtypeFields,
  nextDueDate: plan.nextDueDate,
  money: plan.money,
});

async function premiumsOf(
  db: Pick<Db, 'select'>,
  agencyId: string,
  plan: DuesPlan,
  today: string,
): Promise<PlanPremiums> {
  return {
    plan_id: plan.id,
    dues: premiumDuesOf(forSchedule(plan), today),
    payments: await paymentsOfPlan(db, agencyId, plan.id, true),
  };
}

export async function planPremiums(deps: PremiumsDeps, subject: TokenSubject, planId: string, today: string) {
  const agencyId = agencyOf(subject);
  const plan = await repo.duesPlan(deps.db, agencyId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return { status: 'success' as const, data: await premiumsOf(deps.db, agencyId, plan, today) };
}

export interface PremiumUpload {
  fields: Record<string, string>;
  receipt: UploadedFile | null;
}

export async function markPremiumPaid(
  deps: PremiumsDeps,
  subject: TokenSubject,
  planId: string,
  upload: PremiumUpload,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const found = await repo.duesPlan(deps.db, agencyId, planId);
  if (!found) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const input = parseOrThrow(MarkPremiumPaidFieldsSchema, upload.fields as MarkPremiumPaidFields);
  if (input.paid_on > today) {
    throw bad('paid_on', `Date Paid cannot be after today (${formatIndianDate(today)}).`);
  }
  const mime = upload.receipt ? checkFileType(upload.receipt, 'Receipt', ['application/pdf'], 'PDF') : null;
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const plan = await repo.duesPlan(tx, agencyId, planId, true);
    if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    const schedule = scheduleOf(forSchedule(plan));
    if (schedule.kind === 'single') {
      throw new AppError('CONFLICT', 'This is a single-premium policy: no more premiums fall due.');
    }
    if (schedule.kind === 'none') {
      throw new AppError('CONFLICT', 'This plan has no regular premium or instalment to mark paid.');
    }
    const nextDue = plan.nextDueDate;
    if (nextDue === null) throw new AppError('CONFLICT', 'Every premium of this plan is already paid.');
    let count = input.instalments ?? 1;
    if (input.up_to !== undefined) {
      count = instalmentsUpTo(schedule, nextDue, input.up_to);
      if (count === 0) {
        throw bad('up_to', `Pay Up To must be on or after the next due date (${formatIndianDate(nextDue)}).`);
      }
    }
    const dues = dueDatesPaid(schedule, nextDue, count);
    if (dues.length < count) {
      const left = dues.length === 1 ? '1 instalment is' : `${dues.length} instalments are`;
      throw bad('instalments', `Instalments must be at most ${dues.length}: only ${left} left to pay.`);
    }
    let receiptId: string | null = null;
    if (upload.receipt && mime) {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: 'premium_receipt',
        bytes: upload.receipt.bytes,
        mime,
        originalName: upload.receipt.filename || null,
        uploadedBy: subject.userId,
      });
      receiptId = saved.id;
      written.push(saved.id);
    }
    const firstDue = dues[0]!;
    const lastDue = dues[dues.length - 1]!;
    const newNextDue = nextDueAfter(schedule, nextDue, count);
    const paymentId = await repo.insertPayment(tx, agencyId, {
      planType: plan.type,
      planId,
      primaryClientId: plan.primaryClientId,
      dueDate: firstDue,
      lastDueDate: lastDue,
      instalments: count,
      paidOn: input.paid_on,
      amount: input.amount,
      receiptNumber: input.receipt_number,
      receiptDocumentId: receiptId,
      createdBy: subject.userId,
    });
    await repo.moveNextDue(tx, agencyId, plan.type, planId, newNextDue);
    // Reminders of the due dates just paid are not sent (decision 040).
    await cancelPremiumReminders(tx, agencyId, planId, newNextDue);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.premium_paid',
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: {
        payment_id: paymentId,
        due_date: firstDue,
        last_due_date: lastDue,
        instalments: count,
        paid_on: input.paid_on,
        amount: input.amount,
        receipt_number: input.receipt_number,
        receipt_document_id: receiptId,
        next_due_date: newNextDue,
      },
      ip,
    });
    const data = await premiumsOf(tx, agencyId, { ...plan, nextDueDate: newNextDue }, today);
    const message =
      count === 1
        ? `Premium due ${formatIndianDate(firstDue)} marked paid.`
        : `${count} instalments (${formatIndianDate(firstDue)} to ${formatIndianDate(lastDue)}) marked paid.`;
    return { status: 'success' as const, message, data };
  });
}

/**
 * A payment's receipt PDF for the workspace (decision 041), streamed and decrypted; the access plugin has already
 * kept an agent to their own clients' plans. Each download is audited (decisions §5).
 */
export async function premiumReceipt(
  deps: PremiumsDeps,
  subject: TokenSubject,
  planId: string,
  paymentId: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await repo.duesPlan(deps.db, agencyId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const receipt = await openReceipt(deps.db, deps.documents, agencyId, planId, paymentId);
  if (!receipt) throw new AppError('NOT_FOUND', RECEIPT_MISSING);
  try {
    await writeAudit(deps.db, {
      ...actorOf(subject),
      agencyId,
      action: 'document.download',
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: { document_id: receipt.file.id, kind: 'premium_receipt', payment_id: paymentId },
      ip,
    });
  } catch (err) {
    receipt.stream.destroy();
    throw err;
  }
  return {
    mime: receipt.file.mimeType,
    size: receipt.file.sizeBytes,
    stream: receipt.stream,
    name: receiptFileName(receipt.receiptNumber),
  };
}
