import { FamilyMembers } from '../../../features/client-portal/components/family-members.tsx';

/** /agency-client/dashboard/secondary-clients: the client's family members (spec §2). */
export function ClientSecondaryClientsScreen() {
  return <FamilyMembers />;
}
