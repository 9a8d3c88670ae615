import { ActivityLog } from '../../../features/activity/components/activity-log.tsx';
import { RequireRoles } from '../../guard.tsx';

/** /dashboard/activity is the owner's alone (issue 25 item 4): staff who open it are sent to /unauthorized. */
export function OwnerOnly() {
  return <RequireRoles roles={['AO']} />;
}

/** /dashboard/activity: who did what in the agency. */
export function ActivityScreen() {
  return <ActivityLog />;
}
