import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { figure } from '../figures.ts';
import { plan } from '../fixtures/plans.ts';
import { clientPayload } from '../fixtures/primary-clients.ts';
import { PDF_BYTES } from '../images.ts';
import { multipart } from '../multipart.ts';
import {
  freshDatabase,
  HOST,
  killServer,
  lifeProviderOverHttp,
  ownerOverHttp,
  queryStopped,
  request,
  type ServerProcess,
  serverEnv,
  startServer,
} from './server-process.ts';

// Issue 9 item 8: SIGTERM drains. The server stops taking connections at once, lets a slow upload that is
// in flight finish (201, the client and its document stored) and then exits 0, within a bound.

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PORT = engine === 'PGlite' ? 4422 : 4423;

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`SIGTERM (${engine})`, () => {
  it('stops accepting, finishes the upload in flight with 201, then exits 0', async () => {
    const started = Date.now();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-sigterm-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const fresh = await freshDatabase(dataDir);
    cleanups.push(() => fresh.drop());
    const env = serverEnv(PORT, fresh.env);
    const server: ServerProcess = await startServer(PORT, env);
    cleanups.push(() => killServer(server));
    const owner = await ownerOverHttp(PORT);
    const provider = await lifeProviderOverHttp(PORT, owner.token);

    const payload = { ...clientPayload(), plans: [plan('life', provider, { file_index: 0 })] };
    const pdf = Buffer.concat([PDF_BYTES, Buffer.from(`% ${'1'.repeat(2_000_000)}\n`, 'latin1')]);
    const body = multipart([
      { name: 'payload', value: JSON.stringify(payload) },
      { name: 'planFiles', filename: 'policy.pdf', type: 'application/pdf', bytes: pdf },
    ]);
    // The upload starts: its first half is sent, the rest comes after SIGTERM.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: HOST,
          port: PORT,
          method: 'POST',
          path: '/api/users/primary-clients',
          agent: false,
          headers: {
            ...body.headers,
            authorization: `Bearer ${owner.token}`,
            'idempotency-key': randomUUID(),
            'content-length': String(body.payload.length),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => {
            text += c.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      const half = Math.floor(body.payload.length / 2);
      req.write(body.payload.subarray(0, half));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.payload.subarray(half)), 1500);
      }, 500);
    });
    const signalled = Date.now() + 500;

    // While it drains, a new connection is refused.
    await sleep(1000);
    const during = await request(PORT, { method: 'GET', path: '/api/health', timeoutMs: 2000 }).then(
      (r) => `answered ${r.status}`,
      (err: NodeJS.ErrnoException) => err.code ?? err.message,
    );
    expect(during).toBe('ECONNREFUSED');

    const done = await answer;
    expect(done.status, done.body).toBe(201);
    const exit = await server.exited;
    const drainSeconds = (Date.now() - signalled) / 1000;
    expect(exit.code).toBe(0);
    expect(drainSeconds).toBeLessThan(25);

    // The upload's client and its plan's document were stored.
    const clientId = JSON.parse(done.body).data.primary_client_id as string;
    const rows = await queryStopped(env, dataDir, {
      documents: `select d.size_bytes from insurance_policies p join documents d on d.id = p.document_id where p.primary_client_id = '${clientId}'`,
    });
    expect(rows.documents.map((d) => Number(d.size_bytes))).toEqual([pdf.length]);
    figure(
      '8. SIGTERM drain',
      `[reliability] sigterm (${engine}): a ${(body.payload.length / 1e6).toFixed(1)} MB upload in flight finished 201, new connections refused, exit 0 after ${drainSeconds.toFixed(1)} s; test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 120_000);
});
