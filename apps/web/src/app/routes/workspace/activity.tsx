import { ActivityLog } from '../../../features/activity/components/activity-log.tsx';

/** /dashboard/activity: who did what in the agency; the owner's alone (routes-workspace.tsx gates it). */
export function ActivityScreen() {
  return <ActivityLog />;
}
