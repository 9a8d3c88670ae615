import { lazy, Suspense, useEffect, useState } from 'react';
import { onFirstToast } from '../lib/toast.ts';

const Container = lazy(() =>
  import('./toast-container.tsx').then((m) => ({ default: m.SpecToastContainer })),
);

/** The toasts' container, mounted with the first toast so its library stays out of the entry (lib/toast.ts). */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Container />
    </Suspense>
  );
}
