import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfActiveContent } from './pdf-check.ts';

// Issue 23 items 1-3: PDFs made by real tools are taken; active content is refused wherever it sits; a crafted
// file costs its length, not its square.

const FIXTURES = path.join(import.meta.dirname, '../../test/fixtures/pdf');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const bytes = (...parts: Array<string | Buffer>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));

/** A PDF whose objects 2.. are packed in one object stream, with the stream's dictionary and data given. */
function withObjectStream(dict: string, data: Buffer): Buffer {
  return bytes(
    '%PDF-1.7\n1 0 obj<</Type/Catalog/OpenAction 5 0 R>>endobj\n',
    `4 0 obj<<${dict}/Length ${data.length}>>stream\n`,
    data,
    '\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
const ACTION = Buffer.from('5 0 <</S/JavaScript/JS(app.alert\\(1\\))>>', 'latin1');
const asciiHex = (b: Buffer) => Buffer.from(`${b.toString('hex')}>`, 'latin1');

/** LZW as PDF writes it (9 to 12 bits, early change), enough to pack a test's object stream. */
function lzw(data: Buffer): Buffer {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  let width = 9;
  const put = (code: number) => {
    acc = (acc << width) | code;
    bits += width;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
  };
  const dict = new Map<string, number>();
  let next = 258;
  put(256);
  let w = '';
  for (const byte of data) {
    const wc = w + String.fromCharCode(byte);
    if (w === '' || dict.has(wc) || wc.length === 1) {
      w = wc;
      continue;
    }
    put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number));
    dict.set(wc, next++);
    if (next + 1 > 1 << width && width < 12) width++;
    w = String.fromCharCode(byte);
  }
  if (w) put(w.length === 1 ? w.charCodeAt(0) : (dict.get(w) as number));
  put(257);
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Buffer.from(out);
}

/** PNG "Sub" rows (predictor 11), `columns` bytes each: the raw text is no longer visible as it is. */
function pngSub(data: Buffer, columns: number): Buffer {
  const rows: Buffer[] = [];
  for (let r = 0; r < data.length; r += columns) {
    const row = Buffer.alloc(columns);
    data.copy(row, 0, r, Math.min(r + columns, data.length));
    const encoded = Buffer.alloc(columns + 1);
    encoded[0] = 1;
    for (let k = 0; k < columns; k++)
      encoded[k + 1] = ((row[k] as number) - (k > 0 ? (row[k - 1] as number) : 0)) & 0xff;
    rows.push(encoded);
  }
  return Buffer.concat(rows);
}

describe('PDFs made by real tools are taken', () => {
  it.each([
    ['print-to-pdf.pdf', 'Chromium print to PDF (Skia/PDF)'],
    ['ghostscript.pdf', 'Ghostscript pdfwrite'],
    [
      'qpdf-object-streams.pdf',
      'object streams and an xref stream (qpdf), a stream right after the object stream',
    ],
  ])('%s: %s', (name) => {
    expect(pdfActiveContent(fixture(name))).toBeNull();
  });

  it('a link to a web page (a /URI link annotation) is taken', () => {
    const link = bytes(
      '%PDF-1.7\n1 0 obj<</Type/Annot/Subtype/Link/Rect[0 0 10 10]/A<</S/URI/URI(https://licindia.in/)>>>>endobj\n',
    );
    expect(pdfActiveContent(link)).toBeNull();
  });

  it('an object stream written with each standard filter and a predictor is read, and a plain one taken', () => {
    const plain = Buffer.from('5 0 <</Type/Page>>', 'latin1');
    expect(
      pdfActiveContent(withObjectStream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', deflateSync(plain))),
    ).toBeNull();
    expect(
      pdfActiveContent(withObjectStream('/Type/ObjStm/N 1/First 4/Filter/LZWDecode', lzw(plain))),
    ).toBeNull();
  });
});

describe('active content is refused wherever it sits', () => {
  const cases: Array<[string, Buffer, string]> = [
    [
      'in an object stream',
      withObjectStream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', deflateSync(ACTION)),
      'JavaScript',
    ],
    [
      'in an object stream whose /Type is #xx-escaped',
      withObjectStream('/Ty#70e/Obj#53tm/N 1/First 4/Filter/FlateDecode', deflateSync(ACTION)),
      'JavaScript',
    ],
    [
      'in an object stream with no /Type',
      withObjectStream('/N 1/First 4/Filter/FlateDecode', deflateSync(ACTION)),
      'JavaScript',
    ],
    [
      'in an object stream behind an (obj) string',
      withObjectStream('/Note(see obj 3)/Type/ObjStm/N 1/First 4/Filter/FlateDecode', deflateSync(ACTION)),
      'JavaScript',
    ],
    [
      'under /ASCIIHexDecode',
      withObjectStream('/Type/ObjStm/N 1/First 4/Filter/ASCIIHexDecode', asciiHex(ACTION)),
      'JavaScript',
    ],
    [
      'under an escaped filter name',
      withObjectStream('/Type/ObjStm/N 1/First 4/Filter/Fl#61teDecode', deflateSync(ACTION)),
      'JavaScript',
    ],
    [
      'under a chain of filters',
      withObjectStream('/Type/ObjStm/N 1/First 4/Filter[/AHx/FlateDecode]', asciiHex(deflateSync(ACTION))),
      'JavaScript',
    ],
    [
      'under /LZWDecode',
      withObjectStream('/Type/ObjStm/N 1/First 4/Filter/LZWDecode', lzw(ACTION)),
      'JavaScript',
    ],
    [
      'under a PNG predictor',
      withObjectStream(
        '/Type/ObjStm/N 1/First 4/Filter/FlateDecode/DecodeParms<</Predictor 11/Columns 8>>',
        deflateSync(pngSub(ACTION, 8)),
      ),
      'JavaScript',
    ],
    [
      'in a string hiding an object from a reader of strings',
      bytes('%PDF-1.7\n1 0 obj(x\n2 0 obj<</S/JavaScript/JS(app.alert\\(1\\))>>endobj\n)endobj\n'),
      'JavaScript',
    ],
    ['#xx-escaped', bytes('%PDF-1.7\n2 0 obj<</S/Java#53cript/JS(x)>>endobj\n'), 'JavaScript'],
    [
      'an XFA form',
      bytes('%PDF-1.7\n1 0 obj<</Type/Catalog/AcroForm<</XFA 5 0 R>>>>endobj\n'),
      'an XFA form, which can run scripts',
    ],
    [
      'a remote go-to',
      bytes('%PDF-1.7\n2 0 obj<</S/GoToR/F(other.pdf)/D[0/Fit]>>endobj\n'),
      'a link that opens another file',
    ],
    [
      'a launch action',
      bytes('%PDF-1.7\n2 0 obj<</S/Launch/F(cmd.exe)>>endobj\n'),
      'an action that launches a program',
    ],
    [
      'a submit action',
      bytes('%PDF-1.7\n2 0 obj<</S/SubmitForm/F(https://x.example/)>>endobj\n'),
      'a form action that sends or loads data',
    ],
    [
      'an import action',
      bytes('%PDF-1.7\n2 0 obj<</S/ImportData/F(data.fdf)>>endobj\n'),
      'a form action that sends or loads data',
    ],
    [
      'an embedded file',
      bytes('%PDF-1.7\n1 0 obj<</Names<</EmbeddedFiles 3 0 R>>>>endobj\n'),
      'an embedded file',
    ],
    [
      'an action on opening',
      bytes('%PDF-1.7\n1 0 obj<</OpenAction<</S/URI/URI(https://x.example/t)>>>>endobj\n'),
      'an action that runs when it opens',
    ],
    [
      'an object hidden inside a stream',
      bytes('%PDF-1.7\n3 0 obj<</Length 40>>stream\n9 0 obj<</S/Named/N/Print>>endobj\nendstream\nendobj\n'),
      'an object hidden inside a stream',
    ],
    ['HTML markup', bytes('%PDF-1.7\n<html><body><script>alert(1)</script></body></html>\n'), 'HTML markup'],
  ];
  it.each(cases)('JavaScript or an action %s', (_name, pdf, why) => {
    expect(pdfActiveContent(pdf)).toBe(why);
  });

  it('an object stream that cannot be decoded is refused, not taken on trust', () => {
    const pdf = withObjectStream('/Type/ObjStm/N 1/First 4/Filter/FlateDecode', Buffer.from('not deflate'));
    expect(pdfActiveContent(pdf)).toBe('a compressed object stream that cannot be read');
  });

  it('a compression bomb is refused without being inflated whole', () => {
    const bomb = withObjectStream(
      '/Type/ObjStm/N 1/First 4/Filter/FlateDecode',
      deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20)),
    );
    expect(pdfActiveContent(bomb)).toBe('too much compressed content to check');
  });
});

describe('a crafted file costs its length', () => {
  const MiB10 = 10 * 1024 * 1024;
  const repeated = (head: string, unit: string) =>
    Buffer.from(head + unit.repeat(Math.floor((MiB10 - head.length) / unit.length)), 'latin1');

  // Each of these took the earlier check quadratic time or memory; now each is one pass. No timing here (the
  // upload test in test/security/slow-clients.test.ts measures another call's answer meanwhile): a return
  // within the test's timeout is the point.
  it.each([
    ['stream keywords after one obj', repeated('%PDF-1.4\n1 0 obj\n', 'stream\n'), null],
    [
      'endstream-less object streams',
      repeated('%PDF-1.4\n', '1 0 obj<</N 1/First 1>>stream\n'),
      'an object hidden inside a stream',
    ],
    ['names', repeated('%PDF-1.4\n1 0 obj<<', '/A /B '), null],
    ['references', repeated('%PDF-1.4\n1 0 obj<<', '/K 1 0 R '), null],
    ['open dictionaries', repeated('%PDF-1.4\n1 0 obj', '<<'), 'structures nested too deeply to check'],
    ['open arrays', repeated('%PDF-1.4\n1 0 obj', '['), 'structures nested too deeply to check'],
    ['open strings', repeated('%PDF-1.4\n1 0 obj', '('), null],
    ['escaped name characters', repeated('%PDF-1.4\n/', '#41'), null],
  ])('%s', (_name, pdf, why) => {
    expect(pdfActiveContent(pdf)).toBe(why);
  });
});
