import { setImmediate as turn } from 'node:timers/promises';
import type { ImportCounts, ImportSheet } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { importJobs, users } from '../../db/schema.ts';
import { writeAudit } from '../../lib/audit.ts';
import {
  type HouseholdWork,
  isFinal,
  loadServices,
  skipHousehold,
  type Writer,
  writeHouseholds,
} from './commit-writer.ts';
import { loadExisting } from './existing.repository.ts';
import * as repo from './imports.repository.ts';
import { type ImportPlan, importKeys, type PlanSheet, planImportByTurns } from './plan-import.ts';
import type { ReadRow, ReadSheet } from './read-file.ts';
import { seal, unseal } from './sealed.ts';

// What the import runner does with a job it holds (issue 26 items 3–6, decision 036), in the job's agency scope
// (an agent's job in the agent's: row-level security shows it their own clients only):
// - the dry run: the cells read by the job's mapping into a plan (plan-import.ts) against the agency's clients,
//   providers and plans; every row's answer stored, the job `checked`;
// - the commit: planned again against the book as it is now, then written household by household, a batch of a
//   few households per transaction; each batch's rows get their final answer in that same transaction, so a commit
//   taken up again after a restart writes only the households not yet written. Cancel stops after the batch.

export interface WorkDeps {
  db: Db;
  /** PGlite has one connection, which a batch's transaction holds: its batches are smaller (see BATCH). */
  engine?: 'pglite' | 'postgres';
  encryptionKey: Buffer;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** A job as the runner claimed it. */
export interface Claimed {
  id: string;
  agencyId: string;
  agentId: string | null;
  status: string;
  revision: number;
}

export interface Control {
  runner: string;
  leaseMs: number;
  /** The runner is stopping: end after the current batch and let the job go. */
  stopping(): boolean;
}

/** The job is no longer this runner's (its lease lapsed and another took it, or it was changed or cancelled). */
export class Superseded extends Error {}

/**
 * Households per transaction, and rows: a few dozen households at once share each transaction's statements,
 * triggers and flush (measured on a busy 2-core machine with PostgreSQL: 10,000 rows of 3,000 households
 * committed in 16 s at 50 a batch against 23 s at 20; about 22 s at 50 once the inserts were planned per call);
 * a cancel still stops within a fraction of a second.
 */
const BATCH = {
  postgres: { households: 50, rows: 500 },
  // PGlite runs each statement in this process and one transaction at a time: while a batch is written, no other
  // call of the app (the screen polling the job's progress) gets an answer. Small batches keep that wait short.
  pglite: { households: 10, rows: 100 },
} as const;

/** Why a job failed, as its screen says it: a dry run wrote nothing, a commit may have written some households. */
export const FAILURE_MESSAGES = {
  check:
    'The check of this file stopped because of an unexpected error. Nothing was written: upload the file again.',
  commit:
    'The import stopped because of an unexpected error. What it wrote stays: undo it, or import the rest again.',
} as const;

export const failureMessage = (status: string) =>
  status === 'checking' ? FAILURE_MESSAGES.check : FAILURE_MESSAGES.commit;

const placeKey = (sheet: string, rowNumber: number) => `${sheet}\u0000${rowNumber}`;

/** The file's sheets as the job's mapping takes them, the household changes, and the book to match against. */
async function planJob(deps: WorkDeps, job: repo.JobRow, sheets: ReadSheet[]): Promise<ImportPlan> {
  const mapped: PlanSheet[] = job.sheets.flatMap((s) => {
    const sheet = sheets.find((r) => r.name === s.name);
    return sheet && s.kind ? [{ sheet, kind: s.kind, mapping: s.mapping }] : [];
  });
  // The job's agent matches their own clients only (and row-level security holds the same on PostgreSQL).
  const existing = await loadExisting(deps.db, job.agencyId, importKeys(mapped), {
    agentId: job.agentId,
    encryptionKey: deps.encryptionKey,
  });
  return planImportByTurns({ sheets: mapped, existing, changes: job.changes });
}

async function readJob(deps: WorkDeps, claimed: Claimed) {
  const scope = { agencyId: claimed.agencyId, agentId: null };
  const job = await repo.findJob(deps.db, scope, claimed.id);
  const stored = await repo.jobCells(deps.db, claimed.agencyId, claimed.id);
  if (!job || !stored?.cells) return null;
  return { job, sheets: unseal<ReadSheet[]>(deps.encryptionKey, stored.cells) };
}

/** The dry run: every row's answer and the households, kept only if the job is still this runner's to check. */
export async function dryRun(deps: WorkDeps, claimed: Claimed, ctl: Control): Promise<void> {
  const read = await readJob(deps, claimed);
  // Cancelled meanwhile (its cells went with it): nothing to check.
  if (!read) throw new Superseded();
  const plan = await planJob(deps, read.job, read.sheets);
  try {
    await deps.db.transaction(async (tx) => {
      const kept = await repo.updateJob(
        tx,
        claimed.agencyId,
        claimed.id,
        {
          status: 'checked',
          counts: plan.counts,
          households: plan.households,
          attempts: 0,
          lockedBy: null,
          lockedUntil: null,
        },
        and(
          eq(importJobs.status, 'checking'),
          eq(importJobs.revision, claimed.revision),
          eq(importJobs.lockedBy, ctl.runner),
        ),
      );
      if (!kept) throw new Superseded();
      await repo.replaceRows(tx, claimed.agencyId, claimed.id, plan.rows);
    });
  } catch (err) {
    if (!(err instanceof Superseded)) throw err;
  }
}

/** The cells of the rows with errors, per sheet, for the errors file once the job's cells are gone. */
export interface ErrorCells {
  sheets: Array<{ name: string; headers: string[]; rows: ReadRow[] }>;
}

/** How the job takes a sheet: its kind and its columns' fields. */
type TakenSheet = Pick<ImportSheet, 'name' | 'kind' | 'mapping'>;

const looseName = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The rows of a book (a Clients sheet) that rows with errors link to by Client Code: the client's Clients row, and
 * the Family Members rows their plans' Held By names. Without them the errors file, fixed and uploaded again, has
 * plans of no client; with them, the linked rows already imported match as existing ("already present").
 */
function linkedPlaces(sheets: ReadSheet[], taken: TakenSheet[], wanted: Set<string>): string[] {
  const kindOf = new Map(taken.map((t) => [t.name, t]));
  if (!taken.some((t) => t.kind === 'clients')) return [];
  const cell = (sheet: ReadSheet, row: ReadRow, field: string) => {
    const mapping = kindOf.get(sheet.name)?.mapping ?? {};
    const i = sheet.headers.findIndex((h) => mapping[h] === field);
    return i < 0 ? '' : (row.cells[i] ?? '').trim();
  };
  const codes = new Set<string>();
  const holders = new Set<string>();
  for (const sheet of sheets) {
    const kind = kindOf.get(sheet.name)?.kind;
    if (kind !== 'plans' && kind !== 'family_members') continue;
    for (const row of sheet.rows) {
      if (!wanted.has(placeKey(sheet.name, row.rowNumber))) continue;
      const code = cell(sheet, row, 'client_code').toLowerCase();
      if (!code) continue;
      codes.add(code);
      const holder = kind === 'plans' ? looseName(cell(sheet, row, 'held_by')) : '';
      if (holder) holders.add(`${code}\u0000${holder}`);
    }
  }
  const linked: string[] = [];
  for (const sheet of sheets) {
    const kind = kindOf.get(sheet.name)?.kind;
    if (kind !== 'clients' && kind !== 'family_members') continue;
    for (const row of sheet.rows) {
      const code = cell(sheet, row, 'client_code').toLowerCase();
      if (!codes.has(code)) continue;
      if (kind === 'family_members') {
        const name = looseName(`${cell(sheet, row, 'first_name')} ${cell(sheet, row, 'last_name')}`);
        if (!holders.has(`${code}\u0000${name}`)) continue;
      }
      linked.push(placeKey(sheet.name, row.rowNumber));
    }
  }
  return linked;
}

export function errorCellsOf(
  sheets: ReadSheet[],
  rows: Array<{ sheet: string; rowNumber: number }>,
  taken: TakenSheet[] = [],
): ErrorCells {
  const wanted = new Set(rows.map((r) => placeKey(r.sheet, r.rowNumber)));
  for (const place of linkedPlaces(sheets, taken, wanted)) wanted.add(place);
  return {
    sheets: sheets
      .map((s) => ({
        name: s.name,
        headers: s.headers,
        rows: s.rows.filter((r) => wanted.has(placeKey(s.name, r.rowNumber))),
      }))
      .filter((s) => s.rows.length > 0),
  };
}

/**
 * The commit: what is left of the plan, written a batch at a time. Each batch's transaction also moves the
 * progress on and renews the lease, and answers whether a cancel was asked for.
 */
export async function commit(deps: WorkDeps, claimed: Claimed, ctl: Control): Promise<void> {
  const read = await readJob(deps, claimed);
  if (!read) throw new Error('The import job has no cells to write.');
  const { job, sheets } = read;
  if (job.cancelRequested) {
    await finish(deps, claimed, ctl, sheets, 'cancelled', job.sheets);
    return;
  }
  const plan = await planJob(deps, job, sheets);
  // The stored rows say what is already written (a commit taken up again): final answers.
  const places = await repo.rowPlaces(deps.db, claimed.agencyId, claimed.id);
  const stored = new Map(places.map((p) => [placeKey(p.sheet, p.rowNumber), p]));
  const answers = new Map(plan.rows.map((r) => [placeKey(r.sheet, r.row_number), r]));
  // Rows no household writes are final at once: skipped (errors) or already present.
  const written = new Set(plan.work.flatMap((h) => h.rowNumbers.map((r) => placeKey(r.sheet, r.rowNumber))));
  const settled: repo.RowUpdate[] = plan.rows.flatMap((row) => {
    const place = stored.get(placeKey(row.sheet, row.row_number));
    if (!place || isFinal(place.outcome) || written.has(placeKey(row.sheet, row.row_number))) return [];
    place.outcome = row.outcome === 'error' ? 'skipped' : 'present';
    return [{ ...row, seq: place.seq, outcome: place.outcome, created: null }];
  });
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < settled.length; i += 2000) {
      await repo.updateRows(tx, claimed.agencyId, claimed.id, settled.slice(i, i + 2000));
    }
    await repo.updateJob(tx, claimed.agencyId, claimed.id, {
      progressTotal: places.length,
      progressDone: places.filter((p) => isFinal(p.outcome)).length,
    });
  });

  const todo: HouseholdWork[] = [];
  for (const household of plan.work) {
    const rows = household.rowNumbers.flatMap(({ sheet, rowNumber }) => {
      const place = stored.get(placeKey(sheet, rowNumber));
      const row = answers.get(placeKey(sheet, rowNumber));
      return place && row ? [{ seq: place.seq, row, done: isFinal(place.outcome) }] : [];
    });
    // Written before a restart: its rows got their final answers in the same transaction.
    if (rows.length === 0 || rows.some((r) => r.done)) continue;
    todo.push({ household, rows: rows.map(({ seq, row }) => ({ seq, row })) });
  }

  const writer: Writer = {
    agencyId: claimed.agencyId,
    jobId: claimed.id,
    userId: job.committedBy ?? job.createdBy,
    agentId: job.agentId,
    encryptionKey: deps.encryptionKey,
    services: await loadServices(deps.db),
    providers: new Map(),
  };
  const size = BATCH[deps.engine ?? 'postgres'];
  let cancelled = false;
  for (let i = 0; i < todo.length && !cancelled; ) {
    // The other calls waiting on the database and the event loop (the job's status, other screens) come first.
    await turn();
    if (ctl.stopping()) return;
    const batch: HouseholdWork[] = [];
    let rows = 0;
    while (i < todo.length && batch.length < size.households && (batch.length === 0 || rows < size.rows)) {
      const next = todo[i++]!;
      batch.push(next);
      rows += next.rows.length;
    }
    cancelled = await writeBatch(deps, claimed, ctl, writer, batch);
  }
  await finish(deps, claimed, ctl, sheets, cancelled ? 'cancelled' : 'done', job.sheets);
}

/** Moves the progress on by `rows` in `tx`, renewing the lease; answers whether a cancel was asked for. */
async function advance(tx: repo.Tx, claimed: Claimed, ctl: Control, rows: number): Promise<boolean> {
  const [row] = await tx
    .update(importJobs)
    .set({
      progressDone: sql`${importJobs.progressDone} + ${rows}::int`,
      lockedUntil: sql`now() + ${`${ctl.leaseMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(importJobs.agencyId, claimed.agencyId),
        eq(importJobs.id, claimed.id),
        eq(importJobs.lockedBy, ctl.runner),
        eq(importJobs.status, 'running'),
      ),
    )
    .returning({ cancel: importJobs.cancelRequested });
  if (!row) throw new Superseded();
  return row.cancel;
}

/**
 * One transaction for the batch; if it fails, each household in one of its own, and a household that fails alone
 * is skipped with the reason in its rows (nothing of it is written). Answers whether a cancel was asked for.
 */
async function writeBatch(
  deps: WorkDeps,
  claimed: Claimed,
  ctl: Control,
  writer: Writer,
  batch: HouseholdWork[],
): Promise<boolean> {
  if (batch.length > 1) {
    try {
      const result = await deps.db.transaction(async (tx) => {
        const done = await writeHouseholds(tx, writer, batch);
        return { cancel: await advance(tx, claimed, ctl, done.rows), providers: done.providers };
      });
      for (const [key, id] of result.providers) writer.providers.set(key, id);
      return result.cancel;
    } catch (err) {
      if (err instanceof Superseded) throw err;
      deps.log.warn(
        { err, job: claimed.id },
        'an import batch failed: its households are written one by one',
      );
    }
  }
  let cancel = false;
  for (const work of batch) {
    try {
      const result = await deps.db.transaction(async (tx) => {
        const done = await writeHouseholds(tx, writer, [work]);
        return { cancel: await advance(tx, claimed, ctl, done.rows), providers: done.providers };
      });
      for (const [key, id] of result.providers) writer.providers.set(key, id);
      cancel ||= result.cancel;
    } catch (err) {
      if (err instanceof Superseded) throw err;
      deps.log.error(
        { err, job: claimed.id },
        'an imported household could not be written: its rows are skipped',
      );
      cancel ||= await deps.db.transaction(async (tx) => {
        const rows = await skipHousehold(
          tx,
          writer,
          work,
          'This row could not be written. Check its cells, or add this client by hand.',
        );
        return advance(tx, claimed, ctl, rows);
      });
    }
  }
  return cancel;
}

/** The job ends: its counts from its rows, its cells gone (the rows with errors kept apart), audited. */
async function finish(
  deps: WorkDeps,
  claimed: Claimed,
  ctl: Control,
  sheets: ReadSheet[],
  status: 'done' | 'cancelled',
  taken: TakenSheet[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const counts = await repo.commitCounts(tx, claimed.agencyId, claimed.id);
    const errors = await repo.errorRows(tx, claimed.agencyId, claimed.id);
    const ended = await repo.updateJob(
      tx,
      claimed.agencyId,
      claimed.id,
      {
        status,
        counts,
        cells: null,
        errorCells: errors.length > 0 ? seal(deps.encryptionKey, errorCellsOf(sheets, errors, taken)) : null,
        finishedAt: new Date(),
        lockedBy: null,
        lockedUntil: null,
        ...(status === 'done' ? { progressDone: sql`${importJobs.progressTotal}` } : {}),
      },
      and(eq(importJobs.lockedBy, ctl.runner), eq(importJobs.status, 'running')),
    );
    if (!ended) throw new Superseded();
    await auditEnd(tx, claimed, status === 'done' ? 'import.committed' : 'import.cancelled', counts);
  });
}

/** The end of a commit, in the name of whoever committed it (the runner acts for them). */
async function auditEnd(tx: repo.Tx, claimed: Claimed, action: string, counts: ImportCounts) {
  const [job] = await tx
    .select({ fileName: importJobs.fileName, userId: importJobs.committedBy, role: users.role })
    .from(importJobs)
    .leftJoin(users, eq(users.id, importJobs.committedBy))
    .where(and(eq(importJobs.agencyId, claimed.agencyId), eq(importJobs.id, claimed.id)));
  await writeAudit(tx, {
    actorUserId: job?.userId ?? null,
    actorRole: (job?.role as 'AO' | 'AA' | 'AG' | null | undefined) ?? null,
    agencyId: claimed.agencyId,
    action,
    targetType: 'import',
    targetId: claimed.id,
    detail: { file_name: job?.fileName, ...counts },
  });
}

/** A job that cannot go on: failed with a plain reason, its cells gone; what was written stays (undo offers it). */
export async function failJob(deps: WorkDeps, claimed: Claimed, ctl: Control, reason: string): Promise<void> {
  await repo.updateJob(
    deps.db,
    claimed.agencyId,
    claimed.id,
    {
      status: 'failed',
      failure: reason,
      cells: null,
      finishedAt: new Date(),
      lockedBy: null,
      lockedUntil: null,
    },
    eq(importJobs.lockedBy, ctl.runner),
  );
}
