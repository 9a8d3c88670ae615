import { CLAIM_STATUS_LABELS, type ClaimStatus } from '@portal/contract';
import { Badge } from '../../../components/ui/badge.tsx';

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

/** A claim's status in colour and words together (visual language). */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={TONE[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}

/** "Today", "1 day", "12 days" since intimation. */
export const ageLabel = (days: number) => (days === 0 ? 'Today' : days === 1 ? '1 day' : `${days} days`);
