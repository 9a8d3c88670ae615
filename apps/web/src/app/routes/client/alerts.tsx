import { AllAlerts } from '../../../features/client-portal/components/all-alerts.tsx';

/** /agency-client/dashboard/alerts: every upcoming alert (decisions §4). */
export function ClientAlertsScreen() {
  return <AllAlerts />;
}
