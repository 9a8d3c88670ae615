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
