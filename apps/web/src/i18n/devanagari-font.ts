import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';

// The Devanagari subset of Noto Sans, fetched only when Hindi is shown, in two weights: regular text and the
// semibold of headings and figures. Inter comes first in the font stack (index.css), so Latin letters and digits
// keep their shapes and only Devanagari text uses Noto. The faces are added from here (the FontFace API) rather
// than by a style sheet of their own, so the entry can start both downloads at once for a visitor it knows reads
// Hindi, with no chunk and style sheet to wait for first (main.tsx; decision 049).

const FAMILY = 'Noto Sans Devanagari';
let ready: Promise<void> | null = null;

/**
 * Starts both weights, once; resolves when the regular one is here (or after 3 s), so Hindi is first drawn in its
 * font. The semibold of headings arrives beside it and swaps in (decision 052): waiting for both held the Hindi
 * dashboard's first paint 0.2 s longer, for 55 kB more, with no shift measured when it swaps.
 */
export function loadDevanagariFont(): Promise<void> {
  if (typeof document === 'undefined' || typeof FontFace === 'undefined' || !document.fonts) {
    return Promise.resolve();
  }
  ready ??= (() => {
    const text = new FontFace(FAMILY, `url(${regular}) format('woff2')`, { weight: '400', display: 'swap' });
    const headings = new FontFace(FAMILY, `url(${semibold}) format('woff2')`, {
      weight: '600',
      display: 'swap',
    });
    document.fonts.add(text);
    document.fonts.add(headings);
    void headings.load().catch(() => undefined);
    const loaded = text.load().then(
      () => undefined,
      () => undefined,
    );
    return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
  })();
  return ready;
}
