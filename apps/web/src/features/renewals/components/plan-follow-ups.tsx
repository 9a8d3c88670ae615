import { LOST_REASON_LABELS } from '@portal/contract';
import { CalendarClock, UserX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/toast.ts';
import { useFollowUps } from '../api/get-follow-ups.ts';
import { useRenewalHistory } from '../api/get-renewal-history.ts';
import { CallLink, SendOnWhatsApp } from './send-on-whatsapp.tsx';

// The dialogs (and the date field's reading of typed dates) load when first opened: the plan detail is near its
// script budget (apps/web/scripts/report-bundle.mjs).
const AddFollowUpDialog = lazy(() =>
  import('./follow-up-dialogs.tsx').then((m) => ({ default: m.AddFollowUpDialog })),
);
const MarkLostDialog = lazy(() =>
  import('./follow-up-dialogs.tsx').then((m) => ({ default: m.MarkLostDialog })),
);

function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/** "Next follow-up 28 Nov 2026", amber on the day and red once it has passed (colour and words together). */
export function NextFollowUp({ date }: { date: string }) {
  const today = todayInIndia();
  if (date < today) return <Badge tone="red">{`Follow-up was due ${formatDate(date)}`}</Badge>;
  if (date === today) return <Badge tone="amber">Follow up today</Badge>;
  return <Badge tone="blue">{`Next follow-up ${formatDate(date)}`}</Badge>;
}

/**
 * A plan's follow-ups (issue 27 item 4) on its detail: reach the client (WhatsApp with the agency's message in
 * their language, a call), add a follow-up with the next date, mark the plan lost with why; the history below.
 */
export function PlanFollowUpsCard({
  planId,
  nextDueDate = null,
  premium = null,
}: {
  planId: string;
  /** The plan's next premium due date and what it costs, for the WhatsApp premium-due message (decision 040). */
  nextDueDate?: string | null;
  premium?: string | null;
}) {
  const plan = useRenewalHistory(planId);
  const followUps = useFollowUps(planId);
  const [open, setOpen] = useState<'follow-up' | 'lost' | null>(null);
  const item = plan.data;
  const data = followUps.data;
  const loading =
    plan.isPending || followUps.isPending || ((plan.isError || followUps.isError) && plan.isFetching);
  const failed = (plan.isError || followUps.isError) && !loading;
  const active = item?.plan_status === 'active';

  return (
    <section
      aria-labelledby="follow-ups-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="follow-ups-title" className="font-semibold text-slate-900">
          Follow-ups
        </h2>
        {data?.next_follow_up && active ? <NextFollowUp date={data.next_follow_up} /> : null}
      </div>
      {loading ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <div className="h-10 w-80 max-w-full animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-72 max-w-full animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-56 max-w-full animate-pulse rounded bg-slate-200" />
        </div>
      ) : null}
      {failed ? (
        <ErrorState
          variant="inline"
          onRetry={() => {
            void plan.refetch();
            void followUps.refetch();
          }}
        >
          We could not load the plan's follow-ups.
        </ErrorState>
      ) : null}
      {item && data && !loading ? (
        <div className="flex flex-col gap-4">
          {data.lost ? (
            <p className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
              <UserX className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>
                <strong className="font-semibold">Lost</strong> on {formatDate(data.lost.at)}
                {data.lost.by ? ` by ${data.lost.by}` : ''}: {LOST_REASON_LABELS[data.lost.reason]}
                {data.lost.reason_text ? ` — “${data.lost.reason_text}”` : ''}
              </span>
            </p>
          ) : null}
          {active ? (
            <div className="flex flex-wrap gap-2">
              <SendOnWhatsApp plan={item} nextDueDate={nextDueDate} premium={premium} />
              <CallLink phone={item.client_phone} name={item.client_name} />
              <Button variant="secondary" onClick={() => setOpen('follow-up')}>
                <CalendarClock className="size-4" aria-hidden /> Add follow-up
              </Button>
              <Button
                variant="ghost"
                className="text-red-700! hover:bg-red-50!"
                onClick={() => setOpen('lost')}
              >
                Mark lost
              </Button>
            </div>
          ) : null}
          {data.follow_ups.length === 0 ? (
            <p className="text-sm text-slate-600">
              {active
                ? 'No follow-up yet. After you speak to the client, add what was said and the date to call again.'
                : 'No follow-up was added to this plan.'}
            </p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100 text-sm" aria-label="Follow-up history">
              {data.follow_ups.map((f) => (
                <li key={f.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
                  <p className="font-medium text-slate-900 tabular-nums">Next: {formatDate(f.next_date)}</p>
                  <p className="break-words whitespace-pre-line text-slate-700">{f.note}</p>
                  <p className="text-xs text-slate-500">
                    Added {formatDate(f.at)}
                    {f.by ? ` by ${f.by}` : ''}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
      {open === 'follow-up' && item ? (
        <Suspense fallback={null}>
          <AddFollowUpDialog
            planId={planId}
            planNumber={item.plan_number}
            clientName={item.client_name}
            onClose={(saved) => {
              if (saved) notify('success', 'Follow-up saved.');
              setOpen(null);
            }}
          />
        </Suspense>
      ) : null}
      {open === 'lost' && item ? (
        <Suspense fallback={null}>
          <MarkLostDialog
            planId={planId}
            planNumber={item.plan_number}
            clientName={item.client_name}
            investment={item.plan_type === 'investment'}
            onClose={(lost) => {
              if (lost) notify('success', `${item.plan_number} marked lost.`);
              setOpen(null);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
