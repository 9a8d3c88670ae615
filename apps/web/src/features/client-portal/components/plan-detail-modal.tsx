import type { PlanDetail } from '@portal/contract';
import { Download } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/detail-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { usePlanDetails } from '../api/get-plan-details.ts';
import { clientPaths } from './client-paths.ts';
import { isNotFound } from './is-not-found.ts';
import { NomineeCard } from './nominee-card.tsx';
import { type DocumentPlan, useDocumentDownload } from './plan-document.tsx';
import { planRows } from './plan-fields.ts';
import { planStatus } from './plan-rules.ts';
import { usePlanWords } from './plan-words.ts';

// The reusable plan detail modal (spec §2 Plan details): closes on Escape or a backdrop click (the project's
// Modal), shows Download when the plan's document is available, the plan's fields and its nominee.

function DownloadButton({ plan }: { plan: PlanDetail }) {
  const id = plan.plan_type === 'insurance' ? plan.policy_id : plan.account_id;
  const documentPlan = useMemo<DocumentPlan>(
    () => ({ plan_type: plan.plan_type, id, policy_number: plan.policy_number, plan_name: plan.plan_name }),
    [plan.plan_type, id, plan.policy_number, plan.plan_name],
  );
  const { download, busy } = useDocumentDownload(documentPlan);
  const { t } = usePlanWords();
  return (
    <Button variant="secondary" onClick={() => download()} busy={busy}>
      {busy ? null : <Download className="size-4" aria-hidden />} {t('download')}
    </Button>
  );
}

function Details({ plan }: { plan: PlanDetail }) {
  const status = planStatus(plan);
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = status !== 'Active';
  const words = usePlanWords();
  const { t } = words;
  const format = useFormat();
  const rows = planRows(plan, expired, words, format);
  const infoId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-slate-600 tabular-nums">
            {words.number(plan)} {plan.policy_number}
          </p>
          <p className="truncate text-sm font-medium text-slate-900">{plan.plan_name}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge tone="blue">{words.service(plan.service_code)}</Badge>
            <Badge tone={expired ? 'red' : 'green'}>{words.status(status)}</Badge>
            <span className="text-sm text-slate-600">
              {t('heldByName', { name: words.holder(plan.holder) })}
            </span>
          </div>
        </div>
        {plan.document_available ? <DownloadButton plan={plan} /> : null}
      </div>
      <section aria-labelledby={infoId}>
        <h3 id={infoId} className="mb-3 font-semibold text-slate-900">
          {t('planInformation')}
        </h3>
        <dl className="grid grid-cols-2 gap-4 text-sm">
          {rows.map((row) => (
            <Field
              key={row.label}
              label={row.label}
              value={
                <span className={cn(row.tone === 'danger' && 'font-medium text-red-700')}>{row.value}</span>
              }
            />
          ))}
        </dl>
      </section>
      <NomineeCard nominee={plan.nominee} />
    </div>
  );
}

function Body({ planId }: { planId: string }) {
  const query = usePlanDetails(planId);
  const { t } = usePlanWords();
  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <Loading label={t('loadingDetails')} className="flex flex-col gap-4">
        <Skeleton variant="bar" className="h-16 w-full" />
        <div className="grid grid-cols-2 gap-4">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} variant="bar" className="h-9" />
          ))}
        </div>
        <Skeleton variant="bar" className="h-28 w-full rounded-xl" />
      </Loading>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <ErrorState icon title={t('notFoundTitle')}>
          {t('notFound')}
        </ErrorState>
      );
    }
    const detail = query.error instanceof ApiError ? (query.error.detail ?? query.error.message) : null;
    return (
      <ErrorState icon title={t('errorTitle')} onRetry={() => void query.refetch()}>
        {detail || t('errorFallback')}
      </ErrorState>
    );
  }
  return <Details plan={query.data} />;
}

export interface PlanDetailModalProps {
  /** The policy id or the investment account id. */
  planId: string;
  /** The dialog's title, known before the details load (usually the provider's name). */
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A plan's details in a dialog; they load each time it opens. The footer links to the full details page. */
export function PlanDetailModal({ planId, title, open, onOpenChange }: PlanDetailModalProps) {
  const { t } = usePlanWords();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('close')}
          </Button>
          <Link
            to={clientPaths.plan(planId)}
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-primary-700 px-4 py-2 text-sm font-medium text-white hover:bg-primary-800"
          >
            {t('fullDetails')}
          </Link>
        </>
      }
    >
      {open ? <Body planId={planId} /> : null}
    </Modal>
  );
}
