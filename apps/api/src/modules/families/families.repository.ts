import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inlineCount } from '../../db/literal.ts';
import {
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';
import { searchFilter } from '../primary-clients/primary-clients.repository.ts';

// The family view's page (tenant-owned: agencyId first, every table named with it). A page costs the same
// statements whatever its size, never one per client: the page of clients is chosen first (by the same
// search and indexes as Registered Users), then one statement builds each chosen client's members and
// plans as JSON in the database; a searched page also carries its total as a window count.

export interface FamilyMemberJson {
  id: string;
  first_name: string;
  last_name: string | null;
  relationship: string;
}

export interface FamilyPlanJson {
  id: string;
  kind: 'insurance' | 'investment';
  service_code: string;
  provider_name: string;
  plan_name: string | null;
  number: string;
  end_date: string | null;
  /** The agency's mark (active, renewed, lapsed, closed): a lapsed plan is shown so (decisions §4). */
  status: string;
  secondary_client_id: string | null;
}

// Correlated on the outer row's agency and id, so each subquery uses the (agency_id, primary_client_id)
// indexes. Cast to text and parsed in the service: the two drivers need not agree on json parsing.
const membersJson = sql<string>`(select coalesce(json_agg(json_build_object(
    'id', sc.id, 'first_name', sc.first_name, 'last_name', sc.last_name, 'relationship', sc.relationship
  ) order by sc.created_at, sc.id), '[]')::text
  from ${secondaryClients} sc
  where sc.agency_id = "primary_clients"."agency_id"
    and sc.primary_client_id = "primary_clients"."id"
    and sc.deleted_at is null)`;

/** A removed member's plans leave the view with the member. */
const plansJson = sql<string>`(select coalesce(json_agg(p order by p.end_date nulls last, p.id), '[]')::text
  from (
    select ip.id, 'insurance' as kind, s.code as service_code, pr.provider_name, ip.plan_name,
      ip.policy_number as number, ip.end_date, ip.status, ip.secondary_client_id
    from ${insurancePolicies} ip
    join ${providers} pr on pr.id = ip.provider_id and pr.agency_id = ip.agency_id
    join ${services} s on s.id = ip.service_id
    left join ${secondaryClients} m on m.id = ip.secondary_client_id and m.agency_id = ip.agency_id
    where ip.agency_id = "primary_clients"."agency_id"
      and ip.primary_client_id = "primary_clients"."id"
      and ip.deleted_at is null
      and (ip.secondary_client_id is null or m.deleted_at is null)
    union all
    select ia.id, 'investment' as kind, s.code, pr.provider_name, ia.plan_name,
      ia.account_number, ia.end_date, ia.status, ia.secondary_client_id
    from ${investmentAccounts} ia
    join ${providers} pr on pr.id = ia.provider_id and pr.agency_id = ia.agency_id
    join ${services} s on s.id = ia.service_id
    left join ${secondaryClients} m on m.id = ia.secondary_client_id and m.agency_id = ia.agency_id
    where ia.agency_id = "primary_clients"."agency_id"
      and ia.primary_client_id = "primary_clients"."id"
      and ia.deleted_at is null
      and (ia.secondary_client_id is null or m.deleted_at is null)
  ) p)`;

export async function familyPage(
  db: Db,
  agencyId: string,
  page: { offset: number; limit: number; search?: string | undefined },
  /** An agent's clients only (decision 034); nothing for the owner and agency admins. */
  assigned?: SQL | undefined,
) {
  // An agent's page is narrowed as a search is: a window count over their clients, not a count of the agency.
  const filter = and(searchFilter(agencyId, page.search), assigned);
  const where = and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt), filter);
  // As in the client list: searched, the matches come from the trigram index once, with the total as a window
  // count in its own subquery; unsearched, the page walks the (agency, created) index and the total is a count.
  const matches = db
    .select({
      id: primaryClients.id,
      createdAt: primaryClients.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(primaryClients)
    .where(where)
    .as('matches');
  const chosen = filter
    ? db
        .select()
        .from(matches)
        .orderBy(desc(matches.createdAt), desc(matches.id))
        .limit(inlineCount(page.limit))
        .offset(inlineCount(page.offset))
        .as('chosen')
    : db
        .select({
          id: primaryClients.id,
          createdAt: primaryClients.createdAt,
          total: sql<number>`null::int`.mapWith(Number).as('total'),
        })
        .from(primaryClients)
        .where(where)
        .orderBy(desc(primaryClients.createdAt), desc(primaryClients.id))
        .limit(inlineCount(page.limit))
        .offset(inlineCount(page.offset))
        .as('chosen');
  const found = await db
    .select({
      id: primaryClients.id,
      clientCode: primaryClients.clientCode,
      firstName: primaryClients.firstName,
      lastName: primaryClients.lastName,
      email: primaryClients.email,
      phone: primaryClients.phone,
      members: membersJson,
      plans: plansJson,
      total: chosen.total,
    })
    .from(chosen)
    .innerJoin(primaryClients, and(eq(primaryClients.agencyId, agencyId), eq(primaryClients.id, chosen.id)))
    .orderBy(desc(chosen.createdAt), desc(chosen.id));
  const rows = found.map(({ total: _total, ...r }) => ({
    ...r,
    members: JSON.parse(r.members) as FamilyMemberJson[],
    plans: JSON.parse(r.plans) as FamilyPlanJson[],
  }));
  if (filter && (found.length > 0 || page.offset === 0)) return { rows, total: Number(found[0]?.total ?? 0) };
  // Unsearched, or a searched page past the end (no row carries the total).
  const [total] = await db.select({ n: count() }).from(primaryClients).where(where);
  return { rows, total: total?.n ?? 0 };
}
