import { type SQL, sql } from 'drizzle-orm';
import { PLANNED_PER_CALL } from './prepared.ts';

// What the admin's owner search and the workspace's client search share: `'%term%'` patterns over pg_trgm indexes
// (the admin's ILIKE on the columns it shows, the workspace's LIKE on its lower-case search text).

/** `%term%` for LIKE and ILIKE, with the term's own `\`, `%` and `_` matched as themselves. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the trigram indexes can narrow a search: pg_trgm takes its trigrams from runs of three or more letters or
 * digits; a shorter term makes each index read whole, and matches most rows anyway.
 */
export function narrowsByTrigrams(search: string): boolean {
  return /[\p{L}\p{N}]{3,}/u.test(search);
}

/**
 * ORed into the search of a term no trigram narrows: its statement is planned for the term on every call
 * (PLANNED_PER_CALL), so PostgreSQL reads the table through or by another index as it sees fit. A generic plan,
 * settled on after five calls of the statement on a connection, read the trigram indexes whole: at 1M owners 'ab'
 * 1.2 s by a sequential scan, 2.4 s by the generic plan; at 100k clients 47 against 140 ms (issue 8).
 */
export function plannedPerCall(search: string): SQL | undefined {
  return narrowsByTrigrams(search) ? undefined : plannedPerCallMark();
}

/** `false`, marked PLANNED_PER_CALL: ORed into a condition, it changes nothing but how its statement is planned. */
export function plannedPerCallMark(): SQL {
  return sql.raw(`${PLANNED_PER_CALL} false`);
}
