import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { getToken } from '../../../lib/session.ts';

/**
 * Asks before leaving a form with unsaved input: a confirmation inside the app (sidebar, back button, links)
 * and the browser's own prompt on reload or close. `release()` lets the next navigation through (after a save).
 */
export function useDiscardGuard(dirty: boolean, what: string) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  // Only leaving the screen counts: a screen may keep its own state in the query (?client=). Signing out
  // (the session is already gone) is never held up.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !released.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      getToken() !== null,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={`Discard ${what}?`}
      description="What you have entered is not saved and will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset?.();
      }}
    />
  );
  return {
    dialog,
    release: () => {
      released.current = true;
    },
  };
}
