import type { ClientClaim } from '@portal/contract';
import { ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/ui/card.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { useClientClaims } from '../api/get-claims.ts';
import { ClaimStatusBadge } from './claim-parts.tsx';
import { useClaimWords } from './claim-words.ts';
import { clientPaths } from './client-paths.ts';

// My Claims (issue 28 item 5): the household's claims, newest first, each with its status, kind, plan, amounts,
// age and what is still pending; read-only. A claim's card opens its page.

function Amount({ label, value }: { label: string; value: string | null }) {
  const format = useFormat();
  if (value === null) return null;
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums">{format.money(value)}</dd>
    </div>
  );
}

export function ClaimCard({ claim }: { claim: ClientClaim }) {
  const words = useClaimWords();
  const { t } = words;
  const format = useFormat();
  const title = claim.insurer_claim_number
    ? t('claimNumber', { number: claim.insurer_claim_number })
    : words.kind(claim);
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
            {claim.insurer_claim_number ? `${words.kind(claim)} · ` : ''}
            {claim.insured_name}
          </p>
        </div>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="text-sm break-words text-slate-700">
        {t('policy', { number: claim.plan_number })}
        {claim.provider_name ? ` · ${claim.provider_name}` : ''}
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">{t('intimated')}</dt>
          <dd className="text-slate-900 tabular-nums">
            {format.date(claim.intimated_on)}
            <span className="block text-xs text-slate-500">{words.age(claim.age_days)}</span>
          </dd>
        </div>
        <Amount label={t('claimed')} value={claim.claimed_amount} />
        <Amount label={t('approved')} value={claim.approved_amount} />
        <Amount label={t('settled')} value={claim.settled_amount} />
      </dl>
      {claim.pending ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{words.pending(claim)}</p>
      ) : null}
    </li>
  );
}

export function MyClaims() {
  const query = useClientClaims();
  const { t } = useClaimWords();
  return (
    <div>
      <PageHeading title={t('heading')}>
        {query.isSuccess && query.data.claims.length > 0 ? (
          <span className="text-sm text-slate-600">{t('count', { count: query.data.claims.length })}</span>
        ) : null}
      </PageHeading>
      {query.isPending || (query.isError && query.isFetching) ? (
        <Loading label={t('loading')} className="flex flex-col gap-4">
          <Skeleton variant="bar" className="h-40 w-full rounded-xl" />
          <Skeleton variant="bar" className="h-40 w-full rounded-xl" />
        </Loading>
      ) : query.isError ? (
        <ErrorState icon onRetry={() => void query.refetch()}>
          {t('loadFailed')}
        </ErrorState>
      ) : query.data.claims.length === 0 ? (
        <EmptyState icon={ClipboardList}>{t('none')}</EmptyState>
      ) : (
        <ul aria-label={t('listLabel')} className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {query.data.claims.map((c) => (
            <ClaimCard key={c.id} claim={c} />
          ))}
        </ul>
      )}
    </div>
  );
}
