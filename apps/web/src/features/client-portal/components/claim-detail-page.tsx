import type { ClientClaimDetail } from '@portal/contract';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { cn } from '../../../lib/cn.ts';
import { useClientClaim } from '../api/get-claims.ts';
import { ClaimDocumentsCard } from './claim-documents-card.tsx';
import { ClaimStatusBadge } from './claim-parts.tsx';
import { useClaimWords } from './claim-words.ts';
import { clientPaths } from './client-paths.ts';
import { isNotFound } from './is-not-found.ts';

// A claim of the client's household (issue 28 item 5), read-only: what is still pending, the amounts with the
// deductions' reasons, the kind's fields and the status timeline with its dates and notes.

const DATE_FIELDS = new Set<string>([
  'admission_date',
  'discharge_date',
  'accident_date',
  'event_date',
  'incident_date',
]);

function Amounts({ claim }: { claim: ClientClaimDetail }) {
  const { t } = useClaimWords();
  const format = useFormat();
  return (
    <Card region title={t('amounts')}>
      <Fields columns="grid-cols-2">
        <Field label={t('claimed')} value={claim.claimed_amount && format.money(claim.claimed_amount)} />
        <Field label={t('approved')} value={claim.approved_amount && format.money(claim.approved_amount)} />
        <Field label={t('settled')} value={claim.settled_amount && format.money(claim.settled_amount)} />
        <Field label={t('deducted')} value={claim.deducted_amount && format.money(claim.deducted_amount)} />
      </Fields>
      {claim.deductions.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-semibold text-slate-900">{t('deductions')}</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {claim.deductions.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: deductions have no id; the order is the insurer's.
              <li key={i} className="flex justify-between gap-3 py-2">
                <span className="min-w-0 break-words text-slate-700">{d.reason}</span>
                <span className="shrink-0 text-slate-900 tabular-nums">{format.money(d.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {claim.rejection_reason ? (
        <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          <span className="font-medium">{t('rejectionReason')}</span>
          {claim.rejection_reason}
        </p>
      ) : null}
    </Card>
  );
}

function Timeline({ events }: { events: ClientClaimDetail['events'] }) {
  const words = useClaimWords();
  const format = useFormat();
  return (
    <Card region title={words.t('timeline')}>
      <ol className="flex flex-col">
        {events.map((e, i) => {
          const last = i === events.length - 1;
          return (
            <li key={e.id} className="relative flex gap-3 pb-5 last:pb-0">
              {last ? null : (
                <span aria-hidden className="absolute top-4 left-[7px] h-full w-px bg-slate-200" />
              )}
              <span
                aria-hidden
                className={cn(
                  'relative mt-1 size-[15px] shrink-0 rounded-full border-2',
                  last ? 'border-primary-600 bg-primary-600' : 'border-slate-300 bg-white',
                )}
              />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {words.status(e.to_status)}
                  <span className="ml-2 font-normal text-slate-500 tabular-nums">{format.date(e.on)}</span>
                </p>
                {e.note ? <p className="mt-0.5 break-words text-slate-700">{e.note}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function ClaimView({ claim }: { claim: ClientClaimDetail }) {
  const details = Object.entries(claim.details).filter(([, v]) => v !== '');
  const words = useClaimWords();
  const { t } = words;
  const format = useFormat();
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold break-words text-slate-900 md:text-2xl">
            {claim.insurer_claim_number
              ? t('claimNumber', { number: claim.insurer_claim_number })
              : words.kind(claim)}
          </h1>
          <ClaimStatusBadge status={claim.status} />
        </div>
        <p className="text-sm text-slate-600">
          {t('subtitle', {
            kind: words.kind(claim),
            name: claim.insured_name,
            date: format.date(claim.intimated_on),
            age: words.age(claim.age_days).toLowerCase(),
          })}
        </p>
        <p className="text-sm break-words text-slate-700">
          <Link to={clientPaths.plan(claim.plan_id)} className="font-medium text-primary-700 hover:underline">
            {t('policy', { number: claim.plan_number })}
          </Link>
          {claim.provider_name ? ` · ${claim.provider_name}` : ''}
        </p>
        <p
          className={cn(
            'mt-1 rounded-md px-3 py-2 text-sm',
            claim.pending ? 'bg-amber-50 text-amber-900' : 'bg-green-50 text-green-800',
          )}
        >
          <span className="font-medium">{t('pendingLabel')}</span>
          {words.pending(claim) ?? words.nothingPending(claim.status)}
        </p>
      </section>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Amounts claim={claim} />
        <Timeline events={claim.events} />
      </div>
      <ClaimDocumentsCard claim={claim} />
      {details.length > 0 ? (
        <Card region title={t('details')}>
          <Fields columns="grid-cols-1 sm:grid-cols-2 lg:grid-cols-3">
            {details.map(([key, value]) => (
              <Field
                key={key}
                label={words.field(key)}
                value={DATE_FIELDS.has(key) ? format.date(value) : value}
              />
            ))}
          </Fields>
        </Card>
      ) : null}
    </div>
  );
}

export function ClaimDetailPage({ id }: { id: string }) {
  const query = useClientClaim(id);
  const { t } = useClaimWords();
  const back = (
    <Link
      to={clientPaths.claims}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {t('heading')}
    </Link>
  );
  return (
    <div>
      {back}
      {query.isPending || (query.isError && query.isFetching) ? (
        <Loading label={t('loadingClaim')} className="flex flex-col gap-5">
          <Skeleton variant="bar" className="h-32 w-full rounded-xl" />
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
            <Skeleton variant="bar" className="h-56 rounded-xl" />
            <Skeleton variant="bar" className="h-56 rounded-xl" />
          </div>
        </Loading>
      ) : query.isError ? (
        isNotFound(query.error) ? (
          <ErrorState icon title={t('notFoundTitle')}>
            {t('notFound')}
          </ErrorState>
        ) : (
          <ErrorState icon onRetry={() => void query.refetch()}>
            {t('claimFailed')}
          </ErrorState>
        )
      ) : (
        <ClaimView claim={query.data} />
      )}
    </div>
  );
}
