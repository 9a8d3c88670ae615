import { MANAGER_ROLES } from '@portal/contract';
import { RenewalsWorkList } from '../../../features/renewals/components/renewals-work-list.tsx';
import { currentClaims } from '../../../lib/session.ts';

/** /dashboard/renewals: the renewal work-list, the marks, and for managers reminder days and the outbox (issue 7). */
export function RenewalsScreen() {
  const roles = currentClaims()?.roles ?? [];
  const manages = roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r));
  return <RenewalsWorkList manages={manages} />;
}
