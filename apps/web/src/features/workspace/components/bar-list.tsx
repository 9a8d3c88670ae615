export interface Bar {
  key: string;
  label: string;
  value: number;
  /** What the bar says, e.g. '₹1,20,000.00' or '3 plans'. */
  text: string;
}

/** Horizontal bars with their figures written out: easier to compare than to read, still readable. */
export function BarList({ bars, color = 'bg-primary-600' }: { bars: Bar[]; color?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className="flex flex-col gap-3">
      {bars.map((bar) => (
        <li key={bar.key}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-slate-700">{bar.label}</span>
            <span className="shrink-0 font-medium tabular-nums text-slate-900">{bar.text}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden>
            <div
              className={`h-2 rounded-full ${color}`}
              style={{ width: `${Math.max(2, (bar.value / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
