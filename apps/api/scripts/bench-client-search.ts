// The client search at scale (issue 5): fills an agency with 100k generated primary clients (and another
// agency with 20k), then times the real listClients for typical searches and prints EXPLAIN ANALYZE of the
// exact SQL it ran. PGlite by default; BENCH_PG=postgres://... runs it on an empty PostgreSQL database.
//   node --import tsx scripts/bench-client-search.ts [> plans.txt]     (BENCH_N changes the 100k)
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, MIGRATIONS_FOLDER } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { listClients } from '../src/modules/primary-clients/primary-clients.repository.ts';
import { insertOwnerWithAgency, primaryClientsSql, withoutTrigramIndexes } from './bench-data.ts';

const url = process.env.BENCH_PG;
const N = Number(process.env.BENCH_N ?? 100000);
let captured: { sql: string; params: unknown[] }[] = [];
const logger = { logQuery: (q: string, p: unknown[]) => captured.push({ sql: q, params: p }) };
let query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
let db: Db;
let close: () => Promise<void>;
if (url) {
  const pool = new pg.Pool({ connectionString: url });
  const pgDb = drizzlePg({ client: pool, schema, logger });
  await migratePg(pgDb, { migrationsFolder: MIGRATIONS_FOLDER });
  db = pgDb as unknown as Db;
  query = async (s, p) => (await pool.query(s, p as never[])).rows;
  close = () => pool.end();
} else {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite({ client, schema, logger });
  await migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER });
  db = pgliteDb as unknown as Db;
  query = async (s, p) => (await client.query(s, p)).rows as Record<string, unknown>[];
  close = () => client.close();
}
const t0 = performance.now();
// One generator for every bench (bench-data.ts): owners with agencies, then realistic primary clients.
await insertOwnerWithAgency(query, { slug: 'bench', name: 'Bench', email: 'bench@x.in' });
await insertOwnerWithAgency(query, { slug: 'other', name: 'Other', email: 'other@x.in' });
const agencyId = String((await query(`select id from agencies where slug = 'bench'`))[0]!.id);
await withoutTrigramIndexes(query, ['primary_clients'], async () => {
  await query(primaryClientsSql('bench', N));
  await query(primaryClientsSql('other', 20000));
});
await query('analyze primary_clients');
console.log(`seeded ${N} + 20000 clients in ${Math.round(performance.now() - t0)} ms`);

const sampleCode = `BENCH-${String(Math.min(42137, N)).padStart(6, '0')}`;
const sample = (
  await query(`select phone, email from primary_clients where agency_id = $1 and client_code = $2`, [
    agencyId,
    sampleCode,
  ])
)[0] as { phone: string; email: string };
const searches: [string, string | undefined, number][] = [
  ['no search, first page', undefined, 0],
  ['no search, page 500', undefined, 4990],
  ['common surname "sharma"', 'sharma', 0],
  ['full name "priya sharma"', 'priya sharma', 0],
  ['rare "sharmawala"', 'sharmawala', 0],
  ['email part', sample.email.slice(0, 14), 0],
  ['phone part (6 digits)', sample.phone.slice(3, 9), 0],
  ['full phone spaced', `${sample.phone.slice(0, 5)} ${sample.phone.slice(5)}`, 0],
  ['client code', sampleCode, 0],
  ['no match "zzqx"', 'zzqx', 0],
  ['2 chars "ra"', 'ra', 0],
];
for (const [label, search, offset] of searches) {
  await listClients(db, agencyId, { offset, limit: 10, search }); // warm
  captured = [];
  const t = performance.now();
  const { rows, total } = await listClients(db, agencyId, { offset, limit: 10, search });
  const ms = performance.now() - t;
  const out: string[] = [
    `## ${label}: search=${JSON.stringify(search)} -> ${rows.length} rows of ${total}; listClients ${ms.toFixed(1)} ms`,
  ];
  for (const [i, q] of captured.entries()) {
    const plan = await query(`explain (analyze, costs off, timing on, summary on) ${q.sql}`, q.params);
    const lines = plan.map((r) => String(Object.values(r)[0]));
    out.push(`  [${i === 0 ? 'page' : 'count'}]`);
    for (const l of lines) out.push(`    ${l}`);
  }
  console.log(out.join('\n'));
}
await close();
