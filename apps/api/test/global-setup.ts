import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import {
  figuresOfRun,
  type RunOfFiles,
  tripwireLine,
  tripwireTotals,
  writeFigures,
} from './figures-report.ts';

// Migrates once into a golden copy (conventions: epic-stack's fast reset); every test app then starts from
// a copy of it. PGlite: a dumped data directory on disk. PostgreSQL: a template database on the server.

export type Golden =
  | { engine: 'pglite'; file: string }
  | { engine: 'postgres'; serverUrl: string; database: string; prefix: string; appLogin: string };

/**
 * The API's own login role in the tests on PostgreSQL (issue 9 item 2, DATABASE_APP_URL): test apps connect
 * as it, not as the owner. Roles belong to the whole server, so it is made once and shared by runs.
 */
export const TEST_APP_LOGIN = 'portal_api_test';

/** The URL of a test database as the app's login role. */
export function appUrl(serverUrl: string, database: string): string {
  const url = new URL(databaseUrl(serverUrl, database));
  url.username = TEST_APP_LOGIN;
  url.password = TEST_APP_LOGIN;
  return url.toString();
}

declare module 'vitest' {
  interface ProvidedContext {
    golden: Golden;
    /** Where the test files of this run leave their tripwire figures and figure lines (test/figures.ts). */
    runDir: string;
  }
}

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = path.resolve(API_DIR, '../..');

/** The server URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Dumps a killed run left behind (its teardown never ran); a live run's dump is left alone. */
function removeStaleDumps(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = Number(/^(?:golden|run)-(\d+)-[0-9a-f]+(?:\.tar)?$/.exec(name)?.[1]);
    if (pid && !alive(pid)) rmSync(path.join(dir, name), { force: true, recursive: true });
  }
}

async function pgliteGolden(project: TestProject): Promise<() => Promise<void>> {
  const database = await openPglite('memory://');
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  // Uncompressed: larger on disk, but each test file loads it faster than a gzip.
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = path.join(API_DIR, '.tmp');
  mkdirSync(dir, { recursive: true });
  removeStaleDumps(dir);
  const file = path.join(dir, `golden-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('golden', { engine: 'pglite', file });
  return async () => rmSync(file, { force: true });
}

async function postgresGolden(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  // Every database of this run starts with the prefix, so the teardown also drops copies a crashed file left.
  const prefix = `portal_test_${randomBytes(4).toString('hex')}`;
  const golden = `${prefix}_golden`;
  await withServer(serverUrl, (c) => c.query(`CREATE DATABASE "${golden}"`));
  await withServer(serverUrl, (c) =>
    c.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TEST_APP_LOGIN}') THEN
        BEGIN
          CREATE ROLE ${TEST_APP_LOGIN} LOGIN PASSWORD '${TEST_APP_LOGIN}' NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
    END $$`),
  );
  // Migrating with the app's login named also admits it to portal_app, as a deployment's start-up does.
  const database = await openPostgres(databaseUrl(serverUrl, golden), 2, {
    appUrl: appUrl(serverUrl, golden),
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  project.provide('golden', {
    engine: 'postgres',
    serverUrl,
    database: golden,
    prefix,
    appLogin: TEST_APP_LOGIN,
  });
  const version = await withServer(serverUrl, (c) =>
    c.query<{ v: string }>("select current_setting('server_version') as v"),
  );
  engine = `PostgreSQL ${version.rows[0]!.v.split(' ')[0]}`;
  return () =>
    withServer(serverUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
}

let engine = 'PGlite';

/**
 * After the run: the whole-suite tripwire's figure line (issue 9, item 7), summed over every test app of every
 * worker, and the run's figure lines written into SECURITY.md (test/figures-report.ts).
 */
async function reportRun(project: TestProject, runDir: string): Promise<void> {
  const totals = tripwireTotals(runDir);
  const line = tripwireLine(totals);
  console.log(line);
  const files = new Map<string, { failed: boolean }>();
  for (const m of project.vitest.state.getTestModules()) {
    if (m.project.name !== project.name) continue;
    files.set(path.relative(REPO_DIR, m.moduleId), { failed: m.state() === 'failed' });
  }
  const all = (await project.globTestFiles()).testFiles.map((f) => path.relative(REPO_DIR, f));
  const run: RunOfFiles = { engine, files, wholeProject: all.every((f) => files.has(f)) };
  writeFigures(
    path.join(REPO_DIR, 'SECURITY.md'),
    run,
    figuresOfRun(runDir),
    run.wholeProject && totals.apps > 0 ? line : null,
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  const tmp = path.join(API_DIR, '.tmp');
  mkdirSync(tmp, { recursive: true });
  const runDir = path.join(tmp, `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(runDir);
  project.provide('runDir', runDir);
  const teardown = serverUrl ? await postgresGolden(project, serverUrl) : await pgliteGolden(project);
  return async () => {
    try {
      await teardown();
      await reportRun(project, runDir);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  };
}
