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
import { type BookRow, clientRow, memberRow, mergeByClient, planRow } from './book-rows.ts';
import { type BookWriter, csvBookWriter, xlsxBookWriter } from './book-writers.ts';
import * as repo from './exports.repository.ts';

// The agency's book downloaded (issue 26 item 7, decision 035): the owner and agency admins get the whole book, an
// agent the clients assigned to them. The answer streams while the book is read a page of clients at a time;
// the reading runs in the request's tenant scope (it starts inside the handler, so it carries the request's
// AsyncLocalStorage context), and each export is audited with what it held once it ends.

/** Clients per page: a page of plans is about three times as many rows. */
export const EXPORT_PAGE = 1000;

export interface ExportRequest {
  subject: TokenSubject;
  reply: FastifyReply;
  ip: string;
  log: FastifyBaseLogger;
  /** One sheet as .csv; absent, the whole book as .xlsx. */
  sheet?: BookSheetKey;
  /** A HEAD request (Fastify answers one for every GET route) gets the headers only: no book is read or audited. */
  headOnly?: boolean;
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
  if (request.headOnly) {
    writer.out.destroy();
    return new Uint8Array();
  }
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

interface Page<K> {
  rows: BookRow[];
  /** Where the next page starts; null after the last. */
  next: K | null;
}

/**
 * Writes pages one after another while the next one is being read: the database (another process on PostgreSQL)
 * works on page n + 1 while this process turns page n into rows, and between pages the writer waits for the reader.
 */
async function writePages<K>(
  writer: BookWriter,
  first: K | null,
  read: (from: K | null) => Promise<Page<K>>,
): Promise<number> {
  let count = 0;
  let pending = read(first);
  for (;;) {
    const page = await pending;
    if (page.next !== null) pending = read(page.next);
    for (const row of page.rows) writer.row(row);
    count += page.rows.length;
    if (page.next === null) return count;
    await writer.room();
    if (writer.out.destroyed) {
      // The reader went away: the page being read is not wanted, and its failure is no one's.
      await pending.catch(() => undefined);
      return count;
    }
  }
}

const clientRows: SheetRows = (db, scope, writer) =>
  writePages<repo.ClientKey>(writer, null, async (after) => {
    const page = await repo.clientPage(db, scope, after, EXPORT_PAGE);
    const last = page.at(-1);
    return {
      rows: page.map(clientRow),
      next: page.length === EXPORT_PAGE && last ? repo.parseKey(last.cursor) : null,
    };
  });

/** The rows `read` makes of the members or plans of each page of clients, by that page's range of keys. */
function byClientRange(
  read: (
    db: Db,
    scope: repo.BookScope,
    from: repo.ClientKey | null,
    to: repo.ClientKey,
  ) => Promise<BookRow[]>,
): SheetRows {
  return (db, scope, writer) =>
    writePages<repo.ClientKey>(writer, null, async (from) => {
      const to = await repo.nextRange(db, scope, from, EXPORT_PAGE);
      return to ? { rows: await read(db, scope, from, to), next: to } : { rows: [], next: null };
    });
}

const SHEET_ROWS: Record<BookSheetKey, SheetRows> = {
  clients: clientRows,
  family_members: byClientRange(async (db, scope, from, to) =>
    (await repo.memberRange(db, scope, from, to)).map(memberRow),
  ),
  plans: byClientRange(async (db, scope, from, to) => {
    const [policies, accounts] = await Promise.all([
      repo.policyRange(db, scope, from, to),
      repo.accountRange(db, scope, from, to),
    ]);
    return mergeByClient(policies, accounts).map(planRow);
  }),
};
