import type { ReportFormat, ReportKind } from '@portal/contract';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { type ReportFilters, useReportDownload } from '../api/get-reports.ts';

// The reports' shared parts: a table that scrolls sideways on a phone (and by keyboard), bars drawn with CSS, the
// period line, the loading and error states, and the download buttons.

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Money and counts align right. */
  numeric?: boolean;
}

export function DataTable<R>({
  label,
  columns,
  rows,
  rowKey,
  totals,
}: {
  label: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The totals row's cells, by column. */
  totals?: readonly ReactNode[];
}) {
  return (
    <section
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-blue-600"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls by keyboard too.
      tabIndex={0}
    >
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn('px-4 py-3 font-medium whitespace-nowrap', c.numeric && 'text-right')}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={cn(
                    'px-4 py-2.5 text-slate-800',
                    c.numeric ? 'text-right tabular-nums whitespace-nowrap' : 'min-w-32 max-w-64',
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
            <tr>
              {columns.map((c, i) => (
                <td
                  key={c.header}
                  className={cn('px-4 py-3', c.numeric && 'text-right tabular-nums whitespace-nowrap')}
                >
                  {totals[i]}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </section>
  );
}

/** Horizontal bars of values (amounts or counts), each with its label and figure in words beside it. */
export function Bars({
  label,
  items,
  format = (v) => String(v),
}: {
  label: string;
  items: readonly { key: string; label: string; value: number; tone?: 'blue' | 'green' | 'red' | 'slate' }[];
  format?: (value: number) => string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  const tones = { blue: 'bg-blue-600', green: 'bg-green-600', red: 'bg-red-500', slate: 'bg-slate-400' };
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <figcaption className="mb-3 text-sm font-semibold text-slate-900">{label}</figcaption>
      <ul className="space-y-2.5">
        {items.map((i) => (
          <li key={i.key} className="grid grid-cols-[minmax(5rem,10rem)_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate text-slate-700" title={i.label}>
              {i.label}
            </span>
            <span aria-hidden className="h-3 rounded-sm bg-slate-100">
              <span
                className={cn('block h-3 rounded-sm', tones[i.tone ?? 'blue'])}
                style={{ width: `${i.value > 0 ? Math.max(2, (i.value / max) * 100) : 0}%` }}
              />
            </span>
            <span className="text-right whitespace-nowrap text-slate-900 tabular-nums">
              {format(i.value)}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

export const money = (v: string | number | null | undefined) => formatMoney(v);
export const rupees = (v: number) => formatMoney(v);

export function PeriodLine({ from, to }: { from: string; to: string }) {
  return (
    <p className="text-sm text-slate-600">
      From {formatDate(from)} to {formatDate(to)}
    </p>
  );
}

export function Figure({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-lg font-semibold text-slate-900 tabular-nums [overflow-wrap:anywhere] sm:text-xl">
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-slate-600">{hint}</p> : null}
    </div>
  );
}

export function ReportLoading({ label }: { label: string }) {
  return (
    <Loading label={label} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
      <Skeleton className="h-64" />
    </Loading>
  );
}

export function ReportError({ onRetry }: { onRetry: () => void }) {
  return (
    <ErrorState title="We could not load this report." icon onRetry={onRetry}>
      Check your connection and try again.
    </ErrorState>
  );
}

const FORMAT_LABEL: Record<ReportFormat, string> = { xlsx: 'Excel (.xlsx)', csv: 'CSV', pdf: 'PDF' };

export function DownloadButtons({
  kind,
  filters,
  formats,
  disabled,
}: {
  kind: ReportKind;
  filters: ReportFilters;
  formats: readonly ReportFormat[];
  disabled?: boolean;
}) {
  const download = useReportDownload();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {formats.map((format) => (
        <Button
          key={format}
          variant="secondary"
          disabled={disabled || download.isPending}
          onClick={() => download.mutate({ kind, format, filters })}
        >
          <Download className="size-4" aria-hidden />
          {FORMAT_LABEL[format]}
        </Button>
      ))}
      {download.isPending ? (
        <span role="status" className="text-sm text-slate-600">
          Preparing your file…
        </span>
      ) : download.isError ? (
        <span role="alert" className="text-sm text-red-700">
          The download failed. Try again.
        </span>
      ) : null}
    </div>
  );
}
