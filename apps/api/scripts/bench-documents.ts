// The document burst of `npm run bench` (issue 23 item 9): one signed-in client's family-member documents asked
// for by many callers at once, the server's resident memory sampled meanwhile. The server runs in a process of its
// own (this file, forked with BENCH_DOCUMENTS_CHILD), on an in-memory PGlite with the demo agency; its client's
// first family member gets four documents at the 10 MiB limit. Run alone with `BENCH_ONLY=documents npm run bench`.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { DOCUMENT_MAX_BYTES, SecondaryClientDocumentsSchema, TENANT_HOST_HEADER } from '@portal/contract';
import { eq } from 'drizzle-orm';

const MiB = 1024 * 1024;

export interface DocumentBurst {
  callers: number;
  downloads: number;
  servedMiB: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  healthSlowestMs: number;
  failures: number;
}

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { primaryClients, secondaryClients } = await import('../src/db/schema.ts');
  const { DEMO, firstStart } = await import('../src/modules/system/first-start.ts');
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: 'memory://',
    PORTAL_HOST: 'portal.bench',
    LOG_LEVEL: 'silent',
    SHED_CONCURRENT_REQUESTS: '0',
    REMINDER_INTERVAL_SECONDS: '0',
    TOKEN_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const app = await buildApp(config, { logger: false });
  const db = app.services.database.db;
  await firstStart(db, app.services.hasher, {
    adminEmail: undefined,
    adminPassword: undefined,
    seedDemo: true,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
    documents: app.services.documents,
    encryptionKey: config.encryptionKey,
  });
  // PGlite's one connection is a superuser: the set-up reads and writes across the demo agency directly.
  const [member] = await db
    .select({ id: secondaryClients.id, agencyId: secondaryClients.agencyId })
    .from(secondaryClients)
    .innerJoin(primaryClients, eq(primaryClients.id, secondaryClients.primaryClientId))
    .where(eq(primaryClients.email, DEMO.clientEmail))
    .limit(1);
  if (!member) throw new Error('the demo agency has no family member');
  const file = (head: string) => {
    const bytes = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    Buffer.from(head, 'latin1').copy(bytes);
    return bytes;
  };
  const save = async (kind: 'aadhaar' | 'pan' | 'cheque' | 'profile_image', pdf: boolean) =>
    (
      await app.services.documents.save(db, {
        agencyId: member.agencyId,
        kind,
        bytes: pdf ? file('%PDF-1.4\n') : file('\x89PNG\r\n\x1a\n'),
        mime: pdf ? 'application/pdf' : 'image/png',
      })
    ).id;
  await db
    .update(secondaryClients)
    .set({
      aadhaarDocumentId: await save('aadhaar', true),
      panDocumentId: await save('pan', true),
      chequeDocumentId: await save('cheque', false),
      profileImageDocumentId: await save('profile_image', false),
    })
    .where(eq(secondaryClients.id, member.id));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'rss') process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
    if (msg.type === 'stop') void app.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port, member: member.id });
}

/** Starts the server, signs in as the demo client and sends the burst; answers the figures. */
export async function documentBurst(
  callers = Number(process.env.BENCH_DOCUMENT_CALLERS ?? 12),
): Promise<DocumentBurst> {
  const child = fork(import.meta.filename, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_DOCUMENTS_CHILD: '1' },
  });
  const ready = await new Promise<{ port: number; member: string }>((resolve, reject) => {
    child.once('message', (msg) => resolve(msg as { port: number; member: string }));
    child.once('exit', (code) => reject(new Error(`the document server exited (${code})`)));
  });
  const rss = () =>
    new Promise<number>((resolve) => {
      const onMessage = (msg: { type: string; rss?: number }) => {
        if (msg.type !== 'rss') return;
        child.off('message', onMessage);
        resolve(msg.rss ?? 0);
      };
      child.on('message', onMessage);
      child.send({ type: 'rss' });
    });
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    const signIn = await fetch(`${base}/api/agencies/client-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TENANT_HOST_HEADER]: 'demoagency.portal.bench' },
      body: JSON.stringify({ email: 'client@demoagency.in', password: 'Demo#Client2026' }),
    });
    const token = ((await signIn.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`the demo client could not sign in (${signIn.status})`);
    const headers = { authorization: `Bearer ${token}` };
    const list = `${base}/api/agency-user/secondary-client/${ready.member}/documents`;
    let failures = 0;
    const drain = async (url: string) => {
      const res = await fetch(url, { headers });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      if (res.status !== 200) failures += 1;
      return bytes;
    };
    await drain(`${list}/aadhaar`);
    const rssBefore = await rss();
    let rssPeak = rssBefore;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rssPeak = Math.max(rssPeak, await rss());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    let healthSlowestMs = 0;
    const health = (async () => {
      while (sampling) {
        const started = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        healthSlowestMs = Math.max(healthSlowestMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const started = performance.now();
    const served = await Promise.all(
      Array.from({ length: callers }, async () => {
        const res = await fetch(list, { headers });
        const docs = SecondaryClientDocumentsSchema.parse(await res.json());
        const urls = Object.values(docs).flatMap((d) => (d ? [`${base}${d.url}`] : []));
        return Promise.all(urls.map(drain));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await Promise.all([sampler, health]);
    const bytes = served.flat();
    return {
      callers,
      downloads: bytes.length,
      servedMiB: bytes.reduce((a, b) => a + b, 0) / MiB,
      seconds,
      rssBefore,
      rssPeak,
      rssAfter: await rss(),
      healthSlowestMs,
      failures,
    };
  } finally {
    child.send({ type: 'stop' });
  }
}

/** The burst's line for the bench's summary. */
export function describeBurst(b: DocumentBurst): string {
  const mib = (n: number) => (n / MiB).toFixed(0);
  return (
    `document burst: ${b.callers} callers × (the list + 4 documents of 10 MiB), ${b.downloads} downloads, ` +
    `${b.servedMiB.toFixed(0)} MiB in ${b.seconds.toFixed(1)} s, ${b.failures} failed; server RSS ${mib(b.rssBefore)} MiB ` +
    `before, peak ${mib(b.rssPeak)} MiB (+${mib(b.rssPeak - b.rssBefore)}), ${mib(b.rssAfter)} MiB after; ` +
    `slowest health check ${b.healthSlowestMs.toFixed(0)} ms`
  );
}

if (process.env.BENCH_DOCUMENTS_CHILD) await serve();
