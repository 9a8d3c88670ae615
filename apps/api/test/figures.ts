import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

// The figures of the security and reliability tests (issue 9): each `[security] …` / `[reliability] …` line is
// printed and kept for the run; the global teardown (test/global-setup.ts) writes them into SECURITY.md's
// "Figures of the last test run" block.

export interface Figure {
  /** The issue 9 item, as SECURITY.md's table names it: "3. Tokens". */
  item: string;
  /** The test file, relative to the repository. */
  file: string;
  text: string;
  time: string;
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The test file that called, from the stack (also at a file's top level, outside any test). */
function callerFile(): string {
  const stack = new Error().stack ?? '';
  for (const m of stack.matchAll(/(?:file:\/\/)?(\/[^\s():]+\.test\.ts)/g)) return path.relative(REPO, m[1]!);
  return 'unknown';
}

/** Prints a figure line, as before, and keeps it for SECURITY.md; `file` where the stack cannot tell it (a hook). */
export function figure(item: string, text: string, file?: string): void {
  console.log(text);
  let dir: string | undefined;
  try {
    dir = inject('runDir');
  } catch {
    return;
  }
  if (!dir) return;
  const entry: Figure = {
    item,
    file: file ? path.relative(REPO, file) : callerFile(),
    text,
    time: new Date().toISOString(),
  };
  appendFileSync(path.join(dir, `figures-${process.pid}.jsonl`), `${JSON.stringify(entry)}\n`);
}
