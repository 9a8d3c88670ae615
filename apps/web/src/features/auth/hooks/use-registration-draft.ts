import { useEffect } from 'react';

// What the owner typed into the registration, kept for this browser tab (sessionStorage) so that browser Back,
// Forward or a reload never wipe it (issue 24 item 5). Passwords are never stored: they are asked again.

const DRAFT_KEY = 'portal.registration-draft';

export interface RegistrationDraft<V> {
  values: Partial<V>;
  /** The owner typed the portal address themselves (it no longer follows the agency name). */
  addressEdited: boolean;
}

export function loadDraft<V extends object>(): RegistrationDraft<V> | null {
  try {
    const text = window.sessionStorage.getItem(DRAFT_KEY);
    if (!text) return null;
    const draft = JSON.parse(text) as RegistrationDraft<V>;
    return draft && typeof draft.values === 'object' ? draft : null;
  } catch {
    // Storage turned off, or a draft from an older form: start empty.
    return null;
  }
}

export function clearDraft(): void {
  try {
    window.sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** Saves `values` (less the `secret` fields) whenever they change; `keep` false saves nothing. */
export function useSaveDraft<V extends object>(
  values: V,
  addressEdited: boolean,
  secret: readonly (keyof V)[],
  keep: boolean,
): void {
  const text = JSON.stringify({
    values: Object.fromEntries(Object.entries(values).filter(([name]) => !secret.includes(name as keyof V))),
    addressEdited,
  });
  useEffect(() => {
    if (!keep) return;
    try {
      window.sessionStorage.setItem(DRAFT_KEY, text);
    } catch {
      // Storage full or turned off: the form still works, it just will not survive a reload.
    }
  }, [text, keep]);
}
