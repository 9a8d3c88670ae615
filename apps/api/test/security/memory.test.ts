import net from 'node:net';
import { DOCUMENT_MAX_BYTES, endpoints, SecondaryClientDocumentsSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { secondaryClients } from '../../src/db/schema.ts';
import { UPLOAD_LIMITS, uploadCap } from '../../src/lib/upload-limits.ts';
import { figure } from '../figures.ts';
import {
  addFamilyMember,
  agencyWithClients,
  saveDocument,
  signedInClient,
} from '../fixtures/client-portal.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { ownerWithToken } from '../fixtures/providers.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { pngBytes } from '../images.ts';

// Issue 23, item 9: a signed-in user cannot make the process hold memory for everyone. Uploads are capped by
// their route's total before their bodies are read; calls are shed when the process's resident memory is past
// SHED_RSS_MB.

const HOST = '127.0.0.1';
const ITEM = 'Issue 23, 9. Memory';
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const MiB = 1024 * 1024;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function listeningApp(
  env: Record<string, string> = {},
): Promise<TestApp & { port: number; base: string }> {
  const t = await createTestApp({ env });
  apps.push(t);
  await t.app.listen({ host: HOST, port: 0 });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return Object.assign(t, { port: address.port, base: `http://${HOST}:${address.port}` });
}

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Body bytes the client had written when the answer's status line arrived. */
  sentWhenAnswered: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
}

/**
 * Sends `head`, then body chunks from `nextChunk` as long as the socket takes them and no answer has come, and
 * resolves with the answer once the server has answered and closed the connection (or 5 s after the answer).
 */
function rawRequest(port: number, head: string, nextChunk: () => Buffer | null): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST);
    let sent = 0;
    let sentWhenAnswered = -1;
    let text = '';
    let closed = false;
    const finish = () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body: body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, ''),
        sentWhenAnswered,
        closed,
      });
    };
    const pump = () => {
      while (sentWhenAnswered < 0 && !socket.destroyed) {
        const chunk = nextChunk();
        if (!chunk) return;
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      pump();
    });
    socket.on('data', (data) => {
      if (sentWhenAnswered < 0) {
        sentWhenAnswered = sent;
        setTimeout(() => {
          socket.destroy();
          finish();
        }, 5000).unref();
      }
      text += data.toString('latin1');
    });
    socket.on('close', () => {
      closed = sentWhenAnswered >= 0;
      if (sentWhenAnswered >= 0) finish();
      else reject(new Error(`closed without an answer after ${sent} body bytes`));
    });
    socket.on('error', () => {});
  });
}

const BOUNDARY = 'memory-test-boundary';
const filePartHead = (field: string, name: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );

describe(`memory held by one user's calls on ${engine}`, () => {
  it("a burst of a client's family-member document calls keeps resident memory flat and health answering", async () => {
    const t = await listeningApp();
    const a = await agencyWithClients(t);
    const me = await signedInClient(t, a, 'Meera Iyer');
    const member = await addFamilyMember(t, a, me.primaryClientId, { firstName: 'Anaya' });
    // Four documents at the 10 MiB limit: the list answered them as 56 MB of base64 JSON before.
    const agencyId = a.agency.agencyId;
    const big = DOCUMENT_MAX_BYTES;
    const ids = {
      aadhaarDocumentId: await saveDocument(t, agencyId, 'aadhaar', pdfOf('aadhaar', big), 'application/pdf'),
      panDocumentId: await saveDocument(t, agencyId, 'pan', pdfOf('pan', big), 'application/pdf'),
      chequeDocumentId: await saveDocument(t, agencyId, 'cheque', pngBytes(2, 2, big), 'image/png'),
      profileImageDocumentId: await saveDocument(
        t,
        agencyId,
        'profile_image',
        pngBytes(2, 2, big),
        'image/png',
      ),
    };
    await t.db.update(secondaryClients).set(ids).where(eq(secondaryClients.id, member));
    const headers = { authorization: `Bearer ${me.token}` };
    const list = `${t.base}/api/agency-user/secondary-client/${member}/documents`;

    /** A call's body read as it comes and thrown away, so the client's side holds no answer either. */
    const drain = async (url: string) => {
      const res = await fetch(url, { headers });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      return { status: res.status, bytes };
    };
    // Warm: the routes, the database's pages, the sockets' first buffers.
    await drain(list);
    await drain(`${list}/aadhaar`);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let healthSlowest = 0;
    let healthCalls = 0;
    let running = true;
    const health = (async () => {
      while (running) {
        const started = Date.now();
        const res = await fetch(`${t.base}/api/health`);
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        healthSlowest = Math.max(healthSlowest, Date.now() - started);
        healthCalls += 1;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    // 12 at once, as the tester's client did, each the list and then its four documents at once.
    const CALLERS = 12;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const res = await fetch(list, { headers });
        const docs = SecondaryClientDocumentsSchema.parse(await res.json());
        const links = Object.values(docs).map((d) => d?.url);
        return Promise.all(links.map((url) => drain(`${t.base}${url}`)));
      }),
    );
    const took = Date.now() - started;
    running = false;
    await health;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const downloads = results.flat();
    expect(downloads.every((d) => d.status === 200 && d.bytes === big)).toBe(true);
    const growthMiB = (peak - baseline) / MiB;
    const served = downloads.reduce((sum, d) => sum + d.bytes, 0) / MiB;
    figure(
      ITEM,
      `[security] document burst (${engine}): ${CALLERS} concurrent callers × (the list + 4 documents of 10 MiB) = ` +
        `${downloads.length} downloads, ${Math.round(served)} MiB served in ${took} ms; resident memory ` +
        `${Math.round(baseline / MiB)} → peak ${Math.round(peak / MiB)} MiB (+${Math.round(growthMiB)} MiB); ` +
        `health answered ${healthCalls} times meanwhile, the slowest in ${healthSlowest} ms`,
    );
    // Before, each list call held its 40 MiB of files, 56 MB of base64 and the JSON text at once: 12 took the
    // process from 0.8 to 2.1 GB. Streamed, a download holds a 64 KiB chunk and its socket's buffers.
    expect(growthMiB).toBeLessThan(160);
    expect(healthSlowest).toBeLessThan(1000);
  }, 120_000);

  it('refuses every upload route by its Content-Length with 413 before reading its body', async () => {
    const t = await listeningApp();
    const { token } = await ownerWithToken(t.app);
    const id = '00000000-0000-4000-8000-000000000001';
    const rows: string[] = [];
    for (const [name, limit] of Object.entries(UPLOAD_LIMITS)) {
      const endpoint = endpoints[name as keyof typeof UPLOAD_LIMITS];
      const path = endpoint.path.replace(/:[a-zA-Z]+/g, (p) => (p === ':kind' ? 'aadhaar' : id));
      const cap = uploadCap(limit);
      // A gigabyte announced, a kilobyte sent: the answer comes without the rest.
      const started = Date.now();
      const answer = await rawRequest(
        t.port,
        `${endpoint.method} ${path} HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${1024 * MiB}\r\n\r\n`,
        (() => {
          let given = false;
          return () => {
            if (given) return null;
            given = true;
            return Buffer.concat([
              filePartHead('file', 'a.pdf', 'application/pdf'),
              Buffer.alloc(1024, 0x20),
            ]);
          };
        })(),
      );
      const took = Date.now() - started;
      expect(answer.status, `${name}: ${answer.headers}`).toBe(413);
      const body = JSON.parse(answer.body);
      expect(body).toEqual({
        message: expect.stringContaining('The upload is too large'),
        detail: expect.any(String),
      });
      expect(answer.headers.toLowerCase()).toContain('connection: close');
      expect(answer.closed).toBe(true);
      expect(cap).toBeLessThan(1024 * MiB);
      rows.push(`${name} ${Math.round((cap / MiB) * 10) / 10} MiB (${took} ms)`);
    }
    figure(
      ITEM,
      `[security] upload caps (${engine}): ${rows.length} multipart routes, each refused with 413 and the connection ` +
        `closed after 1 KiB of a body announced as 1 GiB: ${rows.join(', ')}`,
    );
  }, 60_000);

  it('stops reading a chunked upload (no Content-Length) once it passes its route total', async () => {
    const t = await listeningApp();
    const { token } = await ownerWithToken(t.app);
    const cap = uploadCap(UPLOAD_LIMITS.addPlansToExisting);
    // An endless plan file sent in 1 MiB chunks: busboy would keep reading past the file's own limit to throw
    // the bytes away; the total stops it.
    const chunk = Buffer.alloc(MiB, 0x20);
    let first = true;
    let offered = 0;
    const framed = (data: Buffer) =>
      Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
    const answer = await rawRequest(
      t.port,
      `POST ${endpoints.addPlansToExisting.path} HTTP/1.1\r\nHost: ${HOST}\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      () => {
        if (offered > 4 * cap) return null;
        const data = first
          ? Buffer.concat([filePartHead('planFiles', 'a.pdf', 'application/pdf'), chunk])
          : chunk;
        first = false;
        offered += data.length;
        return framed(data);
      },
    );
    expect(answer.status, answer.headers).toBe(413);
    expect(JSON.parse(answer.body).message).toContain('The upload is too large');
    expect(answer.closed).toBe(true);
    // What the client could push before the answer: the total and what the sockets' buffers hold.
    expect(answer.sentWhenAnswered).toBeLessThan(cap + 32 * MiB);
    figure(
      ITEM,
      `[security] chunked upload without Content-Length (${engine}): refused with 413 after ${Math.round(answer.sentWhenAnswered / MiB)} MiB ` +
        `had been written by the client (the route's total ${Math.round(cap / MiB)} MiB), connection closed`,
    );
  }, 60_000);

  it('sheds API calls with 503 and Retry-After while resident memory is over SHED_RSS_MB, health answers', async () => {
    const t = await createTestApp({ env: { SHED_RSS_MB: '1', SHED_RETRY_AFTER_SECONDS: '3' } });
    apps.push(t);
    expect(t.config.shed.rssBytes).toBe(MiB);
    const started = Date.now();
    let shed = await t.app.inject({ method: 'GET', url: '/api/services/insurances' });
    while (shed.statusCode !== 503 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shed = await t.app.inject({ method: 'GET', url: '/api/services/insurances' });
    }
    const shedAfter = Date.now() - started;
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('3');
    expect(shed.json()).toEqual({
      message: expect.any(String),
      detail: 'The server is over its resident memory limit.',
    });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().load.shedding).toBe(true);
    // With the limit off (0) the same call is not shed: it reaches the access check (no token: 401).
    const off = await createTestApp({ env: { SHED_RSS_MB: '0' } });
    apps.push(off);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await off.app.inject({ method: 'GET', url: '/api/services/insurances' })).statusCode).toBe(401);
    figure(
      ITEM,
      `[security] resident memory shedding (${engine}): SHED_RSS_MB=1 with ${Math.round(process.memoryUsage().rss / MiB)} MiB ` +
        `resident: API calls answered 503 + Retry-After within ${shedAfter} ms, health 200 reporting shedding; SHED_RSS_MB=0 not shed`,
    );
  }, 60_000);
});
