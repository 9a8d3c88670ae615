import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';

/*
 * The PDF frame of the agency's documents (issue 29: the portfolio statement and the reports): an A4 page with the agency's name (and logo) at the top of
 * every page, "Page N of M" at the foot of every page, a title and subtitle, headings, paragraphs and tables whose
 * header row repeats on every page they run onto. Built on pdfkit; the answer is streamed as pdfkit writes it.
 *
 *   const pdf = createPdf({ agencyName, logo, title: 'Portfolio statement', subtitle: 'Ramesh Kumar · 27 Nov 2026' });
 *   pdf.heading('Ramesh Kumar (self)');
 *   pdf.table([{ header: 'Plan', width: 2 }, { header: 'Premium', width: 1, align: 'right' }], [['LIC 1234', '₹1,200.00']]);
 *   pdf.paragraph('Contact: …', { muted: true });
 *   return sendPdfStream(reply, pdf.end(), 'statement.pdf');
 *
 * Fonts: Noto Sans Devanagari (regular and bold, OFL, from @expo-google-fonts/noto-sans-devanagari, whose files are
 * complete TrueType fonts: Latin, the rupee sign ₹ and Devanagari in one file). fontkit shapes Devanagari through
 * the font's OpenType tables, so conjuncts (क्ष, श्र), the reph (शर्मा) and the pre-base i-matra (प्रिया) are drawn as
 * they are written. One font for every string: pdfkit does not fall back between fonts, and the @fontsource
 * packages split the same family into a Latin and a Devanagari file. Only the glyphs used are embedded (pdfkit
 * subsets), so a page of names stays small.
 *
 * Long documents (the premium register) are `streamed`: pdfkit writes each page out once the next begins, and
 * `lineTable` draws their rows one line each without measuring them.
 *
 * Logo: PNG or JPEG bytes (pdfkit draws nothing else); any other kind, or a file it cannot read, leaves the name alone.
 * `compress: false` writes the page content uncompressed, for tests that read the text back (`pdfText` in tests).
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.dirname(require.resolve('@expo-google-fonts/noto-sans-devanagari/package.json'));

/** What pdfkit needs of a fontkit font it is given (it lays text out and subsets it per document). */
type FontkitFont = { layout(text: string): unknown; postscriptName: string };
const fontkit = require('fontkit') as { create(buffer: Uint8Array): FontkitFont };

let fonts: { regular: FontkitFont; bold: FontkitFont } | null = null;

/**
 * The two fonts, read and parsed once per process (about 220 kB each; parsing one took ~40 ms a document). A
 * document embeds its own subset of a shared font: fontkit's layout and subsetting are synchronous, so documents
 * written at the same time never interleave on it.
 */
function fontFiles(): { regular: FontkitFont; bold: FontkitFont } {
  fonts ??= {
    regular: fontkit.create(
      readFileSync(path.join(FONT_DIR, '400Regular', 'NotoSansDevanagari_400Regular.ttf')),
    ),
    bold: fontkit.create(readFileSync(path.join(FONT_DIR, '700Bold', 'NotoSansDevanagari_700Bold.ttf'))),
  };
  return fonts;
}

// Slate neutrals and the primary indigo of the visual language.
export const PDF_COLOURS = {
  text: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  headerFill: '#f1f5f9',
  primary: '#3730a3',
  danger: '#b91c1c',
} as const;

const MARGIN = 40;
const HEADER_HEIGHT = 44;
const FOOTER_HEIGHT = 24;
const CELL_PAD = 4;

export interface PdfFrameOptions {
  agencyName: string;
  /** PNG or JPEG bytes of the agency's logo, or null. */
  logo?: Buffer | null;
  title: string;
  subtitle?: string;
  /** Defaults to true; false for tests that read the text back. */
  compress?: boolean;
  /** A4 on its side, for a wide table; upright by default. */
  landscape?: boolean;
  /** What each page's head says on the right (the report and its period); the title by default. */
  running?: string;
  /**
   * Pages written out as they are finished, for a document of any length (a register of thousands of pages):
   * each page's foot says "Page N" when the page begins, as the count is known only at the end. Otherwise every
   * page is kept until `end()`, which writes "Page N of M".
   */
  streamed?: boolean;
}

export interface PdfColumn {
  header: string;
  /** A share of the table's width: widths 2, 1, 1 give the first column half of it. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfFrame {
  /** The pdfkit document, for anything the helpers do not draw. */
  doc: PDFKit.PDFDocument;
  /** A section heading; moves to a new page when there is no room for it and about 90 pt under it. */
  heading(text: string): void;
  /** A paragraph, wrapped to the page's width. */
  paragraph(text: string, options?: { muted?: boolean; bold?: boolean; colour?: string }): void;
  /** A table: cells wrap within their columns, rows never split, the header row repeats on each new page. */
  table(columns: readonly PdfColumn[], rows: readonly (readonly string[])[]): void;
  /**
   * A table written a row at a time, however long: every row one line high, a cell too long for its column cut
   * with an ellipsis, the header row repeated on each new page. `bold` rows are totals.
   */
  lineTable(columns: readonly PdfColumn[]): {
    row(cells: readonly string[], options?: { bold?: boolean }): void;
  };
  /** Vertical space, in points. */
  space(points?: number): void;
  /** Adds "Page N of M" to every page (unless streamed), ends the document, and returns it as the stream to send. */
  end(): Readable;
}

/** A new A4 document with the agency's header on each page and the title on the first. */
export function createPdf(options: PdfFrameOptions): PdfFrame {
  const files = fontFiles();
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.landscape ? 'landscape' : 'portrait',
    margins: { top: MARGIN + HEADER_HEIGHT, bottom: MARGIN + FOOTER_HEIGHT, left: MARGIN, right: MARGIN },
    bufferPages: !options.streamed,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: options.agencyName, Creator: 'Agency Portal' },
    autoFirstPage: false,
  });
  // pdfkit takes a fontkit font as it is (PDFFontFactory.open); its types know only paths and bytes.
  doc.registerFont('regular', files.regular as unknown as Buffer);
  doc.registerFont('bold', files.bold as unknown as Buffer);

  const contentWidth = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const drawHeader = () => {
    const top = MARGIN;
    let x = MARGIN;
    if (options.logo) {
      try {
        doc.image(options.logo, x, top, { fit: [96, 30], valign: 'center' });
        x += 104;
      } catch {
        // Not a PNG or JPEG pdfkit can read: the name alone.
      }
    }
    const saved = { x: doc.x, y: doc.y };
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(PDF_COLOURS.text)
      .text(options.agencyName, x, top + 8, {
        width: doc.page.width / 2 - x,
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(PDF_COLOURS.muted)
      .text(options.running ?? options.title, doc.page.width / 2, top + 10, {
        width: doc.page.width / 2 - MARGIN,
        align: 'right',
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .moveTo(MARGIN, top + HEADER_HEIGHT - 8)
      .lineTo(doc.page.width - MARGIN, top + HEADER_HEIGHT - 8)
      .lineWidth(0.5)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.x = saved.x;
    doc.y = saved.y;
    doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.text);
  };
  /** "Page N" or "Page N of M" in the bottom margin of the current page. */
  const drawFooter = (label: string) => {
    const saved = { x: doc.x, y: doc.y, bottom: doc.page.margins.bottom };
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(PDF_COLOURS.muted)
      .text(label, MARGIN, doc.page.height - MARGIN - 10, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = saved.bottom;
    doc.x = saved.x;
    doc.y = saved.y;
    doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.text);
  };
  let pages = 0;
  doc.on('pageAdded', () => {
    pages += 1;
    drawHeader();
    if (options.streamed) drawFooter(`Page ${pages}`);
  });
  doc.addPage();

  doc.font('bold').fontSize(18).fillColor(PDF_COLOURS.text).text(options.title);
  if (options.subtitle) doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.muted).text(options.subtitle);
  doc.moveDown(0.8);

  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  /** Each column's width in points: its share of the page's width. */
  const widthsOf = (columns: readonly PdfColumn[]) => {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    return columns.map((c) => (contentWidth() * c.width) / total);
  };

  /**
   * One table row at the page's current line, `height` points high, ruled underneath: its cells wrapped within
   * their columns, or (`oneLine`) each on one line cut with an ellipsis.
   */
  const drawRow = (
    columns: readonly PdfColumn[],
    widths: readonly number[],
    cells: readonly string[],
    style: { font: 'regular' | 'bold'; size: number; fill: string | null; height: number; oneLine?: boolean },
  ) => {
    const { height, oneLine = false } = style;
    const top = doc.y;
    if (style.fill) doc.rect(MARGIN, top, contentWidth(), height).fill(style.fill);
    let x = MARGIN;
    doc.font(style.font).fontSize(style.size).fillColor(PDF_COLOURS.text);
    cells.forEach((cell, i) => {
      const w = widths[i] ?? 0;
      const align = columns[i]?.align ?? 'left';
      if (oneLine) {
        if (cell)
          doc.text(cell, x + CELL_PAD, top + CELL_PAD / 2, {
            width: w - 2 * CELL_PAD,
            height,
            ellipsis: true,
            lineBreak: false,
            align,
          });
      } else {
        doc.text(cell, x + CELL_PAD, top + CELL_PAD, { width: w - 2 * CELL_PAD, align });
      }
      x += w;
    });
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + contentWidth(), top + height)
      .lineWidth(oneLine ? 0.3 : 0.5)
      .strokeColor(PDF_COLOURS.rule)
      .stroke();
    doc.x = MARGIN;
    doc.y = top + height;
  };

  const frame: PdfFrame = {
    doc,
    heading(text) {
      const style = () => doc.font('bold').fontSize(12).fillColor(PDF_COLOURS.primary);
      style();
      // Room for what follows it (a line, a table's header and first row), so it never ends a page alone.
      ensureRoom(doc.heightOfString(text, { width: contentWidth() }) + 90);
      // Set again: a new page's header leaves the body style behind it.
      style();
      doc.moveDown(0.4);
      doc.text(text, MARGIN, doc.y, { width: contentWidth() });
      doc.moveDown(0.3);
      doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.text);
    },
    paragraph(text, opts = {}) {
      const style = () =>
        doc
          .font(opts.bold ? 'bold' : 'regular')
          .fontSize(opts.muted ? 9 : 10)
          .fillColor(opts.colour ?? (opts.muted ? PDF_COLOURS.muted : PDF_COLOURS.text));
      style();
      ensureRoom(doc.heightOfString(text, { width: contentWidth() }));
      style();
      doc.text(text, MARGIN, doc.y, { width: contentWidth() });
      doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.text);
    },
    table(columns, rows) {
      const widths = widthsOf(columns);
      const size = 8;
      const rowHeight = (cells: readonly string[], font: 'regular' | 'bold') => {
        doc.font(font).fontSize(size);
        let h = 0;
        cells.forEach((cell, i) => {
          const w = (widths[i] ?? 0) - 2 * CELL_PAD;
          h = Math.max(h, doc.heightOfString(cell || ' ', { width: w }));
        });
        return h + 2 * CELL_PAD;
      };
      const draw = (cells: readonly string[], font: 'regular' | 'bold', fill: string | null, h: number) =>
        drawRow(columns, widths, cells, { font, size, fill, height: h });
      const headers = columns.map((c) => c.header);
      const headerHeight = rowHeight(headers, 'bold');
      // Each row is measured once: the measure decides the page break and the height drawn.
      const heights = rows.map((row) => rowHeight(row, 'regular'));
      ensureRoom(headerHeight + (heights[0] ?? 0));
      draw(headers, 'bold', PDF_COLOURS.headerFill, headerHeight);
      rows.forEach((row, i) => {
        const h = heights[i] ?? 0;
        if (doc.y + h > bottom()) {
          doc.addPage();
          draw(headers, 'bold', PDF_COLOURS.headerFill, headerHeight);
        }
        draw(row, 'regular', null, h);
      });
      doc.moveDown(0.6);
      doc.font('regular').fontSize(10).fillColor(PDF_COLOURS.text);
    },
    lineTable(columns) {
      const widths = widthsOf(columns);
      const size = 7.5;
      doc.font('bold').fontSize(size);
      // One line of the font (Devanagari's marks reach above and below Latin's) and the cell's padding.
      const height = doc.currentLineHeight(true) + CELL_PAD;
      const draw = (cells: readonly string[], font: 'regular' | 'bold', fill: string | null) =>
        drawRow(columns, widths, cells, { font, size, fill, height, oneLine: true });
      const headers = columns.map((c) => c.header);
      ensureRoom(2 * height);
      draw(headers, 'bold', PDF_COLOURS.headerFill);
      return {
        row(cells, opts = {}) {
          if (doc.y + height > bottom()) {
            doc.addPage();
            draw(headers, 'bold', PDF_COLOURS.headerFill);
          }
          draw(cells, opts.bold ? 'bold' : 'regular', null);
        },
      };
    },
    space(points = 8) {
      doc.y += points;
    },
    end() {
      if (!options.streamed) {
        const range = doc.bufferedPageRange();
        for (let i = range.start; i < range.start + range.count; i++) {
          doc.switchToPage(i);
          drawFooter(`Page ${i + 1 - range.start} of ${range.count}`);
        }
      }
      doc.end();
      return doc as unknown as Readable;
    },
  };
  return frame;
}

/**
 * A generated PDF streamed as an attachment (never sniffed, never cached), saved under `filename`: an ASCII
 * fallback name and the exact one as RFC 5987 UTF-8. Its length is unknown until it is written, so it is chunked.
 */
export function sendPdfStream(reply: FastifyReply, stream: Readable, filename: string): Uint8Array {
  const ascii = filename.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  // Fastify sends a stream as it sends bytes, unserialised; the route's type is the contract's binary answer.
  return stream as unknown as Uint8Array;
}
