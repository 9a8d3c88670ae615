import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@portal/contract';
import { Badge } from '../../../components/ui/badge.tsx';

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
  return <Badge tone={TONE[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}

/** "Intimated today", "1 day ago", "12 days ago". */
export const claimAge = (days: number) =>
  days === 0 ? 'Intimated today' : `${days} day${days === 1 ? '' : 's'} ago`;
