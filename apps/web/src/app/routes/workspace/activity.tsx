import { Navigate, Outlet } from 'react-router';
import { ActivityLog } from '../../../features/activity/components/activity-log.tsx';
import { currentClaims } from '../../../lib/session.ts';
import { paths } from '../../paths.ts';

/**
 * /dashboard/activity is the owner's alone (issue 25 item 4): staff who open it are sent to /unauthorized, as
 * RequireRoles does. The workspace's RequireRoles above has already turned away anyone signed out or outside the
 * workspace, so only the role is left to check. Not RequireRoles itself: importing guard.tsx from a lazy chunk
 * made the bundler move react-router out of the entry chunk, 2.5 kB more gzipped on every route and Add More
 * Plans over its budget.
 */
export function OwnerOnly() {
  if (!currentClaims()?.roles.includes('AO')) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}

/** /dashboard/activity: who did what in the agency. */
export function ActivityScreen() {
  return <ActivityLog />;
}
