import i18next, { type i18n, type TFunction } from 'i18next';
import type { Messages } from './language.ts';

// Hindi's words, every namespace in one chunk (some 8 kB gzip), and i18next (decision 051), loaded once Hindi is
// chosen: one request rather than one a screen (decision 049), and nothing of either on an English page.
const files = import.meta.glob<Record<string, string>>('./messages/hi/*.json', {
  eager: true,
  import: 'default',
});

export const hindi: Messages = Object.fromEntries(
  Object.entries(files).map(([file, words]) => [/([\w-]+)\.json$/.exec(file)?.[1] ?? file, words]),
);

let instance: i18n | null = null;

/**
 * A namespace's `t` in Hindi: i18next with Hindi's words, and every English namespace registered so far as its
 * fallback. Keys are flat ('nav.plans': the two files compare line by line); React escapes what it renders.
 */
export function fixedT(english: ReadonlyMap<string, Record<string, string>>, ns: string): TFunction {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      lng: 'hi',
      fallbackLng: 'en',
      resources: { hi: hindi },
      keySeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  for (const [space, words] of english) {
    if (!instance.hasResourceBundle('en', space)) instance.addResourceBundle('en', space, words);
  }
  return instance.getFixedT('hi', ns);
}
