import { useSyncExternalStore } from 'react';
import { currentLanguage, hindiMessages, type Language, subscribeLanguage } from './language.ts';
import auth from './messages/en/auth.json';

// The sign-in screen's messages without i18next (decision 048): the library costs 16 kB gzip, and the sign-in
// route had 3 kB left of its 120 kB budget. The words are the same files' `auth` namespace; it has no plurals
// and no formatting, only {{name}} placeholders (i18n.test.ts holds it to that), so a lookup is all it needs.

type AuthKey = keyof typeof auth;

function lookup(language: Language, key: AuthKey): string {
  const hi = language === 'hi' ? (hindiMessages()?.auth as Record<string, string> | undefined) : undefined;
  return hi?.[key] ?? auth[key];
}

export function interpolate(text: string, values?: Record<string, string | number>): string {
  return values ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, name) => String(values[name] ?? m)) : text;
}

/** The sign-in screen's `t` and the language it is shown in; re-renders when the language changes. */
export function useAuthText() {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return {
    language,
    t: (key: AuthKey, values?: Record<string, string | number>) => interpolate(lookup(language, key), values),
  };
}
