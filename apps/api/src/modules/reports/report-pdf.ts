import { PassThrough, type Readable } from 'node:stream';
import { escapeCell, messageRupees, REPORT_TITLES, type ReportKind } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { formatIndianDate } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { createPdf, type PdfColumn } from '../../lib/pdf.ts';
import { newBusinessTables, REGISTER_COLUMNS, type ReportTable, registerCells } from './report-tables.ts';
import * as repo from './reports.repository.ts';
import { newBusiness, type ReportContext, registerRow } from './reports.service.ts';

// The premium register and new business as an A4 PDF (issue 29 item 2, decision 046) in the agency's PDF frame
// (lib/pdf.ts, shared with the portfolio statement): its fonts (₹ and Devanagari names), the agency's name and
// logo and the report with its period at each page's head, "Page n" at its foot, a table of the report's columns
// and a totals row. Streamed: each page is written out once the next begins, and the register is read a page of
// rows at a time, waiting for the reader.

const PAGE_ROWS_READ = 1000;

export interface AgencyHead {
  name: string;
  logo_document_id: string | null;
}

/** A report's column: its cell type (the files' own) and its share of the table's width. */
interface ReportColumn extends PdfColumn {
  field: string;
  type: string;
}

function cellText(column: ReportColumn, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (column.type === 'amount') return messageRupees(String(v));
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
  plan_number: 1.6,
  mode: 0.9,
  premium: 1.1,
  due_date: 1,
  paid_on: 1,
  status: 0.8,
};

const columnOf = (c: { header: string; field: string; type: string }, width: number): ReportColumn => ({
  ...c,
  width,
  align: c.type === 'amount' || c.type === 'number' ? 'right' : 'left',
});

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
      const period = `${formatIndianDate(ctx.period.from)} to ${formatIndianDate(ctx.period.to)}`;
      const pdf = createPdf({
        agencyName: agency.name,
        logo,
        title: REPORT_TITLES[report],
        subtitle: period,
        running: `${REPORT_TITLES[report]} · ${period}`,
        landscape: report === 'premium_register',
        streamed: true,
      });
      const stream = pdf.doc as unknown as Readable;
      stream.pipe(out);
      const table = (columns: readonly ReportColumn[]) => {
        const lines = pdf.lineTable(columns);
        return (values: Record<string, unknown>, bold = false) =>
          lines.row(
            columns.map((c) => cellText(c, values[c.field])),
            { bold },
          );
      };
      if (report === 'premium_register') {
        const row = table(REGISTER_COLUMNS.map((c) => columnOf(c, REGISTER_WEIGHTS[c.field] ?? 1)));
        let premium = 0n;
        let after: repo.RegisterKey | null = null;
        for (;;) {
          const page = await repo.registerPage(db, ctx.scope, ctx.today, after, PAGE_ROWS_READ);
          for (const r of page) {
            const cells = registerRow(r);
            row(registerCells(cells));
            if (cells.premium) premium += BigInt(cells.premium.replace('.', ''));
          }
          rows += page.length;
          const last = page.at(-1);
          if (page.length < PAGE_ROWS_READ || !last || out.destroyed) break;
          after = { date: last.day, id: last.id };
          if (out.writableNeedDrain) await new Promise((resolve) => out.once('drain', resolve));
        }
        const paise = premium.toString().padStart(3, '0');
        row(
          {
            client: 'Total',
            client_code: `${rows} rows`,
            premium: `${paise.slice(0, -2)}.${paise.slice(-2)}`,
          },
          true,
        );
      } else {
        const [business] = newBusinessTables(await newBusiness(db, ctx)) as [ReportTable];
        const row = table(business.columns.map((c) => columnOf(c, c.type === 'text' ? 1.6 : 1)));
        for (const r of business.rows) row(r);
        if (business.totals) row(business.totals, true);
        rows = business.rows.length;
      }
      pdf.end();
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
