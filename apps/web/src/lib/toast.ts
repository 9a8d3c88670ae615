import { TOAST_DEDUPE_MS } from '@portal/contract';
// The unstyled build keeps the toasts' CSS out of the JavaScript (app/toasts.tsx loads it as CSS).
import { toast } from 'react-toastify/unstyled';

// Toasts of spec §4 and §9: success, error, info, warn; the same message and type within 2 s shows once.

export type ToastType = 'success' | 'error' | 'info' | 'warn';

const lastShown = new Map<string, number>();

export function notify(type: ToastType, message: string): void {
  const key = `${type}:${message}`;
  const now = Date.now();
  const previous = lastShown.get(key);
  if (previous !== undefined && now - previous < TOAST_DEDUPE_MS) return;
  lastShown.set(key, now);
  toast[type](message, { toastId: `${key}:${now}` });
}
