import type { Readable } from 'node:stream';
import {
  CSV_MIME,
  type ReportFilters,
  type ReportFormat,
  type ReportKind,
  XLSX_MIME,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { type BookWriter, csvBookWriter, xlsxBookWriter } from '../exports/book-writers.ts';
import { reportPdf } from './report-pdf.ts';
import {
  bookTables,
  claimsTables,
  newBusinessTables,
  REGISTER_COLUMNS,
  type ReportTable,
  registerCells,
  registerTotalsRow,
  renewalsTables,
} from './report-tables.ts';
import * as repo from './reports.repository.ts';
import {
  bookSummary,
  claimsSummary,
  newBusiness,
  type ReportContext,
  registerRow,
  renewals,
  reportContext,
} from './reports.service.ts';

// A report downloaded (issue 29 item 2, decision 046): .xlsx through the export's streaming workbook, .csv through
// its csv writer (the same cells: escaped text, ₹ amounts, Indian dates), the premium register a page at a time
// while the reader keeps up; the premium register and new business also as an A4 PDF. Each download is audited
// with who asked for which report, period and filters, how many rows it held and whether it completed.

/**
 * Register rows read per query while streaming: each query is planned afresh with the row-level security policies
 * of six tables (tens of milliseconds on a loaded machine), so pages of 1,000 spent a quarter of a year's download
 * planning; 5,000 rows are a few megabytes of cells at most.
 */
export const REGISTER_FILE_PAGE = 5000;

export interface DownloadRequest {
  subject: TokenSubject;
  reply: FastifyReply;
  ip: string;
  log: FastifyBaseLogger;
  report: ReportKind;
  format: ReportFormat;
  filters: ReportFilters;
  headOnly?: boolean;
}

const MIME: Record<ReportFormat, string> = {
  xlsx: XLSX_MIME,
  csv: `${CSV_MIME}; charset=utf-8`,
  pdf: 'application/pdf',
};

export const reportFileName = (slug: string, report: ReportKind, ctx: ReportContext, format: ReportFormat) =>
  `${slug}-${report.replaceAll('_', '-')}-${ctx.period.from}-to-${ctx.period.to}.${format}`;

/** The small reports' tables, read whole (a few hundred rows at most: services × providers). */
async function tablesOf(db: Db, report: ReportKind, ctx: ReportContext): Promise<ReportTable[]> {
  switch (report) {
    case 'new_business':
      return newBusinessTables(await newBusiness(db, ctx));
    case 'renewals':
      return renewalsTables(await renewals(db, ctx));
    case 'book':
      return bookTables(await bookSummary(db, ctx));
    case 'claims':
      return claimsTables(await claimsSummary(db, ctx));
    case 'premium_register':
      throw new Error('The premium register streams.');
  }
}

export async function downloadReport(
  db: Db,
  documents: DocumentStore,
  request: DownloadRequest,
): Promise<Uint8Array> {
  const ctx = reportContext(request.subject, request.filters);
  const agency = await repo.agencyHeader(db, ctx.scope.agencyId);
  if (!agency) throw new AppError('NOT_FOUND', 'Your agency was not found.');
  request.reply
    .type(MIME[request.format])
    .header(
      'content-disposition',
      `attachment; filename="${reportFileName(agency.slug, request.report, ctx, request.format)}"`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  if (request.headOnly) return new Uint8Array();
  let out: Readable;
  let done: Promise<{ rows: number; completed: boolean }>;
  if (request.format === 'pdf') {
    const pdf = reportPdf(db, documents, request.report, ctx, agency, request.log);
    out = pdf.out;
    done = pdf.done;
  } else {
    const writer = request.format === 'xlsx' ? xlsxBookWriter() : csvBookWriter();
    out = writer.out;
    done = writeSheets(db, request, ctx, writer);
  }
  void done.then(({ rows, completed }) =>
    writeAudit(db, {
      actorUserId: request.subject.userId,
      actorRole: request.subject.roles[0] ?? null,
      agencyId: ctx.scope.agencyId,
      action: 'report.download',
      targetType: 'agency',
      targetId: ctx.scope.agencyId,
      detail: {
        report: request.report,
        format: request.format,
        ...ctx.period,
        service: ctx.scope.service ?? null,
        provider: ctx.scope.provider ?? null,
        staff: ctx.scope.staff ?? null,
        rows,
        completed,
      },
      ip: request.ip,
    }).catch((err: unknown) => request.log.error({ err }, 'A report download could not be audited.')),
  );
  return out as unknown as Uint8Array;
}

async function writeSheets(
  db: Db,
  request: DownloadRequest,
  ctx: ReportContext,
  writer: BookWriter,
): Promise<{ rows: number; completed: boolean }> {
  let rows = 0;
  try {
    if (request.report === 'premium_register') rows = await writeRegister(db, ctx, writer);
    else {
      const tables = await tablesOf(db, request.report, ctx);
      for (const [i, table] of tables.entries()) {
        writer.beginSheet(table);
        for (const row of table.rows) writer.row(row);
        if (table.totals) writer.row(table.totals);
        // A .csv holds the tables one under the other, a blank row apart; an .xlsx a sheet each.
        if (request.format === 'csv' && i < tables.length - 1) writer.row({});
        rows += table.rows.length;
        await writer.endSheet();
      }
    }
    if (writer.out.destroyed) return { rows, completed: false };
    await writer.finish();
    return { rows, completed: true };
  } catch (err) {
    request.log.error({ err }, 'A report download failed midway; the download is cut short.');
    writer.out.destroy(err as Error);
    return { rows, completed: false };
  }
}

/** The register a page at a time in (date, id) order, the next page read while one is written; totals last. */
async function writeRegister(db: Db, ctx: ReportContext, writer: BookWriter): Promise<number> {
  writer.beginSheet({ name: 'Premium register', columns: REGISTER_COLUMNS });
  let count = 0;
  let premium = 0n;
  const read = (after: repo.RegisterKey | null) =>
    repo.registerPage(db, ctx.scope, ctx.today, after, REGISTER_FILE_PAGE);
  let pending = read(null);
  for (;;) {
    const page = await pending;
    const last = page.at(-1);
    const more = page.length === REGISTER_FILE_PAGE && last;
    if (more) pending = read({ date: last.day, id: last.id });
    for (const r of page) {
      const row = registerRow(r);
      writer.row(registerCells(row));
      if (row.premium) premium += BigInt(row.premium.replace('.', ''));
    }
    count += page.length;
    if (!more) break;
    await writer.room();
    if (writer.out.destroyed) {
      await pending.catch(() => undefined);
      return count;
    }
  }
  const paise = premium.toString().padStart(3, '0');
  writer.row(registerTotalsRow(count, `${paise.slice(0, -2)}.${paise.slice(-2)}`));
  await writer.endSheet();
  return count;
}
