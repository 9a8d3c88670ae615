import { FileHeart } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePlanClaims } from '../api/get-plan-claims.ts';
import { ageLabel, ClaimStatusBadge } from './claim-status-badge.tsx';

// The dialog (and its date fields) loads when first opened: the plan detail is near its script budget.
const IntimateClaimDialog = lazy(() =>
  import('./intimate-claim-dialog.tsx').then((m) => ({ default: m.IntimateClaimDialog })),
);

/** A policy's claims on its detail (issue 28), newest first, and "Intimate claim". */
export function PlanClaimsCard({ planId }: { planId: string }) {
  const claims = usePlanClaims(planId);
  const [open, setOpen] = useState(false);
  const data = claims.data;
  const loading = claims.isPending || (claims.isError && claims.isFetching);

  return (
    <section
      aria-labelledby="plan-claims-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="plan-claims-title" className="text-base font-semibold text-slate-900">
          Claims
        </h2>
        <Button variant="secondary" disabled={!data} onClick={() => setOpen(true)}>
          <FileHeart className="size-4" aria-hidden />
          Intimate claim
        </Button>
      </div>
      {loading ? <div className="mt-4 h-12 animate-pulse rounded bg-slate-100" aria-busy="true" /> : null}
      {claims.isError && !loading ? (
        <ErrorState onRetry={() => void claims.refetch()}>We could not load this plan’s claims.</ErrorState>
      ) : null}
      {data && data.claims.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No claims on this policy yet.</p>
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
                  {c.kind_label}
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
      {open && data ? (
        <Suspense fallback={null}>
          <IntimateClaimDialog planId={planId} kinds={data.kinds} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
