import { encodePng, type Rgb } from '../../lib/png.ts';

// Small, valid files made in code for the demo agency's records: a one-page PDF "schedule" for each plan,
// and card, cheque and portrait images for family members' documents. Nothing binary is committed.

/** Text safe inside a PDF string: ASCII only, with its delimiters escaped. */
function pdfText(s: string): string {
  return s
    .replace(/₹/g, 'Rs. ')
    .replace(/[^\x20-\x7e]/g, '-')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page A4 PDF with a title, a subtitle and label/value lines, in the standard Helvetica fonts (no
 * embedded font), with a correct cross-reference table so every viewer opens it.
 */
export function simplePdf(title: string, subtitle: string, rows: Array<[string, string]>): Buffer {
  const ops: string[] = [
    '0.12 0.23 0.54 rg 0 772 595 70 re f',
    `BT /F2 20 Tf 1 1 1 rg 48 800 Td (${pdfText(title)}) Tj ET`,
    `BT /F1 11 Tf 1 1 1 rg 48 782 Td (${pdfText(subtitle)}) Tj ET`,
  ];
  let y = 730;
  for (const [label, value] of rows) {
    ops.push(`BT /F1 11 Tf 0.39 0.45 0.55 rg 48 ${y} Td (${pdfText(label)}) Tj ET`);
    ops.push(`BT /F2 11 Tf 0.06 0.09 0.16 rg 220 ${y} Td (${pdfText(value)}) Tj ET`);
    ops.push(`0.89 0.91 0.94 RG 48 ${y - 8} m 547 ${y - 8} l S`);
    y -= 26;
  }
  ops.push(
    `BT /F1 9 Tf 0.39 0.45 0.55 rg 48 60 Td (${pdfText('Specimen document generated for the demo agency. Not a contract of insurance or investment.')}) Tj ET`,
  );
  const content = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [148, 163, 184];

/** An identity card: a coloured band, a photo box and text lines (no real text), 320×200. */
export function cardPng(band: Rgb): Buffer {
  return encodePng(320, 200, (x, y) => {
    if (x < 3 || y < 3 || x > 316 || y > 196) return INK;
    if (y < 44) return band;
    if (x >= 20 && x < 100 && y >= 62 && y < 162) return [226, 232, 240];
    const line = [70, 90, 110, 130, 150].find((top) => y >= top && y < top + 8);
    if (line && x >= 120 && x < (line % 40 === 30 ? 250 : 296)) return INK;
    return WHITE;
  });
}

/** A cancelled cheque leaf: pale blue with lines and two crossing strokes, 400×180. */
export function chequePng(): Buffer {
  return encodePng(400, 180, (x, y) => {
    if (x < 2 || y < 2 || x > 397 || y > 177) return [100, 116, 139];
    if (Math.abs(y - (180 - x * 0.45)) < 3 || Math.abs(y - (200 - x * 0.45)) < 3) return [71, 85, 105];
    if ((y === 60 || y === 100 || y === 140) && x > 24 && x < 376) return [148, 163, 184];
    return [224, 242, 254];
  });
}

/** A portrait placeholder: head and shoulders in `colour` on a light background, 160×160. */
export function portraitPng(colour: Rgb): Buffer {
  return encodePng(160, 160, (x, y) => {
    if (Math.hypot(x - 80, y - 62) < 30) return colour;
    if (y > 104 && Math.hypot((x - 80) / 1.35, y - 160) < 56) return colour;
    return [241, 245, 249];
  });
}
