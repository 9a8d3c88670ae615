import type { WorkspacePlanDetail } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import {
  DuesFacts,
  PaymentHistory,
  PremiumStateBadge,
  StandingNote,
} from '../../../components/premiums/premium-parts.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { usePlanPremiums } from '../api/get-plan-premiums.ts';

// The payment form (and the date field's reading of typed dates) loads when first opened: the plan detail is at
// its script budget.
const MarkPremiumDialog = lazy(() =>
  import('./mark-premium-dialog.tsx').then((m) => ({ default: m.MarkPremiumDialog })),
);

// The plan's premium dues (issue 27): its mode, next due date and where it stands, in colour and words
// (visual language), the premiums paid, and "Mark premium paid".

/** The workspace plan's Premium card. */
export function PremiumCard({ plan }: { plan: WorkspacePlanDetail }) {
  const premiums = usePlanPremiums(plan.plan_id);
  const [marking, setMarking] = useState(false);
  const data = premiums.data;
  const loading = premiums.isPending || (premiums.isError && premiums.isFetching);
  const payable = data !== undefined && ['due', 'grace', 'lapsed'].includes(data.dues.state);

  return (
    <section
      aria-labelledby="premium-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="premium-title" className="font-semibold text-slate-900">
            Premium
          </h2>
          {data ? <PremiumStateBadge dues={data.dues} /> : null}
        </div>
        {payable ? <Button onClick={() => setMarking(true)}>Mark premium paid</Button> : null}
      </div>
      {loading ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading premium">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-10 animate-pulse rounded bg-slate-100" />
            ))}
          </div>
          <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
        </div>
      ) : null}
      {premiums.isError && !loading ? (
        <ErrorState variant="inline" onRetry={() => void premiums.refetch()}>
          We could not load the plan's premiums.
        </ErrorState>
      ) : null}
      {data ? (
        <div className="flex flex-col gap-4">
          <DuesFacts dues={data.dues} />
          <StandingNote dues={data.dues} />
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Payment history</h3>
            <PaymentHistory
              payments={data.payments}
              showRecorder
              receipts={{ area: 'workspace', planId: plan.plan_id }}
            />
          </div>
        </div>
      ) : null}
      {marking && data ? (
        <Suspense fallback={null}>
          <MarkPremiumDialog plan={plan} premiums={data} onClose={() => setMarking(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
