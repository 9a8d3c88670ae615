import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BOOK_AMOUNT_FORMAT,
  BOOK_DATE_FORMAT,
  type BookColumn,
  type BookSheet,
  escapeCell,
  sheetDate,
  sheetDateValue,
} from '@portal/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { BookRow } from './book-rows.ts';

// The book's two file forms, each written as a stream (issue 26 item 7): rows go out as they are made, and the
// producer waits for the reader (`room`) before reading the next page, so a slow download holds about a page in
// memory rather than the book. Cells follow book-sheets.ts: text escaped against formula injection, dates as
// date cells (.xlsx) or DD/MM/YYYY (.csv), amounts as numbers with ₹ and Indian grouping (.xlsx) or digits (.csv).

/** What a writer needs of a sheet: its name and columns (the book's sheets, and the reports' tables, decision 046). */
export type WrittenSheet = Pick<BookSheet, 'name' | 'columns'>;

export interface BookWriter {
  /** What the answer streams. */
  readonly out: Readable;
  beginSheet(sheet: WrittenSheet): void;
  row(values: BookRow): void;
  endSheet(): Promise<void>;
  /** Resolves when the reader has taken what was written (or has gone: `out.destroyed`). */
  room(): Promise<void>;
  finish(): Promise<void>;
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';
const asText = (v: unknown) => escapeCell(typeof v === 'string' ? v : String(v));
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A value as an .xlsx cell: a Date, a number or (escaped) text; a value not of its column's kind stays text. An
 * empty one is no cell at all (undefined), which exceljs skips: a plan row leaves most of its 50 columns empty.
 */
function xlsxCell(column: BookColumn, v: unknown): string | number | Date | undefined {
  if (!given(v)) return undefined;
  if (column.type === 'date' && typeof v === 'string' && ISO_DATE.test(v)) return sheetDateValue(v);
  if (column.type === 'amount' || column.type === 'number') {
    const n = Number(v);
    if (Number.isFinite(n)) return n;
  }
  return asText(v);
}

/** A value as a .csv cell. */
function csvCell(column: BookColumn, v: unknown): string {
  if (!given(v)) return '';
  if (column.type === 'date' && typeof v === 'string' && ISO_DATE.test(v)) return sheetDate(v);
  if ((column.type === 'amount' || column.type === 'number') && Number.isFinite(Number(v))) return String(v);
  return asText(v);
}

/** Waits until `stream` takes writes again, or is gone. */
async function drained(stream: NodeJS.WritableStream & { writableNeedDrain: boolean; destroyed: boolean }) {
  while (stream.writableNeedDrain && !stream.destroyed) {
    // The listener that did not fire is removed, or every page would leave one behind.
    const done = new AbortController();
    const { signal } = done;
    try {
      await Promise.race([once(stream, 'drain', { signal }), once(stream, 'close', { signal })]);
    } finally {
      done.abort();
    }
  }
}

/** One style object per kind of column, shared by its cells (see `row`); frozen so no cell changes it. */
const CELL_STYLE: Record<BookColumn['type'], Partial<ExcelJS.Style>> = {
  text: Object.freeze({}),
  date: Object.freeze({ numFmt: BOOK_DATE_FORMAT }),
  amount: Object.freeze({ numFmt: BOOK_AMOUNT_FORMAT }),
  phone: Object.freeze({}),
  enum: Object.freeze({}),
  number: Object.freeze({}),
  masked: Object.freeze({}),
};

const WIDTH: Record<BookColumn['type'], number> = {
  text: 18,
  date: 12,
  amount: 16,
  phone: 16,
  enum: 16,
  number: 10,
  masked: 14,
};

/**
 * What a sheet's rows wait in before the zip deflates them: the exceljs stream's own chunks, and the stream archiver
 * reads them through (exceljs writes into it without waiting for it). Internals of exceljs 4.4.0 and archiver 5
 * (pinned): without this bound the rows ran ahead of the deflate, which works on the thread pool, by over 100 MB
 * of buffers in a 150,000-row sheet.
 */
interface Buffered {
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}
interface SheetStream {
  pipes?: Buffered[];
  buffers?: Array<{ length: number }>;
}
const backlog = (s: SheetStream | undefined): number =>
  (s?.pipes ?? []).reduce(
    (n, p) => n + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0),
    0,
  ) + (s?.buffers ?? []).reduce((n, b) => n + b.length, 0);

/**
 * How far the writer may run ahead of the reader: with the default 16 KiB it waited for the network after every
 * page before making the next one's rows; a megabyte keeps both busy and still bounds what a slow download holds.
 */
const AHEAD_BYTES = 1024 * 1024;

/**
 * A workbook written as a stream into `out`, as the export writes it: inline strings, not a shared-strings table
 * (the table would hold every distinct text of the book), and a deflate a fifth smaller than exceljs's default,
 * measured at the same speed.
 */
export function bookWorkbook(out: Writable): ExcelJS.stream.xlsx.WorkbookWriter {
  return new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: 6 } },
  });
}

/** A book sheet begun in `workbook`: its header row in bold and frozen, its columns' widths and cell styles. */
export function beginBookSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: WrittenSheet,
): ExcelJS.Worksheet {
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((c) => ({
    header: c.header,
    key: c.field,
    width: Math.max(WIDTH[c.type], Math.min(c.header.length + 2, 30)),
    style: CELL_STYLE[c.type],
  }));
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return worksheet;
}

/** One record as a row of its book sheet, committed (written out). */
export function addBookRow(worksheet: ExcelJS.Worksheet, sheet: WrittenSheet, values: BookRow): void {
  const columns = sheet.columns;
  const row = worksheet.addRow(columns.map((c) => xlsxCell(c, values[c.field])));
  // Each cell is given its column's one style object: exceljs finds a style it has seen by the object (a
  // WeakMap), where the copy it makes for every new cell had it render the style's XML once per cell, which
  // was most of an export's time (4,700 plan rows a second, 13,000 with empty cells left out).
  row.eachCell((cell, n) => {
    cell.style = CELL_STYLE[columns[n - 1]!.type];
  });
  row.commit();
}

export function xlsxBookWriter(): BookWriter {
  const out = new PassThrough({ highWaterMark: AHEAD_BYTES });
  const workbook = bookWorkbook(out);
  let sheet: WrittenSheet | null = null;
  let worksheet: ExcelJS.Worksheet | null = null;
  return {
    out,
    beginSheet(next) {
      sheet = next;
      worksheet = beginBookSheet(workbook, next);
    },
    row(values) {
      if (!sheet || !worksheet) throw new Error('No sheet has begun.');
      addBookRow(worksheet, sheet, values);
    },
    async endSheet() {
      worksheet?.commit();
      worksheet = null;
      sheet = null;
    },
    async room() {
      const stream = (worksheet as unknown as { stream?: SheetStream } | null)?.stream;
      while (backlog(stream) > AHEAD_BYTES && !out.destroyed) await sleep(2);
      await drained(out);
    },
    async finish() {
      await workbook.commit();
    },
  };
}

/** One sheet as .csv, with a byte order mark so that Excel reads the text as UTF-8. */
export function csvBookWriter(): BookWriter {
  const csv = stringify({ bom: true });
  let sheet: WrittenSheet | null = null;
  return {
    out: csv,
    beginSheet(next) {
      sheet = next;
      csv.write(next.columns.map((c) => c.header));
    },
    row(values) {
      if (!sheet) throw new Error('No sheet has begun.');
      const columns = sheet.columns;
      csv.write(columns.map((c) => csvCell(c, values[c.field])));
    },
    async endSheet() {
      sheet = null;
    },
    room: () => drained(csv),
    async finish() {
      csv.end();
    },
  };
}
