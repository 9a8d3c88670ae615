import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { agencyScope, inScope, PLATFORM_SCOPE } from '../../db/scope.ts';
import {
  type Claimed,
  type Control,
  commit,
  dryRun,
  failJob,
  failureMessage,
  Superseded,
  type WorkDeps,
} from './import-work.ts';
import * as repo from './imports.repository.ts';

// The import runner (issue 26 item 6, decision 036): a loop in every API process, started and stopped with the app
// as the reminder job is. It claims a job with work to do (a dry run, or a commit) with FOR UPDATE SKIP LOCKED and a
// lease it renews while it works; a job whose lease lapsed (its process died) is taken up by the next claim, so on
// a start every job left checking, queued or running goes on where it stopped. An upload or a commit wakes the
// runner of its own process at once; the others find the job at their next poll.

/** How long a claim holds without being renewed: past it, the job is another runner's to take. */
export const IMPORT_LEASE_MS = 30_000;
/** A job that has taken its runner down this often is failed rather than taken up again. */
const MAX_ATTEMPTS = 3;
const SWEEP_MS = 60 * 60 * 1000;

export interface ImportRunner {
  /** Look for work now (an upload or a commit of this process). */
  wake(): void;
  /** Finish the batch in hand, let the job go, and stop. */
  stop(): Promise<void>;
}

export interface RunOptions {
  runner?: string;
  leaseMs?: number;
  stopping?: () => boolean;
}

/**
 * Claims one job with work and does it (the tests drive the runner with this). Answers false when there was none.
 */
export async function runOneJob(deps: WorkDeps, options: RunOptions = {}): Promise<boolean> {
  const ctl: Control = {
    runner: options.runner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    leaseMs: options.leaseMs ?? IMPORT_LEASE_MS,
    stopping: options.stopping ?? (() => false),
  };
  const claimed = await inScope(PLATFORM_SCOPE, () => repo.claimJob(deps.db, ctl.runner, ctl.leaseMs));
  if (!claimed) return false;
  const job: Claimed = { ...claimed, status: String(claimed.status) };
  // The job's own scope: its agency, and for an agent's job the agent (row-level security's second wall).
  await inScope(agencyScope(job.agencyId, job.agentId ?? undefined), () =>
    work(deps, job, ctl, claimed.attempts),
  );
  return true;
}

async function work(deps: WorkDeps, job: Claimed, ctl: Control, attempts: number): Promise<void> {
  // The lease runs on while a long step (a dry run of 50,000 rows) has no batch to renew it with.
  const heartbeat = setInterval(
    () => {
      void inScope(PLATFORM_SCOPE, () => repo.renewLease(deps.db, ctl.runner, job.id, ctl.leaseMs)).catch(
        (err: unknown) => deps.log.warn({ err, job: job.id }, 'the import lease could not be renewed'),
      );
    },
    Math.max(1000, Math.floor(ctl.leaseMs / 3)),
  );
  heartbeat.unref();
  try {
    if (attempts > MAX_ATTEMPTS) {
      deps.log.error(
        { job: job.id, attempts, status: job.status },
        `an import job was failed: its runner stopped ${attempts - 1} times while working it`,
      );
      await failJob(deps, job, ctl, failureMessage(job.status));
      return;
    }
    if (job.status === 'checking') await dryRun(deps, job, ctl);
    else await commit(deps, job, ctl);
  } catch (err) {
    if (err instanceof Superseded) return;
    deps.log.error({ err, job: job.id }, 'an import job failed');
    await failJob(deps, job, ctl, failureMessage(job.status)).catch((e: unknown) =>
      deps.log.error({ err: e, job: job.id }, 'an import job could not be marked failed'),
    );
  } finally {
    clearInterval(heartbeat);
    // A runner that stops midway lets the job go at once: the next start takes it up where it stopped.
    if (ctl.stopping()) {
      await inScope(PLATFORM_SCOPE, () => repo.releaseLease(deps.db, ctl.runner, job.id)).catch(
        () => undefined,
      );
    }
  }
}

export function startImportRunner(deps: WorkDeps, pollMs: number): ImportRunner {
  const runner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let lastSweep = 0;
  const loop = async () => {
    do {
      again = false;
      if (Date.now() - lastSweep > SWEEP_MS) {
        lastSweep = Date.now();
        await inScope(PLATFORM_SCOPE, () => repo.sweepJobs(deps.db));
      }
      while (!stopped && (await runOneJob(deps, { runner, stopping: () => stopped }))) {
        // Another job may be waiting: one after the other.
      }
    } while (again && !stopped);
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((err: unknown) => deps.log.error({ err }, 'the import runner failed'))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(wake, 0);
  const timer = setInterval(wake, pollMs);
  first.unref();
  timer.unref();
  return {
    wake,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
