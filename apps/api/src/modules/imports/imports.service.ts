import {
  BOOK_SHEET_KEYS,
  type BookSheetKey,
  guessSheetKind,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportCounts,
  type ImportHouseholdChange,
  type ImportJob,
  type ImportMappingInput,
  type ImportMatch,
  type ImportOutcome,
  type ImportRowsQuery,
  type ImportSheet,
  importField,
  isMaskedCell,
  savedHeader,
  suggestMapping,
  XLSX_MIME,
} from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type AuditEntry, actorOf, writeAudit } from '../../lib/audit.ts';
import { sniffMime } from '../../lib/documents.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { readMultipart, type UploadedFile, unusableName } from '../../lib/multipart.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { type Workspace, workspaceOf } from '../../lib/workspace.ts';
import { type ErrorSheet, errorsWorkbook } from './errors-file.ts';
import { type ErrorCells, errorCellsOf } from './import-work.ts';
import * as repo from './imports.repository.ts';
import { type ReadFile, type ReadSheet, readSpreadsheet } from './read-file.ts';
import { seal, unseal } from './sealed.ts';
import { removeCreated } from './undo.repository.ts';

// The import's calls (issue 26, decision 036). Every one is the workspace's; an agent's imports are their own (the
// others' answer 404, as another agency's), match their own clients only and assign the new ones to them. The work
// itself (the dry run and the commit) is the runner's (import-runner.ts): a call changes the job's state and wakes it.

export interface ImportsDeps {
  db: Db;
  encryptionKey: Buffer;
  /** The runner of this process, told when there is work; null when this process runs none (tests drive it). */
  runner: { wake(): void } | null;
}

export const IMPORT_NOT_FOUND = 'No import of your agency exists with this id.';

/** Refusals of a call the job's state does not allow. */
export const IMPORT_STATE = {
  checking: 'The dry run is still running. Wait for it to finish, then commit.',
  committing: 'This import is already being written.',
  ended: 'This import has ended: upload the file again to import it.',
  undone: 'This import is already undone.',
  notCommitted: 'Only an import that wrote something can be undone.',
  errorsGone:
    'The rows with errors are kept for a day after an import ends; these are no longer kept. Upload the file again to see them.',
} as const;

const UNDO_MS = 24 * 60 * 60 * 1000;
const SAMPLE_ROWS = 5;
const EMPTY_COUNTS: ImportCounts = {
  rows: 0,
  new_clients: 0,
  matched_clients: 0,
  new_members: 0,
  new_plans: 0,
  duplicates: 0,
  errors: 0,
  new_providers: 0,
  households: 0,
};

const notFound = () => new AppError('NOT_FOUND', IMPORT_NOT_FOUND);
const conflict = (message: string) => new AppError('CONFLICT', message);
const badField = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });
const scopeOf = (ws: Workspace): repo.JobScope => ({ agencyId: ws.agencyId, agentId: ws.agentId });

// ---- Answers ----

const PAN_CELL = /^[A-Z]{5}\d{4}[A-Z]$/i;
const AADHAAR_CELL = /^\d{12}$/;

/** Whether a column's field is an identity number, which the screens show only masked (decisions §5). */
const identityField = (kind: BookSheetKey | null, field: string | null | undefined) =>
  !!kind && !!field && (importField(kind, field)?.type === 'masked' || /pan_number$/.test(field));

/** A sample cell as the mapping screen shows it: an identity number behind its mask, by its column or its look. */
function shownCell(cell: string, identity: boolean): string {
  const bare = cell.replace(/[\s-]/g, '');
  if (bare === '' || isMaskedCell(cell)) return cell;
  if (identity || PAN_CELL.test(bare) || AADHAAR_CELL.test(bare)) return `••••${bare.slice(-4)}`;
  return cell;
}

function maskedSample(sheet: Pick<ImportSheet, 'kind' | 'headers' | 'mapping' | 'sample'>): string[][] {
  const identity = sheet.headers.map((h) => identityField(sheet.kind, sheet.mapping[h]));
  return sheet.sample.map((row) => row.map((cell, i) => shownCell(cell, identity[i] ?? false)));
}

export function toImportJob(row: repo.JobRow, now = Date.now()): ImportJob {
  const undoUntil =
    row.committedAt && row.finishedAt && ['done', 'cancelled', 'failed'].includes(row.status)
      ? row.finishedAt.getTime() + UNDO_MS
      : null;
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    created_by_name: row.createdByName,
    sheets: row.sheets.map((s) => ({ ...s, sample: maskedSample(s) })),
    counts: { ...EMPTY_COUNTS, ...row.counts },
    progress: { done: row.progressDone, total: row.progressTotal },
    committed_at: row.committedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    undo_until: undoUntil !== null && undoUntil > now ? new Date(undoUntil).toISOString() : null,
    failure: row.failure,
  };
}

async function mustFind(db: Db, ws: Workspace, id: string): Promise<repo.JobRow> {
  const job = await repo.findJob(db, scopeOf(ws), id);
  if (!job) throw notFound();
  return job;
}

const answer = (job: repo.JobRow) => ({ status: 'success' as const, data: toImportJob(job) });

function audit(
  ws: Workspace,
  subject: TokenSubject,
  action: string,
  job: { id: string; fileName: string },
  ip: string,
  detail: Record<string, unknown> = {},
): AuditEntry {
  return {
    ...actorOf(subject),
    agencyId: ws.agencyId,
    action: `import.${action}`,
    targetType: 'import',
    targetId: job.id,
    detail: { file_name: job.fileName, ...detail },
    ip,
  };
}

/** A change refused by the one-import-at-a-time index. */
function busy(err: unknown): AppError | null {
  return uniqueViolation(err)?.constraint === 'import_jobs_agency_active_uq'
    ? new AppError('CONFLICT', IMPORT_MESSAGES.busy)
    : null;
}

// ---- Reads ----

export async function listImports(deps: ImportsDeps, subject: TokenSubject) {
  const ws = workspaceOf(subject);
  const rows = await repo.listJobs(deps.db, scopeOf(ws));
  const now = Date.now();
  return {
    status: 'success' as const,
    data: rows.map((r) => {
      const { sheets: _, ...job } = toImportJob(r, now);
      return job;
    }),
  };
}

export async function getImport(deps: ImportsDeps, subject: TokenSubject, id: string) {
  return answer(await mustFind(deps.db, workspaceOf(subject), id));
}

export async function savedImportMappings(deps: ImportsDeps, subject: TokenSubject) {
  const ws = workspaceOf(subject);
  const data = Object.fromEntries(BOOK_SHEET_KEYS.map((k) => [k, {}])) as Record<
    BookSheetKey,
    Record<string, string | null>
  >;
  for (const row of await repo.savedMappings(deps.db, ws.agencyId)) {
    if ((BOOK_SHEET_KEYS as readonly string[]).includes(row.kind))
      data[row.kind as BookSheetKey][row.header] = row.field;
  }
  return { status: 'success' as const, data };
}

async function savedByKind(db: Db, agencyId: string) {
  const saved: Partial<Record<BookSheetKey, Record<string, string | null>>> = {};
  for (const row of await repo.savedMappings(db, agencyId)) {
    const kind = row.kind as BookSheetKey;
    saved[kind] = { ...saved[kind], [row.header]: row.field };
  }
  return saved;
}

export async function importRows(
  deps: ImportsDeps,
  subject: TokenSubject,
  id: string,
  query: ImportRowsQuery,
) {
  const ws = workspaceOf(subject);
  const job = await mustFind(deps.db, ws, id);
  let after: number | undefined;
  if (query.after !== undefined) {
    if (!/^\d{1,9}$/.test(query.after)) throw badField('after', 'After must be the next of an earlier page.');
    after = Number(query.after);
  }
  const page = await repo.rowsPage(deps.db, ws.agencyId, job.id, {
    outcome: query.outcome,
    household: query.household,
    after,
    limit: query.limit,
  });
  const items = page.items.slice(0, query.limit);
  return {
    status: 'success' as const,
    data: items.map((r) => ({
      sheet: r.sheet,
      row_number: r.rowNumber,
      outcome: r.outcome as ImportOutcome,
      matched_by: r.matchedBy as ImportMatch | null,
      summary: r.summary,
      household: r.household,
      new_provider: r.newProvider,
      errors: r.errors,
    })),
    total: page.total,
    next: page.items.length > query.limit ? String(items.at(-1)!.seq) : null,
  };
}

export async function importHouseholds(
  deps: ImportsDeps,
  subject: TokenSubject,
  id: string,
  query: { after?: string | undefined; limit: number },
) {
  const ws = workspaceOf(subject);
  const job = await mustFind(deps.db, ws, id);
  const households = await repo.jobHouseholds(deps.db, ws.agencyId, job.id);
  // The place is the number of households before the page (a key may be longer than a cursor may be).
  let start = 0;
  if (query.after !== undefined) {
    if (!/^\d{1,9}$/.test(query.after)) throw badField('after', 'After must be the next of an earlier page.');
    start = Number(query.after);
  }
  const end = start + query.limit;
  return {
    status: 'success' as const,
    data: households.slice(start, end),
    total: households.length,
    next: end < households.length ? String(end) : null,
  };
}

// ---- Upload ----

const SPEC = {
  fields: [],
  files: {
    file: {
      maxBytes: IMPORT_LIMITS.maxBytes,
      label: 'File',
      many: { max: IMPORT_LIMITS.maxFiles, tooMany: IMPORT_MESSAGES.tooManyFiles },
    },
  },
};

async function readUpload(req: FastifyRequest) {
  try {
    const body = await readMultipart(req, SPEC);
    const files = body.lists.file ?? [];
    if (files.length === 0) {
      throw badField('file', 'Choose a file to import: an Excel (.xlsx) or CSV (.csv) file.');
    }
    return files;
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE' && err.extra.fields?.file) {
      throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge, IMPORT_MESSAGES.tooLarge, {
        fields: { file: IMPORT_MESSAGES.tooLarge },
      });
    }
    throw err;
  }
}

/** How a sheet of the file is first taken: its guessed kind, its columns' fields (saved ones first), a sample. */
function takeSheet(
  sheet: ReadSheet,
  saved: Partial<Record<BookSheetKey, Record<string, string | null>>>,
): ImportSheet {
  const kind = guessSheetKind(sheet.name, sheet.headers);
  const mapping = kind
    ? suggestMapping(kind, sheet.headers, saved[kind])
    : Object.fromEntries(sheet.headers.map((h) => [h, null]));
  const taken = { kind, headers: sheet.headers, mapping, rows: sheet.rows.length };
  // Kept masked: the sample is stored in the clear, unlike the cells.
  const sample = maskedSample({
    ...taken,
    sample: sheet.rows.slice(0, SAMPLE_ROWS).map((r) => sheet.headers.map((_h, i) => r.cells[i] ?? '')),
  });
  return { name: sheet.name, ...taken, sample };
}

/**
 * The uploaded files as one book: an .xlsx alone, or up to three .csv files (the template's sheets saved apart),
 * each a sheet named after its file. Their rows count together against the 50,000.
 */
async function readUploads(uploads: UploadedFile[]): Promise<{ fileName: string; file: ReadFile }> {
  const names = uploads.map((u) => u.filename.trim());
  for (const [i, upload] of uploads.entries()) {
    if (unusableName(names[i]!) || names[i] === '') {
      throw badField('file', 'The file has a name that cannot be used. Rename the file and upload it again.');
    }
    // A document (a PDF, an image) is no spreadsheet, whatever its text would read as.
    if (sniffMime(upload.bytes)) throw badField('file', IMPORT_MESSAGES.wrongType);
  }
  if (uploads.some((u, i) => uploads.slice(0, i).some((v) => v.bytes.equals(u.bytes)))) {
    throw badField('file', IMPORT_MESSAGES.sameFileTwice);
  }
  if (uploads.length === 1) {
    return { fileName: names[0]!, file: await readSpreadsheet(uploads[0]!.bytes, names[0]!) };
  }
  const sheets: ReadSheet[] = [];
  for (const [i, upload] of uploads.entries()) {
    const read = await readSpreadsheet(upload.bytes, names[i]!);
    if (read.format !== 'csv') throw badField('file', IMPORT_MESSAGES.xlsxAlone);
    for (const sheet of read.sheets) {
      let name = sheet.name;
      for (let n = 2; sheets.some((s) => s.name === name); n += 1) name = `${sheet.name} (${n})`;
      sheets.push({ ...sheet, name });
    }
  }
  if (sheets.reduce((n, s) => n + s.rows.length, 0) > IMPORT_LIMITS.maxRows) {
    throw badField('file', IMPORT_MESSAGES.tooManyRows);
  }
  return { fileName: names.join(', '), file: { format: 'csv', sheets } };
}

export async function uploadImport(
  deps: ImportsDeps,
  subject: TokenSubject,
  req: FastifyRequest,
  ip: string,
) {
  const ws = workspaceOf(subject);
  const uploads = await readUpload(req);
  const { fileName, file } = await readUploads(uploads);
  const rows = file.sheets.reduce((n, s) => n + s.rows.length, 0);
  if (rows === 0) throw badField('file', IMPORT_MESSAGES.empty);
  const saved = await savedByKind(deps.db, ws.agencyId);
  const sheets = file.sheets.map((s) => takeSheet(s, saved));
  const cells = seal(deps.encryptionKey, file.sheets);
  try {
    const result = await deps.db.transaction(async (tx) => {
      const id = await repo.insertJob(tx, {
        agencyId: ws.agencyId,
        createdBy: ws.userId,
        agentId: ws.agentId,
        fileName: fileName.slice(0, 200),
        format: file.format,
        status: 'checking',
        sheets,
        cells,
        changes: { merges: [], splits: [] },
        households: [],
        counts: { ...EMPTY_COUNTS, rows },
      });
      await writeAudit(
        tx,
        audit(ws, subject, 'upload', { id, fileName }, ip, {
          format: file.format,
          rows,
          sheets: sheets.map((s) => ({ name: s.name, kind: s.kind, rows: s.rows })),
        }),
      );
      const job = await repo.findJob(tx, scopeOf(ws), id);
      const body = answer(job!);
      await recordAnswer(tx, body);
      return body;
    });
    deps.runner?.wake();
    return result;
  } catch (err) {
    throw busy(err) ?? err;
  }
}

// ---- Mapping and households: the dry run runs again ----

function checkable(job: repo.JobRow) {
  if (job.status === 'checking' || job.status === 'checked') return;
  if (job.status === 'queued' || job.status === 'running') throw conflict(IMPORT_STATE.committing);
  throw conflict(IMPORT_STATE.ended);
}

/** The job's sheets with the caller's kinds and mappings, each checked against the sheet's headers and fields. */
function remap(
  job: repo.JobRow,
  input: ImportMappingInput,
  saved: Partial<Record<BookSheetKey, Record<string, string | null>>>,
): ImportSheet[] {
  const sheets = job.sheets.map((s) => ({ ...s, mapping: { ...s.mapping } }));
  input.sheets.forEach((change, i) => {
    const sheet = sheets.find((s) => s.name === change.name);
    if (!sheet) throw badField(`sheets.${i}.name`, `The file has no sheet named ${change.name}.`);
    const kindChanged = sheet.kind !== change.kind;
    sheet.kind = change.kind;
    if (kindChanged) {
      sheet.mapping = change.kind
        ? suggestMapping(change.kind, sheet.headers, saved[change.kind])
        : Object.fromEntries(sheet.headers.map((h) => [h, null]));
    }
    for (const [header, field] of Object.entries(change.mapping)) {
      if (!sheet.headers.includes(header)) {
        throw badField(`sheets.${i}.mapping`, `The sheet ${sheet.name} has no column ${header}.`);
      }
      if (field !== null && (!change.kind || !importField(change.kind, field))) {
        throw badField(
          `sheets.${i}.mapping`,
          change.kind
            ? `${field} is not a field of the ${change.kind.replace('_', ' ')} sheet (column ${header}).`
            : `The sheet ${sheet.name} is not imported: its columns take no field.`,
        );
      }
      sheet.mapping[header] = field;
    }
    const seen = new Map<string, string>();
    for (const header of sheet.headers) {
      const field = sheet.mapping[header];
      if (!field) continue;
      const other = seen.get(field);
      if (other !== undefined) {
        const label = change.kind ? (importField(change.kind, field)?.label ?? field) : field;
        throw badField(
          `sheets.${i}.mapping`,
          `${label} is taken by two columns: ${other} and ${header}. Keep one.`,
        );
      }
      seen.set(field, header);
    }
  });
  return sheets;
}

/** Sets the job to be checked again (revision moves on, so a dry run of the older one is dropped). */
async function checkAgain(
  deps: ImportsDeps,
  ws: Workspace,
  id: string,
  change: (tx: repo.Tx, job: repo.JobRow) => Promise<Parameters<typeof repo.updateJob>[3]>,
  auditOf: (job: repo.JobRow) => AuditEntry,
) {
  try {
    const result = await deps.db.transaction(async (tx) => {
      const job = await repo.lockJob(tx, scopeOf(ws), id);
      if (!job) throw notFound();
      checkable(job);
      const values = await change(tx, job);
      await repo.updateJob(tx, ws.agencyId, id, {
        ...values,
        status: 'checking',
        revision: job.revision + 1,
        // A new piece of work: the claims that count towards giving up on a job start again.
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
      });
      await writeAudit(tx, auditOf(job));
      const body = answer((await repo.findJob(tx, scopeOf(ws), id))!);
      await recordAnswer(tx, body);
      return body;
    });
    deps.runner?.wake();
    return result;
  } catch (err) {
    throw busy(err) ?? err;
  }
}

export async function setImportMapping(
  deps: ImportsDeps,
  subject: TokenSubject,
  id: string,
  input: ImportMappingInput,
  ip: string,
) {
  const ws = workspaceOf(subject);
  const saved = await savedByKind(deps.db, ws.agencyId);
  return checkAgain(
    deps,
    ws,
    id,
    async (tx, job) => {
      const sheets = remap(job, input, saved);
      if (input.save) {
        const entries = sheets.flatMap((s) =>
          s.kind
            ? s.headers.map((h) => ({ kind: s.kind!, header: savedHeader(h), field: s.mapping[h] ?? null }))
            : [],
        );
        await repo.saveMappings(tx, ws.agencyId, ws.userId, entries);
      }
      return { sheets };
    },
    (job) =>
      audit(ws, subject, 'mapping', job, ip, {
        sheets: input.sheets.map((s) => ({ name: s.name, kind: s.kind })),
        saved: input.save,
      }),
  );
}

export async function changeImportHouseholds(
  deps: ImportsDeps,
  subject: TokenSubject,
  id: string,
  input: ImportHouseholdChange,
  ip: string,
) {
  const ws = workspaceOf(subject);
  return checkAgain(
    deps,
    ws,
    id,
    async (tx, job) => {
      const households = await repo.jobHouseholds(tx, ws.agencyId, job.id);
      const known = new Set<string>([
        ...households.flatMap((h) => [h.key, ...h.merged_from, ...(h.split_from ? [h.split_from] : [])]),
        ...job.changes.merges.flat(),
        ...job.changes.splits,
      ]);
      for (const [field, named] of [
        ['merges', input.merges.flat()],
        ['splits', input.splits],
      ] as const) {
        const unknown = named.find((key) => !known.has(key));
        if (unknown !== undefined) {
          throw badField(
            field,
            `No household of this import is ${unknown}: its rows may have moved with a changed mapping. Look at the households again.`,
          );
        }
      }
      // A household matched to a client already in the book writes no client: split, its holders would be
      // looked for as clients of their own rather than added as that client's family members. Refused plainly.
      const matched = households.find(
        (h) =>
          h.outcome === 'matched_client' &&
          input.splits.includes(h.key) &&
          !job.changes.splits.includes(h.key),
      );
      if (matched) {
        throw badField(
          'splits',
          `${matched.client_name} is already in your book: their family members and plans are added to them, and the household cannot be split.`,
        );
      }
      return { changes: { merges: input.merges, splits: input.splits } };
    },
    (job) =>
      audit(ws, subject, 'households', job, ip, { merges: input.merges.length, splits: input.splits.length }),
  );
}

// ---- Commit, cancel, undo ----

export async function commitImport(deps: ImportsDeps, subject: TokenSubject, id: string, ip: string) {
  const ws = workspaceOf(subject);
  try {
    const result = await deps.db.transaction(async (tx) => {
      const job = await repo.lockJob(tx, scopeOf(ws), id);
      if (!job) throw notFound();
      if (job.status === 'checking') throw conflict(IMPORT_STATE.checking);
      if (job.status === 'queued' || job.status === 'running') throw conflict(IMPORT_STATE.committing);
      if (job.status !== 'checked') throw conflict(IMPORT_STATE.ended);
      await repo.updateJob(tx, ws.agencyId, id, {
        status: 'queued',
        committedBy: ws.userId,
        committedAt: new Date(),
        progressDone: 0,
        progressTotal: job.counts.rows,
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
      });
      await writeAudit(tx, audit(ws, subject, 'commit', job, ip, { ...job.counts }));
      const body = answer((await repo.findJob(tx, scopeOf(ws), id))!);
      await recordAnswer(tx, body);
      return body;
    });
    deps.runner?.wake();
    return result;
  } catch (err) {
    throw busy(err) ?? err;
  }
}

export async function cancelImport(deps: ImportsDeps, subject: TokenSubject, id: string, ip: string) {
  const ws = workspaceOf(subject);
  return deps.db.transaction(async (tx) => {
    const job = await repo.lockJob(tx, scopeOf(ws), id);
    if (!job) throw notFound();
    if (job.status === 'running') {
      // The runner stops after the household batch in hand and ends the job as cancelled.
      await repo.updateJob(tx, ws.agencyId, id, { cancelRequested: true });
    } else if (job.status === 'checking' || job.status === 'checked' || job.status === 'queued') {
      // Nothing written yet: the job ends now, its cells with it, and there is nothing to undo.
      await repo.updateJob(tx, ws.agencyId, id, {
        status: 'cancelled',
        cancelRequested: true,
        committedAt: null,
        cells: null,
        finishedAt: new Date(),
        lockedBy: null,
        lockedUntil: null,
      });
    } else {
      throw conflict(IMPORT_STATE.ended);
    }
    await writeAudit(tx, audit(ws, subject, 'cancel', job, ip, { status: job.status }));
    const body = answer((await repo.findJob(tx, scopeOf(ws), id))!);
    await recordAnswer(tx, body);
    return body;
  });
}

export async function undoImport(deps: ImportsDeps, subject: TokenSubject, id: string, ip: string) {
  const ws = workspaceOf(subject);
  return deps.db.transaction(async (tx) => {
    const job = await repo.lockJob(tx, scopeOf(ws), id);
    if (!job) throw notFound();
    if (job.status === 'undone') throw conflict(IMPORT_STATE.undone);
    if (!job.committedAt || !['done', 'cancelled', 'failed'].includes(job.status) || !job.finishedAt) {
      throw conflict(
        job.status === 'queued' || job.status === 'running'
          ? IMPORT_STATE.committing
          : IMPORT_STATE.notCommitted,
      );
    }
    if (Date.now() - job.finishedAt.getTime() > UNDO_MS) throw conflict(IMPORT_MESSAGES.undoExpired);
    const created = await repo.createdRecords(tx, ws.agencyId, id);
    const removed = await removeCreated(tx, ws.agencyId, created);
    // What stays (changed since the import) is what the counts now say was created.
    const made = (key: 'clients' | 'members' | 'policies' | 'accounts' | 'providers') =>
      created.reduce((n, c) => n + (c[key]?.length ?? 0), 0);
    const kept = {
      new_clients: made('clients') - removed.clients,
      new_members: made('members') - removed.members,
      new_plans: made('policies') + made('accounts') - removed.plans,
      new_providers: made('providers') - removed.providers,
    };
    await repo.updateJob(tx, ws.agencyId, id, { status: 'undone', counts: { ...job.counts, ...kept } });
    await writeAudit(tx, audit(ws, subject, 'undo', job, ip, { removed, kept }));
    const body = answer((await repo.findJob(tx, scopeOf(ws), id))!);
    await recordAnswer(tx, body);
    return body;
  });
}

// ---- The errors file ----

export async function importErrorsXlsx(
  deps: ImportsDeps,
  subject: TokenSubject,
  id: string,
  reply: FastifyReply,
  ip: string,
) {
  const ws = workspaceOf(subject);
  const job = await mustFind(deps.db, ws, id);
  const rows = await repo.errorRows(deps.db, ws.agencyId, job.id);
  let sheets: ErrorSheet[] = [];
  if (rows.length > 0) {
    const stored = await repo.jobCells(deps.db, ws.agencyId, job.id);
    const cells: ErrorCells | null = stored?.cells
      ? errorCellsOf(unseal<ReadSheet[]>(deps.encryptionKey, stored.cells), rows, job.sheets)
      : stored?.errorCells
        ? unseal<ErrorCells>(deps.encryptionKey, stored.errorCells)
        : null;
    if (!cells) throw conflict(IMPORT_STATE.errorsGone);
    const errorsOf = new Map(rows.map((r) => [`${r.sheet}\u0000${r.rowNumber}`, r.errors]));
    sheets = cells.sheets.map((s) => ({
      name: s.name,
      headers: s.headers,
      rows: s.rows.map((r) => ({ ...r, errors: errorsOf.get(`${s.name}\u0000${r.rowNumber}`) ?? [] })),
    }));
  }
  const bytes = await errorsWorkbook(sheets);
  // The rows go back as the file had them, full identity numbers included (decision 036): who took them is kept.
  await writeAudit(
    deps.db,
    audit(ws, subject, 'errors_download', job, ip, {
      rows: sheets.reduce((n, s) => n + s.rows.filter((r) => r.errors.length > 0).length, 0),
    }),
  );
  const base =
    job.fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .slice(0, 80) || 'import';
  reply
    .type(XLSX_MIME)
    .header('content-disposition', `attachment; filename="${base}-errors.xlsx"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store');
  return bytes;
}
