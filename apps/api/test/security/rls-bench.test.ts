import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openPostgres } from '../../src/db/client.ts';
import { addDays } from '../../src/lib/dates.ts';
import { addAccount, addPolicy, agencyWithClients, signedInClient } from '../fixtures/client-portal.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

// What row-level security costs on the client dashboard call (decision 012): the client area's summary and
// alerts, over real HTTP, with the API's pool as portal_app under row-level security against the same
// database with the pool as the owner (a superuser: no policy, no per-checkout settings). Clients of
// several agencies take turns, so pooled connections change scope as in real use. Opt-in, heavy:
//   flock /tmp/heavy.lock env RLS_BENCH=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test \
//     npx vitest run --project api apps/api/test/security/rls-bench.test.ts

const enabled = Boolean(process.env.RLS_BENCH && process.env.DATABASE_URL);
const AGENCIES = Number(process.env.RLS_BENCH_AGENCIES ?? 5);
const CONCURRENCY = 8;
const SECONDS = Number(process.env.RLS_BENCH_SECONDS ?? 8);

let t: TestApp;
let ownerDatabase: Database;
let rlsDatabase: Database;
let plain: FastifyInstance;
let walled: FastifyInstance;
const tokens: string[] = [];

/** Closed loop: CONCURRENCY callers each ask summary then alerts, round the clients, for `seconds`. */
async function measure(port: number, seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  let turn = 0;
  const caller = async () => {
    while (performance.now() < until) {
      const token = tokens[turn++ % tokens.length]!;
      const started = performance.now();
      const answers = await Promise.all(
        ['/api/agency-user/client/dashboard/summary', '/api/agency-user/upcoming-alerts'].map((path) =>
          fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } }),
        ),
      );
      for (const res of answers) {
        await res.arrayBuffer();
        if (res.status !== 200) failures += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, caller));
  latencies.sort((x, y) => x - y);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures };
}

describe.skipIf(!enabled)('row-level security cost on the client dashboard', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const today = new Date().toISOString().slice(0, 10);
    for (let i = 0; i < AGENCIES; i += 1) {
      const a = await agencyWithClients(t);
      const client = await signedInClient(t, a);
      for (const code of ['life', 'health', 'motor'] as const) {
        await addPolicy(t, a, client.primaryClientId, code, {
          endDate: addDays(today, 20 + i),
          premiumAmount: '12000',
        });
      }
      await addAccount(t, a, client.primaryClientId, 'nps', { endDate: addDays(today, 40) });
      tokens.push(client.token);
    }
    // Two apps on the same database with pools of the same size (the API's default, 10).
    rlsDatabase = await openPostgres(t.config.databaseUrl!, 10, { appUrl: t.config.databaseAppUrl });
    ownerDatabase = await openPostgres(t.config.databaseUrl!, 10, { as: 'owner' });
    walled = await buildApp(t.config, { database: rlsDatabase, logger: false });
    plain = await buildApp(t.config, { database: ownerDatabase, logger: false });
    await walled.listen({ host: '127.0.0.1', port: 4400 });
    await plain.listen({ host: '127.0.0.1', port: 4401 });
  }, 120_000);
  afterAll(async () => {
    await walled?.close();
    await plain?.close();
    await rlsDatabase?.close();
    await ownerDatabase?.close();
    await t?.close();
  });

  it('measures requests per second and p50/p99 with and without row-level security', async () => {
    // Warm both, then alternate so drift of the machine falls on both sides.
    await measure(4400, 2);
    await measure(4401, 2);
    const runs = {
      rls: [] as Awaited<ReturnType<typeof measure>>[],
      owner: [] as Awaited<ReturnType<typeof measure>>[],
    };
    for (let round = 0; round < 2; round += 1) {
      runs.rls.push(await measure(4400, SECONDS));
      runs.owner.push(await measure(4401, SECONDS));
    }
    const sum = (rs: Awaited<ReturnType<typeof measure>>[]) => ({
      perSecond: rs.reduce((s, r) => s + r.perSecond, 0) / rs.length,
      p50: rs.reduce((s, r) => s + r.p50, 0) / rs.length,
      p99: rs.reduce((s, r) => s + r.p99, 0) / rs.length,
      failures: rs.reduce((s, r) => s + r.failures, 0),
    });
    const rls = sum(runs.rls);
    const owner = sum(runs.owner);
    const line = (name: string, r: ReturnType<typeof sum>) =>
      `${name}: ${r.perSecond.toFixed(0)} dashboard calls/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`;
    process.stdout.write(
      `[bench] rls: client dashboard (summary + alerts in parallel), ${CONCURRENCY} concurrent callers, ${AGENCIES} agencies, 2 x ${SECONDS} s each\n` +
        `[bench] rls: ${line('with row-level security (portal_app)', rls)}\n` +
        `[bench] rls: ${line('without (owner, superuser)', owner)}\n` +
        `[bench] rls: cost ${(((owner.perSecond - rls.perSecond) / owner.perSecond) * 100).toFixed(1)} % of throughput, p50 ${(rls.p50 - owner.p50).toFixed(1)} ms, p99 ${(rls.p99 - owner.p99).toFixed(1)} ms\n`,
    );
    expect(rls.failures + owner.failures).toBe(0);
  }, 180_000);
});
