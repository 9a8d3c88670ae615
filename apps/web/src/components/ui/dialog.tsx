import type * as Radix from '@radix-ui/react-dialog';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

// Radix's dialog, fetched as a chunk of its own once the page has loaded, rather than as part of a screen's
// JavaScript: every screen has one (the drawer, a confirmation, a viewer) but none opens one before it is shown,
// and the library is 13 kB of each route (issue 8 budget: 200 kB a route, with TanStack Query in each since issue
// 22). It waits until the browser is idle after the load, or the first key or pointer press, so the first paint
// and the screen's first answers never share the network and the main thread with it (decision 052). Same parts
// and props as `@radix-ui/react-dialog`.
let loaded: typeof Radix | null = null;
let pending: Promise<typeof Radix> | null = null;

/** The dialog library, fetched once; from then on dialogs render at once, as if imported. */
export function loadDialogs(): Promise<typeof Radix> {
  pending ??= import('@radix-ui/react-dialog').then((m) => {
    loaded = m;
    return m;
  });
  return pending;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') {
  const now = () => void loadDialogs();
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(now, { timeout: 3000 });
    else setTimeout(now, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  window.addEventListener('pointerdown', now, { once: true, capture: true });
  window.addEventListener('keydown', now, { once: true, capture: true });
}

/** One part: the library's own once it is here; until then a lazy one (a dialog opened in the first moments). */
function part<P extends object>(pick: (m: typeof Radix) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => loadDialogs().then((m) => ({ default: pick(m) })));
  return function DialogPart(props: P) {
    const Loaded = loaded ? pick(loaded) : null;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const RadixRoot = part((m) => m.Root);
export const Portal = part((m) => m.Portal);
export const Overlay = part((m) => m.Overlay);
export const Content = part((m) => m.Content);
export const Title = part((m) => m.Title);
export const Description = part((m) => m.Description);
export const Close = part((m) => m.Close);

/** A controlled dialog's root: renders nothing while closed. */
export function Root({ open, ...props }: ComponentProps<typeof Radix.Root> & { open: boolean }) {
  return open ? <RadixRoot open {...props} /> : null;
}
