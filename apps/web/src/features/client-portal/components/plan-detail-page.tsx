import type { PlanDetail } from '@portal/contract';
import { ArrowLeft, Download, Eye } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { usePlanDetails } from '../api/get-plan-details.ts';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';
import { isNotFound } from './is-not-found.ts';
import { NomineeCard } from './nominee-card.tsx';
import { type DocumentPlan, useDocumentDownload } from './plan-document.tsx';
import { planRows } from './plan-fields.ts';
import { planStatus } from './plan-rules.ts';
import { usePlanWords } from './plan-words.ts';

// The client's Plan details page (spec §2): `id` is the policy id or the investment account id.

// The PDF viewer loads when the client first opens it (the route's 200 kB budget, issue 30).
// The premium card too: it is below the plan's information and nominee, so it arrives without moving them.
const PlanPremium = lazy(() => import('./plan-premium.tsx').then((m) => ({ default: m.PlanPremium })));

const PlanDocumentViewer = lazy(() =>
  import('./plan-document-viewer.tsx').then((m) => ({ default: m.PlanDocumentViewer })),
);

function DocumentActions({ plan }: { plan: DocumentPlan }) {
  const { t } = usePlanWords();
  const [viewing, setViewing] = useState(false);
  const [asked, setAsked] = useState(false);
  const { download, busy } = useDocumentDownload(plan);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        onClick={() => {
          setAsked(true);
          setViewing(true);
        }}
      >
        <Eye className="size-4" aria-hidden /> {t('view')}
      </Button>
      <Button onClick={() => download()} busy={busy}>
        {busy ? null : <Download className="size-4" aria-hidden />} {t('download')}
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <PlanDocumentViewer plan={plan} open={viewing} onOpenChange={setViewing} />
        </Suspense>
      ) : null}
    </div>
  );
}

function InsuredMembers({
  members,
}: {
  members: NonNullable<PlanDetail['subtype_fields']['insured_members']>;
}) {
  const { t } = usePlanWords();
  const tc = useClientT();
  const format = useFormat();
  return (
    <Card region title={t('insuredMembers', { count: members.length })}>
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">{t('noInsuredMembers')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: members have no id; the order is the policy's.
            <li key={i} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{m.insured_member_name}</p>
                <p className="text-slate-600">
                  {m.relationship ? tc(`relation.${m.relationship}`, { defaultValue: m.relationship }) : '—'}
                </p>
              </div>
              <div className="text-right text-slate-600 tabular-nums">
                <p>{m.insured_member_dob ? format.date(m.insured_member_dob) : '—'}</p>
                <p>{m.insured_member_phone_number ?? ''}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function DetailView({ plan }: { plan: PlanDetail }) {
  const status = planStatus(plan);
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = status !== 'Active';
  const words = usePlanWords();
  const { t } = words;
  const format = useFormat();
  const rows = planRows(plan, expired, words, format);
  const id = plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id;
  const documentPlan = useMemo<DocumentPlan>(
    () => ({ plan_type: plan.plan_type, id, policy_number: plan.policy_number, plan_name: plan.plan_name }),
    [plan.plan_type, id, plan.policy_number, plan.plan_name],
  );
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold text-slate-900 md:text-2xl">{plan.provider_name}</h1>
          <p className="mt-1 text-sm text-slate-600 tabular-nums">
            {words.number(plan)} {plan.policy_number}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="blue">{words.service(plan.service_code)}</Badge>
            <Badge tone={expired ? 'red' : 'green'}>{words.status(status)}</Badge>
            <span className="text-sm text-slate-600">
              {t('heldByName', { name: words.holder(plan.holder) })}
            </span>
          </div>
        </div>
        {plan.document_available ? <DocumentActions plan={documentPlan} /> : null}
      </section>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Card region title={t('planInformation')} className="lg:col-span-2">
          <Fields>
            {rows.map((row) => (
              <Field
                key={row.label}
                label={row.label}
                value={
                  <span className={cn(row.tone === 'danger' && 'font-medium text-red-700')}>{row.value}</span>
                }
              />
            ))}
          </Fields>
        </Card>
        <NomineeCard nominee={plan.nominee} />
      </div>
      <Suspense fallback={<Skeleton variant="bar" className="h-56 w-full rounded-xl" />}>
        <PlanPremium planId={id} dues={plan.premium} payments={plan.premium_payments} />
      </Suspense>
      {plan.subtype_fields.insured_members ? (
        <InsuredMembers members={plan.subtype_fields.insured_members} />
      ) : null}
    </div>
  );
}

export function PlanDetailPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = usePlanDetails(id);
  const { t } = usePlanWords();
  const tc = useClientT();
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate(clientPaths.plans));

  const back = (
    <Link
      to={clientPaths.plans}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {tc('nav.plans')}
    </Link>
  );

  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div>
        {back}
        <Loading label={t('loadingDetails')} className="flex flex-col gap-5">
          <Skeleton variant="bar" className="h-32 w-full rounded-xl" />
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
            <Skeleton variant="bar" className="h-64 rounded-xl lg:col-span-2" />
            <Skeleton variant="bar" className="h-64 rounded-xl" />
          </div>
        </Loading>
      </div>
    );
  }
  if (query.isError) {
    const goBackButton = (
      <Button variant="secondary" onClick={goBack}>
        <ArrowLeft className="size-4" aria-hidden /> {t('goBack')}
      </Button>
    );
    if (isNotFound(query.error)) {
      return (
        <div>
          {back}
          <ErrorState icon title={t('notFoundTitle')} actions={goBackButton}>
            {t('notFound')}
          </ErrorState>
        </div>
      );
    }
    const detail = query.error instanceof ApiError ? (query.error.detail ?? query.error.message) : null;
    return (
      <div>
        {back}
        <ErrorState icon title={t('errorTitle')} actions={goBackButton}>
          {detail || t('errorFallback')}
        </ErrorState>
      </div>
    );
  }
  return (
    <div>
      {back}
      <DetailView plan={query.data} />
    </div>
  );
}
