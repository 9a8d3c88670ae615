import type { ReminderSend } from '@portal/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRenewalHistory } from '../api/get-renewal-history.ts';
import { eventLine } from './renewal-lines.ts';

const STATUS: Record<
  ReminderSend['status'],
  { label: string; tone: 'green' | 'red' | 'amber' | 'slate' | 'blue' }
> = {
  sent: { label: 'Sent', tone: 'green' },
  pending: { label: 'Waiting to send', tone: 'blue' },
  sending: { label: 'Sending', tone: 'blue' },
  failed: { label: 'Failed', tone: 'red' },
  skipped: { label: 'Not sent', tone: 'amber' },
  cancelled: { label: 'Cancelled', tone: 'slate' },
};

function reminderLine(r: ReminderSend): string {
  const when =
    r.offset_days === null
      ? ''
      : `${r.offset_days} day${r.offset_days === 1 ? '' : 's'} before ${formatDate(r.end_date)}`;
  if (r.status === 'sent')
    return `${when} · sent ${formatDate(r.sent_at)} to ${r.recipient}${r.language === 'hi' ? ' (Hindi)' : ''}`;
  return [when, r.reason].filter(Boolean).join(' · ');
}

/** The plan's reminder e-mails (to whom, when, outcome) and the agency's renewal marks (issue 7). */
export function RenewalHistoryCard({ planId }: { planId: string }) {
  const history = useRenewalHistory(planId);
  const item = history.data;
  const loading = history.isPending || (history.isError && history.isFetching);

  return (
    <section
      aria-labelledby="renewal-history-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="renewal-history-title" className="font-semibold text-slate-900">
          Renewal reminders
        </h2>
        <Link to="/dashboard/renewals" className="text-sm font-medium text-primary-700 hover:underline">
          Renewals work-list
        </Link>
      </div>
      {loading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <div className="h-4 w-72 max-w-full animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-56 max-w-full animate-pulse rounded bg-slate-200" />
        </div>
      ) : null}
      {history.isError && !loading ? (
        <ErrorState variant="inline" onRetry={() => void history.refetch()}>
          We could not load the plan's reminders.
        </ErrorState>
      ) : null}
      {history.isSuccess && item ? (
        item.reminders.length === 0 && item.events.length === 0 ? (
          <p className="text-sm text-slate-600">
            No reminder has gone out for this plan yet. Clients are e-mailed on the agency's reminder days
            before the end date.
          </p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {item.reminders.map((r) => (
              <li key={r.id} className="flex flex-wrap items-start gap-2">
                <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
                <span className="min-w-0 break-words text-slate-700">{reminderLine(r)}</span>
              </li>
            ))}
            {item.events.map((e) => (
              <li key={e.id} className="flex flex-wrap items-start gap-2">
                <Badge tone="blue">
                  {e.kind === 'renewed' ? 'Renewed' : e.kind === 'lapsed' ? 'Lapsed' : 'Contacted'}
                </Badge>
                <span className="min-w-0 break-words text-slate-700">{eventLine(e)}</span>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}
