import type { ImportCounts as Counts } from '@portal/contract';
import { cn } from '../../../lib/cn.ts';
import { formatCount } from './import-labels.ts';

const FIGURES: ReadonlyArray<{ key: keyof Counts; label: string; tone?: 'red' | 'amber' }> = [
  { key: 'rows', label: 'Rows' },
  { key: 'households', label: 'Households' },
  { key: 'new_clients', label: 'New clients' },
  { key: 'matched_clients', label: 'Existing clients' },
  { key: 'new_members', label: 'New family members' },
  { key: 'new_plans', label: 'New plans' },
  { key: 'new_providers', label: 'New providers' },
  { key: 'duplicates', label: 'Already present', tone: 'amber' },
  { key: 'errors', label: 'Rows with errors', tone: 'red' },
];

const TONE = {
  red: 'border-red-200 bg-red-50 text-red-800',
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
} as const;

/** The dry run's (or the commit's) figures, each a tile; errors and duplicates coloured once there are any. */
export function ImportCounts({ counts, label }: { counts: Counts; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {FIGURES.map(({ key, label: name, tone }) => {
        const value = counts[key];
        return (
          <div
            key={key}
            className={cn(
              'flex flex-col-reverse gap-0.5 rounded-lg border px-3 py-2',
              tone && value > 0 ? TONE[tone] : 'border-slate-200 bg-slate-50 text-slate-900',
            )}
          >
            <dt className="text-xs font-medium opacity-80">{name}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
