import { useParams } from 'react-router';
import { ClaimDetailPage } from '../../../features/client-portal/components/claim-detail-page.tsx';

/** /agency-client/dashboard/claims/{id}: one of the household's claims (issue 28 item 5). */
export function ClientClaimDetailScreen() {
  const { id = '' } = useParams();
  return <ClaimDetailPage id={id} />;
}
