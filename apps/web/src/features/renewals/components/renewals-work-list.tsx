import { type RenewalItem, WORK_BUCKET_LABELS, WORK_BUCKETS, type WorkBucket } from '@portal/contract';
import { AlertTriangle, CalendarCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useReminderSettings } from '../api/get-reminder-settings.ts';
import {
  type PlanTypeFilter,
  TYPE_LABELS,
  useRenewals,
  type WorkListFilter,
  type WorkListFiltersProps,
} from '../api/get-renewals.ts';
import { useMarkLapsed } from '../api/mark-lapsed.ts';
import { RenewalCard } from './renewal-card.tsx';

// The dialogs (and the date field's reading of typed dates) load when first opened: the plan detail is near its
// script budget (apps/web/scripts/report-bundle.mjs).
const ContactedDialog = lazy(() =>
  import('./contacted-dialog.tsx').then((m) => ({ default: m.ContactedDialog })),
);
const RenewDialog = lazy(() => import('./renew-dialog.tsx').then((m) => ({ default: m.RenewDialog })));
// The agency's settings below the list (managers only) load after the list itself.
const ReminderDays = lazy(() => import('./reminder-days.tsx').then((m) => ({ default: m.ReminderDays })));
const WhatsAppTemplatesSettings = lazy(() =>
  import('./whatsapp-templates.tsx').then((m) => ({ default: m.WhatsAppTemplatesSettings })),
);
const OutboxPanel = lazy(() => import('./outbox-panel.tsx').then((m) => ({ default: m.OutboxPanel })));
const AddFollowUpDialog = lazy(() =>
  import('./follow-up-dialogs.tsx').then((m) => ({ default: m.AddFollowUpDialog })),
);
const MarkLostDialog = lazy(() =>
  import('./follow-up-dialogs.tsx').then((m) => ({ default: m.MarkLostDialog })),
);

const PAGE = 20;

/** What the summary line says of a bucket: "… fall due today", "… within 8 to 30 days". */
const BUCKET_PHRASES: Record<WorkBucket, string> = {
  overdue: 'past their due or end date, not yet paid, renewed or closed',
  today: 'due today',
  tomorrow: 'due tomorrow',
  week: 'due in the next 2 to 7 days',
  '30': 'due in 8 to 30 days',
  '60': 'due in 31 to 60 days',
  '90': 'due in 61 to 90 days',
};

type Action = {
  kind: 'contacted' | 'follow-up' | 'renewed' | 'paid' | 'lapsed' | 'lost';
  item: RenewalItem;
} | null;

const asBucket = (value: string | null): WorkBucket =>
  (WORK_BUCKETS as readonly string[]).includes(value ?? '') ? (value as WorkBucket) : 'today';
const asType = (value: string | null): PlanTypeFilter =>
  value === 'insurance' || value === 'investment' ? value : 'all';
const FILTER_KEYS = ['type', 'service', 'provider', 'staff'] as const;

/**
 * The agent's day (issue 27 item 4): premium dues, renewals, ends and follow-ups in buckets from overdue to 90
 * days, the marks, and for managers reminder days, WhatsApp messages and the outbox. The bucket and the filters
 * are in the address (`?bucket=&service=…`), so a reload or a shared link shows the same list; a mark asks again
 * for what it changed (the mutations in api/). Reminder days and the outbox are the agency's settings: shown only
 * to those who `manage` them (the owner and agency admins, issue 25).
 */
export function RenewalsWorkList({
  manages = true,
  filters,
  payPremium,
}: {
  manages?: boolean;
  /** The filter row, composed by the screen (app/compositions/work-list-filters.tsx). */
  filters?: (props: WorkListFiltersProps) => React.ReactNode;
  /** "Mark premium paid" for a row whose premium is due, composed by the screen from the plan detail's dialog. */
  payPremium?: (props: { planId: string; onClose: () => void }) => React.ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const selected = asBucket(params.get('bucket'));
  const filter: WorkListFilter = {
    type: asType(params.get('type')),
    service: params.get('service') ?? '',
    provider: params.get('provider') ?? '',
    staff: manages ? (params.get('staff') ?? '') : '',
  };
  const [page, setPage] = useState(1);
  const renewals = useRenewals({ bucket: selected, ...filter, offset: (page - 1) * PAGE, limit: PAGE });
  // The last answer keeps the tabs' counts while another bucket or page loads.
  const list = renewals.data ?? null;
  const status =
    renewals.isPending || renewals.isPlaceholderData || (renewals.isError && renewals.isFetching)
      ? 'loading'
      : renewals.isError
        ? 'error'
        : 'ready';
  const [action, setAction] = useState<Action>(null);
  const lapse = useMarkLapsed();
  const lapsing = lapse.isPending;
  // Without a mail server, reminders are kept in the outbox, shown below.
  const delivery = useReminderSettings({ enabled: manages }).data?.delivery ?? null;

  /** Writes the bucket and filters into the address; the defaults (today, no filter) are left out. */
  const navigate = (bucket: WorkBucket, next: WorkListFilter) => {
    setPage(1);
    const out: Record<string, string> = {};
    if (bucket !== 'today') out.bucket = bucket;
    for (const key of FILTER_KEYS) if (next[key] && next[key] !== 'all') out[key] = next[key];
    setParams(out, { replace: true });
  };
  const filtered = FILTER_KEYS.some((k) => filter[k] && filter[k] !== 'all');

  async function confirmLapsed() {
    if (action?.kind !== 'lapsed') return;
    try {
      await lapse.mutateAsync(action.item.plan_id);
      notify(
        'success',
        `${action.item.plan_number} marked ${action.item.plan_type === 'insurance' ? 'lapsed' : 'closed'}.`,
      );
      setAction(null);
    } catch (err) {
      notify('error', err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  }

  const pages = Math.max(1, Math.ceil((list?.total ?? 0) / PAGE));
  const items = status === 'ready' ? (list?.items ?? []) : [];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3">
        <div role="tablist" aria-label="When" className="flex flex-wrap gap-2">
          {WORK_BUCKETS.map((b) => (
            <button
              key={b}
              type="button"
              role="tab"
              aria-selected={b === selected}
              onClick={() => navigate(b, filter)}
              className={cn(
                'min-h-10 rounded-full border px-4 py-1.5 text-sm font-medium',
                b === selected
                  ? b === 'overdue'
                    ? 'border-red-700 bg-red-700 text-white'
                    : 'border-primary-700 bg-primary-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {WORK_BUCKET_LABELS[b]}
              {list ? <span className="ml-1.5 tabular-nums opacity-80">({list.counts[b]})</span> : null}
            </button>
          ))}
        </div>
      </div>
      {filters?.({ filter, manages, onChange: (next) => navigate(selected, { ...filter, ...next }) })}

      {list && list.failed_reminders > 0 ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {list.failed_reminders === 1
            ? '1 reminder could not be sent after every retry. The plan shows why; call the client instead.'
            : `${list.failed_reminders} reminders could not be sent after every retry. Each plan shows why; call those clients instead.`}
        </p>
      ) : null}

      <section aria-label="Plans to act on" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-5 py-3 text-sm text-slate-600">
          <span>
            {status === 'ready' && list
              ? `${list.total} ${list.total === 1 ? 'plan' : 'plans'} ${BUCKET_PHRASES[selected]}${filtered ? ' (filtered)' : ''}`
              : ' '}
          </span>
          {list ? <span>As of {formatDate(list.as_of)}</span> : null}
        </div>
        {status === 'loading' ? (
          <ul className="divide-y divide-slate-100" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex flex-col gap-3 px-5 py-4">
                <div className="h-4 w-48 animate-pulse rounded bg-slate-200" />
                <div className="h-4 w-72 max-w-full animate-pulse rounded bg-slate-200" />
                <div className="h-8 w-64 max-w-full animate-pulse rounded bg-slate-200" />
              </li>
            ))}
          </ul>
        ) : null}
        {status === 'error' ? (
          <ErrorState variant="centred" onRetry={() => void renewals.refetch()}>
            We could not load the work-list.
          </ErrorState>
        ) : null}
        {status === 'ready' && items.length === 0 ? (
          <EmptyState variant="centred" icon={CalendarCheck}>
            <p>
              {selected === 'overdue'
                ? 'Nothing is overdue. Every premium past its due date is paid and every plan past its end date renewed or closed.'
                : `No ${filter.type === 'all' ? 'plan' : TYPE_LABELS[filter.type].toLowerCase()} is ${BUCKET_PHRASES[selected]}${filtered ? ' with these filters' : ''}.`}
            </p>
          </EmptyState>
        ) : null}
        {items.length > 0 ? (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <RenewalCard
                key={item.plan_id}
                item={item}
                onContacted={() => setAction({ kind: 'contacted', item })}
                onFollowUp={() => setAction({ kind: 'follow-up', item })}
                onRenewed={() => setAction({ kind: 'renewed', item })}
                onPaid={payPremium ? () => setAction({ kind: 'paid', item }) : undefined}
                onLapsed={() => setAction({ kind: 'lapsed', item })}
                onLost={() => setAction({ kind: 'lost', item })}
              />
            ))}
          </ul>
        ) : null}
      </section>
      {pages > 1 ? <Pager page={page} pages={pages} busy={status === 'loading'} onPage={setPage} /> : null}

      {manages ? (
        <Suspense fallback={null}>
          <ReminderDays />
          <WhatsAppTemplatesSettings />
          {delivery === 'outbox' ? <OutboxPanel /> : null}
        </Suspense>
      ) : null}

      {action?.kind === 'contacted' ? (
        <Suspense fallback={null}>
          <ContactedDialog
            item={action.item}
            onClose={() => setAction(null)}
            onDone={() => {
              notify('success', 'Contact recorded.');
              setAction(null);
            }}
          />
        </Suspense>
      ) : null}
      {action?.kind === 'follow-up' ? (
        <Suspense fallback={null}>
          <AddFollowUpDialog
            planId={action.item.plan_id}
            planNumber={action.item.plan_number}
            clientName={action.item.client_name}
            onClose={(saved) => {
              if (saved) notify('success', 'Follow-up saved.');
              setAction(null);
            }}
          />
        </Suspense>
      ) : null}
      {action?.kind === 'lost' ? (
        <Suspense fallback={null}>
          <MarkLostDialog
            planId={action.item.plan_id}
            planNumber={action.item.plan_number}
            clientName={action.item.client_name}
            investment={action.item.plan_type === 'investment'}
            onClose={(lost) => {
              if (lost) notify('success', `${action.item.plan_number} marked lost.`);
              setAction(null);
            }}
          />
        </Suspense>
      ) : null}
      {action?.kind === 'paid' && payPremium ? (
        <Suspense fallback={null}>
          {payPremium({ planId: action.item.plan_id, onClose: () => setAction(null) })}
        </Suspense>
      ) : null}
      {action?.kind === 'renewed' ? (
        <Suspense fallback={null}>
          <RenewDialog
            item={action.item}
            onClose={() => setAction(null)}
            onDone={(updated) => {
              notify('success', `${updated.plan_number} renewed until ${formatDate(updated.end_date)}.`);
              setAction(null);
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={action?.kind === 'lapsed'}
        onOpenChange={(open) => !open && !lapsing && setAction(null)}
        title={
          action?.item.plan_type === 'investment'
            ? 'Mark this investment closed?'
            : 'Mark this policy lapsed?'
        }
        description={
          action
            ? `${action.item.plan_number} of ${action.item.client_name} leaves the work-list and no more reminders go out for it.`
            : undefined
        }
        confirmLabel={action?.item.plan_type === 'investment' ? 'Mark closed' : 'Mark lapsed'}
        destructive
        onConfirm={confirmLapsed}
      />
    </div>
  );
}
