import { createHash } from 'node:crypto';
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
import { PLANNED_PER_CALL } from './prepared.ts';
import * as schema from './schema.ts';
import { currentScope, type ScopeSettings, scopeSettings } from './scope.ts';
import { announce, CHANNELS, listenOnPool } from './session-changes.ts';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** One handle type for both engines (stack.md: a union of the driver types breaks overloads). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Whether this process hears the database's session announcements right now (session-changes.ts): always on
 * PGlite (one process holds it), on PostgreSQL while at least one pooled connection is listening.
 */
export interface Hearing {
  now(): boolean;
  /** Told whenever hearing starts or stops; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  hearing: Hearing;
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
    // Before migrating the channel simply has no announcer yet; PGlite delivers each statement's own
    // announcements before that statement's promise settles.
    for (const channel of CHANNELS) {
      await client.listen(channel, (payload) => announce(channel, payload));
    }
    return {
      db,
      engine: 'pglite',
      hearing: { now: () => true, subscribe: () => () => {} },
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

const SET_ROLE_AND_SCOPE = `select set_config('role', '${APP_ROLE}', false), set_config('app.agency_id', $1, false), set_config('app.scope', $2, false), set_config('app.agent_id', $3, false)`;
/** With a login role of its own (DATABASE_APP_URL) the connection already is the app: only the scope is set. */
const SET_SCOPE = `select set_config('app.agency_id', $1, false), set_config('app.scope', $2, false), set_config('app.agent_id', $3, false)`;

/** What each pooled connection was last given, so a checkout in the same scope costs no round trip. */
const applied = new WeakMap<pg.PoolClient, ScopeSettings>();

/**
 * Named (server-side prepared) statements (issue 8): PostgreSQL parses, rewrites (adding the tenant policies)
 * and plans an unnamed statement on every call, which cost more than running the app's short queries. Each
 * connection prepares a statement text once under a name derived from the text and then only binds and runs
 * it. A connection keeps at most MAX_PREPARED names (texts past that run unnamed), so statements whose text
 * varies (an IN list of n ids) cannot grow a backend's memory without bound. A text marked `PLANNED_PER_CALL`
 * (prepared.ts) stays unnamed.
 */
const MAX_PREPARED = 400;
const prepared = new WeakSet<pg.PoolClient>();
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

function prepareStatements(client: pg.PoolClient): void {
  if (prepared.has(client)) return;
  prepared.add(client);
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config && typeof config === 'object' && !('name' in config && (config as { name?: string }).name)) {
      const text = (config as { text?: unknown }).text;
      if (typeof text === 'string' && !('submit' in config) && !text.includes(PLANNED_PER_CALL)) {
        const name = statementName(text);
        if (names.has(name) || names.size < MAX_PREPARED) {
          names.add(name);
          return query({ ...config, name }, ...rest);
        }
      }
    }
    return query(config, ...rest);
  };
}

async function applyScope(client: pg.PoolClient, want: ScopeSettings, ownLogin: boolean): Promise<void> {
  prepareStatements(client);
  const have = applied.get(client);
  if (have && have.agencyId === want.agencyId && have.scope === want.scope && have.agentId === want.agentId) {
    return;
  }
  applied.delete(client);
  await client.query(ownLogin ? SET_SCOPE : SET_ROLE_AND_SCOPE, [want.agencyId, want.scope, want.agentId]);
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
  /** Connected with the app's own login role (DATABASE_APP_URL), not the owner's. */
  ownLogin = false;
  /** False for the owner's pool (migrations, the tests' set-up): no role, no scope. */
  scoped = true;
  /** LISTENs for session announcements before the connection's first query (session-changes.ts). */
  listen: (client: pg.PoolClient) => Promise<void> = async () => {};

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // Read now: pool.query() calls connect() synchronously, still inside the caller's scope.
    const want = this.scoped ? scopeSettings(currentScope()) : undefined;
    const ready = async (client: pg.PoolClient) => {
      await this.listen(client);
      if (want) await applyScope(client, want, this.ownLogin);
    };
    if (!callback) {
      return super.connect().then(async (client) => {
        try {
          await ready(client);
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
      ready(client).then(
        () => callback(undefined, client, done),
        (error: Error) => {
          done(error);
          callback(error, undefined, () => {});
        },
      );
    });
  }
}

/** Sent as the connection's startup options, so every session of the pool starts with it. */
export const NO_JIT = '-c jit=off';

/**
 * PostgreSQL. `as: 'app'` (the API): queries run as the app role under row-level security — through its own
 * login role when `appUrl` (DATABASE_APP_URL) names one, else by switching the owner's connections to
 * portal_app. `as: 'owner'`: the URL's own user, as migrations and the tests' direct set-up use it.
 */
export async function openPostgres(
  url: string,
  max = 10,
  options: { as?: 'app' | 'owner'; appUrl?: string | undefined } = {},
): Promise<Database> {
  const appUrl = options.as === 'owner' ? undefined : options.appUrl;
  const pool = new ScopedPool({
    connectionString: options.as === 'owner' ? url : (appUrl ?? url),
    max,
    // No JIT compilation (decision 050): row-level security's per-row conditions inflate the planner's costs past
    // jit_above_cost, and compiling took 0.9 s of a 1 s report. Interactive answers never gain from it.
    options: NO_JIT,
  });
  pool.scoped = options.as !== 'owner';
  pool.ownLogin = Boolean(appUrl);
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
  const hearingListeners = new Set<() => void>();
  const heard = listenOnPool(pool, () => {
    for (const listener of hearingListeners) listener();
  });
  pool.listen = heard.listen;
  // Fail at start-up, not on the first request, when the server is unreachable.
  // (Not as the app role: before the first migration it does not exist yet.)
  const probe = await (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(pool);
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    hearing: {
      now: heard.hearing,
      subscribe: (listener) => {
        hearingListeners.add(listener);
        return () => hearingListeners.delete(listener);
      },
    },
    // As the owner: the app role may not change the schema.
    migrate: async () => {
      const owner = new pg.Pool({ connectionString: url, max: 1 });
      try {
        await migratePg(drizzlePg({ client: owner, schema }) as never, {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
        if (appUrl) await admitAppLogin(owner, appUrl);
      } finally {
        await owner.end();
      }
    },
    close: () => pool.end(),
  };
}

export class AppLoginError extends Error {}

/**
 * The app's own login role (DATABASE_APP_URL, issue 9 item 2): made a member of portal_app by the owner at
 * start-up, and refused when it could get past the tenant policies (a superuser, BYPASSRLS, or the tables'
 * owner), since then the second wall would not hold.
 */
async function admitAppLogin(owner: pg.Pool, appUrl: string): Promise<void> {
  const login = decodeURIComponent(new URL(appUrl).username);
  const { rows } = await owner.query<{
    rolsuper: boolean;
    rolbypassrls: boolean;
    owns: number;
    member: boolean;
  }>(
    `select r.rolsuper, r.rolbypassrls,
       (select count(*)::int from pg_tables t where t.schemaname = 'public' and t.tableowner = r.rolname) as owns,
       pg_has_role(r.oid, '${APP_ROLE}', 'USAGE') as member
     from pg_roles r where r.rolname = $1`,
    [login],
  );
  const role = rows[0];
  if (!role) throw new AppLoginError(`DATABASE_APP_URL names the role "${login}", which does not exist.`);
  if (role.rolsuper || role.rolbypassrls || role.owns > 0) {
    throw new AppLoginError(
      `DATABASE_APP_URL connects as "${login}", which ${role.rolsuper ? 'is a superuser' : role.rolbypassrls ? 'has BYPASSRLS' : 'owns the tables'}: row-level security would not hold it. Use a login role of its own (see the README).`,
    );
  }
  if (!role.member) await owner.query(`GRANT ${APP_ROLE} TO "${login.replaceAll('"', '""')}"`);
}

export function openDatabase(config: {
  databaseUrl: string | undefined;
  databaseAppUrl?: string | undefined;
  dataDir: string;
}) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, 10, { appUrl: config.databaseAppUrl })
    : openPglite(config.dataDir);
}
