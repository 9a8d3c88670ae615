import { Badge } from '../../../components/ui/badge.tsx';

export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'green' : 'red'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return <Badge tone={verified ? 'blue' : 'amber'}>{verified ? 'Verified' : 'Not Verified'}</Badge>;
}
