import {
  CLAIM_FIELD_LABELS,
  CLAIM_GROUP_FIELDS,
  CLAIM_STATUS_LABELS,
  type ClaimDetail as ClaimDetailData,
  claimFieldGroup,
} from '@portal/contract';
import { ArrowLeft, ArrowRightLeft } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { ErrorState, Skeleton } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useClaim } from '../api/get-claim.ts';
import { ClaimChecklist } from './claim-checklist.tsx';
import { ageLabel, ClaimStatusBadge } from './claim-status-badge.tsx';

// The dialog (its date field and calendar) loads when first opened.
const MoveClaimDialog = lazy(() =>
  import('./move-claim-dialog.tsx').then((m) => ({ default: m.MoveClaimDialog })),
);

const card = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm';
const money = (v: string | null) => (v ? formatMoney(v) : null);

/** /dashboard/claims/{id} (issue 28 item 4): a claim's policy, client, fields, amounts and timeline; "Move claim". */
export function ClaimDetail({ claimId }: { claimId: string }) {
  const claim = useClaim(claimId);
  const [moving, setMoving] = useState(false);
  const back = (
    <Link
      to="/dashboard/claims"
      className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All claims
    </Link>
  );

  if (claim.isPending || (claim.isError && claim.isFetching)) {
    return (
      <div className="flex flex-col gap-5" aria-busy="true">
        {back}
        <Skeleton className="h-20" />
        <div className="grid gap-5 lg:grid-cols-2">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (claim.isError) {
    const gone = claim.error instanceof ApiError && claim.error.status === 404;
    return (
      <div className="flex flex-col gap-5">
        {back}
        <ErrorState
          title={gone ? 'Claim not found' : 'We could not load this claim'}
          {...(gone ? {} : { onRetry: () => void claim.refetch() })}
        >
          {gone
            ? 'No claim of your agency’s clients has this address. It may be another agent’s client’s.'
            : 'Check your connection and try again.'}
        </ErrorState>
      </div>
    );
  }
  const c = claim.data;
  const fields = CLAIM_GROUP_FIELDS[claimFieldGroup(c.kind)];
  const ended = c.next_statuses.length === 0;

  return (
    <div className="flex flex-col gap-5">
      {back}
      <header className={`${card} flex flex-wrap items-start justify-between gap-4`}>
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-lg font-semibold text-slate-900">{c.kind_label}</h2>
            <ClaimStatusBadge status={c.status} />
          </div>
          <p className="text-sm break-words text-slate-600">
            <Link
              to={`/dashboard/users/${c.primary_client_id}`}
              className="font-medium text-slate-900 underline-offset-2 hover:underline"
            >
              {c.client_name}
            </Link>
            {' · '}
            <Link
              to={`/dashboard/plans/${c.plan_id}`}
              className="underline-offset-2 hover:underline"
              aria-label={`Policy ${c.plan_number}`}
            >
              Policy {c.plan_number}
            </Link>
            {c.provider_name ? ` · ${c.provider_name}` : ''}
          </p>
          <p className="text-xs text-slate-500">
            Intimated {formatDate(c.intimated_on)} · {ageLabel(c.age_days)} · last step{' '}
            {formatDate(c.status_on)}
          </p>
        </div>
        {ended ? (
          <p className="text-sm text-slate-600">
            This claim is {CLAIM_STATUS_LABELS[c.status].toLowerCase()}: its status can no longer change.
          </p>
        ) : (
          <Button onClick={() => setMoving(true)} className="w-full sm:w-auto">
            <ArrowRightLeft className="size-4" aria-hidden />
            Move claim
          </Button>
        )}
      </header>

      <div className="grid gap-5 lg:grid-cols-2">
        <section aria-labelledby="claim-amounts" className={card}>
          <h3 id="claim-amounts" className="mb-4 text-base font-semibold text-slate-900">
            Amounts
          </h3>
          <Fields columns="grid-cols-2">
            <Field label="Claimed" value={money(c.claimed_amount)} />
            <Field label="Approved" value={money(c.approved_amount)} />
            <Field label="Settled" value={money(c.settled_amount)} />
            <Field label="Deducted" value={money(c.deducted_amount)} />
            <Field label="Insurer Claim Number" value={c.insurer_claim_number} mono className="col-span-2" />
            {c.rejection_reason ? (
              <Field
                label="Rejection Reason"
                value={c.rejection_reason}
                tone="danger"
                className="col-span-2"
              />
            ) : null}
          </Fields>
          {c.deductions.length > 0 ? (
            <div className="mt-4">
              <h4 className="text-xs font-medium text-slate-500">Deductions</h4>
              <ul className="mt-1 divide-y divide-slate-100 text-sm">
                {c.deductions.map((d, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: deductions have no id and never reorder.
                  <li key={i} className="flex justify-between gap-3 py-1.5">
                    <span className="min-w-0 break-words text-slate-700">{d.reason}</span>
                    <span className="tabular-nums text-slate-900">{formatMoney(d.amount)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
        <section aria-labelledby="claim-details" className={card}>
          <h3 id="claim-details" className="mb-4 text-base font-semibold text-slate-900">
            Details
          </h3>
          <Fields columns="grid-cols-1 sm:grid-cols-2">
            {fields.map((f) => {
              const v = c.details[f];
              return (
                <Field
                  key={f}
                  label={CLAIM_FIELD_LABELS[f]}
                  value={v && f.endsWith('_date') ? formatDate(v) : v}
                  className={f === 'incident' ? 'sm:col-span-2' : undefined}
                />
              );
            })}
          </Fields>
        </section>
      </div>

      <ClaimChecklist claimId={c.id} />

      <Timeline claim={c} />

      {moving ? (
        <Suspense fallback={null}>
          <MoveClaimDialog claim={c} onClose={() => setMoving(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function Timeline({ claim }: { claim: ClaimDetailData }) {
  return (
    <section aria-labelledby="claim-timeline" className={card}>
      <h3 id="claim-timeline" className="mb-4 text-base font-semibold text-slate-900">
        Timeline
      </h3>
      <ol className="flex flex-col">
        {claim.events.map((e, i) => (
          <li key={e.id} className="relative flex gap-3 pb-5 last:pb-0">
            {i < claim.events.length - 1 ? (
              <span className="absolute top-4 bottom-0 left-[5px] w-px bg-slate-200" aria-hidden />
            ) : null}
            <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-primary-600" aria-hidden />
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <ClaimStatusBadge status={e.to_status} />
                <span className="text-sm text-slate-700 tabular-nums">{formatDate(e.on)}</span>
              </div>
              {e.note ? (
                <p className="text-sm break-words whitespace-pre-line text-slate-800">{e.note}</p>
              ) : null}
              <p className="text-xs text-slate-500">
                {e.from_status
                  ? `From ${CLAIM_STATUS_LABELS[e.from_status].toLowerCase()}`
                  : 'Claim intimated'}
                {e.by ? ` · by ${e.by}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
