import { MANAGER_ROLES } from '@portal/contract';
import { useLocation, useParams } from 'react-router';
import { ClientRecord } from '../../../features/clients/components/client-record.tsx';
import { currentClaims } from '../../../lib/session.ts';

/** /dashboard/users/{id}: one client's record with family, plans and documents (issue 5). */
export function UserDetailScreen() {
  const { userId = '' } = useParams();
  // "All clients" returns to the page and search of the list this client was opened from.
  const from: unknown = useLocation().state;
  const listAddress =
    from &&
    typeof from === 'object' &&
    'list' in from &&
    typeof from.list === 'string' &&
    from.list.startsWith('?')
      ? from.list
      : '';
  const mayRemove = (currentClaims()?.roles ?? []).some((r) =>
    (MANAGER_ROLES as readonly string[]).includes(r),
  );
  return <ClientRecord key={userId} userId={userId} listAddress={listAddress} mayRemove={mayRemove} />;
}
