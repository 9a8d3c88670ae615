import { encodePng, pngChunk } from '../src/lib/png.ts';

// Small real image files for upload tests, built in code so no binary fixture is committed.

/** A valid RGB PNG of the given size in one colour; `padTo` adds a text chunk to reach a byte size. */
export function pngBytes(width = 2, height = 2, padTo = 0): Buffer {
  const plain = encodePng(width, height, () => [0x3c, 0x3c, 0x3c]);
  if (padTo <= plain.length + 12) return plain;
  const padding = pngChunk('tEXt', Buffer.alloc(padTo - plain.length - 12, 0x61));
  return encodePng(width, height, () => [0x3c, 0x3c, 0x3c], [padding]);
}

/** A 1×1 lossless WebP. */
export const WEBP_BYTES = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A JFIF header (SOI, APP0) and end marker: what content sniffing reads of a JPEG. */
export function jpegBytes(): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.alloc(64, 0), Buffer.from([0xff, 0xd9])]);
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
