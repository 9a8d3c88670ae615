// The language the client area and the sign-in screen are shown in (issue 30, decision 048). English is the
// default and always at hand; Hindi's messages and its Devanagari font load only once Hindi is chosen. Before
// sign-in the choice is kept in this browser; signed in, the client's reminder language is the choice
// (app/compositions/client-language.tsx). Small: the sign-in screen loads it.

import { loadDevanagariFont } from './devanagari-font.ts';
import type { Language } from './preferred.ts';

export { LANGUAGE_STORAGE_KEY, type Language, preferredLanguage, rememberLanguage } from './preferred.ts';

/** What the switch shows: each language in its own script. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export type Messages = Record<string, Record<string, unknown>>;

let current: Language = 'en';
type HindiModule = typeof import('./hindi-messages.ts');
let hindi: HindiModule | null = null;
let pending: Promise<Messages> | null = null;
const listeners = new Set<() => void>();

/**
 * Hindi's messages and the Devanagari font, loaded once. The language switches only when both are here (the
 * font's regular weight; decision 052), so no screen shows half its words in one language or lays itself out
 * again when the font arrives.
 */
export function loadHindi(): Promise<Messages> {
  pending ??= Promise.all([import('./hindi-messages.ts'), loadDevanagariFont()]).then(([m]) => {
    hindi = m;
    return m.hindi;
  });
  return pending;
}

export function hindiMessages(): Messages | null {
  return hindi?.hindi ?? null;
}

/** Hindi's words and their i18next, once loaded. */
export function hindiWords(): HindiModule | null {
  return hindi;
}

export function currentLanguage(): Language {
  return current;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the portal in `language`: Hindi once its messages and font are loaded. Resolves when it shows. */
export async function setLanguage(language: Language): Promise<void> {
  if (language === 'hi') await loadHindi();
  if (current === language) return;
  current = language;
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'hi' ? 'hi' : 'en';
  for (const listener of listeners) listener();
}

const CHOSEN_KEY = 'portal.language.chosen';

/**
 * The sign-in screen's switch was used: once signed in, that choice becomes the client's preference rather than
 * the saved one undoing it (kept for this tab only).
 */
export function noteChosenBeforeSignIn(language: Language) {
  try {
    sessionStorage.setItem(CHOSEN_KEY, language);
  } catch {
    // Without storage the saved preference decides.
  }
}

/** The language chosen on the sign-in screen in this tab, once: it is forgotten as it is read. */
export function takeChosenBeforeSignIn(): Language | null {
  try {
    const value = sessionStorage.getItem(CHOSEN_KEY);
    sessionStorage.removeItem(CHOSEN_KEY);
    return value === 'en' || value === 'hi' ? value : null;
  } catch {
    return null;
  }
}
