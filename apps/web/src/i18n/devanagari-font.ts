// The Devanagari subset of Noto Sans (font-display: swap in its @font-face), fetched only when Hindi is shown.
// Inter comes first in the font stack (index.css), so Latin letters and digits keep their shapes and only
// Devanagari text uses Noto. Two weights: regular text and the semibold of headings and figures.
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-600.css';

const SAMPLE = 'हिन्दी';

/** Waits (at most 3 s) for both weights, so Hindi text is first drawn in its own font and nothing shifts. */
export function fontReady(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts?.load) return Promise.resolve();
  const loads = Promise.all([
    document.fonts.load(`400 16px "Noto Sans Devanagari"`, SAMPLE),
    document.fonts.load(`600 16px "Noto Sans Devanagari"`, SAMPLE),
  ]).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loads, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
}
