import {
  BOOK_SHEETS,
  type BookSheet,
  type BookSheetKey,
  bookFileName,
  bookSheet,
  CSV_MIME,
  XLSX_MIME,
} from '@portal/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { type Workspace, workspaceOf } from '../../lib/workspace.ts';
import { clientRow, memberRow, mergeByClient, planRow } from './book-rows.ts';
import { type BookWriter, csvBookWriter, xlsxBookWriter } from './book-writers.ts';
import * as repo from './exports.repository.ts';

// The agency's book downloaded (issue 26 item 7, decision 035): the owner and agency admins get the whole book, an
// agent the clients assigned to them. The answer streams while the book is read a page of clients at a time;
// the reading runs in the request's tenant scope (it starts inside the handler, so it carries the request's
// AsyncLocalStorage context), and each export is audited with what it held once it ends.

/** Clients per page: a page of plans is about three times as many rows. */
export const EXPORT_PAGE = 500;

export interface ExportRequest {
  subject: TokenSubject;
  reply: FastifyReply;
  ip: string;
  log: FastifyBaseLogger;
  /** One sheet as .csv; absent, the whole book as .xlsx. */
  sheet?: BookSheetKey;
}

type Counts = Record<BookSheetKey, number>;

export async function exportBook(db: Db, request: ExportRequest): Promise<Uint8Array> {
  const ws = workspaceOf(request.subject);
  const start = await repo.exportStart(db, ws.agencyId);
  if (!start) throw new AppError('NOT_FOUND', 'Your agency was not found.');
  const scope: repo.BookScope = { agencyId: ws.agencyId, agentId: ws.agentId, untilMicros: start.nowMicros };
  const sheets = request.sheet ? [bookSheet(request.sheet)] : BOOK_SHEETS;
  const writer = request.sheet ? csvBookWriter() : xlsxBookWriter();
  const filename = bookFileName(start.slug, todayInIndia(), request.sheet);
  request.reply
    .type(request.sheet ? `${CSV_MIME}; charset=utf-8` : XLSX_MIME)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  void produce(db, ws, scope, sheets, writer, request);
  // Fastify sends a stream as it comes, unserialised; the route's type is the contract's binary answer.
  return writer.out as unknown as Uint8Array;
}

async function produce(
  db: Db,
  ws: Workspace,
  scope: repo.BookScope,
  sheets: readonly BookSheet[],
  writer: BookWriter,
  request: ExportRequest,
) {
  const counts: Counts = { clients: 0, family_members: 0, plans: 0 };
  let completed = false;
  try {
    for (const sheet of sheets) {
      writer.beginSheet(sheet);
      counts[sheet.key] = await SHEET_ROWS[sheet.key](db, scope, writer);
      await writer.endSheet();
      if (writer.out.destroyed) break;
    }
    // A reader that went away leaves nothing to finish (the workbook would wait for a stream that is gone).
    if (!writer.out.destroyed) {
      await writer.finish();
      completed = true;
    }
  } catch (err) {
    request.log.error({ err }, 'The book export failed midway; the download is cut short.');
    writer.out.destroy(err as Error);
  }
  await writeAudit(db, {
    actorUserId: ws.userId,
    actorRole: ws.role,
    agencyId: ws.agencyId,
    action: 'book.export',
    targetType: 'agency',
    targetId: ws.agencyId,
    detail: {
      format: request.sheet ? 'csv' : 'xlsx',
      sheets: sheets.map((s) => s.key),
      own_clients_only: ws.agentId !== null,
      ...counts,
      completed,
    },
    ip: request.ip,
  }).catch((err: unknown) => request.log.error({ err }, 'The book export could not be audited.'));
}

type SheetRows = (db: Db, scope: repo.BookScope, writer: BookWriter) => Promise<number>;

const clientRows: SheetRows = async (db, scope, writer) => {
  let after: repo.ClientKey | null = null;
  let count = 0;
  for (;;) {
    const page = await repo.clientPage(db, scope, after, EXPORT_PAGE);
    for (const c of page) writer.row(clientRow(c));
    count += page.length;
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE || !last) return count;
    after = repo.parseKey(last.cursor);
    await writer.room();
    if (writer.out.destroyed) return count;
  }
};

/** Walks the clients a page at a time and writes the rows `read` finds for each page's range. */
function byClientRange(
  read: (db: Db, scope: repo.BookScope, from: repo.ClientKey | null, to: repo.ClientKey) => Promise<number>,
): SheetRows {
  return async (db, scope, writer) => {
    let from: repo.ClientKey | null = null;
    let count = 0;
    for (;;) {
      const to = await repo.nextRange(db, scope, from, EXPORT_PAGE);
      if (!to) return count;
      count += await read(db, scope, from, to);
      from = to;
      await writer.room();
      if (writer.out.destroyed) return count;
    }
  };
}

const SHEET_ROWS: Record<BookSheetKey, SheetRows> = {
  clients: clientRows,
  family_members: (db, scope, writer) =>
    byClientRange(async (d, s, from, to) => {
      const rows = await repo.memberRange(d, s, from, to);
      for (const m of rows) writer.row(memberRow(m));
      return rows.length;
    })(db, scope, writer),
  plans: (db, scope, writer) =>
    byClientRange(async (d, s, from, to) => {
      const [policies, accounts] = await Promise.all([
        repo.policyRange(d, s, from, to),
        repo.accountRange(d, s, from, to),
      ]);
      const rows = mergeByClient(policies, accounts);
      for (const p of rows) writer.row(planRow(p));
      return rows.length;
    })(db, scope, writer),
};
