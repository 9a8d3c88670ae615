import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Figure } from './figures.ts';

// The global teardown's side of the run's figures (issue 9): sums the tripwire of every test app of the run
// and rewrites SECURITY.md's "Figures of the last test run" block from the figure lines the tests kept
// (test/figures.ts). Each engine has its own section; a run replaces the rows of the test files it ran on its
// engine and keeps the others, so a single file's run updates only that file's rows.

export const START = '<!-- figures:start -->';
export const END = '<!-- figures:end -->';
/** The row of the whole-suite tripwire: written only when every file of the API project ran. */
export const WHOLE_SUITE = 'apps/api (every test file)';
export const TRIPWIRE_ITEM = '7. Tripwire, whole API suite';

export interface TripwireTotals {
  apps: number;
  answers: number;
  logLines: number;
  seeded: number;
  hits: number;
  planted: number;
}

function jsonLines<T>(dir: string, prefix: string): T[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as T),
    );
}

export function tripwireTotals(dir: string): TripwireTotals {
  const seeds = new Set<string>();
  const totals = { apps: 0, answers: 0, logLines: 0, seeded: 0, hits: 0, planted: 0 };
  for (const f of jsonLines<Omit<TripwireTotals, 'seeded'> & { seeds: string[] }>(dir, 'tripwire-')) {
    totals.apps += f.apps;
    totals.answers += f.answers;
    totals.logLines += f.logLines;
    totals.hits += f.hits;
    totals.planted += f.planted;
    for (const s of f.seeds) seeds.add(s);
  }
  totals.seeded = seeds.size;
  return totals;
}

export function tripwireLine(t: TripwireTotals): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    `[security] tripwire whole API suite: ${n(t.apps)} test apps, ${n(t.answers)} answers, ${n(t.logLines)} log lines, ` +
    `${n(t.seeded)} seeded secrets, ${t.hits} hits` +
    (t.planted > 0 ? ` (and ${t.planted} planted by the self-test, caught)` : '')
  );
}

export function figuresOfRun(dir: string): Figure[] {
  return jsonLines<Figure>(dir, 'figures-');
}

interface Row {
  when: string;
  item: string;
  file: string;
  failed: boolean;
  text: string;
}

interface Section {
  engine: string;
  rows: Row[];
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const uncell = (s: string) => s.trim().replace(/\\\|/g, '|');

function parseBlock(block: string): Section[] {
  const sections: Section[] = [];
  for (const line of block.split('\n')) {
    const heading = /^#### (.+)$/.exec(line);
    if (heading) sections.push({ engine: heading[1]!.trim(), rows: [] });
    else if (line.startsWith('| ') && !/^\| (When|-)/.test(line) && sections.length > 0) {
      const cells = line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map(uncell);
      if (cells.length !== 4) continue;
      const file = /`([^`]+)`/.exec(cells[2]!)?.[1] ?? cells[2]!;
      sections.at(-1)!.rows.push({
        when: cells[0]!,
        item: cells[1]!,
        file,
        failed: cells[2]!.includes('(failed)'),
        text: cells[3]!,
      });
    }
  }
  return sections;
}

const family = (engine: string) => engine.split(' ')[0]!;

function itemOrder(a: Row, b: Row): number {
  const num = (r: Row) => Number.parseFloat(r.item) || 99;
  return num(a) - num(b) || a.item.localeCompare(b.item) || a.file.localeCompare(b.file);
}

function renderBlock(sections: Section[]): string {
  const out = [
    START,
    '### Figures of the last test run',
    '',
    'Written by the API test run (`npx vitest run --project api`): every `[security]` and `[reliability]` line the',
    'tests print goes through `figure()` (`apps/api/test/figures.ts`), and the run’s global teardown',
    '(`apps/api/test/global-setup.ts`, `figures-report.ts`) rewrites this block — do not edit it by hand. A run',
    'replaces the rows of the test files it ran on its engine and keeps the rest, so a single file’s run updates',
    'only its own rows; the whole-suite tripwire row is written only when every file of the API project ran.',
    '“(failed)” marks a file whose tests failed in that run.',
  ];
  for (const s of sections) {
    out.push(
      '',
      `#### ${s.engine}`,
      '',
      '| When (UTC) | Item | Test file | Printed line |',
      '| --- | --- | --- | --- |',
    );
    for (const r of s.rows) {
      out.push(
        `| ${cell(r.when)} | ${cell(r.item)} | \`${r.file}\`${r.failed ? ' (failed)' : ''} | ${cell(r.text)} |`,
      );
    }
  }
  out.push(END);
  return out.join('\n');
}

export interface RunOfFiles {
  engine: string;
  /** The API test files of the run, relative to the repository, and whether each failed. */
  files: Map<string, { failed: boolean }>;
  wholeProject: boolean;
}

/** Rewrites the marked block of `securityMd`; answers false (and writes nothing) when it has no markers. */
export function writeFigures(
  securityMd: string,
  run: RunOfFiles,
  figures: Figure[],
  tripwire: string | null,
) {
  if (!existsSync(securityMd)) return false;
  const text = readFileSync(securityMd, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) return false;
  const sections = parseBlock(text.slice(start, end));
  const ran = new Set(run.files.keys());
  for (const f of figures) ran.add(f.file);
  if (tripwire) ran.add(WHOLE_SUITE);
  const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');
  const fresh: Row[] = figures.map((f) => ({
    when: when(f.time),
    item: f.item,
    file: f.file,
    failed: run.files.get(f.file)?.failed ?? false,
    text: f.text,
  }));
  if (tripwire) {
    fresh.push({
      when: when(new Date().toISOString()),
      item: TRIPWIRE_ITEM,
      file: WHOLE_SUITE,
      failed: false,
      text: tripwire,
    });
  }
  const kept = sections
    .filter((s) => family(s.engine) === family(run.engine))
    .flatMap((s) => s.rows)
    .filter((r) => !ran.has(r.file));
  const others = sections.filter((s) => family(s.engine) !== family(run.engine));
  const mine: Section = { engine: run.engine, rows: [...kept, ...fresh].sort(itemOrder) };
  const next = [...others, mine].sort((a, b) => a.engine.localeCompare(b.engine));
  const updated = `${text.slice(0, start)}${renderBlock(next)}${text.slice(end + END.length)}`;
  if (updated === text) return true;
  const tmp = `${securityMd}.${process.pid}.${createHash('sha1').update(updated).digest('hex').slice(0, 6)}.tmp`;
  writeFileSync(tmp, updated);
  renameSync(tmp, securityMd);
  return true;
}
