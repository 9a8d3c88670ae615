import type { FastifyInstance } from 'fastify';

// The routes an app serves, read two ways: from its router and from its OpenAPI document. The access test
// and the authorization matrix hold both to the contract's endpoint table.

/** Every method and path the router holds, read from its printed tree (hidden routes included). */
export function routerRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    stack.length = m[1]!.length / 4;
    stack.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? []) out.push(`${method} ${stack.join('')}`);
  }
  return out;
}

/** API routes the app serves, leaving out HEAD (Fastify's automatic twin of GET) and the docs. */
export function apiRoutes(routes: string[]): string[] {
  return routes
    .filter((r) => !r.startsWith('HEAD '))
    .filter((r) => / \/api\//.test(r) && !/ \/api\/docs(\/|$)/.test(r))
    .sort();
}

/** The method and path of every operation of the app's OpenAPI document (`{id}` written `:id`). */
export async function documentedRoutes(app: FastifyInstance): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`the OpenAPI document answered ${res.statusCode}`);
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
  return Object.entries(doc.paths)
    .flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();
}
