import { type ClientPlanItem, planStatus } from '@portal/contract';
import { todayInIndia } from '../../lib/dates.ts';
import type * as repo from './primary-clients.repository.ts';

// A client's plans as the workspace lists them: the client's detail, a family member's page.

export type PlanRow = Awaited<ReturnType<typeof repo.plansOf>>['insurance'][number];

/** A plan as lists show it (spec §3 plan list item), with its status (decisions §4). */
export function toPlanItem(
  kind: 'insurance' | 'investment',
  p: PlanRow,
  holderName: string,
  today = todayInIndia(),
): ClientPlanItem {
  return {
    plan_kind: kind,
    plan_id: p.id,
    ...(kind === 'insurance'
      ? { policy_id: p.id, premium_amount: p.money }
      : { account_id: p.id, amount: p.money }),
    provider_id: p.providerId,
    provider_name: p.providerName,
    service_code: p.serviceCode,
    plan_name: p.planName,
    policy_number: p.number,
    start_date: p.startDate,
    end_date: p.endDate,
    status: planStatus(p.endDate, p.status, today),
    secondary_client_id: p.secondaryClientId,
    holder_name: holderName,
    document_available: p.documentId !== null,
    next_due_date: p.nextDueDate,
  };
}
