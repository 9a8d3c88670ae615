import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { primaryClients, users } from '../../db/schema.ts';
import type { TokenSubject } from '../../lib/tokens.ts';

/** What the access hook checks on every signed-in call (decisions §3: revocation). */
export interface SessionState {
  tokenVersion: number;
  isActive: boolean;
  role: TokenSubject['roles'][number];
  mustChangePassword: boolean;
}

/** The signed-in client's own record as the client area reads it (`findOwnClient`'s shape). */
export interface OwnClientRow {
  client: typeof primaryClients.$inferSelect;
  lastLoginAt: Date | null;
  userActive: boolean;
  userFullName: string;
  userPhone: string | null;
}

const ownClients = new WeakMap<TokenSubject, OwnClientRow | null>();

/**
 * The caller's session state, read once per signed-in call. For an agency client (AC) the same statement also
 * reads their own client record, which every call of the client area needs next (issue 8: one round trip
 * fewer); `rememberedOwnClient` hands it to the client area for the rest of this request.
 */
export async function loadSession(db: Db, subject: TokenSubject): Promise<SessionState | undefined> {
  if (!subject.roles.includes('AC') || !subject.agencyId) {
    const [state] = await preparedOnce(db, 'session_check', (d) =>
      d
        .select({
          tokenVersion: users.tokenVersion,
          isActive: users.isActive,
          role: users.role,
          mustChangePassword: users.mustChangePassword,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1)
        .prepare('session_check'),
    ).execute({ userId: subject.userId });
    return state;
  }
  const [row] = await preparedOnce(db, 'session_check_client', (d) =>
    d
      .select({
        tokenVersion: users.tokenVersion,
        isActive: users.isActive,
        role: users.role,
        mustChangePassword: users.mustChangePassword,
        lastLoginAt: users.lastLoginAt,
        userFullName: users.fullName,
        userPhone: users.phone,
        client: primaryClients,
      })
      .from(users)
      .leftJoin(
        primaryClients,
        and(
          eq(primaryClients.userId, users.id),
          eq(primaryClients.agencyId, sql.placeholder('agencyId')),
          isNull(primaryClients.deletedAt),
        ),
      )
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('session_check_client'),
  ).execute({ userId: subject.userId, agencyId: subject.agencyId });
  if (!row) return undefined;
  ownClients.set(
    subject,
    row.client
      ? {
          client: row.client,
          lastLoginAt: row.lastLoginAt,
          userActive: row.isActive,
          userFullName: row.userFullName,
          userPhone: row.userPhone,
        }
      : null,
  );
  return {
    tokenVersion: row.tokenVersion,
    isActive: row.isActive,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
  };
}

/**
 * The own client record read with this request's session check: a row, null (none), or undefined (not read,
 * or already taken). Handed out once, so a handler that changes the record and reads it again reads it anew.
 */
export function rememberedOwnClient(subject: TokenSubject): OwnClientRow | null | undefined {
  const row = ownClients.get(subject);
  ownClients.delete(subject);
  return row;
}
