import { ClientAgencyDetails } from '../../../features/client-portal/components/agency-details.tsx';

/** /agency-client/dashboard/agency-details: My Agency Details (spec §2). */
export function ClientAgencyScreen() {
  return <ClientAgencyDetails />;
}
