import { CLIENT_CLAIMS_MAX } from '@portal/contract';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useClientClaims } from '../api/get-client-claims.ts';
import { ageLabel, ClaimStatusBadge } from './claim-status-badge.tsx';

/** The client record's claims (issue 28): its household's, newest first, each linked to its detail. */
export function ClientClaimsCard({ clientId }: { clientId: string }) {
  const claims = useClientClaims(clientId);
  const data = claims.data;
  const loading = claims.isPending || (claims.isError && claims.isFetching);
  return (
    <section
      aria-labelledby="client-claims-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="client-claims-title" className="text-base font-semibold text-slate-900">
        Claims{data ? ` (${data.total})` : ''}
      </h2>
      {loading ? <div className="mt-4 h-12 animate-pulse rounded bg-slate-100" aria-busy="true" /> : null}
      {claims.isError && !loading ? (
        <ErrorState variant="inline" className="mt-3" onRetry={() => void claims.refetch()}>
          We could not load this client’s claims.
        </ErrorState>
      ) : null}
      {data && data.claims.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          No claims yet. Intimate one from an insurance policy’s page when the client calls about it.
        </p>
      ) : null}
      {data && data.claims.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {data.claims.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="flex min-w-0 flex-col">
                <Link
                  to={`/dashboard/claims/${c.id}`}
                  className="text-sm font-medium text-slate-900 underline-offset-2 hover:underline"
                >
                  {c.kind_label} · {c.plan_number}
                </Link>
                <span className="text-xs text-slate-500">
                  Intimated {formatDate(c.intimated_on)} · {ageLabel(c.age_days)}
                  {c.insurer_claim_number ? ` · Claim no. ${c.insurer_claim_number}` : ''}
                </span>
              </div>
              <div className="flex items-center gap-3">
                <ClaimStatusBadge status={c.status} />
                <span className="text-sm tabular-nums text-slate-900">
                  {c.claimed_amount ? formatMoney(c.claimed_amount) : '—'}
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > data.claims.length ? (
        <p className="mt-2 text-xs text-slate-500">
          The newest {CLIENT_CLAIMS_MAX} of {data.total}; the Claims page searches every one.
        </p>
      ) : null}
    </section>
  );
}
