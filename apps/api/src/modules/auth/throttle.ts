import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '@portal/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema.ts';

// Sign-in throttling per account and per address, kept in PostgreSQL so every API process shares it
// (decisions §3, §6): after 5 failures within 15 minutes, refuse without checking the password.

const WINDOW = sql.raw(`interval '${LOGIN_WINDOW_MINUTES} minutes'`);

/**
 * Seconds until the caller may try again (0 when no key is locked), and which keys hold failures at all (a
 * successful sign-in clears those, and skips the write when there are none).
 */
export async function throttleState(db: Db, keys: string[]): Promise<{ wait: number; held: Set<string> }> {
  const rows = await db
    .select({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      secondsLeft: sql<number>`ceil(extract(epoch from (${loginThrottle.windowStartedAt} + ${WINDOW} - now())))::int`,
    })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  let wait = 0;
  for (const row of rows) {
    if (row.failures >= LOGIN_MAX_FAILURES && row.secondsLeft > 0) wait = Math.max(wait, row.secondsLeft);
  }
  return { wait, held: new Set(rows.map((r) => r.key)) };
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < now() - ${WINDOW} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < now() - ${WINDOW} then now() else ${loginThrottle.windowStartedAt} end`,
        },
      });
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, keys));
}
