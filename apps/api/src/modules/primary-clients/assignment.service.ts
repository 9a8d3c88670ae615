import type { AgentListResponse, AssignClients, AssignClientsResponse } from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { workspaceOf } from '../../lib/workspace.ts';
import * as repo from './assignment.repository.ts';
import { CLIENT_NOT_FOUND, type PrimaryClientsDeps } from './primary-clients.service.ts';

// Who works which client (issue 25 item 3, decision 034): the owner and agency admins (the route's access)
// assign one client or many to an active agent of the agency, or to nobody. All or nothing.

export const AGENT_NOT_AGENT = 'Agent must be an active agent of your agency.';

const plural = (n: number) => (n === 1 ? '1 client' : `${n} clients`);

export async function assignPrimaryClients(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  input: AssignClients,
  ip: string,
): Promise<AssignClientsResponse> {
  const ws = workspaceOf(subject);
  const ids = [...new Set(input.client_ids.map((id) => id.toLowerCase()))];
  const agentId = input.agent_id ?? null;
  return deps.db.transaction(async (tx) => {
    const agent = agentId ? await repo.lockAgent(tx, ws.agencyId, agentId) : null;
    if (agentId && !agent?.active) {
      throw new AppError('BAD_REQUEST', AGENT_NOT_AGENT, AGENT_NOT_AGENT, {
        fields: { agent_id: AGENT_NOT_AGENT },
      });
    }
    const found = await repo.lockClients(tx, ws.agencyId, ids);
    // Another agency's client, a removed one and no client look the same; none of the others is touched.
    if (found.length !== ids.length) {
      const message = ids.length === 1 ? CLIENT_NOT_FOUND : `One of the clients: ${CLIENT_NOT_FOUND}`;
      throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND, message, { fields: { client_ids: message } });
    }
    const moving = found.filter((c) => c.agentId !== agentId);
    if (moving.length > 0) {
      await repo.setAgent(
        tx,
        ws.agencyId,
        moving.map((c) => c.id),
        agentId,
      );
    }
    for (const c of moving) {
      await writeAudit(tx, {
        actorUserId: ws.userId,
        actorRole: ws.role,
        agencyId: ws.agencyId,
        action: 'primary_client.assign',
        targetType: 'primary_client',
        targetId: c.id,
        detail: { from: c.agentId, to: agentId },
        ip,
      });
    }
    const to = agent ? `assigned to ${agent.name}` : 'assigned to nobody';
    const answer: AssignClientsResponse = {
      status: 'success',
      message:
        moving.length === 0
          ? `No change: ${ids.length === 1 ? 'the client was' : 'the clients were'} already ${to}.`
          : `${plural(moving.length)} ${to}.`,
      data: { changed: moving.length, agent: agent ? { id: agent.id, name: agent.name } : null },
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function listAgents(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
): Promise<AgentListResponse> {
  const ws = workspaceOf(subject);
  const rows = await repo.agentsOf(deps.db, ws.agencyId);
  return {
    status: 'success',
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      active: r.active,
      assigned_clients: r.assigned,
    })),
  };
}
