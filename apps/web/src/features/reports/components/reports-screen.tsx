import { REPORT_KINDS, REPORT_TITLES, type ReportKind } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { EmptyState } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { filtersReady, type ReportFilters } from '../api/get-reports.ts';
import { ReportFilterBar } from './report-filters.tsx';
import { ReportLoading } from './report-parts.tsx';
import { useReportAddress } from './use-report-address.ts';

// /dashboard/reports (issue 29): the owner's and agency admins' reports, one at a time, each fetched apart from
// the screen so the route's first chunk holds only the filters.

const PremiumRegister = lazy(() =>
  import('./premium-register.tsx').then((m) => ({ default: m.PremiumRegister })),
);
const summaries = () => import('./summary-reports.tsx');
const NewBusinessReport = lazy(() => summaries().then((m) => ({ default: m.NewBusinessReport })));
const RenewalsLapsesReport = lazy(() => summaries().then((m) => ({ default: m.RenewalsLapsesReport })));
const BookSummaryReport = lazy(() => summaries().then((m) => ({ default: m.BookSummaryReport })));
const ClaimsSummaryReport = lazy(() => summaries().then((m) => ({ default: m.ClaimsSummaryReport })));

const PANELS: Record<ReportKind, React.ComponentType<{ filters: ReportFilters }>> = {
  premium_register: PremiumRegister,
  new_business: NewBusinessReport,
  renewals: RenewalsLapsesReport,
  book: BookSummaryReport,
  claims: ClaimsSummaryReport,
};

export function ReportsScreen() {
  const { report, filters, set } = useReportAddress();
  const Panel = PANELS[report];
  return (
    <div className="space-y-5">
      <nav aria-label="Reports" className="-mx-1 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-slate-200 px-1">
          {REPORT_KINDS.map((kind) => (
            <li key={kind}>
              <button
                type="button"
                aria-current={kind === report ? 'page' : undefined}
                onClick={() => set({ report: kind })}
                className={cn(
                  '-mb-px min-h-10 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap',
                  kind === report
                    ? 'border-blue-700 text-blue-800'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                {REPORT_TITLES[kind]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ReportFilterBar filters={filters} onChange={set} />
      <section aria-label={REPORT_TITLES[report]}>
        {filtersReady(filters) ? (
          <Suspense fallback={<ReportLoading label={`Loading ${REPORT_TITLES[report].toLowerCase()}`} />}>
            <Panel filters={filters} />
          </Suspense>
        ) : (
          <EmptyState>
            Choose the first and last days of the period, the first on or before the last.
          </EmptyState>
        )}
      </section>
    </div>
  );
}
