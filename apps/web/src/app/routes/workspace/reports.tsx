import { ReportsScreen as Reports } from '../../../features/reports/components/reports-screen.tsx';

/** /dashboard/reports: the agency's reports; the owner's and agency admins' (routes-workspace.tsx gates it). */
export function ReportsScreen() {
  return <Reports />;
}
