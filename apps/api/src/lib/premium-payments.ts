import type { Readable } from 'node:stream';
import type { PremiumPayment } from '@portal/contract';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { premiumPayments, reminderSends, users } from '../db/schema.ts';
import type { DocumentFile, DocumentStore } from './documents.ts';

// A plan's premiums paid (issue 27, decision 038), newest first: read by the workspace's plan (modules/premiums)
// and the client's own plan details (modules/client-portal). `withRecorder` names who recorded each; the client
// area does not show staff names.

export async function paymentsOfPlan(
  db: Pick<Db, 'select'>,
  agencyId: string,
  planId: string,
  withRecorder: boolean,
): Promise<PremiumPayment[]> {
  const rows = await db
    .select({
      p: premiumPayments,
      recorder: users.fullName,
    })
    .from(premiumPayments)
    .leftJoin(users, eq(users.id, premiumPayments.createdBy))
    .where(and(eq(premiumPayments.agencyId, agencyId), eq(premiumPayments.planId, planId)))
    .orderBy(desc(premiumPayments.dueDate), desc(premiumPayments.createdAt));
  return rows.map(({ p, recorder }) => ({
    id: p.id,
    due_date: p.dueDate,
    last_due_date: p.lastDueDate,
    instalments: p.instalments,
    paid_on: p.paidOn,
    amount: p.amount,
    receipt_number: p.receiptNumber,
    receipt_attached: p.receiptDocumentId !== null,
    recorded_by: withRecorder ? recorder : null,
    recorded_at: p.createdAt.toISOString(),
  }));
}

/** Why a premium-due reminder did not go out: its premium was paid (or the schedule moved) first (decision 040). */
export const PREMIUM_PAID_REASON =
  'The premium was marked paid, or its due date changed, before this reminder went out.';

/**
 * Premium-due reminders of a plan not yet sent whose due date is no longer the plan's next one become
 * `cancelled` (a payment moved it), as a renewal cancels the old end date's (decision 040).
 */
export async function cancelPremiumReminders(
  db: Pick<Db, 'update'>,
  agencyId: string,
  planId: string,
  nextDueDate: string | null,
) {
  await db
    .update(reminderSends)
    .set({ status: 'cancelled', reason: PREMIUM_PAID_REASON, nextAttemptAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(reminderSends.agencyId, agencyId),
        eq(reminderSends.planId, planId),
        eq(reminderSends.kind, 'premium_due'),
        eq(reminderSends.status, 'pending'),
        nextDueDate === null
          ? sql`true`
          : or(ne(reminderSends.endDate, nextDueDate), sql`${reminderSends.endDate} is null`),
      ),
    );
}

/**
 * The receipt PDF of one payment of a plan (decision 041), as a stream of decrypted chunks: the payment must be
 * the plan's and the agency's, its receipt a PDF whose file is there at its length. Null when there is none to
 * serve; the caller has already checked the plan is the caller's to see, and writes the audit entry.
 */
export async function openReceipt(
  db: Db,
  documents: DocumentStore,
  agencyId: string,
  planId: string,
  paymentId: string,
): Promise<{ file: DocumentFile; stream: Readable; receiptNumber: string } | null> {
  const [payment] = await db
    .select({ documentId: premiumPayments.receiptDocumentId, receiptNumber: premiumPayments.receiptNumber })
    .from(premiumPayments)
    .where(
      and(
        eq(premiumPayments.agencyId, agencyId),
        eq(premiumPayments.planId, planId),
        eq(premiumPayments.id, paymentId),
      ),
    );
  if (!payment?.documentId) return null;
  const file = await documents.find(db, agencyId, payment.documentId);
  if (file?.mimeType !== 'application/pdf') return null;
  const stream = await documents.stream(file);
  return stream ? { file, stream, receiptNumber: payment.receiptNumber } : null;
}

/** The name a receipt is saved under: its receipt number, in characters every file system takes. */
export const receiptFileName = (receiptNumber: string) => `receipt-${receiptNumber}`;
