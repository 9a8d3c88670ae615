// The one generator of realistic bench data (issue 8), used by `npm run bench` and by the issue 5 scripts
// (bench-client-search.ts, bench-families.ts). Everything is made in SQL (`insert … select generate_series`)
// so 1M rows take seconds on PostgreSQL, not a million round trips.

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const FIRST = [
  'Priya',
  'Rahul',
  'Anjali',
  'Vikram',
  'Sneha',
  'Arjun',
  'Kavita',
  'Rohan',
  'Neha',
  'Amit',
  'Pooja',
  'Sanjay',
  'Deepa',
  'Karan',
  'Meera',
  'Suresh',
  'Lakshmi',
  'Farhan',
  'Harpreet',
  'Debashish',
];
const LAST = [
  'Sharma',
  'Patel',
  'Iyer',
  'Reddy',
  'Nair',
  'Singh',
  'Gupta',
  'Mehta',
  'Desai',
  'Kulkarni',
  'Joshi',
  'Rao',
  'Khan',
  'Das',
  'Roy',
  'Menon',
  'Pillai',
  'Chopra',
  'Bose',
  'Verma',
  'Agarwal',
  'Banerjee',
  'Chatterjee',
  'Mishra',
  'Pandey',
];
// More given names for owners, so 1M owners spread over 40 × 25 names (≈ 1,000 owners share a full name).
const OWNER_FIRST = [
  ...FIRST,
  'Aditya',
  'Bhavna',
  'Chetan',
  'Divya',
  'Gaurav',
  'Ishita',
  'Jatin',
  'Kiran',
  'Manish',
  'Nandini',
  'Omkar',
  'Prakash',
  'Ritu',
  'Sachin',
  'Tanvi',
  'Uday',
  'Varsha',
  'Yash',
  'Zoya',
  'Abhishek',
];
const SUFFIX = [
  'Insurance',
  'Wealth',
  'Finserv',
  'Cover Advisors',
  'Investments',
  'Assurance',
  'Capital',
  'Advisory',
];

/** A valid version-4 shaped UUID from md5 (zod's uuid check refuses raw md5 text). */
const uuidOf = (expr: string) =>
  `overlay(overlay(md5(${expr}) placing '4' from 13 for 1) placing '8' from 17 for 1)::uuid`;

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** `n` primary clients of the agency `slug` (the issue 5 generator): codes SLUG-000001…, realistic names. */
export function primaryClientsSql(slug: string, n: number): string {
  return `
  insert into primary_clients (agency_id, client_code, first_name, last_name, email, phone, created_at)
  select a.id, upper(a.slug) || '-' || lpad(g::text, 6, '0'),
    (${arr(FIRST)})[1 + (g * 7) % 20],
    (${arr(LAST)})[1 + (g * 13) % 25] || case when g % 97 = 0 then 'wala' else '' end,
    'client' || g || '.' || substr(md5(g::text), 1, 6) || '@mail' || (g % 50) || '.in',
    '9' || lpad(((g::bigint * 7919 * 104729) % 1000000000)::text, 9, '0'),
    now() - (g || ' minutes')::interval
  from generate_series(1, ${n}) g, agencies a where a.slug = '${slug}'`;
}

/** An owner account (AO user + owner row) and its agency, with a chosen slug; returns the agency id. */
export async function insertOwnerWithAgency(
  query: Query,
  o: { slug: string; name: string; email: string; passwordHash?: string },
): Promise<string> {
  const rows = await query(
    `with u as (insert into users (role, email, password_hash, full_name) values ('AO', $1, $2, $3) returning id),
      o as (insert into owner_accounts (user_id, client_name, is_verified, verified_at, terms_accepted_at)
            select id, $3, true, now(), now() from u returning id)
    insert into agencies (owner_id, name, slug, email, phone, locality, city, state_name, pincode)
    select id, $3, $4, $1, '9820000000', 'Bandra West', 'Mumbai', 'Maharashtra', '400050' from o returning id`,
    [o.email, o.passwordHash ?? 'not-a-usable-hash', o.name, o.slug],
  );
  return String(rows[0]!.id);
}

/**
 * `n` agency owners for the admin list, one every 150 s back from now (1M ≈ 4.8 years), 95 % active,
 * 80 % verified, names from 40 × 25; every `n / agencies`-th owner has an agency (names of 8 kinds).
 * Ids are md5-derived so users, owners and agencies join without round trips.
 */
/**
 * Runs a bulk insert into `tables` with their trigram indexes dropped, then builds them again as they were (with
 * their options): far faster than growing them row by row, which they do without a pending list (migration 0017).
 */
export async function withoutTrigramIndexes(query: Query, tables: string[], insert: () => Promise<unknown>) {
  const trigram = await query(
    `select indexname, indexdef from pg_indexes where tablename = any($1) and indexdef like '%gin_trgm_ops%'`,
    [tables],
  );
  for (const ix of trigram) await query(`drop index "${String(ix.indexname)}"`);
  await insert();
  for (const ix of trigram) await query(String(ix.indexdef));
}

export async function generateOwners(query: Query, n: number, agencyCount: number): Promise<void> {
  await withoutTrigramIndexes(query, ['users', 'owner_accounts', 'agencies'], () =>
    insertOwners(query, n, agencyCount),
  );
}

async function insertOwners(query: Query, n: number, agencyCount: number): Promise<void> {
  const every = Math.max(1, Math.floor(n / agencyCount));
  const name = `(${arr(OWNER_FIRST)})[1 + (g * 7) % 40] || ' ' || (${arr(LAST)})[1 + (g * 11) % 25]`;
  await query(`
    insert into users (id, role, email, password_hash, full_name, is_active, created_at, updated_at)
    select ${uuidOf("'bench-owner-user-' || g")}, 'AO',
      lower((${arr(OWNER_FIRST)})[1 + (g * 7) % 40] || '.' || (${arr(LAST)})[1 + (g * 11) % 25]) || g
        || '@' || (array['gmail.com','yahoo.co.in','rediffmail.com','outlook.com','insure-mail.in'])[1 + g % 5],
      'not-a-usable-hash', ${name}, g % 20 <> 0,
      now() - g * interval '150 seconds', now() - g * interval '150 seconds'
    from generate_series(1, ${n}) g`);
  await query(`
    insert into owner_accounts (id, user_id, client_name, is_verified, verified_at, terms_accepted_at, created_at, updated_at)
    select ${uuidOf("'bench-owner-' || g")}, ${uuidOf("'bench-owner-user-' || g")}, ${name}, g % 5 <> 0,
      case when g % 5 <> 0 then now() - g * interval '150 seconds' end,
      now() - g * interval '150 seconds', now() - g * interval '150 seconds', now() - g * interval '150 seconds'
    from generate_series(1, ${n}) g`);
  await query(`
    insert into agencies (owner_id, name, slug, email, phone, locality, city, state_name, pincode, created_at)
    select ${uuidOf("'bench-owner-' || g")},
      (${arr(LAST)})[1 + ((g / ${every}) * 11) % 25] || ' ' || (${arr(SUFFIX)})[1 + (g / ${every}) % 8],
      'bench-a' || g, 'office' || g || '@agency.in', '98' || lpad(g::text, 8, '0'), 'MG Road',
      (array['Mumbai','Pune','Bengaluru','Chennai','Kolkata','Delhi','Hyderabad','Ahmedabad'])[1 + g % 8],
      'Maharashtra', '411001', now() - g * interval '150 seconds'
    from generate_series(${every}, ${n}, ${every}) g`);
}

export const SERVICE_IDS = {
  life: '00000000-0000-4000-8000-000000000001',
  health: '00000000-0000-4000-8000-000000000002',
  mutual_funds: '00000000-0000-4000-8000-000000000006',
} as const;

/**
 * The big agency's book: one family member for every other client, and per client a life and a health
 * policy (the health one held by the family member when there is one) and a mutual fund: 3 plans each.
 * Renewal dates spread over two years around today, so alerts and renewals have work; the life policies' premium
 * modes are mixed (yearly, half-yearly, quarterly, monthly) from start dates spread over a year, and every fund is a
 * monthly SIP on a day of its own, so the work-list's premium dues fall on every day (issue 27 item 7).
 */
export async function generateFamiliesAndPlans(query: Query, agencyId: string): Promise<void> {
  await query(
    `insert into providers (agency_id, service_id, category, provider_name) values
      ($1, '${SERVICE_IDS.life}', 'insurance', 'LIC of India'),
      ($1, '${SERVICE_IDS.health}', 'insurance', 'Star Health'),
      ($1, '${SERVICE_IDS.mutual_funds}', 'investment', 'HDFC Mutual Fund')`,
    [agencyId],
  );
  await query(
    `insert into secondary_clients (agency_id, primary_client_id, first_name, last_name, relationship)
    select agency_id, id, (${arr(FIRST)})[1 + (abs(hashtext(id::text)) % 20)], last_name, 'Spouse'
    from primary_clients where agency_id = $1 and substr(client_code, length(client_code)) in ('0','2','4','6','8')`,
    [agencyId],
  );
  const provider = (service: string) =>
    `(select id from providers where agency_id = c.agency_id and service_id = '${service}')`;
  await query(
    `insert into insurance_policies (agency_id, primary_client_id, provider_id, service_id, policy_number,
      plan_name, start_date, end_date, premium_amount, sum_assured, nominee_full_name, nominee_relation,
      subtype_fields)
    select c.agency_id, c.id, ${provider(SERVICE_IDS.life)}, '${SERVICE_IDS.life}', 'LIC-' || c.client_code,
      'Jeevan Anand', current_date - 30 - (abs(hashtext(c.client_code || 's')) % 365),
      current_date + (abs(hashtext(c.id::text)) % 730) - 60, 24000, 1000000,
      'Nominee of ' || c.first_name, 'Spouse',
      jsonb_build_object('mode', (array['Yearly','Half-yearly','Quarterly','Monthly'])[1 + abs(hashtext(c.client_code)) % 4],
        'term', 20, 'ppt', 15)
    from primary_clients c where c.agency_id = $1`,
    [agencyId],
  );
  await query(
    `insert into insurance_policies (agency_id, primary_client_id, secondary_client_id, provider_id, service_id,
      policy_number, plan_name, start_date, end_date, premium_amount, sum_assured)
    select c.agency_id, c.id, s.id, ${provider(SERVICE_IDS.health)}, '${SERVICE_IDS.health}', 'STAR-' || c.client_code,
      'Family Health Optima', current_date - 200, current_date + (abs(hashtext(c.client_code)) % 400) - 30, 18000, 500000
    from primary_clients c left join secondary_clients s on s.primary_client_id = c.id where c.agency_id = $1`,
    [agencyId],
  );
  await query(
    `insert into investment_accounts (agency_id, primary_client_id, provider_id, service_id, account_number,
      plan_name, start_date, amount, subtype_fields)
    select c.agency_id, c.id, ${provider(SERVICE_IDS.mutual_funds)}, '${SERVICE_IDS.mutual_funds}',
      'FOLIO-' || c.client_code, 'HDFC Flexi Cap SIP', current_date - 800, 5000,
      jsonb_build_object('investment_mode', 'sip', 'sip_day', 1 + abs(hashtext(c.client_code || 'd')) % 28)
    from primary_clients c where c.agency_id = $1`,
    [agencyId],
  );
}

/**
 * A life policy's number of the agency's client `depth` places from the newest, as an agent types it to find that
 * client (one match): the workspace's search by policy number (issue 24 item 11).
 */
export async function policyNumberAt(query: Query, agencyId: string, depth: number): Promise<string> {
  const [row] = await query(
    `select ip.policy_number from insurance_policies ip
     where ip.agency_id = $1 and ip.deleted_at is null and ip.secondary_client_id is null
       and ip.primary_client_id = (select id from primary_clients where agency_id = $1 and deleted_at is null
                                   order by created_at desc, id desc offset $2 limit 1)
     order by ip.policy_number limit 1`,
    [agencyId, depth],
  );
  return String(row!.policy_number);
}

/**
 * The full name of a family member, from `depth` places down the newest clients, that no primary client's own
 * search text holds: a search for it finds clients by their family alone (issue 24 item 11). The generator's members
 * take a given name by hash and their client's surname, so about a hundred members share one.
 */
export async function familyNameAt(query: Query, agencyId: string, depth: number): Promise<string> {
  // Candidates are read first and each is tried with a constant pattern, which the trigram index answers: a
  // correlated LIKE over every client's text for each candidate took minutes at 100k clients.
  const candidates = await query(
    `select s.first_name || ' ' || s.last_name as name
     from primary_clients p join secondary_clients s on s.agency_id = p.agency_id and s.primary_client_id = p.id
     where p.agency_id = $1 and p.deleted_at is null and s.deleted_at is null
     order by p.created_at desc, p.id desc offset $2 limit 200`,
    [agencyId, depth],
  );
  for (const { name } of candidates) {
    const held = await query(
      `select 1 from primary_clients where agency_id = $1 and deleted_at is null and search_text like $2 limit 1`,
      [agencyId, `%${String(name).toLowerCase()}%`],
    );
    if (held.length === 0) return String(name);
  }
  throw new Error(`No family member's name near depth ${depth} is free of every client's own search text.`);
}
