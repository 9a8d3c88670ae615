// Fails when src/db/schema.ts and the committed migrations disagree (conventions: CI fails on missing
// migrations). Generates into a scratch copy of the migrations and looks for anything new.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '..');
const committed = path.join(apiDir, 'src/db/migrations');
// drizzle-kit reads paths relative to the working directory, so the scratch copy sits inside apps/api.
mkdirSync(path.join(apiDir, '.tmp'), { recursive: true });
const scratch = mkdtempSync(path.join(apiDir, '.tmp/migrations-'));
const rel = (p: string) => `./${path.relative(apiDir, p)}`;
try {
  cpSync(committed, path.join(scratch, 'migrations'), { recursive: true });
  const configFile = path.join(scratch, 'drizzle.config.mjs');
  writeFileSync(
    configFile,
    `export default ${JSON.stringify({
      dialect: 'postgresql',
      schema: './src/db/schema.ts',
      out: rel(path.join(scratch, 'migrations')),
    })};\n`,
  );
  const output = execFileSync(
    process.execPath,
    [path.join(apiDir, '../../node_modules/drizzle-kit/bin.cjs'), 'generate', '--config', configFile],
    { cwd: apiDir, encoding: 'utf8' },
  );
  const before = readdirSync(committed).sort().join('\n');
  const after = readdirSync(path.join(scratch, 'migrations')).sort().join('\n');
  if (before !== after || !output.includes('No schema changes')) {
    console.error(output);
    console.error(
      'The schema and the committed migrations disagree: run `npm run db:generate -w apps/api` and commit the result.',
    );
    process.exitCode = 1;
  } else {
    console.log('Schema and migrations agree.');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
