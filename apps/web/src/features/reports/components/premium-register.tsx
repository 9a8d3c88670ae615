import { type PremiumRegisterRow, REGISTER_STATUS_LABELS, REPORT_PAGE_SIZE } from '@portal/contract';
import { FileSpreadsheet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Skeleton } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type ReportFilters, useRegisterPage, useRegisterTotals } from '../api/get-reports.ts';
import {
  type Column,
  DataTable,
  DownloadButtons,
  Figure,
  money,
  PeriodLine,
  ReportError,
  ReportLoading,
} from './report-parts.tsx';

// The premium register (issue 29): each premium paid in the period, and each plan whose first unpaid premium falls
// in it, a page at a time by keyset (Prev goes back through the cursors seen); its totals come apart.

const TONE = { paid: 'green', due: 'blue', overdue: 'red' } as const;

const COLUMNS: readonly Column<PremiumRegisterRow>[] = [
  {
    header: 'Client',
    cell: (r) => (
      <>
        <span className="font-medium">{r.client_name}</span>
        <span className="block text-xs text-slate-600">{r.client_code}</span>
      </>
    ),
  },
  { header: 'Held By', cell: (r) => r.holder_name ?? 'Self' },
  {
    header: 'Provider',
    cell: (r) => (
      <>
        {r.provider_name}
        <span className="block text-xs text-slate-600">{r.service_name}</span>
      </>
    ),
  },
  { header: 'Policy / Account Number', cell: (r) => r.plan_number },
  { header: 'Mode', cell: (r) => r.mode },
  { header: 'Premium', cell: (r) => money(r.premium), numeric: true },
  { header: 'Due / Paid', cell: (r) => formatDate(r.paid_on ?? r.due_date), numeric: true },
  { header: 'Status', cell: (r) => <Badge tone={TONE[r.status]}>{REGISTER_STATUS_LABELS[r.status]}</Badge> },
];

export function PremiumRegister({ filters }: { filters: ReportFilters }) {
  // The cursors of the pages walked so far: the last is the page shown (null: the first).
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const key = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of filters starts at the first page again.
  useEffect(() => setCursors([null]), [key]);
  const after = cursors.at(-1) ?? null;
  const page = useRegisterPage(filters, after, REPORT_PAGE_SIZE);
  const totals = useRegisterTotals(filters);

  if (page.isPending) return <ReportLoading label="Loading the premium register" />;
  if (page.isError) return <ReportError onRetry={() => page.refetch()} />;
  const data = page.data;
  const t = totals.data;
  const byStatus = Object.fromEntries((t?.by_status ?? []).map((s) => [s.status, s]));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodLine from={data.period.from} to={data.period.to} />
        <DownloadButtons kind="premium_register" filters={filters} formats={['xlsx', 'csv', 'pdf']} />
      </div>
      {totals.isError ? (
        <ReportError onRetry={() => totals.refetch()} />
      ) : t ? (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Figure label="All premiums" value={money(t.premium)} hint={`${t.count} rows`} />
          <Figure
            label="Paid"
            value={money(byStatus.paid?.premium)}
            hint={`${byStatus.paid?.count ?? 0} rows`}
          />
          <Figure
            label="Due"
            value={money(byStatus.due?.premium)}
            hint={`${byStatus.due?.count ?? 0} rows`}
          />
          <Figure
            label="Overdue"
            value={money(byStatus.overdue?.premium)}
            hint={`${byStatus.overdue?.count ?? 0} rows`}
          />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-hidden>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      )}
      {data.rows.length === 0 && cursors.length === 1 ? (
        <EmptyState icon={FileSpreadsheet}>No premium fell due or was paid in this period.</EmptyState>
      ) : (
        <>
          <DataTable
            label="Premiums in the period"
            columns={COLUMNS}
            rows={data.rows}
            rowKey={(r) => r.id}
            totals={
              t
                ? ['Total for the period', '', '', '', '', money(t.premium), '', `${t.count} rows`]
                : undefined
            }
          />
          <nav aria-label="Pages" className="flex items-center justify-between gap-3">
            <Button
              variant="secondary"
              disabled={cursors.length === 1 || page.isFetching}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Prev
            </Button>
            <span className="text-sm text-slate-700">Page {cursors.length}</span>
            <Button
              variant="secondary"
              disabled={!data.next_cursor || page.isFetching}
              onClick={() => setCursors((c) => [...c, data.next_cursor])}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
