import type { Alert, PlanType } from '@portal/contract';
import type { TokenSubject } from '../../lib/tokens.ts';
import { displayName } from './client-plans.service.ts';
import * as repo from './client-portal.repository.ts';
import { type ClientPortalDeps, ownClient } from './client-portal.service.ts';
import { computeAlerts } from './plan-rules.ts';

// Upcoming alerts (decisions §4) from the signed-in client's own plans; the rules live in plan-rules.ts.

type PlanLine = repo.PlanLine;

export async function upcomingAlerts(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  today: string,
): Promise<{ alerts: Alert[] }> {
  const { agencyId, primaryClientId } = await ownClient(deps.db, subject);
  const { insurance, investment } = await repo.listAllPlans(deps.db, agencyId, primaryClientId);
  const toAlertPlan = (type: PlanType) => (r: PlanLine) => ({
    type,
    id: r.plan.id,
    planName: displayName(r),
    endDate: r.plan.endDate,
    stored: r.plan.status,
    hasNominee: Boolean(r.plan.nomineeFullName?.trim()),
  });
  return {
    alerts: computeAlerts(
      [...insurance.map(toAlertPlan('insurance')), ...investment.map(toAlertPlan('investment'))],
      today,
    ),
  };
}
