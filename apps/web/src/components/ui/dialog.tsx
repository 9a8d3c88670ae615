import type * as Radix from '@radix-ui/react-dialog';
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';

// Radix's dialog, fetched as a chunk of its own as soon as a screen with a dialog loads, rather than as part of
// that screen's JavaScript: every screen has one (the drawer, a confirmation, a viewer) but none opens one
// before it is shown, and the library is 13 kB of each route (issue 8 budget: 200 kB a route, with TanStack
// Query in each since issue 22). Same parts and props as `@radix-ui/react-dialog`.
let loaded: typeof Radix | null = null;
/** Resolves once the dialog library is here; from then on dialogs render at once, as if imported. */
export const dialogReady = import('@radix-ui/react-dialog').then((m) => {
  loaded = m;
  return m;
});

/** One part: the library's own once it is here; until then a lazy one (a dialog opened in the first moments). */
function part<P extends object>(pick: (m: typeof Radix) => ComponentType<P>): ComponentType<P> {
  const Lazy = lazy(() => dialogReady.then((m) => ({ default: pick(m) })));
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
