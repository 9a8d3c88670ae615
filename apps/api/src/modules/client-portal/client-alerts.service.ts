import { ALERT_CLAIM_DAYS, type Alert, type ClaimStatus, type PlanType } from '@portal/contract';
import { addDays } from '../../lib/dates.ts';
import { householdClaims } from '../claims/claims.repository.ts';
import { displayName } from './client-plans.service.ts';
import * as repo from './client-portal.repository.ts';
import type { ClientPortalDeps } from './client-portal.service.ts';
import type { OwnClient } from './own-client.ts';
import { claimAlert, computeAlerts, sortAlerts } from './plan-rules.ts';

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
  const plans = computeAlerts(
    [...insurance.map(toAlertPlan('insurance')), ...investment.map(toAlertPlan('investment'))],
    today,
  );
  // The household's claims intimated or moved in the last days (issue 28 item 5).
  const claims = await householdClaims(deps.db, agencyId, primaryClientId, {
    since: addDays(today, -ALERT_CLAIM_DAYS),
  });
  const claimAlerts = claims.flatMap((c) => {
    const alert = claimAlert(
      {
        id: c.id,
        planId: c.planId,
        // As My Plans names a plan: its own name, else its service's.
        planName: c.planName?.trim() || c.serviceName,
        status: c.status as ClaimStatus,
        statusOn: c.statusOn,
        insurerClaimNumber: c.insurerClaimNumber,
        planNumber: c.planNumber,
        claimedAmount: c.claimedAmount,
        approvedAmount: c.approvedAmount,
        settledAmount: c.settledAmount,
      },
      today,
    );
    return alert ? [alert] : [];
  });
  return { alerts: claimAlerts.length > 0 ? sortAlerts([...plans, ...claimAlerts]) : plans };
}
