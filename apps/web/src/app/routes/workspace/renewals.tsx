import { MANAGER_ROLES } from '@portal/contract';
import { lazy } from 'react';
import { RenewalsWorkList } from '../../../features/renewals/components/renewals-work-list.tsx';
import { currentClaims } from '../../../lib/session.ts';
import { WorkListFilters } from '../../compositions/work-list-filters.tsx';

// The plan detail's payment dialog, loaded when a row's "Mark premium paid" is first pressed.
const WorkListPayPremium = lazy(() =>
  import('../../compositions/work-list-pay-premium.tsx').then((m) => ({ default: m.WorkListPayPremium })),
);

/**
 * /dashboard/renewals: the agent's day (issue 27): dues and renewals by bucket, filtered by service, company and
 * staff; the marks; for managers reminder days, WhatsApp messages and the outbox (issue 7).
 */
export function RenewalsScreen() {
  const roles = currentClaims()?.roles ?? [];
  const manages = roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r));
  return (
    <RenewalsWorkList
      manages={manages}
      filters={(props) => <WorkListFilters {...props} />}
      payPremium={(props) => <WorkListPayPremium {...props} />}
    />
  );
}
