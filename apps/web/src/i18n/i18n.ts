import type { TFunction } from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage, hindiWords, type Language, subscribeLanguage } from './language.ts';
import { interpolate } from './lite.ts';
import common from './messages/en/common.json';

// The client area's words (issue 30, decisions 048 and 051). Each screen brings its own English namespace (its
// JSON file is in that screen's chunk, so a route carries only its own words). English, the language of nearly
// every first load, is read by lookup: a key, its plural by Intl.PluralRules (key_one / key_other), its {{name}}
// placeholders, and defaultValue for a key the file lacks. i18next comes with Hindi: it loads with Hindi's words
// (hindi-messages.ts, the chunk of Hindi's words) and answers every screen once Hindi shows, falling back to English.
// `messages.test.ts` holds the lookup to i18next's answers for every English key. React binds through `useT`, a
// `t` fixed to the language shown, re-rendered through useSyncExternalStore.

type Words = Record<string, string>;
/** What a screen's `t` takes: a key (`key` or `namespace:key`) and its values (count, placeholders, defaultValue). */
export type Translate = TFunction;

/** Every English namespace registered so far, for the lookup and for i18next's fallback once Hindi loads. */
const english = new Map<string, Words>();

let plurals: Intl.PluralRules | null = null;

/** English `t` for a namespace: the lookup i18next would do for these files. */
export function englishT(ns: string): Translate {
  const t = (key: string, values?: Record<string, unknown>) => {
    const split = key.indexOf(':');
    const space = split > 0 ? key.slice(0, split) : ns;
    const name = split > 0 ? key.slice(split + 1) : key;
    const words = english.get(space) ?? {};
    let text: string | undefined;
    if (typeof values?.count === 'number') {
      plurals ??= new Intl.PluralRules('en');
      text = words[`${name}_${plurals.select(values.count)}`];
    }
    text ??= words[name] ?? (typeof values?.defaultValue === 'string' ? values.defaultValue : name);
    return interpolate(text, values as Record<string, string | number> | undefined);
  };
  return t as unknown as Translate;
}

/** The language the client area is shown in, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

function translator(language: Language, ns: string): Translate {
  const hindi = language === 'hi' ? hindiWords() : null;
  return hindi ? hindi.fixedT(english, ns) : englishT(ns);
}

/**
 * A screen's words: registers its English namespace once and gives the hook that reads it in the current
 * language (`t('key', { count })`, `t('common:notAvailable')`).
 */
export function namespace(ns: string, words: Words): () => Translate {
  if (!english.has(ns)) english.set(ns, words);
  return function useT() {
    const language = useLanguage();
    return useMemo(() => translator(language, ns), [language]);
  };
}

/** A namespace's `t` outside React (a toast), in the language shown now. */
export function translate(ns: string): Translate {
  return translator(currentLanguage(), ns);
}

export const useCommonT = namespace('common', common);
