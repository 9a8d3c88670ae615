import { Languages } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { LANGUAGE_NAMES, type Language } from './language.ts';

// The language switch of the client area's top bar and of the sign-in screen (issue 30): one button that names
// the other language in its own script, so a reader of either finds it. No i18next here: the sign-in screen
// shows it without loading the library.

/** What the button says to assistive technology, in the language it switches to. */
const SWITCH_TO: Record<Language, string> = { en: 'View in English', hi: 'हिन्दी में देखें' };

export function LanguageSwitch({
  value,
  onChange,
  busy = false,
  className,
}: {
  value: Language;
  onChange: (language: Language) => void;
  busy?: boolean;
  className?: string;
}) {
  const other: Language = value === 'hi' ? 'en' : 'hi';
  return (
    <button
      type="button"
      lang={other}
      aria-label={SWITCH_TO[other]}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => onChange(other)}
      className={cn(
        'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-60',
        className,
      )}
    >
      <Languages className="size-4 text-slate-500" aria-hidden />
      {LANGUAGE_NAMES[other]}
    </button>
  );
}
