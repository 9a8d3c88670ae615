import type { Alert, PlanType } from '@portal/contract';
import { displayName } from './client-plans.service.ts';
import * as repo from './client-portal.repository.ts';
import type { ClientPortalDeps } from './client-portal.service.ts';
import type { OwnClient } from './own-client.ts';
import { computeAlerts } from './plan-rules.ts';

// Upcoming alerts (decisions §4) from the signed-in client's own plans; the rules live in plan-rules.ts.

type PlanLine = repo.PlanLine;

/** The signed-in client's alerts (`own`: `ownClient` of the caller). */
export async function upcomingAlerts(
  deps: ClientPortalDeps,
  own: OwnClient,
  today: string,
): Promise<{ alerts: Alert[] }> {
  const { agencyId, primaryClientId } = own;
  const { insurance, investment } = await repo.listAllPlans(deps.db, agencyId, primaryClientId);
  const toAlertPlan = (type: PlanType) => (r: PlanLine) => ({
    type,
    id: r.plan.id,
    planName: displayName(r),
    endDate: r.plan.endDate,
    stored: r.plan.status,
    hasNominee: Boolean(r.plan.nomineeFullName?.trim()),
    premium: {
      serviceCode: r.serviceCode,
      startDate: r.plan.startDate,
      subtypeFields: r.plan.subtypeFields as Record<string, unknown>,
      nextDueDate: r.plan.nextDueDate,
    },
  });
  return {
    alerts: computeAlerts(
      [...insurance.map(toAlertPlan('insurance')), ...investment.map(toAlertPlan('investment'))],
      today,
    ),
  };
}
