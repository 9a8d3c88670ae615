import { CLAIM_NOT_FOUND, MSG, type Owns, type WorkspaceRole } from '@portal/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import {
  claims,
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  secondaryClients,
} from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { TokenSubject } from './tokens.ts';

// Who works in the agency's workspace and what they reach (issue 25, decisions §1): the owner (AO) and agency
// admins (AA) the whole book; an agent (AG) only the primary clients assigned to them, with their families and
// plans. Another agent's client is a 404 to an agent, with the same message as another agency's.

export interface Workspace {
  agencyId: string;
  userId: string;
  role: WorkspaceRole;
  /** The agent's own user id: set for an agent only, whose lists and records are their assigned clients'. */
  agentId: string | null;
}

/** The caller as the workspace sees them; the agency from the token only (decisions §2). */
export function workspaceOf(subject: TokenSubject): Workspace {
  if (!subject.agencyId) throw new AppError('FORBIDDEN', MSG.forbidden, 'The account has no agency.');
  const role: WorkspaceRole | undefined = subject.roles.includes('AO')
    ? 'AO'
    : subject.roles.includes('AA')
      ? 'AA'
      : subject.roles.includes('AG')
        ? 'AG'
        : undefined;
  if (!role) throw new AppError('FORBIDDEN', MSG.forbidden);
  return {
    agencyId: subject.agencyId,
    userId: subject.userId,
    role,
    agentId: role === 'AG' ? subject.userId : null,
  };
}

/** The not-found answer of each kind of record: the same for another agent's as for another agency's. */
export const NOT_FOUND_MESSAGE: Record<Owns, string> = {
  client: 'No client of your agency exists with this id.',
  member: 'No family member of your agency’s clients exists with this id.',
  plan: 'No plan of your agency’s clients exists with this id.',
  claim: CLAIM_NOT_FOUND,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the record of `kind` with this id belongs to a client assigned to the agent. False for a malformed id,
 * a record of another agency, another agent's, or none: the caller answers all of them alike.
 */
export async function isAssigned(
  db: Db,
  ws: Pick<Workspace, 'agencyId'> & { agentId: string },
  kind: Owns,
  id: string,
): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const values = { id, agencyId: ws.agencyId, agentId: ws.agentId };
  const rows = await assignedStatement(db, kind).execute(values);
  return rows.length > 0;
}

function assignedStatement(db: Db, kind: Owns) {
  const assigned = and(
    eq(primaryClients.agencyId, sql.placeholder('agencyId')),
    eq(primaryClients.assignedAgentId, sql.placeholder('agentId')),
    isNull(primaryClients.deletedAt),
  );
  switch (kind) {
    case 'client':
      return preparedOnce(db, 'agent_owns_client', (d) =>
        d
          .select({ one: sql<number>`1` })
          .from(primaryClients)
          .where(and(eq(primaryClients.id, sql.placeholder('id')), assigned))
          .limit(1)
          .prepare('agent_owns_client'),
      );
    case 'member':
      return preparedOnce(db, 'agent_owns_member', (d) =>
        d
          .select({ one: sql<number>`1` })
          .from(secondaryClients)
          .innerJoin(primaryClients, eq(primaryClients.id, secondaryClients.primaryClientId))
          .where(and(eq(secondaryClients.id, sql.placeholder('id')), assigned))
          .limit(1)
          .prepare('agent_owns_member'),
      );
    case 'plan':
      // A plan id names a policy or an investment account (decision 008).
      return preparedOnce(db, 'agent_owns_plan', (d) =>
        d
          .select({ one: sql<number>`1` })
          .from(primaryClients)
          .where(
            and(
              assigned,
              sql`${primaryClients.id} in (
                select ${insurancePolicies.primaryClientId} from ${insurancePolicies}
                  where ${insurancePolicies.id} = ${sql.placeholder('id')}
                union all
                select ${investmentAccounts.primaryClientId} from ${investmentAccounts}
                  where ${investmentAccounts.id} = ${sql.placeholder('id')})`,
            ),
          )
          .limit(1)
          .prepare('agent_owns_plan'),
      );
    case 'claim':
      // A claim is its plan's client's (issue 28).
      return preparedOnce(db, 'agent_owns_claim', (d) =>
        d
          .select({ one: sql<number>`1` })
          .from(claims)
          .innerJoin(primaryClients, eq(primaryClients.id, claims.primaryClientId))
          .where(
            and(
              eq(claims.id, sql.placeholder('id')),
              eq(claims.agencyId, sql.placeholder('agencyId')),
              assigned,
            ),
          )
          .limit(1)
          .prepare('agent_owns_claim'),
      );
  }
}

/**
 * For ids that travel in a body (a new family member's or new plans' primary client): an agent may name only a
 * client assigned to them. Throws `refusal` otherwise; the owner and agency admins pass.
 */
export async function assertMayWorkClient(db: Db, ws: Workspace, clientId: string, refusal: () => AppError) {
  if (ws.agentId === null) return;
  if (!(await isAssigned(db, { agencyId: ws.agencyId, agentId: ws.agentId }, 'client', clientId))) {
    throw refusal();
  }
}

/**
 * The lists' narrowing to an agent's clients (decision 034): the condition on `primary_clients` for an agent,
 * nothing for the owner and agency admins. Every list and figure of the workspace ANDs it with the agency's.
 */
export function assignedOnly(ws: Pick<Workspace, 'agentId'>): SQL | undefined {
  return ws.agentId === null ? undefined : eq(primaryClients.assignedAgentId, ws.agentId);
}

/** The key part of a kept answer that differs per agent (decision 034): the agency's scope holds both. */
export function keptFor(ws: Pick<Workspace, 'agentId'>): string {
  return ws.agentId === null ? 'all' : `agent ${ws.agentId}`;
}
