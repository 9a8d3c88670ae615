import { asc, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Keyset pagination of a list shown newest first on (created_at, id) (issue 8): the admin's owners and the
// workspace's clients. A page seeks in the list's (created_at, id) index from a cursor, whatever its depth.

/** The place a page is asked from: after a cursor (Next), before one (Previous), or by offset alone. */
export interface PagePlace {
  offset: number;
  after?: string | undefined;
  before?: string | undefined;
}

/** A cursor's parts: created_at in microseconds since 1970 and the id (contract PAGE_CURSOR). */
export type CursorParts = {
  micros: unknown;
  id: unknown;
};

export function cursorParts(cursor: string): CursorParts {
  const [micros, id] = cursor.split('_') as [string, string];
  return { micros, id };
}

/** The cursor of a row, made by the statement itself so it carries the timestamp's microseconds exactly. */
export function cursorOf(createdAt: AnyPgColumn, id: AnyPgColumn): SQL<string> {
  return sql<string>`((extract(epoch from ${createdAt}) * 1000000)::bigint::text || '_' || ${id}::text)`;
}

const at = (micros: unknown) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/**
 * Seeking and ordering for one page. Backwards (Previous) walks the index the other way from the cursor; the
 * caller reverses the rows it got (`pageOf`). `seekAt` may hold placeholders for a prepared statement. `idType`
 * is the type of the list's id: a uuid, or the audit log's bigint (the activity log, decision 033).
 */
export function keyset(place: PagePlace, idType: 'uuid' | 'bigint' = 'uuid') {
  const idOf = (id: unknown) => (idType === 'uuid' ? sql`${id}::uuid` : sql`${id}::bigint`);
  const backwards = Boolean(place.before);
  const cursor = place.after ?? place.before;
  return {
    backwards,
    cursor: cursor ? cursorParts(cursor) : undefined,
    /** Rows to skip: the offset only when no cursor says where the page starts. */
    skip: cursor ? 0 : place.offset,
    seek(createdAt: SQLWrapper, id: SQLWrapper, seekAt: CursorParts | undefined): SQL | undefined {
      if (!seekAt) return undefined;
      return backwards
        ? sql`(${createdAt}, ${id}) > (${at(seekAt.micros)}, ${idOf(seekAt.id)})`
        : sql`(${createdAt}, ${id}) < (${at(seekAt.micros)}, ${idOf(seekAt.id)})`;
    },
    order(createdAt: SQLWrapper, id: SQLWrapper): SQL[] {
      return backwards ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
    },
  };
}

/**
 * The page from the rows fetched with a limit of one more than the page size, in the list's order, with the
 * cursors of the pages either side: null where there is none.
 */
export function pageOf<T extends { cursor: string }>(fetched: T[], limit: number, place: PagePlace) {
  const backwards = Boolean(place.before);
  const more = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (backwards) rows.reverse();
  const first = rows[0]?.cursor ?? null;
  const last = rows.at(-1)?.cursor ?? null;
  // Forward: more rows after the last one means a next page; anything before the first means a previous.
  const nextCursor = backwards ? last : more ? last : null;
  const prevCursor = backwards ? (more ? first : null) : place.after || place.offset > 0 ? first : null;
  return { rows, nextCursor, prevCursor };
}
