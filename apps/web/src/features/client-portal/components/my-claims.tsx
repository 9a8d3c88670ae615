import type { ClientClaim } from '@portal/contract';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useClientClaims } from '../api/get-claims.ts';
import { ClaimStatusBadge, claimAge } from './claim-parts.tsx';
import { clientPaths } from './client-paths.ts';

// My Claims (issue 28 item 5): the household's claims, newest first, each with its status, kind, plan, amounts,
// age and what is still pending; read-only. A claim's card opens its page.

function Amount({ label, value }: { label: string; value: string | null }) {
  if (value === null) return null;
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(value)}</dd>
    </div>
  );
}

export function ClaimCard({ claim }: { claim: ClientClaim }) {
  const title = claim.insurer_claim_number ? `Claim ${claim.insurer_claim_number}` : claim.kind_label;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-semibold break-words text-slate-900">
            <Link
              to={clientPaths.claim(claim.id)}
              className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
            >
              {title}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {claim.insurer_claim_number ? `${claim.kind_label} · ` : ''}
            {claim.insured_name}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-sm break-words text-slate-700">
        Policy {claim.plan_number}
        {claim.provider_name ? ` · ${claim.provider_name}` : ''}
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Intimated</dt>
          <dd className="text-slate-900 tabular-nums">
            {formatDate(claim.intimated_on)}
            <span className="block text-xs text-slate-500">{claimAge(claim.age_days)}</span>
          </dd>
        </div>
        <Amount label="Claimed" value={claim.claimed_amount} />
        <Amount label="Approved" value={claim.approved_amount} />
        <Amount label="Settled" value={claim.settled_amount} />
      </dl>
      {claim.pending ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{claim.pending}</p>
      ) : null}
    </li>
  );
}

export function MyClaims() {
  const query = useClientClaims();
  return (
    <div>
      <PageHeading title="My Claims">
        {query.isSuccess && query.data.claims.length > 0 ? (
          <span className="text-sm text-slate-600">
            {query.data.claims.length} claim{query.data.claims.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <Loading label="Loading claims" className="flex flex-col gap-4">
          <Skeleton variant="bar" className="h-40 w-full rounded-xl" />
          <Skeleton variant="bar" className="h-40 w-full rounded-xl" />
        </Loading>
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          Failed to load your claims
        </ErrorState>
      ) : query.data.claims.length === 0 ? (
        <EmptyState icon={ClipboardList}>
          No claims yet. When you need to make a claim, call your agent: it will show here.
        </EmptyState>
      ) : (
        <ul aria-label="Claims" className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {query.data.claims.map((c) => (
            <ClaimCard key={c.id} claim={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
