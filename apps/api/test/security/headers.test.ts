import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../figures.ts';
import { bearer, createAccountOfEveryRole, signInToken } from '../helpers.ts';
import { createWatchedApp, reportTripwire, type WatchedApp } from './tripwire.ts';

// Issue 9, item 6: every answer — each API route, as anonymous and signed in, errors, not-found, the SPA's
// index.html, its static files and the API docs — carries a CSP without inline scripts and with
// frame-ancestors, HSTS, nosniff and a Referrer-Policy.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
let t: WatchedApp;
let aoToken: string;
let owner: Parameters<typeof signInToken>[1];

beforeAll(async () => {
  // A web build of the same shape as Vite's (index.html loading hashed assets), so the web plugin serves it.
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createWatchedApp({ env: { WEB_DIST: webDist } });
  const { accounts } = await createAccountOfEveryRole(t);
  owner = accounts.AO;
  aoToken = await signInToken(t.app, owner);
});
afterAll(async () => {
  const hits = reportTripwire('headers', t);
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
  expect(hits).toEqual([]);
});

/** What is wrong with an answer's security headers; empty when all is there. */
function headerProblems(res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));
  const scripts = directive('script-src') ?? directive('default-src');
  if (!csp) problems.push('no CSP');
  else {
    if (!scripts) problems.push('CSP without script-src');
    if (scripts && /'unsafe-inline'|'unsafe-eval'|\*/.test(scripts)) problems.push(`CSP allows ${scripts}`);
    if (!/frame-ancestors ('none'|'self')/.test(csp)) problems.push('CSP without frame-ancestors');
    if (!/object-src 'none'/.test(csp)) problems.push("CSP without object-src 'none'");
  }
  const hsts = String(res.headers['strict-transport-security'] ?? '');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 15_552_000) problems.push(`HSTS "${hsts}"`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  const referrer = String(res.headers['referrer-policy'] ?? '');
  if (!/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/.test(referrer)) {
    problems.push(`Referrer-Policy "${referrer}"`);
  }
  return problems;
}

const concrete = (p: string) => p.replace(/:kind\b/, 'pan').replace(/:[A-Za-z_]+/g, randomUUID());

describe('security headers', () => {
  it('are on every answer of every route, the SPA and its files', async () => {
    const checked: Array<{ what: string; status: number; problems: string[] }> = [];
    const check = async (what: string, res: Promise<LightMyRequestResponse>) => {
      const r = await res;
      checked.push({ what, status: r.statusCode, problems: headerProblems(r) });
    };
    const routes = Object.values(endpoints);
    for (const e of routes) {
      const url = concrete(e.path);
      const method = e.method;
      // Anonymous (401 on protected routes, the route's own answer on public ones) and as the owner.
      await check(
        `${method} ${e.path} anonymous`,
        t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} }),
      );
      // Logging out would revoke the owner's token for the routes after it: that call gets a token of its own.
      const token = e.path === '/api/auth/logout' ? await signInToken(t.app, owner) : aoToken;
      await check(
        `${method} ${e.path} owner`,
        t.app.inject({ method, url, headers: bearer(token), payload: method === 'GET' ? undefined : {} }),
      );
    }
    await check('GET / (SPA)', t.app.inject({ url: '/' }));
    await check('GET /dashboard/clients (SPA fallback)', t.app.inject({ url: '/dashboard/clients' }));
    await check('GET /assets/index-abc.js', t.app.inject({ url: '/assets/index-abc.js' }));
    await check('GET /favicon.svg', t.app.inject({ url: '/favicon.svg' }));
    await check('GET /assets/missing.js (404)', t.app.inject({ url: '/assets/missing.js' }));
    await check('GET /api/nothing (404)', t.app.inject({ url: '/api/nothing' }));
    await check(
      'POST malformed JSON',
      t.app.inject({
        method: 'POST',
        url: '/api/agencies/client-login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    );
    // Refused before routing (Fastify's frameworkErrors), where no hook runs.
    await check(
      'GET address part over the length limit',
      t.app.inject({ url: `/api/users/primary-clients/${'A'.repeat(300)}`, headers: bearer(aoToken) }),
    );
    await check(
      'GET malformed % escape (400)',
      t.app.inject({ url: '/api/users/primary-clients/%zz', headers: bearer(aoToken) }),
    );
    await check('GET /api/docs', t.app.inject({ url: '/api/docs' }));
    await check('GET /api/docs/json', t.app.inject({ url: '/api/docs/json' }));

    const bad = checked.filter((c) => c.problems.length > 0);
    const routeCount = routes.length;
    figure(
      '6. Headers',
      `[security] headers: ${checked.length} answers checked (${routeCount} API routes × anonymous and owner, plus SPA, static, 404, refused before routing, docs): ${bad.length} missing a header`,
    );
    expect(bad).toEqual([]);
    expect(checked.find((c) => c.what === 'GET / (SPA)')?.status).toBe(200);
    expect(checked.find((c) => c.what === 'GET malformed % escape (400)')?.status).toBe(400);
    expect(checked.find((c) => c.what === 'GET /assets/index-abc.js')?.status).toBe(200);
  });

  it('index.html loads scripts only from files, so the CSP needs no inline script', () => {
    const pages = [path.join(REPO, 'apps/web/index.html')];
    const built = path.join(REPO, 'apps/web/dist/index.html');
    if (existsSync(built)) pages.push(built);
    const inline: string[] = [];
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const tag of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? []) {
        if (!/\bsrc=/.test(tag) || !/><\/script>$/.test(tag)) inline.push(`${page}: ${tag.slice(0, 80)}`);
      }
      if (/\son[a-z]+=/i.test(html)) inline.push(`${page}: an inline event handler`);
    }
    figure(
      '6. Headers',
      `[security] index.html: ${pages.length} pages read, ${inline.length} inline scripts`,
    );
    expect(inline).toEqual([]);
  });
});
