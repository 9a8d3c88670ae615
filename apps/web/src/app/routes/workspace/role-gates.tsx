import { MANAGER_ROLES } from '@portal/contract';
import { RequireRoles } from '../../guard.tsx';

// The workspace admits the owner and staff (issue 25); some of its screens are for fewer roles. These pathless
// routes guard them, so an address typed by hand lands on /unauthorized as the sidebar's missing link implies.

/** The team and the agency profile: the owner alone (decisions §1). */
export function OwnerOnly() {
  return <RequireRoles roles={['AO']} />;
}

/** Provider companies: the owner and agency admins; agents only pick providers inside a plan form. */
export function ManagersOnly() {
  return <RequireRoles roles={MANAGER_ROLES} />;
}
