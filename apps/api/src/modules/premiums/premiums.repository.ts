import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insurancePolicies, investmentAccounts, premiumPayments, services } from '../../db/schema.ts';
import type { Tx } from '../../lib/stored-files.ts';

// Premium dues' queries (issue 27): each takes the agency first and names it (decisions §6).

export type PlanType = 'insurance' | 'investment';

const tableOf = (type: PlanType) => (type === 'insurance' ? insurancePolicies : investmentAccounts);

/** A plan's fields its dues are made of; `lock` takes the row for update (a payment moves its next due date). */
export async function duesPlan(db: Db | Tx, agencyId: string, planId: string, lock = false) {
  for (const type of ['insurance', 'investment'] as const) {
    const t = tableOf(type);
    const query = db
      .select({
        id: t.id,
        primaryClientId: t.primaryClientId,
        serviceCode: services.code,
        startDate: t.startDate,
        endDate: t.endDate,
        subtypeFields: t.subtypeFields,
        nextDueDate: t.nextDueDate,
        status: t.status,
        money: type === 'insurance' ? insurancePolicies.premiumAmount : investmentAccounts.amount,
      })
      .from(t)
      .innerJoin(services, eq(services.id, t.serviceId))
      .where(and(eq(t.agencyId, agencyId), eq(t.id, planId), isNull(t.deletedAt)))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: t }) : await query;
    if (row) return { type, ...row };
  }
  return null;
}

export async function moveNextDue(
  tx: Tx,
  agencyId: string,
  type: PlanType,
  planId: string,
  nextDueDate: string | null,
) {
  const t = tableOf(type);
  await tx
    .update(t)
    // A payment is what an open follow-up was for (decision 042).
    .set({ nextDueDate, followUpDate: null, updatedAt: new Date() })
    .where(and(eq(t.agencyId, agencyId), eq(t.id, planId)));
}

export async function insertPayment(
  tx: Tx,
  agencyId: string,
  values: Omit<typeof premiumPayments.$inferInsert, 'agencyId'>,
) {
  const [row] = await tx
    .insert(premiumPayments)
    .values({ ...values, agencyId })
    .returning({ id: premiumPayments.id });
  return row!.id;
}
