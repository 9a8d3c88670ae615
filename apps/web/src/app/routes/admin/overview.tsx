import { AdminOverview } from '../../../features/admin/components/admin-overview.tsx';

/** /agency-admin/dashboard (index and overview): spec §2 Admin dashboard overview, with real counts. */
export function AdminOverviewScreen() {
  return <AdminOverview />;
}
