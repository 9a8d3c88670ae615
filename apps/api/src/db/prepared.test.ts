import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from './client.ts';
import { PLANNED_PER_CALL } from './prepared.ts';

// Every statement of the app's pool is prepared under a name on its connection (issue 8), so PostgreSQL settles on
// a generic plan after five calls; a statement marked PLANNED_PER_CALL stays unnamed and is planned for its values
// each time (a short admin search: 1.2 s by a sequential scan, 2.4 s by the generic plan at 1M owners).
// Named statements are a PostgreSQL server's: PGlite runs each query as it comes.

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("the app pool's statement names", () => {
  let database: Database;
  beforeAll(async () => {
    // One connection, so every call below runs on the session whose prepared statements are read.
    database = await openPostgres(url!, 1);
  });
  afterAll(() => database?.close());

  const preparedTexts = async (): Promise<string[]> => {
    const result = await database.db.execute(sql`select statement from pg_prepared_statements`);
    return (result as unknown as { rows: { statement: string }[] }).rows.map((r) => r.statement);
  };

  it('names a statement once and keeps it, but leaves one marked planned per call unnamed', async () => {
    for (let call = 0; call < 7; call += 1) {
      await database.db.execute(sql`select ${call}::int as named_probe`);
      await database.db.execute(sql`select ${call}::int as unnamed_probe ${sql.raw(PLANNED_PER_CALL)}`);
    }
    const texts = await preparedTexts();
    expect(texts.filter((text) => text.includes('named_probe') && !text.includes('unnamed'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('unnamed_probe'))).toEqual([]);
  });

  it('compiles nothing with JIT on its connections (decision 050)', async () => {
    const result = await database.db.execute(sql`select current_setting('jit') as jit`);
    expect((result as unknown as { rows: { jit: string }[] }).rows[0]?.jit).toBe('off');
  });
});
