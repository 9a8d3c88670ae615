import { ManageClients } from '../../../features/admin/components/manage-clients.tsx';

/** /agency-admin/dashboard/manage-clients (spec §2 Manage Clients). */
export function ManageClientsScreen() {
  return <ManageClients />;
}
