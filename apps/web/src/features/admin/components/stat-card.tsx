import type { LucideIcon } from 'lucide-react';

export interface StatCardProps {
  label: string;
  value: number;
  icon: LucideIcon;
  /** The optional percentage badge of spec §2 (blue text by default). */
  percent?: number | undefined;
}

export function StatCard({ label, value, icon: Icon, percent }: StatCardProps) {
  return (
    <section aria-label={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-slate-600">{label}</span>
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <Icon className="size-5" aria-hidden />
        </span>
      </div>
      <div className="mt-3 flex items-baseline gap-2">
        <span data-testid="stat-value" className="text-3xl font-semibold tabular-nums text-slate-900">
          {value.toLocaleString('en-IN')}
        </span>
        {percent !== undefined ? (
          <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700">
            {percent}%
          </span>
        ) : null}
      </div>
    </section>
  );
}
