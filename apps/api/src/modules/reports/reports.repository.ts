import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// The reports' queries (issue 29, decision 046). Every query names the agency first, in each table it reads
// (conventions; the Citus model of decisions §6), and casts dates, counts and money to text or integers so both
// engines answer the same shapes.

export interface ReportScope {
  agencyId: string;
  from: string;
  to: string;
  service?: string | undefined;
  provider?: string | undefined;
  /** The clients' assigned agent. */
  staff?: string | undefined;
}

type PlanTable = 'insurance_policies' | 'investment_accounts';
const PLAN_TABLES: readonly PlanTable[] = ['insurance_policies', 'investment_accounts'];
const planType = (t: PlanTable) => (t === 'insurance_policies' ? 'insurance' : 'investment');

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The filters on a plan `p` (service, provider, the client's agent) as joins and conditions; a join only when its
 * filter is asked, so an unfiltered register walks the date index alone.
 */
function planFilters(scope: ReportScope): { joins: SQL; where: SQL } {
  const joins: SQL[] = [];
  const where: SQL[] = [];
  if (scope.service) {
    joins.push(sql` join services fs on fs.id = p.service_id`);
    where.push(sql` and fs.code = ${scope.service}`);
  }
  if (scope.provider) where.push(sql` and p.provider_id = ${scope.provider}`);
  if (scope.staff) {
    joins.push(sql` join primary_clients fc on fc.agency_id = p.agency_id and fc.id = p.primary_client_id`);
    where.push(sql` and fc.assigned_agent_id = ${scope.staff}`);
  }
  return { joins: sql.join(joins, sql``), where: sql.join(where, sql``) };
}

/** What one instalment costs: the premium; a SIP's amount; an RD's or other investment's amount. */
const instalment = (t: PlanTable) =>
  t === 'insurance_policies'
    ? sql`p.premium_amount`
    : sql`coalesce(case when p.subtype_fields ->> 'sip_amount' ~ '^\\d+(\\.\\d{1,2})?$' then (p.subtype_fields ->> 'sip_amount')::numeric end, p.amount)`;

// ---------------------------------------------------------------------------------------------------------------
// Premium register

export interface RegisterKey {
  date: string;
  id: string;
}

/** What a register row shows of its plan `p`, read in the branch that has the plan (no join back to it). */
const planCols = (t: PlanTable) =>
  sql`p.primary_client_id, p.secondary_client_id, p.provider_id, p.service_id, p.premium_mode,
    ${t === 'insurance_policies' ? sql`p.policy_number` : sql`p.account_number`} as plan_number`;

/**
 * The filters on a payment's plan, which is a policy (`ip`) or an account (`ia`). Written on the plan's columns
 * after the payment's own index scan: an enum comparison is not leakproof, so under row-level security it could
 * not narrow an index scan anyway (decision 046).
 */
function paymentFilters(scope: ReportScope): { joins: SQL; where: SQL } {
  const joins: SQL[] = [];
  const where: SQL[] = [];
  if (scope.service) {
    joins.push(sql` join services fs on fs.id = coalesce(ip.service_id, ia.service_id)`);
    where.push(sql` and fs.code = ${scope.service}`);
  }
  if (scope.provider) where.push(sql` and coalesce(ip.provider_id, ia.provider_id) = ${scope.provider}`);
  if (scope.staff) {
    joins.push(
      sql` join primary_clients fc on fc.agency_id = pp.agency_id and fc.id = coalesce(ip.primary_client_id, ia.primary_client_id)`,
    );
    where.push(sql` and fc.assigned_agent_id = ${scope.staff}`);
  }
  return { joins: sql.join(joins, sql``), where: sql.join(where, sql``) };
}

/**
 * The register's rows as (day, id, …) of both sources: each payment made in the period (one branch, walking the
 * payments' (agency, paid on, id) index), and each active plan of either table whose first unpaid premium (its
 * stored next due date) falls in the period. With `limit`, the first rows after `after` in (day, id) order, each
 * branch walked by its index in that order.
 */
function registerSource(
  scope: ReportScope,
  today: string,
  after: RegisterKey | null,
  limit: number | null,
): SQL {
  const page = (date: SQL, id: SQL) =>
    after ? sql` and (${date}, ${id}) > (${after.date}::date, ${after.id}::uuid)` : sql``;
  const cap = (order: SQL) => (limit === null ? sql`` : sql` order by ${order} limit ${limit}`);
  const pf = paymentFilters(scope);
  const parts: SQL[] = [
    sql`(select pp.id, pp.plan_id, pp.paid_on as day, pp.due_date, pp.paid_on, pp.amount as premium,
        'paid' as status, pp.plan_type::text as plan_type,
        coalesce(ip.primary_client_id, ia.primary_client_id) as primary_client_id,
        coalesce(ip.secondary_client_id, ia.secondary_client_id) as secondary_client_id,
        coalesce(ip.provider_id, ia.provider_id) as provider_id,
        coalesce(ip.service_id, ia.service_id) as service_id,
        coalesce(ip.premium_mode, ia.premium_mode) as premium_mode,
        coalesce(ip.policy_number, ia.account_number) as plan_number
      from premium_payments pp
      left join insurance_policies ip
        on pp.plan_type = 'insurance' and ip.agency_id = pp.agency_id and ip.id = pp.plan_id
      left join investment_accounts ia
        on pp.plan_type = 'investment' and ia.agency_id = pp.agency_id and ia.id = pp.plan_id${pf.joins}
      where pp.agency_id = ${scope.agencyId} and pp.paid_on between ${scope.from}::date and ${scope.to}::date
        and (ip.id is not null or ia.id is not null) and coalesce(ip.deleted_at, ia.deleted_at) is null${pf.where}
        ${page(sql`pp.paid_on`, sql`pp.id`)}${cap(sql`pp.paid_on, pp.id`)})`,
  ];
  for (const t of PLAN_TABLES) {
    const table = sql.raw(t);
    const f = planFilters(scope);
    parts.push(sql`(select p.id, p.id as plan_id, p.next_due_date as day, p.next_due_date as due_date,
        null::date as paid_on, ${instalment(t)} as premium,
        case when p.next_due_date < ${today}::date then 'overdue' else 'due' end as status, ${planType(t)}::text as plan_type,
        ${planCols(t)}
      from ${table} p${f.joins}
      where p.agency_id = ${scope.agencyId} and p.next_due_date between ${scope.from}::date and ${scope.to}::date
        and p.status = 'active' and p.deleted_at is null and p.next_due_date is not null${f.where}
        ${page(sql`p.next_due_date`, sql`p.id`)}${cap(sql`p.next_due_date, p.id`)})`);
  }
  return sql.join(parts, sql` union all `);
}

export interface RegisterRow {
  id: string;
  plan_id: string;
  plan_type: 'insurance' | 'investment';
  day: string;
  due_date: string;
  paid_on: string | null;
  premium: string | null;
  status: 'paid' | 'due' | 'overdue';
  primary_client_id: string;
  client_first: string;
  client_last: string | null;
  client_code: string;
  holder_first: string | null;
  holder_last: string | null;
  provider_name: string;
  service_code: string;
  service_name: string;
  plan_number: string;
  mode: string;
}

/** A page of the register in (date, id) order, with what each row shows. */
export function registerPage(
  db: Db,
  scope: ReportScope,
  today: string,
  after: RegisterKey | null,
  limit: number,
): Promise<RegisterRow[]> {
  return rows<RegisterRow>(
    db,
    sql`select r.id, r.plan_id, r.plan_type, r.day::text as day, r.due_date::text as due_date,
        r.paid_on::text as paid_on, r.premium::numeric(16, 2)::text as premium, r.status,
        c.id as primary_client_id, c.first_name as client_first, c.last_name as client_last, c.client_code,
        h.first_name as holder_first, h.last_name as holder_last, pr.provider_name,
        s.code as service_code, s.name as service_name, r.plan_number, r.premium_mode as mode
      from (select * from (${registerSource(scope, today, after, limit)}) u order by day, id limit ${limit}) r
      join primary_clients c on c.agency_id = ${scope.agencyId} and c.id = r.primary_client_id
      left join secondary_clients h on h.agency_id = ${scope.agencyId} and h.id = r.secondary_client_id
      join providers pr on pr.agency_id = ${scope.agencyId} and pr.id = r.provider_id
      join services s on s.id = r.service_id
      order by r.day, r.id`,
  );
}

export interface RegisterTotalRow {
  status: 'paid' | 'due' | 'overdue';
  count: number;
  premium: string;
}

export function registerTotals(db: Db, scope: ReportScope, today: string): Promise<RegisterTotalRow[]> {
  return rows<RegisterTotalRow>(
    db,
    sql`select status, count(*)::int as count, coalesce(sum(premium), 0)::numeric(16, 2)::text as premium
      from (${registerSource(scope, today, null, null)}) u group by status`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// New business

export interface NewBusinessRow {
  service_code: string;
  service_name: string;
  provider_id: string;
  provider_name: string;
  plans: number;
  amount: string;
  previous_plans: number;
  previous_amount: string;
}

/**
 * Plans started in the period and in `previous`, by service and provider: a policy's first-year premium (a year's
 * worth by its mode; a single premium once) and an investment's amount.
 */
export function newBusiness(
  db: Db,
  scope: ReportScope,
  previous: { from: string; to: string },
): Promise<NewBusinessRow[]> {
  const parts = PLAN_TABLES.map((t) => {
    const f = planFilters(scope);
    const money =
      t === 'insurance_policies'
        ? sql`case when p.premium_mode = 'Single premium' then p.premium_amount else annual_premium(p.premium_amount, p.premium_mode) end`
        : sql`p.amount`;
    return sql`select p.service_id, p.provider_id, p.start_date >= ${scope.from}::date as current, ${money} as money
      from ${sql.raw(t)} p${f.joins}
      where p.agency_id = ${scope.agencyId} and p.deleted_at is null${f.where}
        and (p.start_date between ${scope.from}::date and ${scope.to}::date
          or p.start_date between ${previous.from}::date and ${previous.to}::date)`;
  });
  // Added up by the plans' keys first, then named: a join of every plan to its service and provider (300,000 rows
  // at the bench agency) took more than half the time.
  return rows<NewBusinessRow>(
    db,
    sql`select s.code as service_code, s.name as service_name, pr.id as provider_id, pr.provider_name,
        n.plans, n.amount, n.previous_plans, n.previous_amount
      from (select service_id, provider_id,
          (count(*) filter (where current))::int as plans,
          coalesce(sum(money) filter (where current), 0)::numeric(16, 2)::text as amount,
          (count(*) filter (where not current))::int as previous_plans,
          coalesce(sum(money) filter (where not current), 0)::numeric(16, 2)::text as previous_amount
        from (${sql.join(parts, sql` union all `)}) u group by service_id, provider_id) n
      join services s on s.id = n.service_id
      join providers pr on pr.agency_id = ${scope.agencyId} and pr.id = n.provider_id
      order by s.sort_order, s.name, pr.provider_name`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Renewals and lapses

/** The instants an Indian calendar period covers: from its first day's midnight to the next day's after its last. */
const instants = (scope: ReportScope) => ({
  start: `${scope.from}T00:00:00+05:30`,
  // The day after `to` at midnight in India: `to` + 1 day is computed by PostgreSQL.
  end: sql`((${scope.to}::date + 1)::text || 'T00:00:00+05:30')::timestamptz`,
});

/** Each plan (of a service) renewed, lapsed or lost in the period, once per kind. */
function renewalFacts(scope: ReportScope): SQL {
  const { start, end } = instants(scope);
  const parts: SQL[] = [];
  for (const t of PLAN_TABLES) {
    const f = planFilters(scope);
    const table = sql.raw(t);
    parts.push(sql`select distinct e.kind::text as kind, e.plan_id, p.service_id, null::text as reason
      from renewal_events e join ${table} p on p.agency_id = e.agency_id and p.id = e.plan_id${f.joins}
      where e.agency_id = ${scope.agencyId} and e.plan_type = ${planType(t)} and e.kind in ('renewed', 'lapsed')
        and e.at >= ${start}::timestamptz and e.at < ${end} and p.deleted_at is null${f.where}`);
    parts.push(sql`select 'lost' as kind, l.plan_id, p.service_id, l.reason
      from plan_losses l join ${table} p on p.agency_id = l.agency_id and p.id = l.plan_id${f.joins}
      where l.agency_id = ${scope.agencyId} and l.plan_type = ${planType(t)}
        and l.at >= ${start}::timestamptz and l.at < ${end} and p.deleted_at is null${f.where}`);
  }
  return sql.join(parts, sql` union all `);
}

export interface RenewalServiceRow {
  service_code: string;
  service_name: string;
  renewed: number;
  lapsed: number;
  lost: number;
  /** Plans lapsed or lost (each once). */
  gone: number;
}

export function renewalsByService(db: Db, scope: ReportScope): Promise<RenewalServiceRow[]> {
  return rows<RenewalServiceRow>(
    db,
    sql`select s.code as service_code, s.name as service_name,
        (count(distinct f.plan_id) filter (where f.kind = 'renewed'))::int as renewed,
        (count(distinct f.plan_id) filter (where f.kind = 'lapsed'))::int as lapsed,
        (count(distinct f.plan_id) filter (where f.kind = 'lost'))::int as lost,
        (count(distinct f.plan_id) filter (where f.kind in ('lapsed', 'lost')))::int as gone
      from (${renewalFacts(scope)}) f join services s on s.id = f.service_id
      group by s.code, s.name, s.sort_order order by s.sort_order, s.name`,
  );
}

export function lostReasons(db: Db, scope: ReportScope): Promise<Array<{ reason: string; count: number }>> {
  return rows(
    db,
    sql`select reason, count(*)::int as count from (${renewalFacts(scope)}) f
      where f.kind = 'lost' group by reason order by count(*) desc, reason`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Book summary

/** Active plans started by the period's end (or with no start date). */
function bookPlans(scope: ReportScope): SQL {
  const parts = PLAN_TABLES.map((t) => {
    const f = planFilters(scope);
    const insurance = t === 'insurance_policies';
    return sql`select p.primary_client_id, p.service_id, p.provider_id,
        ${insurance ? sql`p.sum_assured` : sql`null::numeric`} as sum_assured,
        ${insurance ? sql`annual_premium(p.premium_amount, p.premium_mode)` : sql`null::numeric`} as annual_premium,
        ${insurance ? sql`null::numeric` : sql`p.amount`} as investment_amount
      from ${sql.raw(t)} p${f.joins}
      where p.agency_id = ${scope.agencyId} and p.status = 'active' and p.deleted_at is null${f.where}
        and (p.start_date is null or p.start_date <= ${scope.to}::date)`;
  });
  return sql.join(parts, sql` union all `);
}

export interface BookRow {
  service_code: string;
  service_name: string;
  provider_id: string;
  provider_name: string;
  plans: number;
  sum_assured: string;
  annual_premium: string;
  investment_amount: string;
}

export function bookByServiceProvider(db: Db, scope: ReportScope): Promise<BookRow[]> {
  // Added up by the plans' keys first, then named (as new business).
  return rows<BookRow>(
    db,
    sql`select s.code as service_code, s.name as service_name, pr.id as provider_id, pr.provider_name,
        b.plans, b.sum_assured, b.annual_premium, b.investment_amount
      from (select service_id, provider_id, count(*)::int as plans,
          coalesce(sum(sum_assured), 0)::numeric(18, 2)::text as sum_assured,
          coalesce(sum(annual_premium), 0)::numeric(16, 2)::text as annual_premium,
          coalesce(sum(investment_amount), 0)::numeric(16, 2)::text as investment_amount
        from (${bookPlans(scope)}) u group by service_id, provider_id) b
      join services s on s.id = b.service_id
      join providers pr on pr.agency_id = ${scope.agencyId} and pr.id = b.provider_id
      order by s.sort_order, s.name, pr.provider_name`,
  );
}

export interface TopClientRow {
  primary_client_id: string;
  first_name: string;
  last_name: string | null;
  client_code: string;
  plans: number;
  annual_premium: string;
}

/**
 * The households holding the book (clients with an active plan) and the top clients by annual premium (those with
 * any), from one walk of the book's plans.
 */
export async function bookClients(
  db: Db,
  scope: ReportScope,
  limit: number,
): Promise<{ households: number; top: TopClientRow[] }> {
  const found = await rows<TopClientRow & { households: number }>(
    db,
    sql`with g as materialized (
        select primary_client_id, count(*)::int as plans,
          coalesce(sum(annual_premium), 0)::numeric(16, 2) as annual_premium
        from (${bookPlans(scope)}) b group by primary_client_id),
      t as (select * from g where annual_premium > 0 order by annual_premium desc, primary_client_id limit ${limit})
      select h.households, c.id as primary_client_id, c.first_name, c.last_name, c.client_code, t.plans,
        t.annual_premium::text as annual_premium
      from (select count(*)::int as households from g) h
      left join (t join primary_clients c on c.agency_id = ${scope.agencyId} and c.id = t.primary_client_id) on true
      order by t.annual_premium desc, c.client_code`,
  );
  return {
    households: found[0]?.households ?? 0,
    top: found.filter((r) => r.primary_client_id !== null).map(({ households: _, ...row }) => row),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Claims summary

export interface ClaimStatusRow {
  status: string;
  claims: number;
  claimed: string;
  settled: string;
}

/** Claims intimated in the period, by status: their claimed and settled amounts. */
export function claimsByStatus(db: Db, scope: ReportScope): Promise<ClaimStatusRow[]> {
  const f = planFilters(scope);
  return rows<ClaimStatusRow>(
    db,
    sql`select k.status, count(*)::int as claims,
        coalesce(sum(k.claimed_amount), 0)::numeric(16, 2)::text as claimed,
        coalesce(sum(k.settled_amount), 0)::numeric(16, 2)::text as settled
      from claims k
      join insurance_policies p on p.agency_id = k.agency_id and p.id = k.plan_id${f.joins}
      where k.agency_id = ${scope.agencyId} and k.plan_type = 'insurance'
        and k.intimated_on between ${scope.from}::date and ${scope.to}::date${f.where}
      group by k.status`,
  );
}

// ---------------------------------------------------------------------------------------------------------------

export async function agencyHeader(
  db: Db,
  agencyId: string,
): Promise<{ name: string; slug: string; logo_document_id: string | null } | undefined> {
  const [row] = await rows<{ name: string; slug: string; logo_document_id: string | null }>(
    db,
    sql`select name, slug, logo_document_id from agencies where id = ${agencyId}`,
  );
  return row;
}
