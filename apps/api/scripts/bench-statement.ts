// The portfolio statement's row of `npm run bench` (issue 29 item 2, decision 047): the statement of a household
// of 12 plans (4 members, one with a Hindi name, two health covers with insured members), asked for one after
// another by its agency's owner, each timed from the request until the whole PDF has arrived: the access check,
// the five reads, the audit entry, the PDF written and streamed. The app runs in this process (Fastify's inject:
// no socket) on the PostgreSQL server of DATABASE_URL, where a small agency of its own is seeded once (slug
// bench-statement). Run alone with `BENCH_ONLY=statement npm run bench`.

import { hash } from '@node-rs/argon2';
import { TENANT_HOST_HEADER } from '@portal/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { insertOwnerWithAgency, type Query } from './bench-data.ts';

/** The service catalogue's ids as migration 0001 seeds them (the bench keeps its own copy of test code's). */
const SERVICE_IDS = {
  life: '00000000-0000-4000-8000-000000000001',
  health: '00000000-0000-4000-8000-000000000002',
  motor: '00000000-0000-4000-8000-000000000003',
  travel: '00000000-0000-4000-8000-000000000004',
  home: '00000000-0000-4000-8000-000000000005',
  mutual_funds: '00000000-0000-4000-8000-000000000006',
  nps: '00000000-0000-4000-8000-000000000007',
  postoffice: '00000000-0000-4000-8000-000000000008',
} as const;

export const STATEMENT_GOAL_MS = 300;
const SLUG = 'bench-statement';
const OWNER_EMAIL = 'bench-statement@bench.in';

export interface StatementFigures {
  plans: number;
  requests: number;
  bytes: number;
  pages: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** The agency, its providers, and the household of 12 plans; returns the primary client's id. */
async function seed(query: Query, passwordHash: string): Promise<string> {
  const [found] = await query(
    `select p.id from primary_clients p join agencies a on a.id = p.agency_id where a.slug = $1 limit 1`,
    [SLUG],
  );
  if (found) return String(found.id);
  const agencyId = await insertOwnerWithAgency(query, {
    slug: SLUG,
    name: 'Bench Statement Agency',
    email: OWNER_EMAIL,
    passwordHash,
  });
  const provider: Record<string, string> = {};
  for (const [code, serviceId] of Object.entries(SERVICE_IDS)) {
    const investment = ['mutual_funds', 'nps', 'postoffice'].includes(code);
    const [row] = await query(
      `insert into providers (agency_id, service_id, category, provider_name) values ($1, $2, $3, $4) returning id`,
      [
        agencyId,
        serviceId,
        investment ? 'investment' : 'insurance',
        `${code.toUpperCase()} Company of India`,
      ],
    );
    provider[code] = String(row!.id);
  }
  const [client] = await query(
    `insert into primary_clients (agency_id, client_code, first_name, last_name, email, pan_last4, aadhaar_last4)
     values ($1, 'BS-000001', 'Ramesh', 'Kumar', 'ramesh@bench.in', '234F', '9012') returning id`,
    [agencyId],
  );
  const pc = String(client!.id);
  const member = async (first: string, last: string, relationship: string) => {
    const [row] = await query(
      `insert into secondary_clients (agency_id, primary_client_id, first_name, last_name, relationship, pan_last4)
       values ($1, $2, $3, $4, $5, '567K') returning id`,
      [agencyId, pc, first, last, relationship],
    );
    return String(row!.id);
  };
  const wife = await member('सुनीता', 'देवी', 'Wife');
  const son = await member('Arjun', 'Kumar', 'Son');
  const mother = await member('Kamla', 'Devi', 'Mother');
  const policy = async (
    code: string,
    holder: string | null,
    n: number,
    premium: string,
    sum: string | null,
    nominee: string | null,
    fields: Record<string, unknown> = {},
  ) => {
    const [row] = await query(
      `insert into insurance_policies (agency_id, primary_client_id, secondary_client_id, provider_id, service_id,
         policy_number, plan_name, premium_amount, sum_assured, start_date, end_date, next_due_date, nominee_full_name,
         nominee_relation, subtype_fields)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, current_date - 400, current_date + 3000, current_date + 40, $10,
         $11, $12) returning id`,
      [
        agencyId,
        pc,
        holder,
        provider[code],
        SERVICE_IDS[code as keyof typeof SERVICE_IDS],
        `${code.toUpperCase()}/2026/${String(n).padStart(6, '0')}`,
        `${code === 'life' ? 'Jeevan Anand' : code[0]!.toUpperCase() + code.slice(1)} Plan ${n}`,
        premium,
        sum,
        nominee,
        nominee ? 'Wife' : null,
        JSON.stringify({ mode: 'Yearly', ...fields }),
      ],
    );
    return String(row!.id);
  };
  await policy('life', null, 1, '24000.00', '1000000.00', 'सुनीता देवी');
  await policy('life', son, 2, '12000.00', '500000.00', 'Ramesh Kumar');
  const floater = await policy('health', null, 3, '18000.00', '500000.00', 'सुनीता देवी', {
    cover_type: 'Family Floater',
  });
  const senior = await policy('health', mother, 4, '32000.00', '300000.00', null);
  await policy('motor', null, 5, '7000.00', null, null, { rc_number: 'MH12AB1234' });
  await policy('home', null, 6, '4500.00', '2500000.00', 'Arjun Kumar');
  await policy('travel', wife, 7, '1500.00', null, 'Ramesh Kumar');
  await policy('life', wife, 8, '15000.00', '750000.00', 'Priya Sharma');
  for (const [policyId, name, relationship, secondary] of [
    [floater, 'Ramesh Kumar', 'Self', null],
    [floater, 'सुनीता देवी', 'Wife', wife],
    [floater, 'Arjun Kumar', 'Son', son],
    [senior, 'Kamla Devi', 'Mother', mother],
  ] as const) {
    await query(
      `insert into insured_members (agency_id, policy_id, secondary_client_id, insured_member_name, relationship)
       values ($1, $2, $3, $4, $5)`,
      [agencyId, policyId, secondary, name, relationship],
    );
  }
  const account = async (code: string, holder: string | null, n: number, amount: string, fields: object) => {
    await query(
      `insert into investment_accounts (agency_id, primary_client_id, secondary_client_id, provider_id, service_id,
         account_number, plan_name, amount, start_date, end_date, nominee_full_name, nominee_relation, subtype_fields)
       values ($1, $2, $3, $4, $5, $6, $7, $8, current_date - 300, current_date + 1500, 'Arjun Kumar', 'Son', $9)`,
      [
        agencyId,
        pc,
        holder,
        provider[code],
        SERVICE_IDS[code as keyof typeof SERVICE_IDS],
        `${code.toUpperCase()}-${String(n).padStart(8, '0')}`,
        `${code === 'nps' ? 'NPS Tier I' : code === 'postoffice' ? 'National Savings Certificate' : 'Bluechip Fund'} ${n}`,
        amount,
        JSON.stringify(fields),
      ],
    );
  };
  await account('mutual_funds', null, 9, '5000.00', { mode: 'sip', sip_amount: '5000' });
  await account('mutual_funds', wife, 10, '100000.00', { mode: 'lump_sum' });
  await account('nps', null, 11, '50000.00', { pran: '110012345678' });
  await account('postoffice', mother, 12, '20000.00', { scheme_name: 'NSC', term: 5 });
  return pc;
}

/** Seeds the household once, then times `requests` statements one after another (after a few to warm up). */
export async function statementRun(
  url: string,
  env: Record<string, string>,
  password: string,
  hashOptions: Parameters<typeof hash>[1],
  requests = Number(process.env.BENCH_STATEMENTS ?? 100),
): Promise<StatementFigures> {
  const pool = new pg.Pool({ connectionString: url });
  await migrate(drizzle({ client: pool, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  const query: Query = async (s, p) => (await pool.query(s, p as never[])).rows;
  const primaryClientId = await seed(query, await hash(password, hashOptions));
  const [count] = await query(
    `select (select count(*) from insurance_policies where primary_client_id = $1 and deleted_at is null)
          + (select count(*) from investment_accounts where primary_client_id = $1 and deleted_at is null) as n`,
    [primaryClientId],
  );
  await pool.end();

  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const app = await buildApp(loadConfig({ ...env, DATABASE_URL: url, LOG_LEVEL: 'silent' }), {
    logger: false,
  });
  await app.ready();
  const host = `${SLUG}.${env.PORTAL_HOST}`;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/agencies/client-login',
      headers: { [TENANT_HOST_HEADER]: host },
      payload: { email: OWNER_EMAIL, password },
    });
    if (login.statusCode !== 200)
      throw new Error(`the owner's sign-in answered ${login.statusCode}: ${login.body}`);
    const token = login.json<{ data: { token: string } }>().data.token;
    const ask = async () => {
      const t = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/api/reports/households/${primaryClientId}/statement.pdf`,
        headers: { authorization: `Bearer ${token}`, [TENANT_HOST_HEADER]: host },
      });
      const ms = performance.now() - t;
      if (res.statusCode !== 200) throw new Error(`the statement answered ${res.statusCode}: ${res.body}`);
      return { ms, bytes: res.rawPayload };
    };
    for (let i = 0; i < 5; i++) await ask();
    const times: number[] = [];
    let last: Buffer = Buffer.alloc(0);
    for (let i = 0; i < requests; i++) {
      const { ms, bytes } = await ask();
      times.push(ms);
      last = bytes;
    }
    times.sort((a, b) => a - b);
    return {
      plans: Number(count?.n ?? 0),
      requests,
      bytes: last.length,
      pages: (last.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: times.at(-1) ?? Number.NaN,
    };
  } finally {
    await app.close();
  }
}

export const statementPasses = (f: StatementFigures) => f.plans === 12 && f.p95 <= STATEMENT_GOAL_MS;

export function describeStatement(f: StatementFigures): string {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return `statement: ${f.requests} statements of a ${f.plans}-plan household one after another, ${(f.bytes / 1024).toFixed(1)} kB and ${f.pages} pages each: p50 ${ms(f.p50)}, p95 ${ms(f.p95)}, p99 ${ms(f.p99)}, max ${ms(f.max)} (goal p95 ≤ ${STATEMENT_GOAL_MS} ms)`;
}
