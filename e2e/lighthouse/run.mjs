// Lighthouse (desktop preset) on the sign-in page and, signed in as the demo client, the client dashboard
// (issue 8). Fails when a page scores below 95 in any of the four categories or shifts its layout by more
// than 0.02 (CLS). Expects the web build (`npm run build`); starts the real server on a throwaway embedded
// database, so the demo agency is seeded, and drives Debian's Chromium (never a downloaded browser).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(import.meta.dirname, 'results');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4327);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const MIN_SCORE = 95;
const MAX_CLS = 0.02;
// Lighthouse's own advice against run-to-run variance: five runs, judged on the median one (three let one run
// slowed by the machine be the judged one: 79, 97 and 88 on a CI run of 22 Nov, where the median run was the 79).
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
// A run starts once the machine used at most QUIET_BUSY of its CPU over a second, or after QUIET_WAIT_MS.
const QUIET_BUSY = 0.2;
const QUIET_WAIT_MS = Number(process.env.LIGHTHOUSE_QUIET_WAIT_MS ?? 30_000);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const AGENCY = `http://demoagency.localhost:${PORT}`;
const CLIENT = { email: 'client@demoagency.in', password: 'Demo#Client2026' };

async function startServer() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      DATA_DIR: 'memory://',
      PORTAL_HOST: `localhost:${PORT}`,
      TOKEN_SECRET: 'lighthouse-token-secret-that-is-long-enough-0123',
      ADMIN_EMAIL: 'admin@lighthouse.local',
      ADMIN_PASSWORD: 'Platform#Admin2026',
      SEED_DEMO: 'true',
      REMINDER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering`))),
  );
  exited.catch(() => {});
  // Seeding the demo agency hashes a few passwords: on a busy 2-core machine the start took 30 s.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await Promise.race([
      fetch(`http://localhost:${PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill();
  throw new Error(`the server did not answer on port ${PORT} within 120 s`);
}

/** Signs in through the form in the browser's default context, so Lighthouse's tab shares the stored token. */
async function signInAsClient(debuggingPort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${AGENCY}/`);
    await page.getByLabel('Email').fill(CLIENT.email);
    await page.getByLabel('Password', { exact: true }).fill(CLIENT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/agency-client/dashboard', { timeout: 15_000 });
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * Issue 30: the client chooses Hindi with the top bar's switch, which saves it as their language; every later
 * visit (the Hindi audit's cold loads) then shows the dashboard in Hindi, its messages and Devanagari font loaded.
 */
async function chooseHindi(debuggingPort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${AGENCY}/agency-client/dashboard`);
    const saved = page.waitForResponse(
      (r) => r.url().includes('notification') && r.request().method() !== 'GET' && r.ok(),
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'हिन्दी में देखें' }).click();
    await saved;
    await page.getByRole('button', { name: 'View in English' }).waitFor({ timeout: 15_000 });
    if ((await page.locator('html').getAttribute('lang')) !== 'hi')
      throw new Error('the dashboard is not in Hindi');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Keeps the stored token but drops the HTTP cache, so each dashboard run is a cold load like the sign-in page's. */
async function clearHttpCache(debuggingPort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await page.close();
  } finally {
    await browser.close();
  }
}

/** The share of the machine's CPU time spent busy over the next `ms` (from /proc/stat; null where there is none). */
async function busyShare(ms) {
  const sample = () => {
    try {
      const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: cpu[3] + (cpu[4] ?? 0), total: cpu.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const before = sample();
  await new Promise((r) => setTimeout(r, ms));
  const after = sample();
  if (!before || !after || after.total === before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/**
 * Waits, up to QUIET_WAIT_MS, for the machine to fall quiet before a run: Lighthouse measures the page, and on two
 * cores anything else running lengthens every task of the page it loads (on 28 November CI's English runs fell
 * from 97 to 89 as the audit went on; decision 052). Gives the busy share the run started at, for its line in the summary.
 */
async function waitForQuiet() {
  const deadline = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const busy = await busyShare(1000);
    if (busy === null || busy <= QUIET_BUSY || Date.now() >= deadline) return busy;
  }
}

/**
 * One Lighthouse run. A run that Lighthouse itself reports as broken (a runtime error such as NO_NAVSTART, a trace
 * it could not record: it says to run it again) is tried again, up to three times; a low score never is.
 */
async function lighthouseRun(name, url, debuggingPort, flags, before) {
  for (let attempt = 1; ; attempt++) {
    await before?.();
    const busy = await waitForQuiet();
    const result = await lighthouse(
      url,
      {
        port: debuggingPort,
        logLevel: 'error',
        output: ['json', 'html'],
        onlyCategories: CATEGORIES,
        ...flags,
      },
      desktopConfig,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) return { ...result, busy };
    const error = `${name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(error);
    console.log(`[lighthouse] ${error}; trying again`);
  }
}

/** RUNS runs of one page; the scores are the median run's (Lighthouse's computeMedianRun), the CLS the worst run's. */
async function audit(name, url, debuggingPort, { flags = {}, before } = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(name, url, debuggingPort, flags, before));
  const lhrs = runs.map((r) => r.lhr);
  const median = runs[lhrs.indexOf(computeMedianRun(lhrs))];
  const { lhr } = median;
  const [json, html] = median.report;
  writeFileSync(path.join(outDir, `${name}.report.json`), json);
  writeFileSync(path.join(outDir, `${name}.report.html`), html);
  // Unrounded (0.947 is 94.7, a failure, though Lighthouse's report shows it as 95).
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : lhr.categories[c].score * 100]),
  );
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const failed = (category) =>
    Object.values(lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  return {
    page: name,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    cls: Math.max(
      ...lhrs.map((l) => l.audits['cumulative-layout-shift']?.numericValue ?? Number.POSITIVE_INFINITY),
    ),
    everyRun: lhrs.map((l, i) => ({
      machineBusy: runs[i].busy === null ? null : Math.round(runs[i].busy * 100),
      performance: Math.round((l.categories.performance?.score ?? 0) * 100),
      cls: l.audits['cumulative-layout-shift']?.numericValue,
      lcpMs: Math.round(l.audits['largest-contentful-paint']?.numericValue),
      tbtMs: Math.round(l.audits['total-blocking-time']?.numericValue),
    })),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    fcpMs: metric('first-contentful-paint'),
    notPerfect: Object.fromEntries(CATEGORIES.map((c) => [c, failed(c)]).filter(([, list]) => list.length)),
    warnings: lhr.runWarnings,
  };
}

mkdirSync(outDir, { recursive: true });
const started = Date.now();
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  logLevel: 'error',
});
let results;
try {
  const signInPage = await audit('sign-in', `${AGENCY}/`, chrome.port);
  await signInAsClient(chrome.port);
  const dashboard = await audit('client-dashboard', `${AGENCY}/agency-client/dashboard`, chrome.port, {
    flags: { disableStorageReset: true },
    before: () => clearHttpCache(chrome.port),
  });
  if (!dashboard.finalUrl.endsWith('/agency-client/dashboard')) {
    throw new Error(`the client dashboard audit ended at ${dashboard.finalUrl}, not signed in`);
  }
  // The same dashboard in Hindi (issue 30): ≥ 95 in each category and CLS ≤ 0.02 too.
  await chooseHindi(chrome.port);
  const hindi = await audit('client-dashboard-hindi', `${AGENCY}/agency-client/dashboard`, chrome.port, {
    flags: { disableStorageReset: true },
    before: () => clearHttpCache(chrome.port),
  });
  if (!hindi.finalUrl.endsWith('/agency-client/dashboard')) {
    throw new Error(`the Hindi dashboard audit ended at ${hindi.finalUrl}, not signed in`);
  }
  results = [signInPage, dashboard, hindi];
} finally {
  chrome.kill();
  server.kill('SIGTERM');
}

const problems = [];
for (const r of results) {
  const scores = CATEGORIES.map(
    (c) => `${c} ${r.scores[c] === null ? 'none' : Math.round(r.scores[c])}`,
  ).join(', ');
  console.log(
    `[lighthouse] ${r.page}: ${scores}; CLS ${r.cls?.toFixed(3)}, LCP ${Math.round(r.lcpMs)} ms, TBT ${Math.round(r.tbtMs)} ms, FCP ${Math.round(r.fcpMs)} ms`,
  );
  const each = r.everyRun.map(
    (x) =>
      `${x.performance} (LCP ${x.lcpMs} ms, TBT ${x.tbtMs} ms, CLS ${x.cls?.toFixed(3)}, machine ${x.machineBusy ?? '?'} % busy before)`,
  );
  console.log(`  performance of each run: ${each.join(', ')}; the median run is judged, and the worst CLS`);
  for (const [c, list] of Object.entries(r.notPerfect))
    console.log(`  ${c} audits below 1: ${list.join(', ')}`);
  for (const w of r.warnings ?? []) console.log(`  warning: ${w}`);
  for (const c of CATEGORIES) {
    if (r.scores[c] === null || r.scores[c] < MIN_SCORE)
      problems.push(`${r.page}: ${c} ${r.scores[c]?.toFixed(1)} < ${MIN_SCORE}`);
  }
  if (r.cls === null || r.cls > MAX_CLS) problems.push(`${r.page}: CLS ${r.cls} > ${MAX_CLS}`);
}
const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2));
writeFileSync(
  path.join(outDir, 'summary.json'),
  `${JSON.stringify({ when: new Date().toISOString(), loadAverage: load, runs: RUNS, minScore: MIN_SCORE, maxCls: MAX_CLS, results }, null, 2)}\n`,
);
console.log(
  `[lighthouse] ${results.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load.join(' ')}); reports in ${path.relative(root, outDir)}/`,
);
if (problems.length) {
  console.error(`Lighthouse budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
