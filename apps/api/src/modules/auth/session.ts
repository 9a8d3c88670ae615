import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { primaryClients, users } from '../../db/schema.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import type { OwnClientRef, SessionCache, SessionEntry, SessionState } from './session-cache.ts';

export type { SessionState } from './session-cache.ts';

/** The signed-in client's own record as the client area reads it (`findOwnClient`'s shape). */
export interface OwnClientRow {
  client: typeof primaryClients.$inferSelect;
  lastLoginAt: Date | null;
  userActive: boolean;
  userFullName: string;
  userPhone: string | null;
}

/** This request's own client: which one (always, for a client), and the whole record when it was read. */
interface Remembered {
  ref: OwnClientRef | null;
  row?: OwnClientRow | null;
}
const ownClients = new WeakMap<TokenSubject, Remembered>();

/**
 * The caller's session state, once per signed-in call: from the session cache when it holds the user (no round
 * trip), else read. For an agency client (AC) the read also takes their own client record, which every call of
 * the client area needs next; `rememberedOwnClient` hands it (or, from the cache, which record it is) to the
 * client area for the rest of this request.
 */
export async function loadSession(
  db: Db,
  cache: SessionCache,
  subject: TokenSubject,
): Promise<SessionState | undefined> {
  const client = subject.roles.includes('AC') && subject.agencyId !== null;
  const cached = cache.get(subject.userId, subject.agencyId);
  if (cached && (!client || cached.client !== undefined)) {
    if (client) ownClients.set(subject, { ref: cached.client ?? null });
    return cached.state;
  }
  const generation = cache.begin();
  const read = await readSession(db, subject, client);
  if (!read) return undefined;
  cache.put(subject.userId, subject.agencyId, read.entry, generation);
  if (client) ownClients.set(subject, { ref: read.entry.client ?? null, row: read.row ?? null });
  return read.entry.state;
}

async function readSession(
  db: Db,
  subject: TokenSubject,
  client: boolean,
): Promise<{ entry: SessionEntry; row?: OwnClientRow | null } | undefined> {
  if (!client) {
    const [state] = await preparedOnce(db, 'session_check', (d) =>
      d
        .select({
          tokenVersion: users.tokenVersion,
          isActive: users.isActive,
          role: users.role,
          mustChangePassword: users.mustChangePassword,
          mustEnrolSecondFactor: sql<boolean>`(${users.role} = 'ADMIN' and ${users.totpEnabledAt} is null)`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .limit(1)
        .prepare('session_check'),
    ).execute({ userId: subject.userId });
    return state ? { entry: { state } } : undefined;
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
  return {
    entry: {
      state: {
        tokenVersion: row.tokenVersion,
        isActive: row.isActive,
        role: row.role,
        mustChangePassword: row.mustChangePassword,
      },
      client: row.client ? { id: row.client.id, portalAccess: row.client.portalAccess } : null,
    },
    row: row.client
      ? {
          client: row.client,
          lastLoginAt: row.lastLoginAt,
          userActive: row.isActive,
          userFullName: row.userFullName,
          userPhone: row.userPhone,
        }
      : null,
  };
}

/**
 * What this request's session check learned of the caller's own client: which record it is (`ref`, null when
 * none), and the whole record when it was read (`row`); undefined when nothing was learned, or it was already
 * taken. Handed out once, so a handler that changes the record and reads it again reads it anew.
 */
export function rememberedOwnClient(subject: TokenSubject): Remembered | undefined {
  const remembered = ownClients.get(subject);
  ownClients.delete(subject);
  return remembered;
}
