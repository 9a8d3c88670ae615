import i18next, { type TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import {
  currentLanguage,
  hindiMessages,
  type Language,
  type Messages,
  subscribeLanguage,
} from './language.ts';
import common from './messages/en/common.json';

// The client area's i18next (issue 30, decision 048). Each screen brings its own English namespace (its JSON file
// is in that screen's chunk, so a route carries only its own words); Hindi's files load together once Hindi is
// chosen. Plurals follow each language's Intl.PluralRules (key_one / key_other), interpolation is {{name}}.
// React binds through `useT` below rather than react-i18next: a `t` fixed to the language the store shows, read
// with useSyncExternalStore (react-i18next measured 2.3 kB gzip, which the plan routes did not have to spare).

export const i18n = i18next.createInstance();

void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { common } },
  ns: ['common'],
  defaultNS: 'common',
  // Keys are flat ('nav.plans'): the English and Hindi files compare line by line.
  keySeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});

function addHindi(hi: Messages) {
  for (const [ns, words] of Object.entries(hi)) {
    if (!i18n.hasResourceBundle('hi', ns)) i18n.addResourceBundle('hi', ns, words, true, true);
  }
}

function follow() {
  const hi = hindiMessages();
  if (hi) addHindi(hi);
}

follow();
subscribeLanguage(follow);

/** The language the client area is shown in, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/**
 * A screen's words: registers its English namespace once and gives the hook that reads it in the current
 * language (`t('key', { count })`, `t('common:notAvailable')`).
 */
export function namespace(ns: string, english: Record<string, string>): () => TFunction {
  if (!i18n.hasResourceBundle('en', ns)) i18n.addResourceBundle('en', ns, english);
  return function useT() {
    const language = useLanguage();
    return useMemo(() => i18n.getFixedT(language, ns), [language]);
  };
}

export const useCommonT = namespace('common', common);
