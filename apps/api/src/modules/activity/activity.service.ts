import {
  ACTIVITY_ACTIONS,
  ACTIVITY_SENTENCE,
  type ActivityAction,
  type ActivityEntry,
  type ActivityPeopleResponse,
  type ActivityResponse,
  ROLE_LABEL,
  type Role,
  SYSTEM_ACTOR,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays } from '../../lib/dates.ts';
import { fullName } from '../../lib/names.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './activity.repository.ts';

// The owner's activity log (issue 25 item 4, decision 033): who did what, in words, from the audit log. An
// entry names people, clients, plans, family members and providers by name, code and plan number only; the
// entries' `detail` (what changed) never leaves the API, so no identity number can reach the screen.

export interface ActivityQueryInput {
  person?: string | undefined;
  client?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** The first instant of an Indian calendar day (IST is +05:30 all year). */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00+05:30`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PLAN_TYPES = new Set(['insurance_policy', 'investment_account']);

function idsOf(rows: repo.EntryRow[], type: string): string[] {
  const ids = rows.filter((r) => r.targetType === type && r.targetId && UUID.test(r.targetId));
  return [...new Set(ids.map((r) => r.targetId as string))];
}

function text(detail: Record<string, unknown> | null, key: string): string | null {
  const value = detail?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

export async function activityLog(
  deps: { db: Db },
  subject: TokenSubject,
  query: ActivityQueryInput,
): Promise<ActivityResponse> {
  const agencyId = agencyOf(subject);
  const page = await repo.pageOfEntries(
    deps.db,
    agencyId,
    {
      actions: ACTIVITY_ACTIONS,
      person: query.person,
      client: query.client,
      from: query.from ? startOfIndianDay(query.from) : undefined,
      until: query.to ? startOfIndianDay(addDays(query.to, 1)) : undefined,
    },
    { offset: 0, limit: query.limit, after: query.after, before: query.before },
  );
  const { rows } = page;
  // People: who acted, and the members of staff the team's entries are about (issue 25 item 2).
  const actorIds = [
    ...new Set(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])).concat(idsOf(rows, 'staff'))),
  ];
  const clientIds = [...new Set(rows.flatMap((r) => (r.primaryClientId ? [r.primaryClientId] : [])))];
  if (query.client && !clientIds.includes(query.client)) clientIds.push(query.client);
  const [people, clients, plans, members, companies] = await Promise.all([
    repo.namesOfUsers(deps.db, actorIds),
    repo.clientsByIds(deps.db, agencyId, clientIds),
    repo.plansByIds(deps.db, agencyId, {
      insurance: idsOf(rows, 'insurance_policy'),
      investment: idsOf(rows, 'investment_account'),
    }),
    repo.membersByIds(deps.db, agencyId, idsOf(rows, 'secondary_client')),
    repo.providersByIds(deps.db, agencyId, idsOf(rows, 'provider')),
  ]);
  const personName = new Map(people.map((p) => [p.id, p.name]));
  const clientOf = new Map(clients.map((c) => [c.id, c]));
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const memberOf = new Map(members.map((m) => [m.id, m]));
  const providerOf = new Map(companies.map((p) => [p.id, p]));

  const targetOf = (row: repo.EntryRow, clientGone: boolean): ActivityEntry['target'] => {
    const id = row.targetId ?? '';
    if (row.targetType && PLAN_TYPES.has(row.targetType)) {
      const plan = planOf.get(id);
      const number = plan?.number ?? text(row.detail, 'number');
      const live = plan !== undefined && plan.deletedAt === null && !clientGone;
      return { kind: 'plan', label: number ? `Plan ${number}` : 'A plan', link_id: live ? id : null };
    }
    if (row.targetType === 'secondary_client') {
      const member = memberOf.get(id);
      if (!member) return { kind: 'member', label: 'A family member', link_id: null };
      const live = member.deletedAt === null && !clientGone;
      return {
        kind: 'member',
        label: fullName(member.firstName, member.lastName),
        link_id: live ? id : null,
      };
    }
    if (row.targetType === 'provider') {
      const name = providerOf.get(id)?.name ?? text(row.detail, 'provider_name');
      // The providers' screens are lists without a page per provider: nothing to link to.
      return { kind: 'provider', label: name ?? 'A provider', link_id: null };
    }
    if (row.targetType === 'staff') {
      // The team screen lists everyone on one page: nothing to link to.
      return { kind: 'staff', label: personName.get(id) ?? 'A member of staff', link_id: null };
    }
    return null;
  };

  const items = rows.map((row): ActivityEntry => {
    const client = row.primaryClientId ? clientOf.get(row.primaryClientId) : undefined;
    const clientGone = client?.deletedAt != null;
    const name = row.actorUserId ? personName.get(row.actorUserId) : undefined;
    return {
      id: String(row.id),
      at: row.at.toISOString(),
      action: row.action,
      sentence: ACTIVITY_SENTENCE[row.action as ActivityAction] ?? row.action,
      actor: {
        user_id: row.actorUserId,
        // A failed sign-in names no account when the e-mail matched none.
        name: name ?? (row.action === 'auth.login_failed' ? 'Unknown e-mail' : SYSTEM_ACTOR),
        role: row.actorRole ? ROLE_LABEL[row.actorRole as Role] : null,
      },
      client: client
        ? {
            primary_client_id: client.id,
            name: fullName(client.firstName, client.lastName),
            client_code: client.clientCode,
            exists: !clientGone,
          }
        : null,
      target: targetOf(row, clientGone),
    };
  });
  const filtered = query.client ? clientOf.get(query.client) : undefined;
  return {
    items,
    pagination: { limit: query.limit, next_cursor: page.nextCursor, prev_cursor: page.prevCursor },
    client: filtered
      ? {
          primary_client_id: filtered.id,
          name: fullName(filtered.firstName, filtered.lastName),
          client_code: filtered.clientCode,
        }
      : null,
  };
}

export async function activityPeople(
  deps: { db: Db },
  subject: TokenSubject,
): Promise<ActivityPeopleResponse> {
  const people = await repo.peopleOf(deps.db, agencyOf(subject));
  return {
    items: people.map((p) => ({
      user_id: p.id,
      name: p.name,
      role: ROLE_LABEL[p.role as Role],
      active: p.active,
    })),
  };
}
