// The family view at scale (issue 5): 100k clients (as bench-client-search.ts), one family member each and
// a policy for every client and every member, then times familyPage and prints EXPLAIN ANALYZE of its SQL.
//   node --import tsx scripts/bench-families.ts     (BENCH_N changes the 100k; BENCH_PG for PostgreSQL)
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Db, MIGRATIONS_FOLDER } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { familyPage } from '../src/modules/families/families.repository.ts';
import { insertOwnerWithAgency, primaryClientsSql } from './bench-data.ts';

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
await query(primaryClientsSql('bench', N));
await query(primaryClientsSql('other', 20000));
await query('analyze primary_clients');
console.log(`seeded ${N} + 20000 clients in ${Math.round(performance.now() - t0)} ms`);

await query(`insert into providers (agency_id, service_id, category, provider_name)
  select id, '00000000-0000-4000-8000-000000000001', 'insurance', 'LIC of India' from agencies where slug = 'bench'`);
await query(
  `insert into secondary_clients (agency_id, primary_client_id, first_name, relationship)
  select agency_id, id, 'Member', 'Spouse' from primary_clients where agency_id = $1`,
  [agencyId],
);
await query(
  `insert into insurance_policies (agency_id, primary_client_id, provider_id, service_id, policy_number, end_date)
  select c.agency_id, c.id, p.id, p.service_id, 'POL-' || c.client_code, current_date + 100
  from primary_clients c join providers p on p.agency_id = c.agency_id where c.agency_id = $1`,
  [agencyId],
);
await query(
  `insert into insurance_policies (agency_id, primary_client_id, secondary_client_id, provider_id, service_id, policy_number, end_date)
  select m.agency_id, m.primary_client_id, m.id, p.id, p.service_id, 'POL-M-' || m.id, current_date - 10
  from secondary_clients m join providers p on p.agency_id = m.agency_id where m.agency_id = $1`,
  [agencyId],
);
await query('analyze');
console.log(`seeded families in ${Math.round(performance.now() - t0)} ms`);
const searches: [string, string | undefined, number][] = [
  ['no search, first page', undefined, 0],
  ['no search, page 500', undefined, 4990],
  ['common surname "sharma"', 'sharma', 0],
  ['rare "sharmawala"', 'sharmawala', 0],
  ['client code', 'BENCH-042137', 0],
  ['no match "zzqx"', 'zzqx', 0],
];
for (const [label, search, offset] of searches) {
  await familyPage(db, agencyId, { offset, limit: 10, search }); // warm
  captured = [];
  const t = performance.now();
  const { rows, total } = await familyPage(db, agencyId, { offset, limit: 10, search });
  const ms = performance.now() - t;
  const plans = rows.reduce((n, r) => n + r.plans.length, 0);
  console.log(
    `## ${label}: ${rows.length} clients of ${total}, ${plans} plans; familyPage ${ms.toFixed(1)} ms, ${captured.length} statements`,
  );
  if (process.env.BENCH_EXPLAIN) {
    for (const q of captured) {
      const plan = await query(`explain (analyze, costs off, timing on, summary on) ${q.sql}`, q.params);
      for (const r of plan) console.log(`    ${String(Object.values(r)[0])}`);
    }
  }
}
await close();
