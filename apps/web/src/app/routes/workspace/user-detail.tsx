import { MANAGER_ROLES } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/query-states.tsx';
import { ClientRecord } from '../../../features/clients/components/client-record.tsx';
import { SendOnWhatsApp } from '../../../features/renewals/components/send-on-whatsapp.tsx';
import { currentClaims } from '../../../lib/session.ts';

// The household's claims (issue 28), fetched apart from the page for its script budget.
const ClientClaimsCard = lazy(() =>
  import('../../../features/claims/components/client-claims-card.tsx').then((m) => ({
    default: m.ClientClaimsCard,
  })),
);

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
  return (
    <ClientRecord
      key={userId}
      userId={userId}
      listAddress={listAddress}
      mayRemove={mayRemove}
      claims={
        <Suspense fallback={<Skeleton className="h-28" />}>
          <ClientClaimsCard clientId={userId} />
        </Suspense>
      }
      // An active plan with an end date or a premium due: the agency's message in the client's language, the
      // premium-due one when a premium falls due apart from the end date (decision 040), else the renewal one.
      planAction={(plan, client) =>
        plan.status === 'Active' && (plan.end_date || plan.next_due_date) ? (
          <SendOnWhatsApp
            quiet
            className="min-h-9 px-3 py-1.5"
            nextDueDate={plan.next_due_date ?? null}
            plan={{
              plan_id: plan.plan_id,
              plan_name: plan.plan_name ?? plan.provider_name,
              plan_number: plan.policy_number,
              client_name: client.full_name,
              client_phone: client.phone,
              client_language: client.reminder_language,
              end_date: plan.end_date,
              amount: (plan.plan_kind === 'insurance' ? plan.premium_amount : plan.amount) ?? null,
            }}
          />
        ) : null
      }
    />
  );
}
