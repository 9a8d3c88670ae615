import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { ErrorResponseSchema, LANGUAGE_HINT_COOKIE, MSG } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PORTAL_HOST, type TestApp, uniqueIp } from './helpers.ts';

// The one error shape (conventions): `{ message, detail }` (+ `fields` for validation), never a stack
// trace, a file path or SQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ready: false });
  // Two routes that fail the way real code can: a thrown Error and a database error.
  t.app.get('/api/test-only/throws', { config: { access: 'public' } }, async () => {
    throw new Error('internal detail: select password_hash from users');
  });
  t.app.get('/api/test-only/bad-sql', { config: { access: 'public' } }, async () => {
    await t.db.execute(sql`select * from no_such_table_xyz`);
    return {};
  });
  await t.app.ready();
});
afterAll(() => t?.close());

/** The body of an error answer, checked for shape and for leaks. */
function errorBody(res: { body: string; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ErrorResponseSchema.strict().parse(res.json());
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.detail.length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts\b|stack|select |postgres|pglite/i);
  return body;
}

describe('error answers', () => {
  it('answer an unknown /api path with 404 { message, detail }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?secret=1' });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toEqual({ message: MSG.notFound, detail: 'No route GET /api/no-such-thing' });
  });

  it('answer a known path with another method with 404', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });

  it('answer a page path with 404 JSON when no web build is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/agency-client/dashboard' });
    expect(res.statusCode).toBe(404);
    errorBody(res);
  });

  it('answer invalid JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/client-login',
      headers: { 'content-type': 'application/json', 'x-tenant-host': PORTAL_HOST },
      payload: '{"email": "a@b.in", "password": ',
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toEqual({
      message: 'The request body is not valid JSON.',
      detail: 'The request body is not valid JSON.',
    });
  });

  it('answer an empty JSON body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/register-client',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    errorBody(res);
  });

  it('answer an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/register-client',
      headers: { 'content-type': 'text/xml' },
      payload: '<form/>',
    });
    expect(res.statusCode).toBe(415);
    errorBody(res);
  });

  it('answer a validation error with fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agencies/register-client',
      payload: { AgencyEmail: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res).fields).toMatchObject({ AgencyEmail: 'Invalid email format.' });
  });

  it('answer a thrown error with 500 and the generic message only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/throws' });
    expect(res.statusCode).toBe(500);
    expect(errorBody(res)).toEqual({ message: MSG.genericError, detail: MSG.genericError });
    expect(res.body).not.toContain('password_hash');
  });

  it('answer a database error with 500 and no SQL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/bad-sql' });
    expect(res.statusCode).toBe(500);
    expect(errorBody(res)).toEqual({ message: MSG.genericError, detail: MSG.genericError });
    expect(res.body).not.toContain('no_such_table_xyz');
  });

  it('answer without a token on a guarded route with 401 { message, detail }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    errorBody(res);
  });
});

describe('every answer', () => {
  it('carries the security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('with a web build served', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp');
    mkdirSync(tmp, { recursive: true });
    dist = mkdtempSync(path.join(tmp, 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>Agency Portal</title></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1);'));
    // What the web build writes (apps/web/build-plugins.ts, routePreloads): a page's chunks by address.
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify({
        pages: [
          { path: '/agency-client/dashboard', files: ['/assets/home-1.js', '/assets/shell-1.js'] },
          { path: '/agency-client/dashboard/', files: ['/assets/shell-1.js', '/assets/routes-1.js'] },
        ],
        hindi: { files: ['/assets/hindi-1.js'], fonts: ['/assets/devanagari-400.woff2'] },
      }),
    );
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a screen path with the app, and an unknown /api path still with 404 JSON', async () => {
    const page = await web.app.inject({ method: 'GET', url: '/agency-client/dashboard/plans/42' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Agency Portal</title>');
    for (const url of ['/api/no-such-thing', '/api', '/api/']) {
      const res = await web.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      errorBody(res);
    }
  });

  it("names a page's chunks as modulepreload links, by address, and no others elsewhere", async () => {
    const preloads = async (url: string) => {
      const page = await web.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Agency Portal</title>');
      return [...page.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    };
    expect(await preloads('/agency-client/dashboard')).toEqual(['/assets/home-1.js', '/assets/shell-1.js']);
    expect(await preloads('/agency-client/dashboard/plans/42?tab=documents')).toEqual([
      '/assets/shell-1.js',
      '/assets/routes-1.js',
    ]);
    expect(await preloads('/dashboard/users')).toEqual([]);
    expect(await preloads('/agency-client/dashboardx')).toEqual([]);
  });

  it("names Hindi's words and font too in the page of a browser whose language hint is Hindi", async () => {
    const page = async (url: string, cookie?: string) => {
      const res = await web.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      return {
        modules: [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
          (m) => m[1],
        ),
        fonts: [...res.body.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]),
      };
    };
    expect(await page('/agency-client/dashboard', `${LANGUAGE_HINT_COOKIE}=hi`)).toEqual({
      modules: ['/assets/home-1.js', '/assets/shell-1.js', '/assets/hindi-1.js'],
      fonts: ['/assets/devanagari-400.woff2'],
    });
    expect(await page('/session-expired', `${LANGUAGE_HINT_COOKIE}=hi`)).toEqual({
      modules: ['/assets/hindi-1.js'],
      fonts: ['/assets/devanagari-400.woff2'],
    });
    expect(await page('/agency-client/dashboard', `${LANGUAGE_HINT_COOKIE}=en`)).toEqual({
      modules: ['/assets/home-1.js', '/assets/shell-1.js'],
      fonts: [],
    });
  });

  it("sends the build's brotli copy of an asset to a browser that takes it, the file itself otherwise", async () => {
    const br = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1);');
    const plain = await web.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('serves hashed assets for a year and answers a missing asset with 404', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await web.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(missing.statusCode).toBe(404);
  });
});
