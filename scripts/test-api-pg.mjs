// Runs the API suite a second time on a PostgreSQL server, when TEST_DATABASE_URL names one
// (.ci/run sets it to the machine's local server). Without it, says so and skips.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log(
    'API suite on PostgreSQL skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
  );
  process.exit(0);
}
console.log(`API suite on PostgreSQL at ${url.replace(/\/\/[^@]*@/, '//')}`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(run.status ?? 1);
