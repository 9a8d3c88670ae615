import { ChevronRight, Eye, FileText } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { cn } from '../../../lib/cn.ts';
import { clientPaths } from './client-paths.ts';
import { useMyPlansT } from './my-plans-words.ts';
import { type PlanItem, planId, planMoney, planStatus } from './plan-rules.ts';
import { usePlanWords } from './plan-words.ts';

// The quick view loads when a client first asks for it: My Plans stays within its 200 kB budget (issue 30).
const PlanDetailModal = lazy(() =>
  import('./plan-detail-modal.tsx').then((m) => ({ default: m.PlanDetailModal })),
);

/**
 * One plan in My Plans (spec §2): an Expired card is dimmed and its end date red. The card links to the
 * plan's details page; Quick view opens the same details in the plan detail modal.
 */
export function PlanCard({ plan, now }: { plan: PlanItem; now?: Date }) {
  const [quickView, setQuickView] = useState(false);
  // Mounted from the first Quick view on, so it can close as it opened.
  const [asked, setAsked] = useState(false);
  // The modal has no Radix trigger, so focus goes back to Quick view by hand when it closes (keyboard use).
  const opener = useRef<HTMLButtonElement | null>(null);
  const openChange = (open: boolean) => {
    setQuickView(open);
    if (!open) setTimeout(() => opener.current?.focus(), 0);
  };
  const words = usePlanWords();
  const t = useMyPlansT();
  const format = useFormat();
  const status = planStatus(plan, now);
  // Lapsed and Closed are no longer in force: shown as an Expired plan is (decisions §4).
  const expired = status !== 'Active';
  const labels = words.dates(plan.service_code);
  const id = planId(plan);
  return (
    <li className="flex h-full flex-col rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <Link
        to={clientPaths.plan(id)}
        data-status={status}
        className={cn(
          'group flex flex-1 flex-col gap-3 rounded-t-xl p-4 focus-visible:outline-2 focus-visible:outline-primary-600',
          expired && 'opacity-60',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{plan.provider_name}</p>
            <p className="truncate text-sm text-slate-600">{plan.plan_name}</p>
          </div>
          <Badge tone={expired ? 'red' : 'green'}>{words.status(status)}</Badge>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge tone="blue">{words.service(plan.service_code)}</Badge>
          <span className="text-slate-600 tabular-nums">{t('number', { number: plan.policy_number })}</span>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-slate-500">{words.money(plan)}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{format.money(planMoney(plan))}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t('heldBy')}</dt>
            <dd className="truncate text-slate-900">{words.holder(plan.holder)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{labels.start}</dt>
            <dd className="text-slate-900 tabular-nums">{format.date(plan.start_date)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{labels.endShort}</dt>
            <dd className={cn('tabular-nums', expired ? 'font-medium text-red-700' : 'text-slate-900')}>
              {format.date(plan.end_date)}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex items-center justify-between border-t border-slate-100 pt-3 text-sm">
          {plan.document_available ? (
            <span className="inline-flex items-center gap-1 text-slate-600">
              <FileText className="size-4" aria-hidden /> {t('policyDocument')}
            </span>
          ) : (
            <span className="text-slate-500">{t('noDocument')}</span>
          )}
          <span className="inline-flex items-center gap-1 font-medium text-primary-700">
            {t('viewDetails')} <ChevronRight className="size-4" aria-hidden />
          </span>
        </div>
      </Link>
      <div className="flex justify-end border-t border-slate-100 px-4 py-2">
        <Button
          variant="ghost"
          className="min-h-9 px-3"
          aria-label={t('quickViewLabel', { provider: plan.provider_name, number: plan.policy_number })}
          onClick={(event) => {
            opener.current = event.currentTarget;
            setAsked(true);
            setQuickView(true);
          }}
        >
          <Eye className="size-4" aria-hidden /> {t('quickView')}
        </Button>
      </div>
      {asked ? (
        <Suspense fallback={null}>
          <PlanDetailModal
            planId={id}
            title={plan.provider_name}
            open={quickView}
            onOpenChange={openChange}
          />
        </Suspense>
      ) : null}
    </li>
  );
}

/** Spec §9: eight skeleton cards while the plans load. */
export const PLAN_SKELETON_CARDS = 8;

export function PlanCardSkeletons() {
  const t = useMyPlansT();
  return (
    <ul
      role="status"
      aria-busy="true"
      aria-label={t('loadingPlans')}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
    >
      {Array.from({ length: PLAN_SKELETON_CARDS }, (_, i) => `placeholder-${i}`).map((key) => (
        <li
          key={key}
          data-testid="plan-skeleton"
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex justify-between gap-3">
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton variant="bar" className="h-4 w-3/4" />
              <Skeleton variant="bar" className="h-3 w-1/2" />
            </div>
            <Skeleton variant="bar" className="h-5 w-14 rounded-full" />
          </div>
          <Skeleton variant="bar" className="h-4 w-40" />
          <div className="grid grid-cols-2 gap-3">
            {[0, 1, 2, 3].map((j) => (
              <Skeleton key={j} variant="bar" className="h-8" />
            ))}
          </div>
          <Skeleton variant="bar" className="h-5 w-full" />
        </li>
      ))}
    </ul>
  );
}
