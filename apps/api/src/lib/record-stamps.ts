import { type RecordStamp, ROLE_LABEL } from '@portal/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';

// "Added by … · Last changed by …" on a client's record and a plan (issue 25 item 4, decision 033). Who added
// a record is its own `created_by` and `created_at`, set by every insert; who last changed it is the newest
// audit entry on it among the actions that change it, read through the audit log's (target_type, target_id) index.

/** The actions that change a client's record: its fields, photo and portal access. */
export const CLIENT_CHANGES = [
  'primary_client.update',
  'primary_client.avatar_upload',
  'primary_client.portal_on',
  'primary_client.portal_off',
  'primary_client.portal_invited',
  'primary_client.portal_password_reset',
  'client.notification_preference',
] as const;

/** The actions that change a plan: its fields, its PDF, its renewal state. */
export const PLAN_CHANGES = [
  'plan.update',
  'plan.document_replace',
  'plan.renewed',
  'plan.lapsed',
  'plan.closed',
] as const;

export interface StampedRecord {
  createdBy: string | null;
  createdAt: Date;
  targetType: string;
  targetId: string;
  changes: readonly string[];
}

function roleLabel(role: string | null): string | null {
  return role && role in ROLE_LABEL ? ROLE_LABEL[role as keyof typeof ROLE_LABEL] : null;
}

export async function recordStamps(
  db: Pick<Db, 'select'>,
  agencyId: string,
  record: StampedRecord,
): Promise<{ added_by: RecordStamp; changed_by: RecordStamp | null }> {
  const [creator] = record.createdBy
    ? await db
        .select({ name: users.fullName, role: users.role })
        .from(users)
        .where(eq(users.id, record.createdBy))
    : [];
  const [change] = await db
    .select({ at: auditLog.at, role: auditLog.actorRole, name: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.targetType, record.targetType),
        eq(auditLog.targetId, record.targetId),
        eq(auditLog.agencyId, agencyId),
        inArray(auditLog.action, [...record.changes]),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return {
    added_by: {
      name: creator?.name ?? null,
      role: roleLabel(creator?.role ?? null),
      at: record.createdAt.toISOString(),
    },
    changed_by: change
      ? { name: change.name ?? null, role: roleLabel(change.role), at: change.at.toISOString() }
      : null,
  };
}
