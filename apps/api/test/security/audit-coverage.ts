import type { Endpoint, EndpointName } from '@portal/contract';
import { and, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema.ts';
import { decodeToken } from '../helpers.ts';

// Who did what (issue 25 item 4, decision 033): every write the authorization matrix lets through must leave an
// audit entry naming the caller and the role they acted in, and, when the write concerns a client, which client.
// The matrix calls every endpoint of the contract as every role, so a new write route that forgets its entry
// fails here without a row of its own.

/** Writes whose body, not their path, names the client they concern (or that make the client). */
const CLIENT_IN_BODY: readonly EndpointName[] = [
  'createPrimaryClient',
  'createSecondaryClient',
  'addPlansToExisting',
  'createClaim',
];

export interface AuditFigures {
  /** Successful signed-in writes checked. */
  writes: number;
  /** Writes that left no entry of their caller, or one with another role, or without its client. */
  misses: string[];
}

export const auditFigures: AuditFigures = { writes: 0, misses: [] };

/** The newest audit entry's number before a call. */
export async function auditMark(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  return Number(row?.id ?? 0);
}

/** After a successful write by a signed-in caller: its entries since `mark` must name it, its role and client. */
export async function checkAudited(
  db: Db,
  where: string,
  name: EndpointName,
  endpoint: Endpoint,
  token: string,
  mark: number,
): Promise<void> {
  const { payload } = decodeToken(token);
  const userId = String(payload.sub);
  const roles = payload.roleid as string[] | undefined;
  auditFigures.writes += 1;
  const entries = await db
    .select({ role: auditLog.actorRole, clientId: auditLog.primaryClientId, action: auditLog.action })
    .from(auditLog)
    .where(and(gt(auditLog.id, mark), eq(auditLog.actorUserId, userId)));
  if (entries.length === 0) {
    auditFigures.misses.push(`${where}: no audit entry of the caller`);
    return;
  }
  const wrongRole = entries.find((e) => roles && !roles.includes(String(e.role)));
  if (wrongRole) auditFigures.misses.push(`${where}: ${wrongRole.action} recorded as ${wrongRole.role}`);
  const concernsClient = endpoint.owns !== undefined || CLIENT_IN_BODY.includes(name);
  if (concernsClient && !entries.some((e) => e.clientId !== null)) {
    auditFigures.misses.push(`${where}: ${entries.map((e) => e.action).join(', ')} names no client`);
  }
}
