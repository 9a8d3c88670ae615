import { inflateSync } from 'node:zlib';

// The text of a PDF written by the PDF frame (src/lib/pdf.ts), compressed or not (`compress: false`), read back for tests: each
// text object's glyphs mapped to characters through its font's ToUnicode map, one line per text object. Enough
// for pdfkit's own output (hex-encoded glyph ids of embedded fonts), not a general PDF reader. Devanagari comes
// back in the order its glyphs are drawn (a pre-base i-matra before its consonant), as any PDF text reader gives.

export interface PdfText {
  /** Every text object's text, one per line, in the order the pages were written. */
  text: string;
  /** The same with no line breaks: a value wrapped in a table cell ("MF-REMOVED-", "NOMINEE") reads whole. */
  flat: string;
  /** Each text object's text with its font size (points), in order. */
  runs: { text: string; size: number }[];
  pages: number;
}

function objects(pdf: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const m of pdf.matchAll(/(\d+) 0 obj\b([\s\S]*?)\bendobj/g)) map.set(Number(m[1]), m[2] ?? '');
  return map;
}

/** An object's stream, inflated when it is compressed (the frame's default). */
function streamOf(body: string): string {
  const start = /stream\r?\n/.exec(body);
  if (!start) return '';
  const dict = body.slice(0, start.index);
  const length = /\/Length (\d+)/.exec(dict);
  const from = start.index + start[0].length;
  const raw = length
    ? body.slice(from, from + Number(length[1]))
    : body.slice(from, body.lastIndexOf('endstream'));
  if (!/\/Filter \/FlateDecode/.test(dict)) return raw;
  return inflateSync(Buffer.from(raw, 'latin1')).toString('latin1');
}

function hexToString(hex: string): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4)
    out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
  return out;
}

/** A ToUnicode CMap as glyph id → characters (bfchar and bfrange, with or without arrays). */
function readCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      map.set(Number.parseInt(m[1] ?? '', 16), hexToString(m[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g,
    )) {
      const start = Number.parseInt(m[1] ?? '', 16);
      const end = Number.parseInt(m[2] ?? '', 16);
      const target = m[3] ?? '';
      if (target.startsWith('[')) {
        // pdfkit writes a glyph of several letters (a ligature) as `<0915 094D 0937>`.
        [...target.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach((t, i) => {
          map.set(start + i, hexToString((t[1] ?? '').replace(/ /g, '')));
        });
      } else {
        const base = Number.parseInt(target.slice(1, -1), 16);
        for (let g = start; g <= end; g++) map.set(g, String.fromCharCode(base + g - start));
      }
    }
  }
  return map;
}

/** The text of an uncompressed PDF from the PDF frame. */
export function pdfText(bytes: Buffer | Uint8Array): PdfText {
  const pdf = Buffer.from(bytes).toString('latin1');
  if (!pdf.startsWith('%PDF-')) throw new Error('Not a PDF');
  const objs = objects(pdf);
  // pdfkit names fonts once per document (/F1, /F2, …), the same on every page.
  const fontCmaps = new Map<string, Map<number, string>>();
  for (const m of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
    const font = objs.get(Number(m[2])) ?? '';
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(font);
    if (toUnicode) fontCmaps.set(m[1] ?? '', readCmap(streamOf(objs.get(Number(toUnicode[1])) ?? '')));
  }
  const pagesObj = [...objs.values()].find((o) => /\/Type \/Pages\b/.test(o)) ?? '';
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(pagesObj)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) =>
    Number(k[1]),
  );
  const runs: { text: string; size: number }[] = [];
  for (const kid of kids) {
    const page = objs.get(kid) ?? '';
    const contents = /\/Contents (\d+) 0 R/.exec(page);
    const content = streamOf(objs.get(Number(contents?.[1])) ?? '');
    let cmap = new Map<number, string>();
    let size = 0;
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let line = '';
      for (const token of (block[1] ?? '').matchAll(/\/(F\d+) ([\d.]+) Tf|<([0-9a-fA-F]*)>/g)) {
        if (token[1]) {
          cmap = fontCmaps.get(token[1]) ?? new Map();
          size = Number(token[2]);
        } else {
          const hex = token[3] ?? '';
          for (let i = 0; i + 4 <= hex.length; i += 4)
            line += cmap.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '';
        }
      }
      runs.push({ text: line, size });
    }
  }
  const lines = runs.map((r) => r.text);
  return { text: lines.join('\n'), flat: lines.join(''), runs, pages: kids.length };
}

/** Reads a whole stream (a PDF frame's `end()`) into one buffer. */
export async function readAll(stream: AsyncIterable<Buffer | Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
