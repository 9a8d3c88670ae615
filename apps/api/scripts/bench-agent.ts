import type { Query } from './bench-data.ts';

// The bench agency's agent (issue 25 item 8, decision 034): an agent with 2,000 of the agency's clients assigned,
// spread over the whole agency (every n-th client newest first), whose list and search must meet the owner's goals.
// Added to a bench set made before it, once: the set's sizes do not change.

export const AGENT_EMAIL = 'bench-agent@bench.in';
export const AGENT_CLIENTS = 2_000;

/** The agent's user, made and given their clients if the set has none yet; answers how many clients they have. */
export async function ensureBenchAgent(
  query: Query,
  agencyId: string,
  passwordHash: string,
): Promise<number> {
  const [held] = await query(
    `select count(*)::int as n from primary_clients c join users u on u.id = c.assigned_agent_id
      where c.agency_id = $1 and u.email = $2`,
    [agencyId, AGENT_EMAIL],
  );
  if (Number(held?.n) > 0) return Number(held!.n);
  const [agent] = await query(
    `insert into users (role, agency_id, email, password_hash, full_name)
       values ('AG', $1, $2, $3, 'Bench Agent')
     on conflict do nothing returning id`,
    [agencyId, AGENT_EMAIL, passwordHash],
  );
  const agentId =
    agent?.id ??
    (await query('select id from users where agency_id = $1 and email = $2', [agencyId, AGENT_EMAIL]))[0]!.id;
  await query(
    `with numbered as (
       select id, row_number() over (order by created_at desc, id desc) as n, count(*) over () as total
         from primary_clients where agency_id = $1 and deleted_at is null)
     update primary_clients c set assigned_agent_id = $2
       from numbered
      where c.id = numbered.id
        and numbered.n % greatest(1, numbered.total / $3) = 0
        and numbered.n <= greatest(1, numbered.total / $3) * $3`,
    [agencyId, agentId, AGENT_CLIENTS],
  );
  await query('analyze primary_clients');
  const [now] = await query('select count(*)::int as n from primary_clients where assigned_agent_id = $1', [
    agentId,
  ]);
  return Number(now?.n);
}
