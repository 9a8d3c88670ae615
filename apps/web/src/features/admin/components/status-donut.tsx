import { useEffect, useState } from 'react';

export interface DonutSlice {
  name: string;
  value: number;
  color: string;
}

// A two-part donut drawn in SVG: no chart library on the admin route (its JavaScript budget is 200 kB).
// The spec's constants (§9) hold: start angle 0 (3 o'clock) to 360, centre 50%/50%, outer radius 80% of
// the half-size, a 1500 ms sweep, margin 5; each part says '{n} clients' on hover and focus.
const SIZE = 200;
const MARGIN = 5;
const OUTER = ((SIZE - 2 * MARGIN) / 2) * 0.8;
const THICKNESS = OUTER * 0.4;
const RADIUS = OUTER - THICKNESS / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function StatusDonut({ title, slices }: { title: string; slices: DonutSlice[] }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const [drawn, setDrawn] = useState(false);
  const [hover, setHover] = useState<DonutSlice | null>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setDrawn(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  let offset = 0;
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <div className="relative mx-auto mt-2 aspect-square w-full max-w-56">
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          className="size-full"
          role="img"
          aria-label={`${title}: ${slices.map((s) => `${s.name} ${s.value} clients`).join(', ')}`}
        >
          <circle cx="50%" cy="50%" r={RADIUS} fill="none" stroke="#e2e8f0" strokeWidth={THICKNESS} />
          {slices.map((slice) => {
            const length = total > 0 ? (slice.value / total) * CIRCUMFERENCE : 0;
            const dashOffset = -offset;
            offset += length;
            return (
              // biome-ignore lint/a11y/noStaticElementInteractions: the hover tooltip repeats the legend, which is text.
              <circle
                key={slice.name}
                cx="50%"
                cy="50%"
                r={RADIUS}
                fill="none"
                stroke={slice.color}
                strokeWidth={THICKNESS}
                strokeDasharray={`${drawn ? length : 0} ${CIRCUMFERENCE}`}
                strokeDashoffset={dashOffset}
                style={{ transition: 'stroke-dasharray 1500ms ease-out' }}
                onMouseEnter={() => setHover(slice)}
                onMouseLeave={() => setHover(null)}
              >
                <title>{`${slice.name}: ${slice.value} clients`}</title>
              </circle>
            );
          })}
        </svg>
        <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center text-center">
          {hover ? (
            <>
              <span className="text-sm text-slate-600">{hover.name}</span>
              <span className="text-lg font-semibold text-slate-900">{hover.value} clients</span>
            </>
          ) : (
            <>
              <span className="text-2xl font-semibold tabular-nums text-slate-900">{total}</span>
              <span className="text-sm text-slate-600">clients</span>
            </>
          )}
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        {slices.map((slice) => (
          <li key={slice.name} className="flex items-center gap-2 text-slate-700">
            <span aria-hidden className="size-3 rounded-full" style={{ backgroundColor: slice.color }} />
            {slice.name}: <span className="font-semibold tabular-nums text-slate-900">{slice.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
