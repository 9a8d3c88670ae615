import regular from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import semibold from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-600-normal.woff2?url';

// The Devanagari subset of Noto Sans, fetched only when Hindi is shown, in two weights: regular text and the
// semibold of headings and figures. Inter comes first in the font stack (index.css), so Latin letters and digits
// keep their shapes and only Devanagari text uses Noto. The faces are added from here (the FontFace API) rather
// than by a style sheet of their own, so the entry can start both downloads at once for a visitor it knows reads
// Hindi, with no chunk and style sheet to wait for first (main.tsx; decision 049).

const FAMILY = 'Noto Sans Devanagari';
let ready: Promise<void> | null = null;

/** Loads both weights, once; resolves when they are here, or after 3 s, so Hindi is first drawn in its font. */
export function loadDevanagariFont(): Promise<void> {
  if (typeof document === 'undefined' || typeof FontFace === 'undefined' || !document.fonts) {
    return Promise.resolve();
  }
  ready ??= (() => {
    const faces = [
      new FontFace(FAMILY, `url(${regular}) format('woff2')`, { weight: '400', display: 'swap' }),
      new FontFace(FAMILY, `url(${semibold}) format('woff2')`, { weight: '600', display: 'swap' }),
    ];
    for (const face of faces) document.fonts.add(face);
    const loads = Promise.all(faces.map((face) => face.load())).then(
      () => undefined,
      () => undefined,
    );
    return Promise.race([loads, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
  })();
  return ready;
}
