import { formatDate, formatMoney } from '../lib/format.ts';
import { useCommonT, useLanguage } from './i18n.ts';

// The client area's numbers, money, dates and relative days in the language it is shown in (issue 30): Intl
// with hi-IN or en-IN, the Indian grouping (1,23,456) and ₹ in both, digits 0–9 (hi-IN's default, and what the
// client's papers use). English goes through lib/format.ts, the workspace's own, so both read alike.

export type Locale = 'en' | 'hi';

const HI = 'hi-IN';
const TAGS: Record<Locale, string> = { en: 'en-IN', hi: HI };

/**
 * A formatter made on its first use, then kept. Made at load, the eight below cost the English dashboard's first
 * load Hindi's locale data and the relative-time tables it never shows (a long task in Lighthouse's trace).
 */
function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
const perLocale = <T>(make: (tag: string) => T): Record<Locale, () => T> => ({
  en: lazy(() => make(TAGS.en)),
  hi: lazy(() => make(TAGS.hi)),
});

const hiMoney = lazy(
  () => new Intl.NumberFormat(HI, { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }),
);
const hiDay = lazy(
  () =>
    new Intl.DateTimeFormat(HI, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }),
);
const dateTimes = perLocale(
  (tag) =>
    new Intl.DateTimeFormat(tag, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Kolkata',
    }),
);
const counts = perLocale((tag) => new Intl.NumberFormat(tag));
const relatives = perLocale((tag) => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));

export function formatMoneyIn(locale: Locale, value: number | string | null | undefined, missing: string) {
  const english = formatMoney(value);
  if (english === 'N/A') return missing;
  if (locale === 'en') return english;
  return hiMoney().format(Number(english.replace(/[^\d.-]/g, '')));
}

export function formatDateIn(locale: Locale, value: string | Date | null | undefined, missing: string) {
  const english = formatDate(value);
  if (english === 'N/A') return missing;
  if (locale === 'en') return english;
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+05:30`)
      : new Date(value as string | Date);
  return hiDay().format(date);
}

/** "in 3 days", "tomorrow"; "3 दिन में", "कल": days from today, as people say them. */
export function formatRelativeDays(locale: Locale, days: number): string {
  return relatives[locale]().format(days, 'day');
}

/** The formatters for the language the client area is shown in. */
export function useFormat() {
  const t = useCommonT();
  const locale: Locale = useLanguage();
  const missing = t('notAvailable');
  return {
    locale,
    money: (value: number | string | null | undefined) => formatMoneyIn(locale, value, missing),
    date: (value: string | Date | null | undefined) => formatDateIn(locale, value, missing),
    count: (value: number) => counts[locale]().format(value),
    /** A moment with its time of day in India: 27 Nov 2026, 04:30 pm. */
    dateTime: (value: string | Date) => dateTimes[locale]().format(new Date(value)),
    relativeDays: (days: number) => formatRelativeDays(locale, days),
  };
}
