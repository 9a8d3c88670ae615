import type { Db } from './client.ts';

const built = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query of the hot paths built once per database handle (issue 8): Drizzle then neither rebuilds its SQL
 * nor re-walks the schema on every call (about a quarter of the API's CPU per signed-in read), and on
 * PostgreSQL the name makes it a server-side prepared statement, parsed and planned once per connection.
 * Values come in through `sql.placeholder(...)`. Row-level security still applies: the statement runs on
 * a connection set to the caller's scope, as every other query.
 */
export function preparedOnce<T>(db: Db, name: string, build: (db: Db) => T): T {
  let queries = built.get(db);
  if (!queries) {
    queries = new Map();
    built.set(db, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}

/**
 * A statement whose text holds this comment runs unnamed, so PostgreSQL plans it for its values on every call instead
 * of settling on a generic plan after five (client.ts names every other statement). For a query whose best plan
 * depends on a value the generic plan cannot see: an admin search too short for the trigram indexes (issue 8) ran
 * 1.2 s at 1M owners by a sequential scan for its first five calls on a connection, then 2.4 s from the sixth, when
 * the generic plan read every trigram index whole.
 */
export const PLANNED_PER_CALL = '/* planned per call */';
