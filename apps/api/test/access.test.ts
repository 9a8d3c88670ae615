import { randomUUID } from 'node:crypto';
import { type Endpoint, ErrorResponseSchema, endpoints, MSG, ROLES, type Role } from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UndeclaredAccessError } from '../src/plugins/access.ts';
import { bearer, createAccountOfEveryRole, createTestApp, signInToken, type TestApp } from './helpers.ts';
import { apiRoutes, documentedRoutes, routerRoutes } from './routes.ts';

// The table-driven access test (conventions): the contract's endpoint table is the source of truth, the
// app must register exactly it, and every non-public endpoint must turn away the unauthenticated and
// the wrong roles. Adding an endpoint to the table adds its cases here.

const table = Object.entries(endpoints as Record<string, Endpoint>);
const guarded = table.filter(([, e]) => e.access !== 'public') as Array<
  [string, Endpoint & { access: readonly Role[] }]
>;
const open = table.filter(([, e]) => e.access === 'public');

const tableRoutes = table.map(([, e]) => `${e.method} ${e.path}`).sort();

/** A request to the endpoint with any path parameter filled in; access is decided before validation. */
function requestTo(endpoint: Endpoint, headers: Record<string, string> = {}): InjectOptions {
  return {
    method: endpoint.method,
    url: endpoint.path.replace(/:[A-Za-z_]+/g, () => randomUUID()),
    headers,
    ...(endpoint.body ? { payload: {} } : {}),
  };
}

let t: TestApp;
let accounts: Awaited<ReturnType<typeof createAccountOfEveryRole>>['accounts'];
/** A fresh token each time: a call such as logout revokes every token of its user. */
const tokenOf = (role: Role) => signInToken(t.app, accounts[role]);

beforeAll(async () => {
  t = await createTestApp();
  ({ accounts } = await createAccountOfEveryRole(t));
});
afterAll(() => t?.close());

describe('the registered routes', () => {
  it('are exactly the endpoint table under /api', () => {
    const routes = routerRoutes(t.app);
    expect(routes.length).toBeGreaterThan(0);
    expect(apiRoutes(routes)).toEqual(tableRoutes);
  });

  it('are exactly the endpoint table in the OpenAPI document', async () => {
    expect(await documentedRoutes(t.app)).toEqual(tableRoutes);
  });

  it.each(table)('include %s', (_name, endpoint) => {
    expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path })).toBe(true);
  });
});

describe.each(guarded)('%s (guarded)', (_name, endpoint) => {
  const expect401 = async (headers: Record<string, string>) => {
    const res = await t.app.inject(requestTo(endpoint, headers));
    expect(res.statusCode).toBe(401);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.message).not.toBe('');
  };

  it('answers 401 without a token', () => expect401({}));
  it.each([
    ['garbage', 'Bearer garbage'],
    ['three garbage parts', 'Bearer a.b.c'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
  ])('answers 401 with %s', (_what, authorization) => expect401({ authorization }));

  if (endpoint.method === 'GET') {
    it('answers 401 to HEAD without a token too', async () => {
      const res = await t.app.inject({ ...requestTo(endpoint), method: 'HEAD' });
      expect(res.statusCode).toBe(401);
    });
  }

  const refused = ROLES.filter((role) => !endpoint.access.includes(role));
  if (refused.length > 0) {
    it.each(refused)('answers 403 to %s', async (role) => {
      const res = await t.app.inject(requestTo(endpoint, bearer(await tokenOf(role))));
      expect(res.statusCode).toBe(403);
      expect(ErrorResponseSchema.parse(res.json()).message).toBe(MSG.forbidden);
    });
  }

  it.each([...endpoint.access])('lets %s past the gate', async (role) => {
    const res = await t.app.inject(requestTo(endpoint, bearer(await tokenOf(role))));
    expect([401, 403]).not.toContain(res.statusCode);
  });
});

describe.each(open)('%s (public)', (_name, endpoint) => {
  it('needs no token', async () => {
    const res = await t.app.inject(requestTo(endpoint, { 'x-tenant-host': 'portal.test' }));
    expect([401, 403]).not.toContain(res.statusCode);
  });
});

describe('a route without a declared access', () => {
  it('stops the app from starting', async () => {
    const bad = await createTestApp({ ready: false });
    try {
      bad.app.get('/api/undeclared', async () => ({ ok: true }));
      bad.app.post('/api/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
      await expect(bad.app.ready()).rejects.toThrow(UndeclaredAccessError);
      await expect(bad.app.ready()).rejects.toThrow(/GET \/api\/undeclared/);
    } finally {
      await bad.close();
    }
  });

  it('is the only thing that does: a declared one starts and its access list is enforced', async () => {
    const good = await createTestApp({ ready: false });
    try {
      good.app.get('/api/owners-only', { config: { access: ['AO'] } }, async () => ({ ok: true }));
      await expect(good.app.ready()).resolves.toBeDefined();
      const call = (headers: Record<string, string> = {}) =>
        good.app.inject({ method: 'GET', url: '/api/owners-only', headers });
      expect((await call()).statusCode).toBe(401);
      const { accounts: every } = await createAccountOfEveryRole(good);
      for (const role of ['ADMIN', 'AC'] as const) {
        const res = await call(bearer(await signInToken(good.app, every[role])));
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden, detail: MSG.forbidden });
      }
      const res = await call(bearer(await signInToken(good.app, every.AO)));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    } finally {
      await good.close();
    }
  });
});
