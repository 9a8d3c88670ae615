import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { primaryClients, users } from '../../db/schema.ts';
import type { Tx } from './primary-clients.repository.ts';

// Assignment of the agency's primary clients to its agents (decision 034): agencyId first, as every
// tenant-owned query.

/** The agency's agent with this id, locked against a deactivation racing the assignment; null if none. */
export async function lockAgent(tx: Tx, agencyId: string, agentId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.fullName, active: users.isActive })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.id, agentId), eq(users.role, 'AG')))
    .for('share');
  return row ?? null;
}

/** The live clients named, locked for the rest of the transaction, with whom each is assigned to now. */
export function lockClients(tx: Tx, agencyId: string, ids: string[]) {
  return tx
    .select({ id: primaryClients.id, agentId: primaryClients.assignedAgentId })
    .from(primaryClients)
    .where(
      and(
        eq(primaryClients.agencyId, agencyId),
        inArray(primaryClients.id, ids),
        isNull(primaryClients.deletedAt),
      ),
    )
    .orderBy(asc(primaryClients.id))
    .for('update');
}

/**
 * Hands the clients to the agent (or to nobody). Not a profile edit: `updated_at` stays. The write announces the
 * agency on portal_client_area (migration 0013), which drops its kept lists, so an agent's lists and figures
 * change at once.
 */
export async function setAgent(tx: Tx, agencyId: string, ids: string[], agentId: string | null) {
  await tx
    .update(primaryClients)
    .set({ assignedAgentId: agentId })
    .where(and(eq(primaryClients.agencyId, agencyId), inArray(primaryClients.id, ids)));
}

/** The agency's agents, active first, with how many live clients each is assigned now. */
export async function agentsOf(db: Db, agencyId: string) {
  // Written out: drizzle names a one-table select's columns without their table, which would correlate nothing.
  const assigned = sql<number>`(select count(*)::int from "primary_clients" pc
    where pc."agency_id" = "users"."agency_id" and pc."assigned_agent_id" = "users"."id"
      and pc."deleted_at" is null)`;
  const rows = await db
    .select({
      id: users.id,
      name: users.fullName,
      email: users.email,
      active: users.isActive,
      assigned,
    })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), eq(users.role, 'AG')))
    .orderBy(desc(users.isActive), asc(users.fullName), asc(users.id));
  return rows.map((r) => ({ ...r, assigned: Number(r.assigned) }));
}
