import { existsSync } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import { escapeCell, REPORT_TITLES, type ReportKind } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { formatIndianDate } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { newBusinessTables, REGISTER_COLUMNS, type ReportTable, registerCells } from './report-tables.ts';
import * as repo from './reports.repository.ts';
import { newBusiness, type ReportContext, registerRow } from './reports.service.ts';

// The premium register and new business as an A4 PDF (issue 29 item 2, decision 046): the agency's name and logo
// and the period on every page's head, "Page n" at its foot, a table of the report's columns and a totals row.
// Streamed: pdfkit writes each page out once the next begins, and the register is read a page of rows at a time.
// Until the shared PDF frame (lib/pdf.ts of the family statement) is merged, this module draws its own frame.

/** A font with the rupee sign (U+20B9): pdfkit's built-in Helvetica has none. */
const FONT_CANDIDATES = [
  ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'],
  ['/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'],
] as const;
const FONTS = FONT_CANDIDATES.find(([regular, bold]) => existsSync(regular) && existsSync(bold));
/** Without a font that has ₹, amounts are written "Rs." rather than as a missing glyph. */
const RUPEE = FONTS ? '₹' : 'Rs.';

const MARGIN = 36;
const PAGE_ROWS_READ = 1000;

export interface AgencyHead {
  name: string;
  logo_document_id: string | null;
}

interface PdfColumn {
  header: string;
  field: string;
  type: string;
  /** Share of the table's width. */
  weight: number;
}

const PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,23,456.00: Indian grouping (the amount is a decimal string; a number holds it to the paisa up to 10^13). */
const money = (v: unknown) =>
  v === null || v === undefined || v === '' ? '' : `${RUPEE}${PAISE.format(Number(v))}`;

function cellText(column: PdfColumn, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (column.type === 'amount') return money(v);
  if (column.type === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
    return formatIndianDate(v);
  return escapeCell(String(v));
}

const REGISTER_WEIGHTS: Record<string, number> = {
  client: 1.6,
  client_code: 1.1,
  holder: 1.1,
  provider: 1.4,
  service: 1.2,
  plan_number: 1.3,
  mode: 0.9,
  premium: 1.1,
  due_date: 1,
  paid_on: 1,
  status: 0.8,
};

export function reportPdf(
  db: Db,
  documents: DocumentStore,
  report: ReportKind,
  ctx: ReportContext,
  agency: AgencyHead,
  log: FastifyBaseLogger,
): { out: Readable; done: Promise<{ rows: number; completed: boolean }> } {
  const out = new PassThrough({ highWaterMark: 1024 * 1024 });
  const done = (async () => {
    let rows = 0;
    try {
      const logo = await logoBytes(db, documents, ctx.scope.agencyId, agency.logo_document_id);
      const doc = new PDFDocument({
        size: 'A4',
        layout: report === 'premium_register' ? 'landscape' : 'portrait',
        margin: MARGIN,
        info: { Title: `${REPORT_TITLES[report]} — ${agency.name}`, Author: agency.name },
      });
      doc.pipe(out);
      if (FONTS) {
        doc.registerFont('body', FONTS[0]);
        doc.registerFont('bold', FONTS[1]);
      } else {
        doc.registerFont('body', 'Helvetica');
        doc.registerFont('bold', 'Helvetica-Bold');
      }
      const frame = new Frame(doc, agency.name, logo, REPORT_TITLES[report], ctx);
      if (report === 'premium_register') {
        const columns = REGISTER_COLUMNS.map((c) => ({ ...c, weight: REGISTER_WEIGHTS[c.field] ?? 1 }));
        frame.begin(columns);
        let premium = 0n;
        let after: repo.RegisterKey | null = null;
        for (;;) {
          const page = await repo.registerPage(db, ctx.scope, ctx.today, after, PAGE_ROWS_READ);
          for (const r of page) {
            const row = registerRow(r);
            frame.row(registerCells(row));
            if (row.premium) premium += BigInt(row.premium.replace('.', ''));
          }
          rows += page.length;
          const last = page.at(-1);
          if (page.length < PAGE_ROWS_READ || !last || out.destroyed) break;
          after = { date: last.day, id: last.id };
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        const paise = premium.toString().padStart(3, '0');
        frame.row(
          {
            client: 'Total',
            client_code: `${rows} rows`,
            premium: `${paise.slice(0, -2)}.${paise.slice(-2)}`,
          },
          true,
        );
      } else {
        const [table] = newBusinessTables(await newBusiness(db, ctx)) as [ReportTable];
        frame.begin(table.columns.map((c) => ({ ...c, weight: c.type === 'text' ? 1.6 : 1 })));
        for (const row of table.rows) frame.row(row);
        if (table.totals) frame.row(table.totals, true);
        rows = table.rows.length;
      }
      doc.end();
      await new Promise<void>((resolve, reject) => {
        out.once('finish', resolve);
        out.once('close', resolve);
        out.once('error', reject);
      });
      return { rows, completed: !out.destroyed || out.writableFinished };
    } catch (err) {
      log.error({ err }, 'A report PDF failed midway; the download is cut short.');
      out.destroy(err as Error);
      return { rows, completed: false };
    }
  })();
  return { out, done };
}

async function logoBytes(
  db: Db,
  documents: DocumentStore,
  agencyId: string,
  id: string | null,
): Promise<Buffer | null> {
  if (!id) return null;
  const doc = await documents.read(db, agencyId, id).catch(() => null);
  // pdfkit draws PNG and JPEG; a WebP logo leaves the name alone on the head.
  return doc && (doc.mime === 'image/png' || doc.mime === 'image/jpeg') ? doc.bytes : null;
}

/** The page frame and the table: head on every page, page number at the foot, the columns' header row. */
class Frame {
  private columns: PdfColumn[] = [];
  private widths: number[] = [];
  private page = 0;
  private readonly rowHeight = 16;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly agencyName: string,
    private readonly logo: Buffer | null,
    private readonly title: string,
    private readonly ctx: ReportContext,
  ) {}

  begin(columns: PdfColumn[]) {
    this.columns = columns;
    const width = this.doc.page.width - 2 * MARGIN;
    const total = columns.reduce((n, c) => n + c.weight, 0);
    this.widths = columns.map((c) => (c.weight / total) * width);
    this.head();
  }

  private head() {
    const doc = this.doc;
    this.page += 1;
    let x = MARGIN;
    if (this.logo) {
      try {
        doc.image(this.logo, MARGIN, MARGIN, { fit: [40, 40] });
        x += 48;
      } catch {
        // A logo pdfkit cannot read leaves the name alone.
      }
    }
    doc.font('bold').fontSize(14).fillColor('#111827').text(this.agencyName, x, MARGIN, { lineBreak: false });
    doc
      .font('body')
      .fontSize(10)
      .fillColor('#374151')
      .text(
        `${this.title} · ${formatIndianDate(this.ctx.period.from)} to ${formatIndianDate(this.ctx.period.to)}`,
        x,
        MARGIN + 20,
        { lineBreak: false },
      );
    const footY = doc.page.height - MARGIN + 8;
    doc
      .fontSize(8)
      .fillColor('#6b7280')
      .text(`Page ${this.page}`, MARGIN, footY, {
        width: doc.page.width - 2 * MARGIN,
        align: 'right',
        lineBreak: false,
      });
    doc.y = MARGIN + 52;
    this.line(
      Object.fromEntries(this.columns.map((c) => [c.field, c.header])),
      true,
      this.columns.map(() => 'text'),
    );
  }

  row(values: Record<string, unknown>, bold = false) {
    if (this.doc.y + this.rowHeight > this.doc.page.height - MARGIN - 4) {
      this.doc.addPage();
      this.head();
    }
    this.line(
      Object.fromEntries(this.columns.map((c) => [c.field, cellText(c, values[c.field])])),
      bold,
      this.columns.map((c) => c.type),
    );
  }

  private line(values: Record<string, unknown>, bold: boolean, types: string[]) {
    const doc = this.doc;
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(bold ? 'bold' : 'body')
      .fontSize(7.5)
      .fillColor('#111827');
    this.columns.forEach((c, i) => {
      const w = this.widths[i] ?? 40;
      const numeric = types[i] === 'amount' || types[i] === 'number';
      doc.text(String(values[c.field] ?? ''), x + 2, y + 4, {
        width: w - 4,
        height: this.rowHeight - 4,
        ellipsis: true,
        lineBreak: false,
        align: numeric ? 'right' : 'left',
      });
      x += w;
    });
    doc
      .moveTo(MARGIN, y + this.rowHeight)
      .lineTo(doc.page.width - MARGIN, y + this.rowHeight)
      .lineWidth(0.3)
      .strokeColor('#d1d5db')
      .stroke();
    doc.y = y + this.rowHeight;
  }
}
