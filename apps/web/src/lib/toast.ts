import { TOAST_DEDUPE_MS } from '@portal/contract';

// Toasts of spec §4 and §9: success, error, info, warn; the same message and type within 2 s shows once.
// react-toastify loads with the first toast, not with the entry: the sign-in route keeps its budget (issue 2).
// A toast pushed before its container has mounted is queued by the library and shown when it mounts.

export type ToastType = 'success' | 'error' | 'info' | 'warn';

type Library = typeof import('react-toastify/unstyled');
let library: Promise<Library> | null = null;
const waiting = new Set<() => void>();

function loadLibrary(): Promise<Library> {
  if (!library) {
    // The unstyled build keeps the toasts' CSS out of the JavaScript (app/toast-container.tsx loads it as CSS).
    library = import('react-toastify/unstyled');
    for (const listener of waiting) listener();
    waiting.clear();
  }
  return library;
}

/** Calls `listener` once the first toast is asked for (at once if one has been); answers an unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (library) {
    listener();
    return () => {};
  }
  waiting.add(listener);
  return () => waiting.delete(listener);
}

const lastShown = new Map<string, number>();

export function notify(type: ToastType, message: string): void {
  const key = `${type}:${message}`;
  const now = Date.now();
  const previous = lastShown.get(key);
  if (previous !== undefined && now - previous < TOAST_DEDUPE_MS) return;
  lastShown.set(key, now);
  void loadLibrary().then(({ toast }) => toast[type](message, { toastId: `${key}:${now}` }));
}
