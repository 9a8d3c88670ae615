import type { ClaimStatus } from '@portal/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { useClaimWords } from './claim-words.ts';

// The client's claims (issue 28 item 5): a status in colour and words, and a claim's age.

const TONE: Record<ClaimStatus, 'green' | 'red' | 'blue' | 'amber' | 'slate'> = {
  intimated: 'amber',
  documents_pending: 'amber',
  submitted: 'blue',
  query_raised: 'amber',
  approved: 'green',
  partly_approved: 'green',
  rejected: 'red',
  settled: 'green',
  withdrawn: 'slate',
  closed: 'slate',
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const words = useClaimWords();
  return <Badge tone={TONE[status]}>{words.status(status)}</Badge>;
}

export { claimAge } from './claim-words.ts';
