import type { Query } from './bench-data.ts';

// The bench agency's agent (issue 25 item 8, decision 034): an agent with 2,000 of the agency's clients assigned,
// spread over the whole agency (a sample by a hash of their ids), whose list and search must meet the owner's goals.
// Added to a bench set made before it: the set's sizes do not change.

export const AGENT_EMAIL = 'bench-agent@bench.in';
export const AGENT_CLIENTS = 2_000;

/** The agent's user, made and given their clients if the set does not hold them yet; answers how many they have. */
export async function ensureBenchAgent(
  query: Query,
  agencyId: string,
  passwordHash: string,
): Promise<number> {
  const [agent] = await query(
    `insert into users (role, agency_id, email, password_hash, full_name)
       values ('AG', $1, $2, $3, 'Bench Agent')
     on conflict do nothing returning id`,
    [agencyId, AGENT_EMAIL, passwordHash],
  );
  const agentId =
    agent?.id ??
    (await query('select id from users where agency_id = $1 and email = $2', [agencyId, AGENT_EMAIL]))[0]!.id;
  // The agent's clients are a sample by a hash of their ids, spread over the agency like the owner's own: every
  // n-th client by age (as first written) took the generator's names in step, so all 2,000 were Sharmas and the
  // agent's "sharma" search matched every one of them. Written only where a client's agent differs, so a set
  // already assigned this way is left as it is.
  const changed = await query(
    `with sample as (
       select id from primary_clients where agency_id = $1 and deleted_at is null
        order by md5(id::text) limit $3)
     update primary_clients c
        set assigned_agent_id = case when c.id in (select id from sample) then $2::uuid end
      where c.agency_id = $1
        and (c.assigned_agent_id = $2 or c.id in (select id from sample))
        and c.assigned_agent_id is distinct from (case when c.id in (select id from sample) then $2::uuid end)
      returning c.id`,
    [agencyId, agentId, AGENT_CLIENTS],
  );
  if (changed.length > 0) await query('analyze primary_clients');
  const [now] = await query('select count(*)::int as n from primary_clients where assigned_agent_id = $1', [
    agentId,
  ]);
  return Number(now?.n);
}
