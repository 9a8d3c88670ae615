import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { currentScope, scopeSettings } from './scope.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One handle type for both engines (stack.md: a union of the driver types breaks overloads). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export class DataDirLockedError extends Error {}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes, and two writers lose data silently (stack.md), so one process
 * owns the data directory: a lock file holding its pid. A stale lock of a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && pidAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${holder}. Stop it first, or set DATA_DIR to another directory.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

/** Embedded PostgreSQL: `memory://` or a directory; `loadDataDir` starts from a dumped copy (tests). */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  let unlock = () => {};
  let location: string | undefined;
  if (dataDir !== 'memory://') {
    location = path.join(dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const client = await PGlite.create({
      ...(location ? { dataDir: location } : {}),
      ...(loadDataDir && !(location && existsSync(location)) ? { loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return {
      db,
      engine: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The role the API's queries run as on PostgreSQL: not the tables' owner, no BYPASSRLS (migration 0006). */
export const APP_ROLE = 'portal_app';

const SET_ROLE_AND_SCOPE = `select set_config('role', '${APP_ROLE}', false), set_config('app.agency_id', $1, false), set_config('app.scope', $2, false)`;

/** What each pooled connection was last given, so a checkout in the same scope costs no round trip. */
const applied = new WeakMap<pg.PoolClient, { agencyId: string; scope: string }>();

async function applyScope(client: pg.PoolClient, want: { agencyId: string; scope: string }): Promise<void> {
  const have = applied.get(client);
  if (have && have.agencyId === want.agencyId && have.scope === want.scope) return;
  applied.delete(client);
  await client.query(SET_ROLE_AND_SCOPE, [want.agencyId, want.scope]);
  applied.set(client, want);
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * Row-level security's second wall (decision 012): every connection handed out — for a single query or a
 * transaction — first becomes the app role and takes the scope of the code asking (AsyncLocalStorage),
 * so a setting never carries over from one request to the next on a pooled connection.
 */
class ScopedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now: pool.query() calls connect() synchronously, still inside the caller's scope.
    const want = scopeSettings(currentScope());
    if (!callback) {
      return super.connect().then(async (client) => {
        try {
          await applyScope(client, want);
        } catch (err) {
          client.release(err as Error);
          throw err;
        }
        return client;
      });
    }
    super.connect((err, client, done) => {
      if (err || !client) {
        callback(err, client, done);
        return;
      }
      applyScope(client, want).then(
        () => callback(undefined, client, done),
        (error: Error) => {
          done(error);
          callback(error, undefined, () => {});
        },
      );
    });
  }
}

/**
 * PostgreSQL. `as: 'app'` (the API): queries run as the app role under row-level security. `as: 'owner'`:
 * the URL's own user, as migrations and the tests' direct set-up use it.
 */
export async function openPostgres(
  url: string,
  max = 10,
  options: { as?: 'app' | 'owner' } = {},
): Promise<Database> {
  const pool =
    options.as === 'owner'
      ? new pg.Pool({ connectionString: url, max })
      : new ScopedPool({ connectionString: url, max });
  // An idle connection the server closes (a restart, a failover, a terminated backend) emits 'error' on the
  // pool; unheard, Node would end the process. The pool drops that connection and opens a new one on demand.
  pool.on('error', (err) => {
    process.stderr.write(`PostgreSQL closed an idle connection: ${err.message}\n`);
  });
  // A connection checked out but between queries (a transaction awaiting a file write) that the server
  // closes emits 'error' on its client, which no one hears either: the process would end on a database
  // restart (issue 9 item 8). The query in progress or the next one fails instead; the pool drops it.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      process.stderr.write(`PostgreSQL closed a connection in use: ${err.message}\n`);
    });
  });
  // Fail at start-up, not on the first request, when the server is unreachable.
  // (Not as the app role: before the first migration it does not exist yet.)
  const probe = await (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(pool);
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    // As the owner: the app role may not change the schema.
    migrate: async () => {
      const owner = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePg(drizzlePg({ client: owner, schema }) as never, {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await owner.end();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
