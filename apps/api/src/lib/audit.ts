import type { Role } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { TokenSubject } from './tokens.ts';

export interface AuditEntry {
  actorUserId: string | null;
  actorRole: Role | null;
  agencyId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  /**
   * The primary client the entry concerns, where it concerns one: the owner's activity log is filtered by it
   * (issue 25 item 4, decision 033).
   */
  clientId?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * Who acts, from the verified token: the user and the role they act in (owner, agency admin, agent or client),
 * so an entry names the member of staff who did it, never the agency's owner in their place.
 */
export function actorOf(subject: TokenSubject): Pick<AuditEntry, 'actorUserId' | 'actorRole'> {
  return { actorUserId: subject.userId, actorRole: subject.roles[0] ?? null };
}

/** Appends to the audit log (decisions §5). Pass the transaction so the entry commits with the change. */
export async function writeAudit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    actorRole: entry.actorRole,
    agencyId: entry.agencyId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    primaryClientId: entry.clientId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
