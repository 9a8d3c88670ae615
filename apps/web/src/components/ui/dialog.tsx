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

type Part = 'Root' | 'Portal' | 'Overlay' | 'Content' | 'Title' | 'Description' | 'Close';

/** One part: the library's own once it is here; until then a lazy one (a dialog opened in the first moments). */
function part<K extends Part>(name: K): ComponentType<ComponentProps<(typeof Radix)[K]>> {
  type Props = ComponentProps<(typeof Radix)[K]>;
  const Lazy = lazy(() => dialogReady.then((m) => ({ default: m[name] as unknown as ComponentType<Props> })));
  return function DialogPart(props: Props) {
    const Loaded = loaded?.[name] as unknown as ComponentType<Props> | undefined;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const RadixRoot = part('Root');
export const Portal = part('Portal');
export const Overlay = part('Overlay');
export const Content = part('Content');
export const Title = part('Title');
export const Description = part('Description');
export const Close = part('Close');

/** A controlled dialog's root: renders nothing while closed. */
export function Root({ open, ...props }: ComponentProps<typeof Radix.Root> & { open: boolean }) {
  return open ? <RadixRoot open {...props} /> : null;
}
