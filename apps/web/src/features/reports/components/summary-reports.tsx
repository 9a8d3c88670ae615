import type { BookSummary, ClaimsReport, NewBusiness, RenewalsReport } from '@portal/contract';
import { FileSpreadsheet } from 'lucide-react';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import {
  type ReportFilters,
  useBookSummary,
  useClaimsReport,
  useNewBusiness,
  useRenewalsReport,
} from '../api/get-reports.ts';
import {
  Bars,
  type Column,
  DataTable,
  DownloadButtons,
  Figure,
  money,
  PeriodLine,
  ReportError,
  ReportLoading,
  rupees,
} from './report-parts.tsx';

// New business, renewals and lapses, the book summary and the claims summary (issue 29): small answers (a row per
// service and provider at most), each a table with totals and a chart where bars read better than figures.

const amount = (v: string) => Number(v);

/** Sums of rows by service, for a chart. */
function byService<R extends { service_code: string; service_name: string }>(
  rows: readonly R[],
  value: (r: R) => number,
) {
  const out = new Map<string, { key: string; label: string; value: number }>();
  for (const r of rows) {
    const item = out.get(r.service_code) ?? { key: r.service_code, label: r.service_name, value: 0 };
    item.value += value(r);
    out.set(r.service_code, item);
  }
  return [...out.values()];
}

type NewBusinessRow = NewBusiness['rows'][number];
const NEW_BUSINESS_COLUMNS: readonly Column<NewBusinessRow>[] = [
  { header: 'Service', cell: (r) => r.service_name },
  { header: 'Provider', cell: (r) => r.provider_name },
  { header: 'Plans', cell: (r) => r.plans, numeric: true },
  { header: 'Premium / Amount', cell: (r) => money(r.amount), numeric: true },
  { header: 'Plans a year earlier', cell: (r) => r.previous_plans, numeric: true },
  { header: 'A year earlier', cell: (r) => money(r.previous_amount), numeric: true },
];

export function NewBusinessReport({ filters }: { filters: ReportFilters }) {
  const q = useNewBusiness(filters);
  if (q.isPending) return <ReportLoading label="Loading new business" />;
  if (q.isError) return <ReportError onRetry={() => q.refetch()} />;
  const r = q.data;
  const change =
    r.totals.previous_plans === 0
      ? null
      : (r.totals.plans - r.totals.previous_plans) / r.totals.previous_plans;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodLine from={r.period.from} to={r.period.to} />
        <DownloadButtons kind="new_business" filters={filters} formats={['xlsx', 'csv', 'pdf']} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure
          label="Plans started"
          value={r.totals.plans}
          hint={
            change === null
              ? `${r.totals.previous_plans} a year earlier`
              : `${r.totals.previous_plans} a year earlier (${change >= 0 ? '+' : ''}${Math.round(change * 100)}%)`
          }
        />
        <Figure
          label="Premium / Amount"
          value={money(r.totals.amount)}
          hint={`${money(r.totals.previous_amount)} a year earlier`}
        />
        <Figure
          label="Compared with"
          value={
            <span className="text-base">
              {r.previous.from.slice(0, 4)}–{r.previous.to.slice(0, 4)}
            </span>
          }
          hint={<PeriodLine from={r.previous.from} to={r.previous.to} />}
        />
      </div>
      {r.rows.length === 0 ? (
        <EmptyState icon={FileSpreadsheet}>
          No plan started in this period or the same dates a year earlier.
        </EmptyState>
      ) : (
        <>
          <Bars
            label="Premium / amount by service, this period"
            items={byService(r.rows, (x) => amount(x.amount))}
            format={rupees}
          />
          <DataTable
            label="New business by service and provider"
            columns={NEW_BUSINESS_COLUMNS}
            rows={r.rows}
            rowKey={(x) => `${x.service_code}-${x.provider_id}`}
            totals={[
              'Total',
              '',
              r.totals.plans,
              money(r.totals.amount),
              r.totals.previous_plans,
              money(r.totals.previous_amount),
            ]}
          />
        </>
      )}
    </div>
  );
}

type RenewalRow = RenewalsReport['by_service'][number];
const RENEWAL_COLUMNS: readonly Column<RenewalRow>[] = [
  { header: 'Service', cell: (r) => r.service_name },
  { header: 'Renewed', cell: (r) => r.renewed, numeric: true },
  { header: 'Lapsed', cell: (r) => r.lapsed, numeric: true },
  { header: 'Lost', cell: (r) => r.lost, numeric: true },
];

export function RenewalsLapsesReport({ filters }: { filters: ReportFilters }) {
  const q = useRenewalsReport(filters);
  if (q.isPending) return <ReportLoading label="Loading renewals and lapses" />;
  if (q.isError) return <ReportError onRetry={() => q.refetch()} />;
  const r = q.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodLine from={r.period.from} to={r.period.to} />
        <DownloadButtons kind="renewals" filters={filters} formats={['xlsx', 'csv']} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure label="Renewed" value={r.renewed} />
        <Figure label="Lapsed" value={r.lapsed} />
        <Figure label="Lost" value={r.lost} />
        <Figure
          label="Retention rate"
          value={r.retention_rate === null ? 'N/A' : `${r.retention_rate}%`}
          hint="Renewed of those renewed, lapsed or lost"
        />
      </div>
      {r.by_service.length === 0 ? (
        <EmptyState icon={FileSpreadsheet}>No plan was renewed, lapsed or lost in this period.</EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <DataTable
            label="Renewals and lapses by service"
            columns={RENEWAL_COLUMNS}
            rows={r.by_service}
            rowKey={(x) => x.service_code}
            totals={['Total', r.renewed, r.lapsed, r.lost]}
          />
          {r.lost_reasons.length > 0 ? (
            <Bars
              label="Why plans were lost"
              items={r.lost_reasons.map((x) => ({
                key: x.reason,
                label: x.label,
                value: x.count,
                tone: 'red',
              }))}
            />
          ) : (
            <EmptyState>No plan was marked lost in this period.</EmptyState>
          )}
        </div>
      )}
    </div>
  );
}

type BookRow = BookSummary['rows'][number];
const BOOK_COLUMNS: readonly Column<BookRow>[] = [
  { header: 'Service', cell: (r) => r.service_name },
  { header: 'Provider', cell: (r) => r.provider_name },
  { header: 'Plans', cell: (r) => r.plans, numeric: true },
  { header: 'Sum Assured', cell: (r) => money(r.sum_assured), numeric: true },
  { header: 'Annual Premium', cell: (r) => money(r.annual_premium), numeric: true },
  { header: 'Investment Amount', cell: (r) => money(r.investment_amount), numeric: true },
];
type TopClient = BookSummary['top_clients'][number];
const TOP_COLUMNS: readonly Column<TopClient>[] = [
  { header: 'Client', cell: (r) => r.client_name },
  { header: 'Client Code', cell: (r) => r.client_code },
  { header: 'Plans', cell: (r) => r.plans, numeric: true },
  { header: 'Annual Premium', cell: (r) => money(r.annual_premium), numeric: true },
];

export function BookSummaryReport({ filters }: { filters: ReportFilters }) {
  const q = useBookSummary(filters);
  if (q.isPending) return <ReportLoading label="Loading the book summary" />;
  if (q.isError) return <ReportError onRetry={() => q.refetch()} />;
  const r = q.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">Active plans started by the period’s end</p>
        <DownloadButtons kind="book" filters={filters} formats={['xlsx', 'csv']} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure label="Households" value={r.households} hint={`${r.totals.plans} plans`} />
        <Figure label="Sum assured" value={money(r.totals.sum_assured)} />
        <Figure
          label="Annual premium"
          value={money(r.totals.annual_premium)}
          hint="Every mode as a year’s worth"
        />
        <Figure label="Investment amount" value={money(r.totals.investment_amount)} />
      </div>
      {r.rows.length === 0 ? (
        <EmptyState icon={FileSpreadsheet}>No active plan matches these filters.</EmptyState>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <Bars
              label="Annual premium by service"
              items={byService(r.rows, (x) => amount(x.annual_premium)).filter((x) => x.value > 0)}
              format={rupees}
            />
            <Bars
              label="Investment amount by service"
              items={byService(r.rows, (x) => amount(x.investment_amount)).filter((x) => x.value > 0)}
              format={rupees}
            />
          </div>
          <DataTable
            label="Book by service and provider"
            columns={BOOK_COLUMNS}
            rows={r.rows}
            rowKey={(x) => `${x.service_code}-${x.provider_id}`}
            totals={[
              'Total',
              '',
              r.totals.plans,
              money(r.totals.sum_assured),
              money(r.totals.annual_premium),
              money(r.totals.investment_amount),
            ]}
          />
          <h2 className="pt-2 font-semibold text-slate-900">Top clients by annual premium</h2>
          {r.top_clients.length === 0 ? (
            <EmptyState>No client pays a regular premium yet.</EmptyState>
          ) : (
            <DataTable
              label="Top clients by annual premium"
              columns={TOP_COLUMNS}
              rows={r.top_clients}
              rowKey={(x) => x.primary_client_id}
            />
          )}
        </>
      )}
    </div>
  );
}

type ClaimRow = ClaimsReport['by_status'][number];
const CLAIM_COLUMNS: readonly Column<ClaimRow>[] = [
  { header: 'Status', cell: (r) => r.label },
  { header: 'Claims', cell: (r) => r.claims, numeric: true },
  { header: 'Claimed', cell: (r) => money(r.claimed), numeric: true },
  { header: 'Settled', cell: (r) => money(r.settled), numeric: true },
];

export function ClaimsSummaryReport({ filters }: { filters: ReportFilters }) {
  const q = useClaimsReport(filters);
  if (q.isPending) return <ReportLoading label="Loading the claims summary" />;
  if (q.isError) return <ReportError onRetry={() => q.refetch()} />;
  const r = q.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodLine from={r.period.from} to={r.period.to} />
        <DownloadButtons kind="claims" filters={filters} formats={['xlsx', 'csv']} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure label="Claims intimated" value={r.totals.claims} />
        <Figure label="Claimed" value={money(r.totals.claimed)} />
        <Figure label="Settled" value={money(r.totals.settled)} />
      </div>
      {r.by_status.length === 0 ? (
        <EmptyState icon={FileSpreadsheet}>No claim was intimated in this period.</EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <DataTable
            label="Claims by status"
            columns={CLAIM_COLUMNS}
            rows={r.by_status}
            rowKey={(x) => x.status}
            totals={['Total', r.totals.claims, money(r.totals.claimed), money(r.totals.settled)]}
          />
          <Bars
            label="Claimed against settled"
            items={[
              { key: 'claimed', label: 'Claimed', value: amount(r.totals.claimed), tone: 'slate' },
              { key: 'settled', label: 'Settled', value: amount(r.totals.settled), tone: 'green' },
            ]}
            format={rupees}
          />
        </div>
      )}
    </div>
  );
}
