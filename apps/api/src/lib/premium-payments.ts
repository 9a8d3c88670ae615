import type { PremiumPayment } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { premiumPayments, users } from '../db/schema.ts';

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
