// Reports the gzip size of the JavaScript each route loads, from Vite's manifest, and fails the build
// when a route exceeds its budget (issue 2: sign-in ≤ 120 kB; issue 8: every route ≤ 200 kB).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const ROUTES = {
  'sign-in (/, /login, /register)': 'src/app/routes/auth.tsx',
  'session ended': 'src/app/routes/session-expired.tsx',
  unauthorized: 'src/app/routes/unauthorized.tsx',
  terms: 'src/app/routes/terms.tsx',
  'change password': 'src/app/routes/change-password.tsx',
  'forgot password': 'src/app/routes/forgot-password.tsx',
  'set password (a one-time link)': 'src/app/routes/set-password.tsx',
  'not found': 'src/app/routes/not-found.tsx',
  'welcome (/dashboard, /agency-dashboard)': 'src/app/routes/welcome.tsx',
  'client home (/agency-client/dashboard)': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes/client/home.tsx',
  ],
  'client alerts': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/alerts.tsx',
  ],
  'client profile': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/profile.tsx',
  ],
  'client plans': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/plans.tsx',
  ],
  'client plan details': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/plan-detail.tsx',
  ],
  'client claims': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/claims.tsx',
  ],
  'client claim details': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/claim-detail.tsx',
  ],
  'client agency details': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/agency-details.tsx',
  ],
  'client secondary clients': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/secondary-clients.tsx',
  ],
  'client secondary client detail': [
    'src/app/routes/client/shell.tsx',
    'src/app/routes-client.tsx',
    'src/app/routes/client/secondary-client-detail.tsx',
  ],
  'workspace home (/dashboard)': ['src/app/routes/dashboard-frame.tsx'],
  'insurance / investment company': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/providers.tsx',
  ],
  'registered users': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/users.tsx',
  ],
  'user detail': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/user-detail.tsx',
  ],
  'add primary client': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/add-client.tsx',
  ],
  'add more plans': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/add-plans.tsx',
  ],
  'plan detail': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/plan-detail.tsx',
  ],
  'agency profile': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/agency-profile.tsx',
  ],
  'team (/dashboard/team)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/team.tsx',
  ],
  renewals: [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/renewals.tsx',
  ],
  // The claims register (issue 28).
  'claims (/dashboard/claims)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/claims.tsx',
  ],
  'claim detail (/dashboard/claims/:id)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/claim-detail.tsx',
  ],
  // The owner's activity log (issue 25 item 4).
  activity: [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/activity.tsx',
  ],
  // The reports (issue 29): the screen and its first panel, the premium register (the others load on choosing).
  'reports (/dashboard/reports)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/reports.tsx',
    'src/features/reports/components/premium-register.tsx',
  ],
  'reports: a summary report': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/reports.tsx',
    'src/features/reports/components/summary-reports.tsx',
  ],
  // The import of a book from a spreadsheet (issue 26): its start and a job's page are one chunk.
  'import clients (/dashboard/import)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/import.tsx',
  ],
  'add secondary client': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/secondary-add.tsx',
  ],
  'secondary client detail': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/secondary-detail.tsx',
  ],
  'families (/dashboard/clients)': [
    'src/app/routes/dashboard-frame.tsx',
    'src/app/routes-workspace.tsx',
    'src/app/routes/workspace/families.tsx',
  ],
  'admin overview': [
    'src/components/layouts/admin-layout.tsx',
    'src/app/routes/admin/overview.tsx',
    'src/features/admin/components/status-donut.tsx',
  ],
  'admin manage clients': [
    'src/components/layouts/admin-layout.tsx',
    'src/app/routes/admin/manage-clients.tsx',
  ],
};
const BUDGET_KB = { 'sign-in (/, /login, /register)': 120 };
const DEFAULT_BUDGET_KB = 200;

const gz = new Map();
function gzipKb(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
}

/** The chunk files a manifest entry loads before it runs: itself and its static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const imported of entry.imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const rows = [];
let failed = false;
for (const [route, source] of Object.entries(ROUTES)) {
  let files = closure(entryKey);
  for (const part of Array.isArray(source) ? source : [source]) {
    if (!manifest[part]) throw new Error(`No chunk for ${part}: is the route still lazy-loaded?`);
    files = closure(part, files);
  }
  const kb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
  const budget = BUDGET_KB[route] ?? DEFAULT_BUDGET_KB;
  const over = kb > budget;
  failed ||= over;
  rows.push({ route, gzipKb: Number(kb.toFixed(1)), budgetKb: budget, ok: !over });
}
console.log('\nJavaScript loaded per route (gzip):');
for (const r of rows) {
  console.log(
    `  ${r.ok ? 'ok  ' : 'OVER'} ${r.route.padEnd(42)} ${String(r.gzipKb).padStart(7)} kB  (budget ${r.budgetKb} kB)`,
  );
}
writeFileSync(path.join(dist, 'bundle-report.json'), `${JSON.stringify(rows, null, 2)}\n`);
if (failed) {
  console.error('A route exceeds its JavaScript budget.');
  process.exit(1);
}
