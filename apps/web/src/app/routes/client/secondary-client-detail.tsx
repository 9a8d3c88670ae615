import { useParams } from 'react-router';
import { MemberDetail } from '../../../features/client-portal/components/member-detail.tsx';

/** /agency-client/dashboard/secondary-clients/{secondaryClientId}: a family member (spec §2). */
export function ClientSecondaryClientScreen() {
  const { secondaryClientId = '' } = useParams();
  return <MemberDetail secondaryClientId={secondaryClientId} />;
}
