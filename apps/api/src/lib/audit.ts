import type { Role } from '@portal/contract';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export interface AuditEntry {
  actorUserId: string | null;
  actorRole: Role | null;
  agencyId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
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
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
