// The language a visitor is first shown (issue 30): the one kept in this browser, else the browser's first
// language we have, else English. Apart from language.ts so the entry can ask without loading the rest.

import { LANGUAGE_HINT_COOKIE } from '@portal/contract';

export type Language = 'en' | 'hi';

export const LANGUAGE_STORAGE_KEY = 'portal.language';

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'en' || value === 'hi' ? value : null;
  } catch {
    return null;
  }
}

/** The stored choice, else the browser's first language we have, else English. */
export function preferredLanguage(): Language {
  const kept = storedLanguage();
  if (kept) return kept;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'hi' || base === 'en') return base;
  }
  return 'en';
}

/** Keeps the choice in this browser, for the sign-in screen and the next visit. */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
  hintLanguage(language);
}

/**
 * Tells the server the language of this browser's next pages (LANGUAGE_HINT_COOKIE), so a page in Hindi names its
 * words and font for the browser to fetch at once (decision 049). A hint only: nothing else reads it.
 */
export function hintLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox; one plain cookie.
  document.cookie =
    language === 'hi'
      ? `${LANGUAGE_HINT_COOKIE}=hi; Path=/; Max-Age=31536000; SameSite=Lax`
      : `${LANGUAGE_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
