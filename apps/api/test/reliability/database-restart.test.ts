import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { figure } from '../figures.ts';
import { clientPayload } from '../fixtures/primary-clients.ts';
import {
  type Answer,
  killServer,
  ownerOverHttp,
  request,
  type ServerProcess,
  serverEnv,
  startServer,
} from './server-process.ts';

// Issue 9 item 8: the database restarts under load. The API runs on a PostgreSQL server of this test's own
// (never the machine's shared one), takes a bounded stream of reads and writes, and the database is
// stopped (pg_ctl stop -m fast) and started again. While it is down every answer is a 503 with Retry-After
// in the usual error body (never a 500, never a hang) and the health check says the database cannot be
// reached; once it is back requests succeed, and every write acknowledged with a 2xx is in the database.

const BIN = '/usr/lib/postgresql/15/bin';
const PG_PORT = 4425;
const API_PORT = 4426;
const WORKERS = 4;

function skipReason(): string | null {
  if (!process.env.DATABASE_URL) return 'PostgreSQL only (DATABASE_URL is not set)';
  if (!existsSync(path.join(BIN, 'initdb'))) return `no PostgreSQL binaries in ${BIN}`;
  const root = process.getuid?.() === 0;
  if (root && !existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) {
    return 'running as root without runuser (initdb refuses root)';
  }
  if (root) {
    try {
      execFileSync('id', ['postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root and there is no postgres user to run initdb as';
    }
  }
  return null;
}

const reason = skipReason();
if (reason) figure('8. Database restart', `[reliability] database restart: skipped — ${reason}`);

/** Runs a PostgreSQL tool as the postgres user when this process is root (initdb refuses root). */
function asPostgres(tool: string, args: string[]) {
  const file = path.join(BIN, tool);
  const [cmd, cmdArgs] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, cmdArgs, { stdio: 'pipe', timeout: 60_000 }).toString();
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(reason !== null)('PostgreSQL restart under load', () => {
  it('answers 503 with Retry-After while the database is down, then recovers with no acknowledged write lost', async () => {
    const started = Date.now();
    const base = mkdtempSync(path.join(os.tmpdir(), 'portal-pgrestart-'));
    chmodSync(base, 0o755);
    const pgData = path.join(base, 'pgdata');
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    if (process.getuid?.() === 0) chownSync(base, uid, gid);
    cleanups.push(() => rmSync(base, { recursive: true, force: true }));
    asPostgres('initdb', ['-D', pgData, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    const pgCtl = (...args: string[]) =>
      asPostgres('pg_ctl', [
        '-D',
        pgData,
        '-l',
        path.join(base, 'postgres.log'),
        '-o',
        `-p ${PG_PORT} -c listen_addresses=127.0.0.1 -k ${base}`,
        ...args,
      ]);
    pgCtl('-w', 'start');
    cleanups.push(() => {
      try {
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
    });
    const serverUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query('create database portal');
    await admin.end();
    const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/portal`;

    const dataDir = path.join(base, 'api');
    const env = serverEnv(API_PORT, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    const server: ServerProcess = await startServer(API_PORT, env);
    cleanups.push(() => killServer(server));
    const owner = await ownerOverHttp(API_PORT);
    const auth = { authorization: `Bearer ${owner.token}` };

    type Phase = 'before' | 'down' | 'after';
    let phase: Phase = 'before';
    const seen: Record<Phase, Record<string, number>> = { before: {}, down: {}, after: {} };
    const problems: string[] = [];
    const acknowledged = new Set<string>();
    let stop = false;
    const note = (res: Answer | null, what: string) => {
      const status = res ? String(res.status) : 'no answer';
      seen[phase][status] = (seen[phase][status] ?? 0) + 1;
      if (!res) {
        problems.push(`${phase}: ${what}: no answer`);
        return;
      }
      if (res.status === 503) {
        const body = res.json<{ message?: string; detail?: string }>();
        if (!res.headers['retry-after'] || !body.message || !body.detail) {
          problems.push(`${phase}: ${what}: 503 without Retry-After or the error body: ${res.body}`);
        }
      } else if (res.status >= 300) {
        problems.push(`${phase}: ${what}: ${res.status} ${res.body}`);
      }
    };
    const worker = async (n: number) => {
      for (let i = 0; !stop; i += 1) {
        if ((i + n) % 2 === 0) {
          const payload = clientPayload();
          const res = await request(API_PORT, {
            method: 'POST',
            path: '/api/users/primary-clients',
            headers: { ...auth, 'idempotency-key': randomUUID() },
            body: payload,
            timeoutMs: 10_000,
          }).catch(() => null);
          note(res, 'create');
          if (res?.status === 201) acknowledged.add(payload.email as string);
        } else {
          const res = await request(API_PORT, {
            method: 'GET',
            path: '/api/users/primary-clients?limit=5',
            headers: auth,
            timeoutMs: 10_000,
          }).catch(() => null);
          note(res, 'list');
        }
        await sleep(20);
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));

    await sleep(1500);
    const stopAt = Date.now();
    pgCtl('-m', 'fast', '-w', 'stop');
    phase = 'down';
    await sleep(500);
    const health = await request(API_PORT, { method: 'GET', path: '/api/health', timeoutMs: 10_000 }).catch(
      (err: Error) => {
        throw new Error(`health while down: ${err.message}\n${server.output().slice(-3000)}`);
      },
    );
    await sleep(2000);
    pgCtl('-w', 'start');
    const downSeconds = (Date.now() - stopAt) / 1000;
    // Back: the first success after the start.
    const upAt = Date.now();
    let recovered = false;
    while (Date.now() - upAt < 30_000) {
      const res = await request(API_PORT, { method: 'GET', path: '/api/health', timeoutMs: 5000 }).catch(
        () => null,
      );
      if (res?.status === 200) {
        recovered = true;
        break;
      }
      await sleep(100);
    }
    const recoverSeconds = (Date.now() - upAt) / 1000;
    phase = 'after';
    await sleep(1500);
    stop = true;
    await load;

    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBeDefined();
    expect(health.json<{ message: string }>().message).toMatch(/database cannot be reached/);
    expect(recovered).toBe(true);
    expect(problems).toEqual([]);
    expect(Object.keys(seen.down).every((s) => s === '503' || s.startsWith('2'))).toBe(true);
    expect(seen.down['503'] ?? 0).toBeGreaterThan(0);
    expect(Object.keys(seen.after).some((s) => s.startsWith('2'))).toBe(true);

    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const { rows } = await check.query<{ email: string }>(
      'select email from primary_clients where agency_id = $1',
      [owner.agencyId],
    );
    await check.end();
    const stored = new Set(rows.map((r) => r.email));
    const lost = [...acknowledged].filter((e) => !stored.has(e));
    expect(lost).toEqual([]);
    const total = (p: Phase) => Object.values(seen[p]).reduce((a, b) => a + b, 0);
    figure(
      '8. Database restart',
      `[reliability] database restart (PostgreSQL ${PG_PORT}): ${total('before') + total('down') + total('after')} requests (before ${JSON.stringify(seen.before)}, down ${JSON.stringify(seen.down)}, after ${JSON.stringify(seen.after)}), down ${downSeconds.toFixed(1)} s, health 503 while down, recovered ${recoverSeconds.toFixed(1)} s after start, ${acknowledged.size} acknowledged writes, 0 lost; test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 150_000);
});
