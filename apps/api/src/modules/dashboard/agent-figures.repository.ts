import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insurancePolicies, investmentAccounts, primaryClients, secondaryClients } from '../../db/schema.ts';

// An agent's home figures (issue 25 item 6, decision 034): the trigger-kept totals are the agency's, so an
// agent's are counted from their clients, read through the (agency, assigned agent) index and each table's
// (agency, primary client) index. The same rules as the kept totals (migrations 0011, 0012): a client not
// removed; a family member not removed; a plan 'active', not removed, whose end date has not passed (none: never).
// The answer is kept per agent (dashboard.routes.ts) until the agency's clients, families or plans change.

const mine = (agencyId: string, agentId: string) =>
  sql`select ${primaryClients.id} from ${primaryClients}
    where ${primaryClients.agencyId} = ${agencyId} and ${primaryClients.assignedAgentId} = ${agentId}
      and ${primaryClients.deletedAt} is null`;

export async function agentClientCounts(db: Db, agencyId: string, agentId: string) {
  const { rows } = (await db.execute(sql`select
      (select count(*)::int from (${mine(agencyId, agentId)}) c) as "primary",
      (select count(*)::int from ${secondaryClients}
        where ${secondaryClients.agencyId} = ${agencyId} and ${secondaryClients.deletedAt} is null
          and ${secondaryClients.primaryClientId} in (${mine(agencyId, agentId)})) as "secondary"`)) as unknown as {
    rows: Array<{ primary: number; secondary: number }>;
  };
  return { primary: Number(rows[0]?.primary ?? 0), secondary: Number(rows[0]?.secondary ?? 0) };
}

/**
 * The agent's active plans in the shape of `planFigures`: per kind and service, per provider, per kind; a premium
 * per year (migration 0032's annual_premium), as the kept totals sum it.
 */
export async function agentPlanFigures(db: Db, agencyId: string, agentId: string, today: string) {
  const plans = (t: typeof insurancePolicies | typeof investmentAccounts, kind: string, money: SQL) =>
    sql`select ${kind}::text as kind, ${t.serviceId} as service_id, ${t.providerId} as provider_id,
        coalesce(${money}, 0) as amount
      from ${t}
      where ${t.agencyId} = ${agencyId} and ${t.deletedAt} is null and ${t.status} = 'active'
        and coalesce(${t.endDate}, 'infinity'::date) >= ${today}::date
        and ${t.primaryClientId} in (${mine(agencyId, agentId)})`;
  const { rows } = (await db.execute(sql`select kind,
      case when grouping(service_id) = 0 then service_id end as "serviceId",
      case when grouping(provider_id) = 0 then provider_id end as "providerId",
      count(*)::int as n, sum(amount)::numeric(16,2)::text as amount
    from (${plans(insurancePolicies, 'insurance', sql`annual_premium(${insurancePolicies.premiumAmount}, ${insurancePolicies.premiumMode})`)}
      union all ${plans(investmentAccounts, 'investment', sql`${investmentAccounts.amount}`)}) p
    group by grouping sets ((kind, service_id), (kind, provider_id), (kind))`)) as unknown as {
    rows: Array<{
      kind: 'insurance' | 'investment';
      serviceId: string | null;
      providerId: string | null;
      n: number;
      amount: string;
    }>;
  };
  return rows.map((r) => ({ ...r, n: Number(r.n), amount: String(r.amount) }));
}
