import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MemberDetail } from '../../../features/family/components/member-detail.tsx';

/** /dashboard/secondary-client/{id}: a family member's details, documents and plans (spec §2, issue 5). */
export function SecondaryDetailScreen() {
  const { secondaryClientId = '' } = useParams();
  const navigate = useNavigate();
  // Spec §2: with no id the screen goes back one page.
  useEffect(() => {
    if (!secondaryClientId) navigate(-1);
  }, [secondaryClientId, navigate]);
  return secondaryClientId ? (
    <MemberDetail key={secondaryClientId} secondaryClientId={secondaryClientId} />
  ) : null;
}
