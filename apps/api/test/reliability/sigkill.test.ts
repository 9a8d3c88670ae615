import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptBytes } from '../../src/lib/crypto.ts';
import { figure } from '../figures.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { plan } from '../fixtures/plans.ts';
import { clientPayload } from '../fixtures/primary-clients.ts';
import { TEST_ENCRYPTION_KEY } from '../helpers.ts';
import { multipart, type Part } from '../multipart.ts';
import {
  freshDatabase,
  killServer,
  lifeProviderOverHttp,
  ownerOverHttp,
  queryStopped,
  request,
  type ServerProcess,
  seededRandom,
  serverEnv,
  startServer,
} from './server-process.ts';

// Issue 9 item 8, nothing lost: the real server takes a stream of writes that carry a document, of four
// kinds mixed in a seeded order, each one multipart request with its own Idempotency-Key:
//   client   - a new client with a life plan and its PDF (POST /api/users/primary-clients)
//   plan     - a plan with its PDF added to an existing client (POST /api/agencies/add-plans-to-existing)
//   member   - a family member's Aadhaar document (POST /api/secondary-clients/:id/documents/aadhaar)
//   renewal  - a plan marked renewed with its new PDF (POST /api/renewals/plans/:id/renewed)
// It is killed with SIGKILL at random moments (seeded; the seed is printed and RELIABILITY_SEED replays
// it), started again, and every write not acknowledged is sent again with its key. At the end each key's
// write exists exactly once with its document (the file exists and decrypts to the bytes sent) and its
// stored answer, and every file in the document store belongs to a document row.

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const PORT = engine === 'PGlite' ? 4420 : 4421;
const KINDS = ['client', 'plan', 'member', 'renewal'] as const;
type Kind = (typeof KINDS)[number];
const PER_KIND = 10;
const KILLS = 4;
const WORKERS = 3;
const OLD_END = '2045-03-31';
const NEW_END = '2046-03-31';
const SEED = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KEY = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

interface Item {
  kind: Kind;
  key: string;
  /** What identifies the write: the client's email, the plan's number, the member's or the plan's id. */
  target: string;
  /** The document sent; every item's is a different size, so a file left behind names its item. */
  bytes: Buffer;
  path: string;
  parts: Part[];
  status: number;
  attempts: number;
  /** The first acknowledged answer; every later one must be the same. */
  answer: unknown;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** Rows straight from the database, the server being stopped. */
function readRows(env: Record<string, string>, dataDir: string) {
  return queryStopped(env, dataDir, {
    clients: 'select id, email from primary_clients where deleted_at is null',
    policies:
      'select id, primary_client_id, policy_number, end_date::text as end_date, document_id from insurance_policies where deleted_at is null',
    members: 'select id, aadhaar_document_id from secondary_clients where deleted_at is null',
    events: "select plan_id from renewal_events where kind = 'renewed'",
    documents: 'select id, storage_key, encryption_iv, encryption_tag, sha256 from documents',
    keys: 'select key, status from idempotency_keys',
  });
}

/** Every file under the document store, relative, with its size, but the journals. */
function storedFiles(dir: string): Array<{ key: string; size: number }> {
  if (!existsSync(dir)) return [];
  const files: Array<{ key: string; size: number }> = [];
  for (const agency of readdirSync(dir)) {
    if (agency === '.journal') continue;
    const sub = path.join(dir, agency);
    if (!statSync(sub).isDirectory()) {
      files.push({ key: agency, size: statSync(sub).size });
      continue;
    }
    for (const name of readdirSync(sub)) {
      files.push({ key: `${agency}/${name}`, size: statSync(path.join(sub, name)).size });
    }
  }
  return files;
}

async function call(port: number, token: string, method: string, url: string, body: object) {
  const res = await request(port, { method, path: url, headers: { authorization: `Bearer ${token}` }, body });
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.body}`);
  return res.json<{ data: Record<string, unknown> }>().data;
}

describe(`SIGKILL during a stream of writes with documents (${engine})`, () => {
  it(`loses, duplicates and half-writes nothing, and leaves no orphaned file (seed ${SEED})`, async () => {
    const started = Date.now();
    const random = seededRandom(SEED);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-sigkill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const fresh = await freshDatabase(dataDir);
    cleanups.push(() => fresh.drop());
    const env = serverEnv(PORT, fresh.env);
    let server: ServerProcess = await startServer(PORT, env);
    cleanups.push(() => killServer(server).then(() => undefined));
    const outputs: string[] = [];

    // What the stream writes to: a client whose plans it adds to, one family member per member item and,
    // on another client, one plan without a document per renewal item (all written before, without keys).
    const owner = await ownerOverHttp(PORT);
    const provider = await lifeProviderOverHttp(PORT, owner.token);
    const post = (url: string, body: object) => call(PORT, owner.token, 'POST', url, body);
    const base = await post('/api/users/primary-clients', clientPayload());
    const baseId = String(base.primary_client_id);
    const memberIds: string[] = [];
    for (let i = 0; i < PER_KIND; i += 1) {
      const member = await post('/api/secondary-clients', {
        primary_client_id: baseId,
        first_name: `Member${i}`,
        relationship: 'son',
      });
      memberIds.push(String(member.secondary_client_id));
    }
    const renewing = await post('/api/users/primary-clients', {
      ...clientPayload(),
      plans: Array.from({ length: PER_KIND }, (_, i) =>
        plan('life', provider, { policy_number: `RENEW-${SEED}-${i}`, end_date: OLD_END }),
      ),
    });
    const detail = await request(PORT, {
      method: 'GET',
      path: `/api/users/primary-clients/${String(renewing.primary_client_id)}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const renewPlanIds = detail
      .json<{ data: { plans: { insurance: Array<{ plan_id: string; policy_number: string }> } } }>()
      .data.plans.insurance.sort((a, b) => a.policy_number.localeCompare(b.policy_number))
      .map((p) => p.plan_id);
    expect(renewPlanIds).toHaveLength(PER_KIND);

    // About 250 KB each, so a kill often lands while a file is being written; every size different.
    let n = 0;
    const bytesFor = (kind: Kind) => {
      n += 1;
      return pdfOf(`${kind} ${n} ${SEED}`, 250_000 + n * 17);
    };
    const items: Item[] = [];
    for (let i = 0; i < PER_KIND; i += 1) {
      const payload = clientPayload();
      const clientPdf = bytesFor('client');
      items.push({
        kind: 'client',
        key: randomUUID(),
        target: String(payload.email),
        bytes: clientPdf,
        path: '/api/users/primary-clients',
        parts: [
          {
            name: 'payload',
            value: JSON.stringify({ ...payload, plans: [plan('life', provider, { file_index: 0 })] }),
          },
          { name: 'planFiles', filename: 'policy.pdf', type: 'application/pdf', bytes: clientPdf },
        ],
        status: 201,
        attempts: 0,
        answer: undefined,
      });
      const number = `ADDED-${SEED}-${i}`;
      const planPdf = bytesFor('plan');
      items.push({
        kind: 'plan',
        key: randomUUID(),
        target: number,
        bytes: planPdf,
        path: '/api/agencies/add-plans-to-existing',
        parts: [
          { name: 'primary_client_id', value: baseId },
          {
            name: 'plansData',
            value: JSON.stringify([plan('life', provider, { policy_number: number, file_index: 0 })]),
          },
          { name: 'planFiles', filename: 'added.pdf', type: 'application/pdf', bytes: planPdf },
        ],
        status: 201,
        attempts: 0,
        answer: undefined,
      });
      const memberPdf = bytesFor('member');
      items.push({
        kind: 'member',
        key: randomUUID(),
        target: memberIds[i]!,
        bytes: memberPdf,
        path: `/api/secondary-clients/${memberIds[i]}/documents/aadhaar`,
        parts: [{ name: 'file', filename: 'aadhaar.pdf', type: 'application/pdf', bytes: memberPdf }],
        status: 200,
        attempts: 0,
        answer: undefined,
      });
      const renewalPdf = bytesFor('renewal');
      items.push({
        kind: 'renewal',
        key: randomUUID(),
        target: renewPlanIds[i]!,
        bytes: renewalPdf,
        path: `/api/renewals/plans/${renewPlanIds[i]}/renewed`,
        parts: [
          { name: 'new_end_date', value: NEW_END },
          { name: 'note', value: `Renewed ${i}` },
          { name: 'document', filename: 'renewal.pdf', type: 'application/pdf', bytes: renewalPdf },
        ],
        status: 200,
        attempts: 0,
        answer: undefined,
      });
    }
    // The kinds mixed in a seeded order (Fisher-Yates).
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }

    let acknowledged = 0;
    const send = async (item: Item) => {
      item.attempts += 1;
      const body = multipart(item.parts);
      const res = await request(PORT, {
        method: 'POST',
        path: item.path,
        headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': item.key, ...body.headers },
        body: body.payload,
      }).catch(() => null); // the server was killed under it: not acknowledged
      if (res?.status === item.status) {
        acknowledged += 1;
        const answer = res.json();
        // A retry of an acknowledged write answers what its first answer said (a replay).
        if (item.answer !== undefined) expect(answer).toEqual(item.answer);
        item.answer = answer;
      } else if (res && res.status !== 409 && res.status !== 503) {
        throw new Error(`${item.kind} ${item.path} answered ${res.status}: ${res.body}`);
      }
    };

    let kills = 0;
    for (let round = 0; round <= KILLS + 5; round += 1) {
      const pending = items.filter((i) => i.answer === undefined);
      if (pending.length === 0) break;
      let running = true;
      const queue = [...pending];
      const worker = async () => {
        while (running) {
          const item = queue.shift();
          if (!item) return;
          await send(item);
        }
      };
      // Each kill lands after 1 to 4 more acknowledged writes of its round, then 0-40 ms on, at a random
      // point of the requests then in flight; short enough that even on a fast server every kill falls
      // inside the stream (a fixed delay let a fast run finish before its last kill).
      const killAfter = acknowledged + 1 + Math.floor(random() * 4);
      const killDelay = Math.floor(random() * 40);
      let workersDone = false;
      const workers = Promise.all(Array.from({ length: WORKERS }, worker)).then(() => {
        workersDone = true;
      });
      const killer =
        kills < KILLS
          ? (async () => {
              while (acknowledged < killAfter && !workersDone) await new Promise((r) => setTimeout(r, 5));
              await new Promise((r) => setTimeout(r, killDelay));
              running = false;
              await killServer(server, 'SIGKILL');
              kills += 1;
            })()
          : Promise.resolve();
      await Promise.all([workers, killer]);
      outputs.push(server.output());
      if (server.child.exitCode === null && server.child.signalCode === null) continue;
      server = await startServer(PORT, env);
    }
    expect(items.filter((i) => i.answer === undefined)).toEqual([]);

    // Acknowledged writes of every kind answer the same again (their answers were stored with them).
    for (const kind of KINDS) {
      for (const item of items.filter((i) => i.kind === kind).slice(0, 2)) await send(item);
    }
    // A clean stop: SIGTERM drains and exits 0; the restarts' recovery lines are in the output.
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    outputs.push(server.output());
    const removedAtStart = outputs
      .join('\n')
      .split('\n')
      .filter((l) => l.includes('did not commit before a crash'))
      .reduce((sum, l) => sum + (JSON.parse(l) as { removed: number }).removed, 0);

    const rows = await readRows(env, dataDir);
    const docsById = new Map(rows.documents.map((d) => [String(d.id), d]));
    const documentsDir = path.join(dataDir, 'documents');
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    /** The document decrypts to exactly the bytes sent. */
    const holds = (documentId: unknown, bytes: Buffer) => {
      const doc = docsById.get(String(documentId));
      const file = doc ? path.join(documentsDir, ...String(doc.storage_key).split('/')) : '';
      if (!doc || !existsSync(file)) return false;
      const plain = decryptBytes(KEY, {
        iv: String(doc.encryption_iv),
        tag: String(doc.encryption_tag),
        data: readFileSync(file),
      });
      return plain.equals(bytes) && sha(plain) === doc.sha256;
    };
    /** How many times the item's write is in the database, and whether that one write is whole. */
    const found = (item: Item): { times: number; whole: boolean } => {
      switch (item.kind) {
        case 'client': {
          const clients = rows.clients.filter((c) => c.email === item.target);
          const policies = rows.policies.filter((p) => p.primary_client_id === clients[0]?.id);
          return {
            times: clients.length,
            whole: policies.length === 1 && holds(policies[0]?.document_id, item.bytes),
          };
        }
        case 'plan': {
          const policies = rows.policies.filter((p) => p.policy_number === item.target);
          return { times: policies.length, whole: holds(policies[0]?.document_id, item.bytes) };
        }
        case 'member': {
          // Each upload is a new document row: the bytes in two rows would be the upload done twice.
          const rowsOfBytes = rows.documents.filter((d) => d.sha256 === sha(item.bytes));
          const member = rows.members.find((m) => m.id === item.target);
          return { times: rowsOfBytes.length, whole: holds(member?.aadhaar_document_id, item.bytes) };
        }
        case 'renewal': {
          const events = rows.events.filter((e) => e.plan_id === item.target);
          const policy = rows.policies.find((p) => p.id === item.target);
          return {
            times: events.length,
            whole: policy?.end_date === NEW_END && holds(policy?.document_id, item.bytes),
          };
        }
      }
    };

    const referenced = new Set(rows.documents.map((d) => d.storage_key as string));
    const files = storedFiles(documentsDir);
    const kindOfSize = new Map(items.map((i) => [i.bytes.length, i.kind]));
    const orphans = files.filter((f) => !referenced.has(f.key));
    const missing = [...referenced].filter((k) => !files.some((f) => f.key === k)).length;
    const unknownOrphans = orphans.filter((f) => !kindOfSize.has(f.size)).length;

    const figures = {} as Record<Kind, Record<string, number>>;
    for (const kind of KINDS) {
      const mine = items.filter((i) => i.kind === kind);
      const results = mine.map((i) => ({
        ...found(i),
        answered: rows.keys.some((k) => k.key === i.key && k.status === i.status),
      }));
      figures[kind] = {
        writes: mine.length,
        sends: mine.reduce((sum, i) => sum + i.attempts, 0),
        lost: results.filter((r) => r.times === 0).length,
        duplicated: results.filter((r) => r.times > 1).length,
        // Done once but not whole: its document missing or different, or its answer not stored.
        partial: results.filter((r) => r.times === 1 && (!r.whole || !r.answered)).length,
        orphaned: orphans.filter((f) => kindOfSize.get(f.size) === kind).length,
      };
    }
    const extraClients = rows.clients.length - PER_KIND - 2;

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    for (const kind of KINDS) {
      const f = figures[kind];
      figure(
        '8. SIGKILL',
        `[reliability] sigkill (${engine}) ${kind}: ${f.writes} writes (${f.sends} sends), ${f.lost} lost, ${f.duplicated} duplicated, ${f.partial} partial, ${f.orphaned} orphaned files`,
      );
    }
    figure(
      '8. SIGKILL',
      `[reliability] sigkill (${engine}): ${kills} kills, ${items.length} writes of ${KINDS.length} kinds, ${orphans.length} orphaned files (${removedAtStart} removed at restarts), ${missing} missing, seed ${SEED}, ${seconds} s`,
    );
    expect(kills).toBe(KILLS);
    for (const kind of KINDS) {
      expect({ kind, ...figures[kind], sends: 0 }).toEqual({
        kind,
        writes: PER_KIND,
        sends: 0,
        lost: 0,
        duplicated: 0,
        partial: 0,
        orphaned: 0,
      });
    }
    expect({ extraClients, unknownOrphans, missing }).toEqual({
      extraClients: 0,
      unknownOrphans: 0,
      missing: 0,
    });
  }, 180_000);
});
