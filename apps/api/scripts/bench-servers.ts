// The servers of `npm run bench` (issue 8), in their own process so the load generator does not share their
// event loop: the portal app on the bench data set, the same app on the 10k-owner set (the admin list's
// comparison), and the ceilings: a bare Fastify JSON route, the app's own pool doing one and three indexed
// primary-key lookups, and raw file streaming; and the app on the import's own database (bench-import.ts), alone
// when only the import is measured (`BENCH_ONLY=import`: no `env`). Started by bench.ts through fork(); answers
// 'rss' messages.
import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { insurancePolicies } from '../src/db/schema.ts';
import { agencyScope, inScope, PLATFORM_SCOPE } from '../src/db/scope.ts';

interface ChildInput {
  env?: Record<string, string>;
  smallEnv?: Record<string, string>;
  importEnv?: Record<string, string>;
  ports: { app: number; small: number; ceiling: number; import: number };
  fileBytes: number;
}

const input = JSON.parse(process.env.BENCH_CHILD ?? '{}') as ChildInput;
const docs = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
const servers: Array<{ close(): Promise<unknown> }> = [];
let ready: { plan?: string; client?: string } = {};
if (input.env && input.smallEnv) ready = await mainServers(input.env, input.smallEnv);
if (input.importEnv) {
  const imports = await buildApp(
    loadConfig({ ...input.importEnv, DOCUMENTS_DIR: path.join(docs, 'import') }),
    { logger: false },
  );
  await imports.listen({ host: '127.0.0.1', port: input.ports.import });
  servers.push(imports);
}

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'rss') process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  if (msg.type === 'stop') void Promise.all(servers.map((s) => s.close())).then(() => process.exit(0));
});
process.send?.({ type: 'ready', ...ready });

async function mainServers(env: Record<string, string>, smallEnv: Record<string, string>) {
  const app = await buildApp(loadConfig({ ...env, DOCUMENTS_DIR: path.join(docs, 'main') }), {
    logger: false,
  });
  const small = await buildApp(loadConfig({ ...smallEnv, DOCUMENTS_DIR: path.join(docs, 'small') }), {
    logger: false,
  });
  const db = app.services.database.db;
  const rows = <T>(r: unknown) => ((r as { rows?: T[] }).rows ?? (r as T[])) as T[];

  // The hot client's life policy gets a fresh 1 MiB PDF in this run's document store. On PostgreSQL the app's
  // pool runs under row-level security (decision 012), so the set-up runs in the platform scope.
  const [hot] = rows<{ client: string; agency: string; plan: string }>(
    // A drizzle query runs when awaited, so it is awaited inside the scope.
    await inScope(
      PLATFORM_SCOPE,
      async () =>
        await db.execute(sql`select c.id as client, c.agency_id as agency, p.id as plan
    from primary_clients c join insurance_policies p on p.primary_client_id = c.id and p.policy_number like 'LIC-%'
    where c.client_code = 'BENCH-BIG-000001'`),
    ),
  );
  if (!hot) throw new Error('The bench data set has no hot client; run bench.ts to generate it.');
  const pdf = Buffer.alloc(input.fileBytes, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1').copy(pdf);
  Buffer.from('\n%%EOF\n', 'latin1').copy(pdf, pdf.length - 7);
  await inScope(PLATFORM_SCOPE, async () => {
    const saved = await app.services.documents.save(db, {
      agencyId: hot.agency,
      kind: 'policy_pdf',
      bytes: pdf,
      mime: 'application/pdf',
    });
    await db
      .update(insurancePolicies)
      .set({ documentId: saved.id })
      .where(sql`${insurancePolicies.id} = ${hot.plan}`);
  });
  const rawFile = path.join(docs, 'raw.pdf');
  writeFileSync(rawFile, pdf);

  // Ceilings: the same pool as the app (app.services.database), no hooks, no auth, no serialisation schema;
  // the lookups run in the hot agency's scope, as a signed-in request of that agency does (row-level security).
  const ceiling = Fastify({ logger: false });
  ceiling.get('/bare', async () => ({ ok: true }));
  const hotScope = agencyScope(hot.agency);
  const lookup = (id: string) =>
    db.execute(sql`select id, first_name, last_name, email from primary_clients where id = ${id}`);
  ceiling.get('/one', () => inScope(hotScope, async () => rows(await lookup(hot.client))[0]));
  ceiling.get('/three', () =>
    inScope(hotScope, async () => {
      const a = rows(await lookup(hot.client))[0];
      const b = rows(
        await db.execute(sql`select id, plan_name, end_date from insurance_policies where id = ${hot.plan}`),
      )[0];
      const c = rows(await db.execute(sql`select id, name from agencies where id = ${hot.agency}`))[0];
      return { a, b, c };
    }),
  );
  ceiling.get('/file', (_req, reply) => {
    reply.type('application/pdf');
    return reply.send(createReadStream(rawFile));
  });

  await app.listen({ host: '127.0.0.1', port: input.ports.app });
  await small.listen({ host: '127.0.0.1', port: input.ports.small });
  await ceiling.listen({ host: '127.0.0.1', port: input.ports.ceiling });
  servers.push(app, small, ceiling);
  return { plan: hot.plan, client: hot.client };
}
