import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '@portal/contract';
import { parse as parseCsv } from 'csv-parse';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { AppError } from '../../lib/errors.ts';

// An uploaded spreadsheet read into text cells (issue 26 items 1 and 8): .xlsx with exceljs's streaming reader,
// .csv with csv-parse, told apart by their content, never by the file's name. Every cell comes out as text the
// way the import reads it: text as typed, numbers as plain digits, date cells as DD/MM/YYYY, a formula as the
// result Excel saved with it (never evaluated). A bad file is refused with one of the contract's messages
// before anything is kept: too large, too many rows or columns, a zip bomb, not a spreadsheet at all.

export interface ReadRow {
  /** The row's number as the spreadsheet program shows it (the header row is usually 1). */
  rowNumber: number;
  /** One cell per header, in the headers' order. */
  cells: string[];
}

export interface ReadSheet {
  name: string;
  /** The first non-empty row's cells, each unique and none blank ("Column F" for a column without one). */
  headers: string[];
  /** The rows below the header with at least one cell; wholly empty rows are left out. */
  rows: ReadRow[];
}

export interface ReadFile {
  format: 'xlsx' | 'csv';
  sheets: ReadSheet[];
}

/** A refusal of the file, on the multipart field `file`, with the contract's message. */
export function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, message, { fields: { file: message } });
}

/** How long reading one file may take before it is given up as unreadable (a file built to stall a parser). */
const READ_DEADLINE_MS = 120_000;

export async function readSpreadsheet(bytes: Buffer, fileName: string): Promise<ReadFile> {
  if (bytes.length > IMPORT_LIMITS.maxBytes) throw refuse(IMPORT_MESSAGES.tooLarge);
  if (bytes.length === 0) throw refuse(IMPORT_MESSAGES.empty);
  const read: Promise<ReadFile> = startsWith(bytes, ZIP)
    ? readXlsx(bytes).then((sheets) => ({ format: 'xlsx' as const, sheets }))
    : readCsv(bytes, fileName).then((sheets) => ({ format: 'csv' as const, sheets }));
  const file = await withDeadline(read, READ_DEADLINE_MS);
  if (file.sheets.every((s) => s.rows.length === 0)) throw refuse(IMPORT_MESSAGES.empty);
  return file;
}

async function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(refuse(IMPORT_MESSAGES.unreadable)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Files a spreadsheet program also makes, or others uploaded by mistake: each refused as the wrong type. */
const OTHER_TYPES = [
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // .xls, a password-protected .xlsx, .doc
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
  [0x50, 0x4b, 0x05, 0x06], // an empty zip
];

const startsWith = (bytes: Buffer, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * Tracks the rows and columns every sheet of the file adds up to. Past a limit it keeps the refusal and takes no
 * more rows: the reader stops (.csv) or reads on without keeping anything (.xlsx, see readXlsx).
 */
class Limits {
  private rows = 0;
  failure: AppError | null = null;
  row() {
    this.rows += 1;
    if (this.rows > IMPORT_LIMITS.maxRows) this.failure ??= refuse(IMPORT_MESSAGES.tooManyRows);
  }
  columns(n: number) {
    if (n > IMPORT_LIMITS.maxColumns) this.failure ??= refuse(IMPORT_MESSAGES.tooManyColumns);
  }
  check() {
    if (this.failure) throw this.failure;
  }
}

/** How many rows above the header a sheet may have (a title, a date, a blank line) before its first row is taken. */
const LEAD_ROWS = 10;

/**
 * Builds one sheet from its rows of cells as they come. The header is the first row with two cells or more, so
 * a title above it ("My policies 2024") is left out; a sheet whose first rows have one cell each takes the
 * first of them.
 */
class SheetBuilder {
  private header: string[] | null = null;
  private readonly lead: ReadRow[] = [];
  private readonly rows: ReadRow[] = [];
  private width = 0;
  constructor(
    private readonly name: string,
    private readonly limits: Limits,
  ) {}

  add(rowNumber: number, cells: string[]) {
    if (this.limits.failure) return;
    let last = cells.length - 1;
    while (last >= 0 && cells[last]!.trim() === '') last -= 1;
    if (last < 0) return;
    this.limits.columns(last + 1);
    const row = cells.length === last + 1 ? cells : cells.slice(0, last + 1);
    if (this.header !== null) {
      this.data({ rowNumber, cells: row });
      return;
    }
    if (row.filter((c) => c.trim() !== '').length >= 2) {
      this.header = row.map((c) => c.trim());
      this.width = row.length;
      this.lead.length = 0;
      return;
    }
    this.lead.push({ rowNumber, cells: row });
    if (this.lead.length >= LEAD_ROWS) this.settle();
  }

  /** No row of two cells came: the first row is the header. */
  private settle() {
    const [first, ...rest] = this.lead.splice(0);
    if (!first) return;
    this.header = first.cells.map((c) => c.trim());
    this.width = first.cells.length;
    for (const r of rest) this.data(r);
  }

  private data(row: ReadRow) {
    this.limits.row();
    this.width = Math.max(this.width, row.cells.length);
    this.rows.push(row);
  }

  done(): ReadSheet | null {
    if (this.header === null) this.settle();
    if (this.header === null) return null;
    const seen = new Map<string, number>();
    const headers: string[] = [];
    for (let i = 0; i < this.width; i += 1) {
      let header = this.header[i] || `Column ${columnLetter(i + 1)}`;
      const key = header.toLowerCase();
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n > 1) header = `${header} (${n})`;
      headers.push(header);
    }
    for (const row of this.rows) {
      while (row.cells.length < this.width) row.cells.push('');
    }
    return { name: this.name, headers, rows: this.rows };
  }
}

function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

// ---------------------------------------------------------------------------------------------------------
// .xlsx

class Inflated extends Error {}

/** The parts of a workbook every sheet is read with: its sheets' names and files, shared strings, styles. */
const WORKBOOK_PARTS = [
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
];

/**
 * The bytes the zip's entries inflate to, counted with the same parser exceljs reads them with (unzipper's
 * sequential Parse), so what is counted is what will be read; past `limit` the reading stops at once. Also
 * answers the entries' names (an .xlsx has xl/workbook.xml) and the workbook's parts every sheet needs
 * (`WORKBOOK_PARTS`), inflated. A broken zip rejects.
 */
function inflatedEntries(
  bytes: Buffer,
  limit: number,
): Promise<{ names: Set<string>; parts: Map<string, Buffer> }> {
  return new Promise((resolve, reject) => {
    const source = Readable.from([bytes]);
    const parser = unzipper.Parse();
    const names = new Set<string>();
    const parts = new Map<string, Buffer[]>();
    let total = 0;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      source.destroy();
      parser.destroy();
      reject(err);
    };
    parser.on('entry', (entry: unzipper.Entry) => {
      names.add(entry.path);
      const part: Buffer[] | null = WORKBOOK_PARTS.includes(entry.path) ? [] : null;
      if (part) parts.set(entry.path, part);
      entry.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limit) fail(new Inflated());
        else part?.push(chunk);
      });
      entry.on('error', fail);
    });
    parser.on('error', fail);
    parser.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve({ names, parts: new Map([...parts].map(([p, chunks]) => [p, Buffer.concat(chunks)])) });
    });
    source.pipe(parser);
  });
}

/** exceljs's own test of a number format for dates: y, m, d, h or s outside quotes and brackets. */
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  return /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A date cell as DD/MM/YYYY: exceljs gives the day Excel shows as that day's midnight UTC. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  return `${pad2(d.getUTCDate())}/${pad2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** Excel's day number as a date (exceljs's excelToDate). */
const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** A number as plain digits: 9876543210, not 9.87654321E9; 0.30000000000000004 as Excel shows it, 0.3. */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15)));
}

type CellValue = ExcelJS.CellValue | undefined;

function cellText(value: CellValue, numFmt: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if (typeof value !== 'object') return '';
  if ('richText' in value && Array.isArray(value.richText))
    return value.richText.map((r) => r.text ?? '').join('');
  if ('formula' in value || 'sharedFormula' in value) {
    // The value Excel saved with the formula; a formula is never evaluated here.
    const result = (value as { result?: unknown }).result;
    if (typeof result === 'number' && isDateFormat(numFmt)) return dateText(excelDate(result, date1904));
    if (typeof result === 'number' && Number.isNaN(result)) return '';
    if (result !== null && typeof result === 'object' && 'error' in result) return '';
    return cellText(result as CellValue, numFmt, date1904);
  }
  if ('error' in value) return '';
  if ('text' in value) return cellText((value as { text: CellValue }).text, numFmt, date1904);
  return '';
}

async function readXlsx(bytes: Buffer): Promise<ReadSheet[]> {
  let names: Set<string>;
  let parts: Map<string, Buffer>;
  try {
    ({ names, parts } = await inflatedEntries(bytes, IMPORT_LIMITS.maxUnzippedBytes));
  } catch (err) {
    if (err instanceof Inflated) throw refuse(IMPORT_MESSAGES.tooLargeUnzipped);
    throw refuse(IMPORT_MESSAGES.unreadable);
  }
  // A zip that is no workbook: a .docx, an .ods, photos.
  if (!names.has('xl/workbook.xml')) throw refuse(IMPORT_MESSAGES.wrongType);
  return oneAtATime(() => readWorkbook(bytes, parts));
}

/**
 * exceljs's temporary files of this process (its streaming reader is the process's only user of `tmp`): a sheet
 * that comes before the shared strings waits in one, named `tmp-<pid>-…`.
 */
const ourTempFiles = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`tmp-${process.pid}-`));

let reading: Promise<unknown> = Promise.resolve();

/**
 * One workbook read at a time in the process (the reading is on this thread anyway), so that the temporary
 * files a failed read leaves are known to be its own and can be removed.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = reading.then(work, work);
  reading = run.catch(() => undefined);
  return run;
}

/** exceljs's streaming reader's own parsers of those parts (private in exceljs 4.4.0, which is pinned). */
interface ReaderParts {
  workbookRels?: Array<{ Target?: string }>;
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
}

/**
 * Gives exceljs's streaming reader the workbook's parts before its first sheet. It reads the zip in its order and
 * holds back a sheet that comes before those parts, then loses the parts that come after it (exceljs issues
 * 2663 and 2790): a workbook written by exceljs itself (the template, the export, a file filled by a script)
 * was read with sheets named "Sheet1", "Sheet2", or refused as unreadable. Read first, each sheet is read in
 * place with its name, and the reader passes over the parts when the zip reaches them.
 */
async function primeReader(reader: ExcelJS.stream.xlsx.WorkbookReader, parts: Map<string, Buffer>) {
  const r = reader as unknown as ReaderParts;
  const part = (name: string) => {
    const bytes = parts.get(name);
    return bytes ? Readable.from([bytes]) : null;
  };
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await r._parseRels(rels);
  const workbook = part('xl/workbook.xml');
  if (workbook) await r._parseWorkbook(workbook);
  const styles = part('xl/styles.xml');
  if (styles) await r._parseStyles(styles);
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of r._parseSharedStrings(strings));
  // A sheet's file as exceljs names it, also where a workbook names it from the zip's root ("/xl/worksheets/…").
  r.workbookRels = (r.workbookRels ?? []).map((rel) => ({
    ...rel,
    Target: rel.Target?.replace(/^\/?xl\//, ''),
  }));
  r.sharedStrings ??= [];
  r._parseRels = async () => {};
  r._parseWorkbook = async () => {};
  r._parseStyles = async () => {};
  r._parseSharedStrings = async function* () {};
}

/** The text of a part of the zip, decoded as one UTF-8 stream: a character split between two chunks stays whole. */
async function* utf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

type ReaderProto = {
  _parseWorkbook(entry: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(entry: NodeJS.ReadableStream): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string): Generator<unknown>;
};
const readerParts = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderProto;

/**
 * exceljs's streaming reader (4.4.0) decodes each inflated chunk of a part on its own (utils/parse-sax.js), so a
 * character whose UTF-8 bytes straddle two chunks of 16 KiB came out as two U+FFFD: about one ₹, bullet of a mask
 * or Devanagari letter in 16,000 bytes of a sheet's or the shared strings' XML (exceljs issues #2063, #2084, #2316;
 * the fixes proposed upstream are not merged). This reader hands it each part's text decoded as one stream.
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseWorkbook(entry: NodeJS.ReadableStream) {
    entry.setEncoding('utf8');
    return readerParts._parseWorkbook.call(this, entry);
  }
  _parseSharedStrings(entry: NodeJS.ReadableStream) {
    entry.setEncoding('utf8');
    return readerParts._parseSharedStrings.call(this, entry);
  }
  _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string) {
    return readerParts._parseWorksheet.call(this, utf8(chunks), sheetNo);
  }
}

/** The names of the workbook's hidden and very hidden sheets (its workbook part, read before the sheets). */
function hiddenSheets(reader: ExcelJS.stream.xlsx.WorkbookReader): Set<string> {
  const sheets =
    (reader as unknown as { model?: { sheets?: Array<{ name: string; state?: string }> } }).model?.sheets ??
    [];
  return new Set(sheets.filter((s) => s.state === 'hidden' || s.state === 'veryHidden').map((s) => s.name));
}

async function readWorkbook(bytes: Buffer, parts: Map<string, Buffer>): Promise<ReadSheet[]> {
  const before = new Set(ourTempFiles());
  const limits = new Limits();
  const sheets: ReadSheet[] = [];
  const reader = new Utf8WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles say which number cells are dates.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // Past a limit the workbook is read to its end without keeping a cell: unprimed, exceljs keeps sheets that come
  // before the shared strings (Excel's own order) in temporary files, and removes each only once its sheet has
  // been read, so stopping early would leave them behind. The zip's inflated size bounds what is read.
  try {
    await primeReader(reader, parts);
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as ExcelJS.stream.xlsx.WorksheetReader & { name: string };
      // The workbook's properties (read before its sheets): a Mac workbook may count days from 1904.
      const date1904 = Boolean(
        (reader as unknown as { properties?: { model?: { date1904?: boolean } } }).properties?.model
          ?.date1904,
      );
      // A hidden sheet (the template's drop-down lists) is no sheet to import: read past, nothing kept.
      if (hiddenSheets(reader).has(ws.name)) {
        for await (const _ of ws);
        continue;
      }
      const sheet = new SheetBuilder(ws.name, limits);
      for await (const row of ws) {
        if (limits.failure) continue;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          limits.columns(col);
          while (cells.length < col - 1) cells.push('');
          cells[col - 1] = cellText(cell.value, cell.numFmt, date1904);
        });
        sheet.add(row.number, cells);
      }
      const done = sheet.done();
      if (done) sheets.push(done);
    }
  } catch {
    // exceljs stopped mid-file (XML it cannot parse): the sheets still waiting in temporary files are never
    // read, and it would leave them until the process ends.
    const left = ourTempFiles().filter((n) => !before.has(n));
    await Promise.all(left.map((n) => rm(path.join(tmpdir(), n), { force: true })));
    throw refuse(IMPORT_MESSAGES.unreadable);
  }
  limits.check();
  // exceljs reads a sheet that waited in a temporary file after the others: the workbook's own order instead.
  const order = (
    (reader as unknown as { model?: { sheets?: Array<{ name: string }> } }).model?.sheets ?? []
  ).map((x) => x.name);
  const place = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return sheets.sort((a, b) => place(a.name) - place(b.name));
}

// ---------------------------------------------------------------------------------------------------------
// .csv

/** Control characters no text file holds (tab, line feed and carriage return are text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * The file's text: UTF-8 (with or without its byte order mark), UTF-16 with its mark (Excel's "Unicode text"),
 * else Windows-1252 (Excel's "CSV" on Windows). Null for bytes that are not text.
 */
function decodeText(bytes: Buffer): string | null {
  if (OTHER_TYPES.some((magic) => startsWith(bytes, magic))) return null;
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff)
    text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.includes('\u0000')) return null;
  const controls = text.match(CONTROL)?.length ?? 0;
  // A stray control character in a text file is dropped; a file full of them is not text.
  if (controls > Math.max(2, text.length / 1000)) return null;
  return controls > 0 ? text.replace(CONTROL, '') : text;
}

/** The separator of the header line: the one of `,` `;` tab `|` it has most of outside quotes. */
function delimiterOf(text: string): string {
  const line =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
    ['|', 0],
  ]);
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > counts.get(best)!) best = d;
  return best;
}

/** A .csv file's sheet is named after the file ("demoagency-plans-2026-11-27"), which says which sheet it is. */
const sheetNameOf = (fileName: string) =>
  fileName
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100) || 'Sheet1';

async function readCsv(bytes: Buffer, fileName: string): Promise<ReadSheet[]> {
  const text = decodeText(bytes);
  if (text === null) throw refuse(IMPORT_MESSAGES.wrongType);
  const limits = new Limits();
  const sheet = new SheetBuilder(sheetNameOf(fileName), limits);
  const parser = parseCsv(text, {
    bom: true,
    delimiter: delimiterOf(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    // One record's characters: a file of one endless line is refused before it is split into fields.
    max_record_size: 1_000_000,
  });
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      sheet.add(rowNumber, record);
      limits.check();
    }
  } catch (err) {
    parser.destroy();
    if (err instanceof AppError) throw err;
    throw refuse(IMPORT_MESSAGES.unreadable);
  }
  const done = sheet.done();
  return done ? [done] : [];
}
