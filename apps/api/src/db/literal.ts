import { type SQL, sql } from 'drizzle-orm';

/**
 * A LIMIT or OFFSET written into the statement's text instead of bound as a parameter (issue 8). With `limit $1`
 * PostgreSQL cannot cost a generic plan (it assumes a tenth of the table), so a named statement was planned
 * anew on every call (about 1 ms, three times the page's execution). Pages take a handful of sizes, so the texts
 * stay few. Only a whole number of 0 or more is written; anything else is a programming error.
 */
export function inlineCount(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a row count: ${n}`);
  // Drizzle writes an SQL object where a number would be bound (pg-core dialect: limit and offset).
  return sql.raw(String(n)) as SQL as unknown as number;
}
