import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TENANT_HOST_HEADER } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { openPglite } from '../../src/db/client.ts';
import { figure } from '../figures.ts';
import { SERVICE_IDS } from '../fixtures/services.ts';
import { databaseUrl } from '../global-setup.ts';
import { PORTAL_HOST, TEST_ENCRYPTION_KEY, TEST_TOKEN_SECRET } from '../helpers.ts';
import { describeHits, LeakWatch } from '../leak-scanner.ts';
import { multipart } from '../multipart.ts';

// The real server as an operator runs it (node --import tsx src/server.ts) in a child process, for the
// reliability tests that kill it, stop it or cut its database (issue 9 item 8). Requests go over HTTP.

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = path.join(API_DIR, 'src/server.ts');
export const HOST = '127.0.0.1';

/**
 * The sensitive-data tripwire over the real server processes of one test file (issue 9 item 7), as
 * createTestApp has it for in-process apps: every request() and its answer, and every line each process
 * wrote (stdout and stderr), scanned once the file's own afterAll has stopped its servers (hooks after a
 * file's tests run in reverse order; this one is registered first, on import). A hit fails the file.
 */
const tripwire = new LeakWatch();
const started: ServerProcess[] = [];
afterAll(() => {
  for (const server of started)
    for (const line of server.output().split('\n')) if (line.trim()) tripwire.log(line);
  const hits = tripwire.scan();
  const secrets = tripwire.seedDigests().length + tripwire.passwords.size + tripwire.tokens.size;
  // A hook registered here has no test file on its stack: figure() is told it.
  const testPath = expect.getState().testPath;
  const file = path.basename(testPath ?? 'a reliability test');
  figure(
    '7. Tripwire, whole API suite',
    `[security] tripwire server processes (${file}): ${started.length} started, ${tripwire.answers} answers, ` +
      `${tripwire.logLines} log lines, ${secrets} seeded secrets, ${hits.length} hits`,
    testPath,
  );
  if (hits.length > 0) throw new Error(describeHits(hits));
});

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote, for a failure's message. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for a server process, copied from the suite's migrated golden one (a fresh
 * PGlite directory would cost a migration run per test): the data directory, and on PostgreSQL a new
 * database. `drop` removes the PostgreSQL database.
 */
export async function freshDatabase(
  dataDir: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const golden = inject('golden');
  if (golden.engine === 'pglite') {
    const database = await openPglite(dataDir, new Blob([readFileSync(golden.file)]));
    await database.close();
    return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const name = `${golden.prefix}_rel_${randomBytes(5).toString('hex')}`;
  await onServer(golden.serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${golden.database}"`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(golden.serverUrl, name) },
    drop: () => onServer(golden.serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * Rows straight from a server's database while the server is stopped (PGlite has one process at a time),
 * as the database's owner: no row-level security, the whole truth.
 */
export async function queryStopped<K extends string>(
  env: Record<string, string>,
  dataDir: string,
  queries: Record<K, string>,
): Promise<Record<K, Array<Record<string, unknown>>>> {
  const out = {} as Record<K, Array<Record<string, unknown>>>;
  const entries = Object.entries(queries) as Array<[K, string]>;
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (const [name, text] of entries) out[name] = (await client.query(text)).rows;
    } finally {
      await client.end();
    }
    return out;
  }
  const database = await openPglite(dataDir);
  try {
    for (const [name, text] of entries) {
      const res = await database.db.execute(sql.raw(text));
      out[name] = (res as unknown as { rows: Array<Record<string, unknown>> }).rows;
    }
  } finally {
    await database.close();
  }
  return out;
}

export function serverEnv(port: number, overrides: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    HOST,
    PORT: String(port),
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PORTAL_HOST,
    SEED_DEMO: 'false',
    ADMIN_EMAIL: 'admin@reliability.test',
    ADMIN_PASSWORD: 'Reliable#Admin2026',
    // Every request's log lines, for the tripwire above.
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(API_DIR, '.tmp/no-web-build'),
    ...overrides,
  };
  return env;
}

/** Starts the server and waits (bounded) until its health check answers 200. */
export async function startServer(port: number, env: Record<string, string>, timeoutMs = 45_000) {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: API_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = { child, port, output: () => out, exited };
  started.push(server);
  let done = false;
  exited.then(() => {
    done = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done) throw new Error(`server exited while starting:\n${out}`);
    const res = await request(port, { method: 'GET', path: '/api/health', timeoutMs: 2000 }).catch(
      () => null,
    );
    if (res?.status === 200) return server;
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer its health check within ${timeoutMs} ms:\n${out}`);
}

export async function killServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill(signal);
  return server.exited;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string | object;
  timeoutMs?: number;
}

/** One request on a fresh connection; rejects on a connection error (a killed server) or the timeout. */
export function request(port: number, options: RequestOptions): Promise<Answer> {
  let payload: Buffer | undefined;
  const headers: Record<string, string> = { connection: 'close', ...options.headers };
  if (Buffer.isBuffer(options.body)) payload = options.body;
  else if (typeof options.body === 'string') payload = Buffer.from(options.body);
  else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] ??= 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  const sent: InjectOptions = {
    method: options.method as InjectOptions['method'],
    url: options.path,
    headers,
    ...(payload ? { payload } : {}),
  };
  tripwire.noteRequest(sent);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: HOST, port, method: options.method, path: options.path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const answer = { statusCode: res.statusCode ?? 0, headers: res.headers, body };
          tripwire.noteAnswer(sent, answer as unknown as LightMyRequestResponse);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body),
          });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Registers an agency over HTTP and signs its owner in: the token and the agency's id. */
export async function ownerOverHttp(port: number) {
  const form = makeRegistration();
  const reg = await request(port, { method: 'POST', path: '/api/agencies/register-client', body: form });
  if (reg.status !== 201) throw new Error(`registration answered ${reg.status}: ${reg.body}`);
  const { data } = reg.json<{ data: { agency_id: string; slug: string } }>();
  const login = await request(port, {
    method: 'POST',
    path: '/api/agencies/client-login',
    headers: { [TENANT_HOST_HEADER]: `${data.slug}.${PORTAL_HOST}` },
    body: { email: form.AgencyEmail, password: form.AgencyPassword },
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}: ${login.body}`);
  return { token: login.json<{ data: { token: string } }>().data.token, agencyId: data.agency_id };
}

/** A provider of the life service for the agency; its id. */
export async function lifeProviderOverHttp(port: number, token: string): Promise<string> {
  const body = multipart([
    {
      name: 'payload',
      value: JSON.stringify({ service_id: SERVICE_IDS.life, provider_name: 'Life Co', agency_code: 'AG-1' }),
    },
  ]);
  const res = await request(port, {
    method: 'POST',
    path: '/api/plans/insurance',
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  if (res.status !== 201) throw new Error(`provider answered ${res.status}: ${res.body}`);
  return res.json<{ data: { provider_id: string } }>().data.provider_id;
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same kills. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
