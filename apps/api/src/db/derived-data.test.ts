import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import type { Db } from './client.ts';
import {
  ANNOUNCED_ON,
  type Channel,
  DERIVED_DATA,
  KEPT_ANSWERS,
  KEPT_TOTALS,
  type TableStory,
  type TriggerEvent,
} from './derived-data.ts';
import { CLIENT_AREA_CHANNEL } from './session-changes.ts';

// Issue 22, item 6: the triggers that announce changes, keep totals and copy columns onto owner_accounts live in
// hand-written migrations. This test reads them from the database catalogue (PGlite, or the server DATABASE_URL
// names) and compares them with db/derived-data.ts, so a new tenant table whose cache story nobody decided, or a
// trigger the manifest does not know, turns it red.

interface Trigger {
  table: string;
  name: string;
  events: TriggerEvent[];
  /** The columns of `UPDATE OF`; empty when any update fires it. */
  columns: string[];
  function: string;
  body: string;
}

interface Catalogue {
  /** Every public base table with its columns. */
  tables: Map<string, Set<string>>;
  triggers: Trigger[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function readCatalogue(db: Db): Promise<Catalogue> {
  const columns = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select c.table_name as "table", c.column_name as "column"
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`),
  );
  const tables = new Map<string, Set<string>>();
  for (const { table, column } of columns) {
    if (!tables.has(table)) tables.set(table, new Set());
    tables.get(table)!.add(column);
  }
  // Enabled triggers only: a disabled one announces and keeps nothing.
  const rows = rowsOf<{
    table: string;
    name: string;
    type: number;
    columns: string[];
    fn: string;
    body: string;
  }>(
    await db.execute(sql`
      select c.relname as "table", t.tgname as "name", t.tgtype::int as "type", p.proname as "fn",
             p.prosrc as "body",
             coalesce((select array_agg(a.attname::text order by a.attnum) from pg_attribute a
                        where a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])), '{}') as "columns"
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and t.tgenabled <> 'D' and c.relnamespace = 'public'::regnamespace
      order by 1, 2`),
  );
  const bits: [TriggerEvent, number][] = [
    ['INSERT', 4],
    ['DELETE', 8],
    ['UPDATE', 16],
    ['TRUNCATE', 32],
  ];
  const triggers = rows.map((r) => ({
    table: r.table,
    name: r.name,
    events: bits.filter(([, bit]) => (r.type & bit) !== 0).map(([event]) => event),
    columns: r.columns,
    function: r.fn,
    body: r.body,
  }));
  return { tables, triggers };
}

/** The channels a trigger function announces on. */
const channelsIn = (body: string) => [...body.matchAll(/pg_notify\(\s*'([^']+)'/g)].map((m) => m[1]!);

/** The tables a trigger function inserts into or updates (an upsert's DO UPDATE names no table). */
const tablesWrittenIn = (body: string) =>
  [...body.matchAll(/\b(?:INSERT\s+INTO|(?<!DO\s+)UPDATE)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((m) => m[1]!);

/** The columns an `UPDATE "owner_accounts" SET …` of a trigger function assigns. */
function ownerColumnsSetIn(body: string): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/UPDATE\s+"?owner_accounts"?\s+SET\s/gi)) {
    let depth = 0;
    let piece = '';
    const pieces: string[] = [];
    for (let i = m.index + m[0].length; i < body.length; i += 1) {
      const ch = body[i]!;
      if (depth === 0 && (ch === ';' || /^\s+WHERE\b/i.test(body.slice(i, i + 7)))) break;
      if (ch === '(') depth += 1;
      if (ch === ')') depth -= 1;
      if (ch === ',' && depth === 0) {
        pieces.push(piece);
        piece = '';
      } else piece += ch;
    }
    pieces.push(piece);
    for (const p of pieces) {
      const column = /^\s*"?([a-z_][a-z0-9_]*)"?\s*=/i.exec(p)?.[1];
      if (column) out.push(column);
    }
  }
  return out;
}

/** The columns of the new row a BEFORE trigger function assigns (`NEW.x := …` or `… INTO NEW.x, NEW.y`). */
function newColumnsSetIn(body: string): string[] {
  const out = [...body.matchAll(/NEW\."?([a-z_][a-z0-9_]*)"?\s*:=/gi)].map((m) => m[1]!);
  for (const m of body.matchAll(/INTO\s+((?:NEW\."?[a-z_][a-z0-9_]*"?\s*,?\s*)+)/gi)) {
    out.push(...[...m[1]!.matchAll(/NEW\."?([a-z_][a-z0-9_]*)"?/gi)].map((c) => c[1]!));
  }
  return out;
}

/** Where the catalogue and the manifest disagree, one sentence each; none when they agree. */
function disagreements(catalogue: Catalogue, manifest: Readonly<Record<string, TableStory>>): string[] {
  const out: string[] = [];
  const knownChannels = new Set(Object.keys(KEPT_ANSWERS));
  const storyOf = (table: string): TableStory => manifest[table] ?? { announces: [] };

  for (const table of Object.keys(manifest)) {
    if (!catalogue.tables.has(table))
      out.push(`${table}: declared in derived-data.ts, but there is no such table`);
  }
  for (const total of Object.keys(KEPT_TOTALS)) {
    if (!catalogue.tables.has(total))
      out.push(`${total}: a kept total in derived-data.ts, but there is no such table`);
  }

  // 1. Every tenant table decides its cache story.
  for (const [table, columns] of catalogue.tables) {
    if (!columns.has('agency_id')) continue;
    const story = manifest[table];
    if (!story) {
      out.push(
        `${table}: has agency_id but is not in derived-data.ts: announce its writes on ${CLIENT_AREA_CHANNEL} (a migration's triggers) or say in notOnClientArea why no kept answer reads it`,
      );
      continue;
    }
    const announced = story.announces.includes(CLIENT_AREA_CHANNEL);
    if (announced && story.notOnClientArea)
      out.push(`${table}: announced on ${CLIENT_AREA_CHANNEL} and exempt from it at once`);
    if (!announced && !story.notOnClientArea?.trim())
      out.push(`${table}: has agency_id, is not announced on ${CLIENT_AREA_CHANNEL} and gives no reason`);
  }

  // 2. Announcements: exactly the declared channels, on every kind of write each needs.
  const heard = new Map<string, Map<string, Set<TriggerEvent>>>();
  for (const trigger of catalogue.triggers) {
    for (const channel of channelsIn(trigger.body)) {
      if (!knownChannels.has(channel))
        out.push(
          `${trigger.table}: trigger ${trigger.name} announces on ${channel}, a channel the API does not hear`,
        );
      const perTable = heard.get(trigger.table) ?? new Map<string, Set<TriggerEvent>>();
      heard.set(trigger.table, perTable);
      const events = perTable.get(channel) ?? new Set<TriggerEvent>();
      perTable.set(channel, events);
      for (const event of trigger.events) events.add(event);
    }
  }
  for (const [table, perTable] of heard) {
    for (const channel of perTable.keys()) {
      if (!storyOf(table).announces.includes(channel as Channel))
        out.push(`${table}: its triggers announce on ${channel}, which derived-data.ts does not declare`);
    }
  }
  for (const [table, story] of Object.entries(manifest)) {
    for (const channel of story.announces) {
      const events = heard.get(table)?.get(channel);
      if (!events) {
        out.push(`${table}: derived-data.ts says it announces on ${channel}, but no trigger on it does`);
        continue;
      }
      const missing = ANNOUNCED_ON[channel].filter((event) => !events.has(event));
      if (missing.length > 0)
        out.push(`${table}: no trigger announces on ${channel} for ${missing.join(', ')}`);
    }
  }

  // 3. Kept totals: each table's triggers write exactly the totals declared, and nothing undeclared.
  const written = new Map<string, Set<string>>();
  for (const trigger of catalogue.triggers) {
    for (const target of tablesWrittenIn(trigger.body)) {
      if (target === trigger.table || !catalogue.tables.has(target)) continue;
      if (!(target in KEPT_TOTALS) && target !== 'owner_accounts') {
        out.push(
          `${trigger.table}: trigger ${trigger.name} writes ${target}, which derived-data.ts names neither a kept total nor a copy`,
        );
        continue;
      }
      if (!written.has(trigger.table)) written.set(trigger.table, new Set());
      written.get(trigger.table)!.add(target);
    }
  }
  for (const [table, targets] of written) {
    for (const target of targets) {
      if (target in KEPT_TOTALS && !storyOf(table).keeps?.includes(target as keyof typeof KEPT_TOTALS))
        out.push(`${table}: its triggers keep ${target}, which derived-data.ts does not declare`);
    }
  }
  for (const [table, story] of Object.entries(manifest)) {
    for (const total of story.keeps ?? []) {
      if (!written.get(table)?.has(total))
        out.push(`${table}: derived-data.ts says its triggers keep ${total}, but none writes it`);
    }
  }

  // 4. Copies onto owner_accounts: exactly the declared columns, each following a change of its source.
  const ownerColumns = catalogue.tables.get('owner_accounts') ?? new Set<string>();
  const copiedBy = new Map<string, Map<string, Trigger>>();
  for (const trigger of catalogue.triggers) {
    if (trigger.table === 'owner_accounts') continue;
    for (const column of ownerColumnsSetIn(trigger.body)) {
      if (!copiedBy.has(trigger.table)) copiedBy.set(trigger.table, new Map());
      copiedBy.get(trigger.table)!.set(column, trigger);
    }
  }
  for (const [table, columns] of copiedBy) {
    for (const column of columns.keys()) {
      if (!storyOf(table).copiesToOwner?.[column])
        out.push(
          `${table}: its triggers copy owner_accounts.${column}, which derived-data.ts does not declare`,
        );
    }
  }
  for (const [table, story] of Object.entries(manifest)) {
    for (const [ownerColumn, source] of Object.entries(story.copiesToOwner ?? {})) {
      if (!ownerColumns.has(ownerColumn))
        out.push(`owner_accounts has no column ${ownerColumn} (copied from ${table})`);
      if (!catalogue.tables.get(table)?.has(source)) out.push(`${table} has no column ${source} to copy`);
      const trigger = copiedBy.get(table)?.get(ownerColumn);
      if (!trigger) {
        out.push(
          `${table}: derived-data.ts says ${source} is copied to owner_accounts.${ownerColumn}, but no trigger does`,
        );
        continue;
      }
      if (
        !trigger.events.includes('UPDATE') ||
        (trigger.columns.length > 0 && !trigger.columns.includes(source))
      )
        out.push(
          `${table}: trigger ${trigger.name} does not fire when ${source} changes, so ${ownerColumn} falls behind`,
        );
    }
  }
  // A new owner row takes its copies itself (a BEFORE trigger on owner_accounts): each from a declared source.
  for (const trigger of catalogue.triggers.filter((t) => t.table === 'owner_accounts')) {
    for (const column of newColumnsSetIn(trigger.body)) {
      const declared = Object.entries(manifest).some(
        ([table, story]) =>
          story.copiesToOwner?.[column] && new RegExp(`"?\\b${table}\\b"?`).test(trigger.body),
      );
      if (!declared)
        out.push(
          `owner_accounts: trigger ${trigger.name} sets ${column}, which derived-data.ts declares as no copy of a table it reads`,
        );
    }
  }
  return out;
}

let t: TestApp;
let catalogue: Catalogue;
beforeAll(async () => {
  t = await createTestApp();
  catalogue = await readCatalogue(t.db);
});
afterAll(() => t?.close());

describe('the derived data the triggers keep (db/derived-data.ts)', () => {
  it('reads the triggers of the migrations from the catalogue', () => {
    const tenantTables = [...catalogue.tables].filter(([, columns]) => columns.has('agency_id'));
    const channels = new Set(catalogue.triggers.flatMap((trigger) => channelsIn(trigger.body)));
    process.stdout.write(
      `[derived data] ${tenantTables.length} tables with agency_id, ${catalogue.triggers.length} triggers, channels ${[...channels].sort().join(', ')}\n`,
    );
    // A catalogue read that found nothing would agree with any manifest.
    expect(tenantTables.length).toBeGreaterThanOrEqual(12);
    expect(catalogue.triggers.length).toBeGreaterThanOrEqual(60);
    expect([...channels].sort()).toEqual(Object.keys(KEPT_ANSWERS).sort());
  });

  it('agrees with the catalogue: channels, kept totals, copies onto owner_accounts, every tenant table', () => {
    expect(disagreements(catalogue, DERIVED_DATA)).toEqual([]);
  });

  it('turns red for a tenant table nobody declared, a missing announcement, an undeclared total or copy', async () => {
    // A throwaway table in this file's own copy of the database, and a trigger dropped there.
    await t.db.execute(
      sql`create table "undeclared_notes" ("id" uuid primary key, "agency_id" uuid not null)`,
    );
    await t.db.execute(sql`drop trigger "documents_client_area_delete" on "documents"`);
    await t.db.execute(sql`drop trigger "users_email_to_owner" on "users"`);
    const changed = await readCatalogue(t.db);
    // A manifest that forgets the family count the triggers of secondary_clients keep.
    const withoutTotals: Record<string, TableStory> = {
      ...DERIVED_DATA,
      secondary_clients: { announces: [CLIENT_AREA_CHANNEL] },
    };
    const found = disagreements(changed, withoutTotals).join('\n');
    expect(found).toContain('undeclared_notes: has agency_id but is not in derived-data.ts');
    expect(found).toContain(`documents: no trigger announces on ${CLIENT_AREA_CHANNEL} for DELETE`);
    expect(found).toContain(
      'users: derived-data.ts says email is copied to owner_accounts.owner_email, but no trigger',
    );
    expect(found).toContain(
      'secondary_clients: its triggers keep agency_client_counts, which derived-data.ts does not',
    );
    // And a manifest that forgets a copy the triggers make.
    const noCopy = { ...DERIVED_DATA, agencies: { announces: DERIVED_DATA.agencies!.announces } };
    expect(disagreements(catalogue, noCopy).join('\n')).toContain(
      'agencies: its triggers copy owner_accounts.agency_names, which derived-data.ts does not declare',
    );
  });
});
