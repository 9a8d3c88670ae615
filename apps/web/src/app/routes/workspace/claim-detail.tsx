import { useParams } from 'react-router';
import { ClaimDetail } from '../../../features/claims/components/claim-detail.tsx';

/** /dashboard/claims/{claimId}: one claim, its timeline and "Move claim" (issue 28). */
export function ClaimDetailScreen() {
  const { claimId = '' } = useParams();
  return <ClaimDetail key={claimId} claimId={claimId} />;
}
