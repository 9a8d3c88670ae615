import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencies,
  auditLog,
  documents,
  idempotencyKeys,
  insurancePolicies,
  primaryClients,
  providers,
  renewalEvents,
  services,
} from '../../src/db/schema.ts';
import { addPlans, addProvider, pdfFile, plan } from '../fixtures/plans.ts';
import { clientPayload } from '../fixtures/primary-clients.ts';
import { ownerWithToken } from '../fixtures/providers.ts';
import { SERVICE_IDS } from '../fixtures/services.ts';
import { bearer, createAdmin, createTestApp, PORTAL_HOST, signInToken, type TestApp } from '../helpers.ts';
import { pngBytes } from '../images.ts';
import { multipart, type Part } from '../multipart.ts';

// Issue 9 item 8: writes take an Idempotency-Key. The same request sent again with the key gets the first
// answer (Idempotent-Replayed: true) and is not done twice; another request with the key is refused (422),
// and so is one while the first still runs (409); a bad key is a 400 naming the header.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A client with one life plan and its PDF, as the web app's one multipart submission sends it. */
function sendClient(token: string, key: string | undefined, payload: unknown, pdf: Buffer) {
  const parts: Part[] = [
    { name: 'payload', value: JSON.stringify(payload) },
    { name: 'planFiles', filename: 'policy.pdf', type: 'application/pdf', bytes: pdf },
  ];
  // A new boundary each time, as a browser's retry would pick.
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/users/primary-clients',
    headers: { ...bearer(token), ...body.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body.payload,
  });
}

async function setUp() {
  const owner = await ownerWithToken(t.app);
  const lifeProvider = await addProvider(t.app, owner.token, 'life');
  const payload = () => ({
    ...clientPayload(),
    plans: [plan('life', lifeProvider, { file_index: 0 })],
  });
  return { ...owner, payload };
}

async function clientsOf(agencyId: string) {
  return t.db.select().from(primaryClients).where(eq(primaryClients.agencyId, agencyId));
}

async function countsOf(agencyId: string) {
  const docs = await t.db.select().from(documents).where(eq(documents.agencyId, agencyId));
  const policies = await t.db
    .select()
    .from(insurancePolicies)
    .where(eq(insurancePolicies.agencyId, agencyId));
  return { clients: (await clientsOf(agencyId)).length, policies: policies.length, documents: docs.length };
}

describe('Idempotency-Key on a create with documents', () => {
  it('replays the first answer to the same request and does the write once', async () => {
    const { agency, token, payload } = await setUp();
    const key = randomUUID();
    const body = payload();
    const pdf = pdfFile('policy').bytes;
    const first = await sendClient(token, key, body, pdf);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await sendClient(token, key, body, pdf);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 1, documents: 1 });
    // The answer was stored in the write's own transaction, with the caller's agency.
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({
      agencyId: agency.agencyId,
      method: 'POST',
      path: '/api/users/primary-clients',
    });
    expect(row?.status).toBe(201);
  });

  it('refuses the key for a different request (another file or other fields): 422 naming the header', async () => {
    const { agency, token, payload } = await setUp();
    const key = randomUUID();
    const body = payload();
    expect((await sendClient(token, key, body, pdfFile('one').bytes)).statusCode).toBe(201);
    const otherFile = await sendClient(token, key, body, pdfFile('two').bytes);
    expect(otherFile.statusCode).toBe(422);
    expect(otherFile.json()).toMatchObject({
      message: 'This Idempotency-Key was already used for a different request.',
      fields: { 'Idempotency-Key': 'This Idempotency-Key was already used for a different request.' },
    });
    const otherFields = await sendClient(token, key, { ...body, first_name: 'Kavya' }, pdfFile('one').bytes);
    expect(otherFields.statusCode).toBe(422);
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 1, documents: 1 });
  });

  it('answers 409 to the same key while its first request still runs, and does the write once', async () => {
    const { agency, token, payload } = await setUp();
    const key = randomUUID();
    const body = payload();
    const pdf = pdfFile('race').bytes;
    const [a, b] = await Promise.all([sendClient(token, key, body, pdf), sendClient(token, key, body, pdf)]);
    const statuses = [a.statusCode, b.statusCode].sort();
    // The second arrives while the first runs (409), or after it finished (a replayed 201).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const conflict = [a, b].find((r) => r.statusCode === 409);
    if (conflict)
      expect(conflict.json().message).toBe('A request with this Idempotency-Key is still being processed.');
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 1, documents: 1 });
    const retry = await sendClient(token, key, body, pdf);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key that is empty, too long or not visible ASCII: 400 naming the header', async () => {
    const { agency, token, payload } = await setUp();
    for (const bad of ['', 'x'.repeat(256), 'clé-1', 'two words']) {
      const res = await sendClient(token, bad, payload(), pdfFile('bad').bytes);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(['Idempotency-Key']);
    }
    expect((await sendClient(token, 'k'.repeat(255), payload(), pdfFile('ok').bytes)).statusCode).toBe(201);
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 1, documents: 1 });
  });

  it('keeps no error answer: after a refused request the same key does the corrected one', async () => {
    const { agency, token, payload } = await setUp();
    const key = randomUUID();
    const body = payload();
    const refused = await sendClient(token, key, { ...body, pincode: '12' }, pdfFile('x').bytes);
    expect(refused.statusCode).toBe(400);
    const done = await sendClient(token, key, body, pdfFile('x').bytes);
    expect(done.statusCode).toBe(201);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 1, documents: 1 });
  });

  it('scopes keys by user and forgets them after 24 hours', async () => {
    const one = await setUp();
    const two = await setUp();
    const key = randomUUID();
    expect((await sendClient(one.token, key, one.payload(), pdfFile('a').bytes)).statusCode).toBe(201);
    const other = await sendClient(two.token, key, two.payload(), pdfFile('b').bytes);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await countsOf(two.agency.agencyId)).clients).toBe(1);

    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.userId, one.agency.userId)));
    const later = await sendClient(one.token, key, one.payload(), pdfFile('c').bytes);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect((await countsOf(one.agency.agencyId)).clients).toBe(2);
  });

  it('without a key every request is done, as before', async () => {
    const { agency, token, payload } = await setUp();
    const body = payload();
    const pdf = pdfFile('same').bytes;
    expect((await sendClient(token, undefined, body, pdf)).statusCode).toBe(201);
    const second = await sendClient(
      token,
      undefined,
      { ...body, email: `x.${randomUUID()}@example.in` },
      pdf,
    );
    expect(second.statusCode).toBe(201);
    expect((await countsOf(agency.agencyId)).clients).toBe(2);
  });
});

describe('Idempotency-Key on other writes', () => {
  it('adding plans with a PDF to a client: replayed, done once', async () => {
    const { agency, token, payload } = await setUp();
    const created = await sendClient(token, undefined, payload(), pdfFile('p').bytes);
    const clientId = created.json().data.primary_client_id as string;
    const provider = await addProvider(t.app, token, 'health');
    const fields = { primary_client_id: clientId, plans: [plan('health', provider, { file_index: 0 })] };
    const key = randomUUID();
    const send = () => {
      const parts: Part[] = [
        { name: 'primary_client_id', value: fields.primary_client_id },
        { name: 'plansData', value: JSON.stringify(fields.plans) },
        { name: 'planFiles', ...pdfFile('health') },
      ];
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/agencies/add-plans-to-existing',
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countsOf(agency.agencyId)).toEqual({ clients: 1, policies: 2, documents: 2 });
    // The kit's helper without a key still adds.
    expect((await addPlans(t.app, token, fields, [pdfFile('h2')])).statusCode).toBe(201);
  });

  it("a provider with its logo and a plan's new PDF: replayed, done once", async () => {
    const { agency, token, payload } = await setUp();
    expect((await sendClient(token, undefined, payload(), pdfFile('p').bytes)).statusCode).toBe(201);
    const [policy] = await t.db
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.agencyId, agency.agencyId));
    const planId = policy!.id;
    const send = (url: string, key: string, parts: Part[]) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const providerParts: Part[] = [
      {
        name: 'payload',
        value: JSON.stringify({
          service_id: SERVICE_IDS.motor,
          provider_name: 'Motor Co',
          agency_code: 'AG-9',
        }),
      },
      { name: 'providerlogourl', filename: 'logo.png', type: 'image/png', bytes: pngBytes(4, 4) },
    ];
    const providerKey = randomUUID();
    const first = await send('/api/plans/insurance', providerKey, providerParts);
    expect(first.statusCode).toBe(201);
    const again = await send('/api/plans/insurance', providerKey, providerParts);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const motor = await t.db.select().from(providers).where(eq(providers.agencyId, agency.agencyId));
    expect(motor.filter((p) => p.providerName === 'Motor Co')).toHaveLength(1);

    const docKey = randomUUID();
    const docParts: Part[] = [{ name: 'file', ...pdfFile('renewed-policy') }];
    const url = `/api/client-plans/${planId}/document`;
    const replaced = await send(url, docKey, docParts);
    expect(replaced.statusCode).toBe(200);
    const replayed = await send(url, docKey, docParts);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(replaced.json());
    // The client's first PDF, the logo and the one replacement: 3 documents, not 4.
    expect((await countsOf(agency.agencyId)).documents).toBe(3);
  });

  it('a JSON update (PUT) and a delete: replayed with the stored answer', async () => {
    const { agency, token, payload } = await setUp();
    const created = await sendClient(token, undefined, payload(), pdfFile('u').bytes);
    const client = created.json().data as { primary_client_id: string; email: string };
    const update = { ...clientPayload({ email: client.email }), first_name: 'Kavya' };
    const key = randomUUID();
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/primary-clients/${client.primary_client_id}`,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: update,
      });
    const first = await put();
    expect(first.statusCode).toBe(200);
    const again = await put();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const delKey = randomUUID();
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/users/primary-clients/${client.primary_client_id}`,
        headers: { ...bearer(token), 'idempotency-key': delKey },
      });
    const gone = await del();
    expect(gone.statusCode).toBeLessThan(300);
    // Without the key a second delete would be a 404; with it, the first answer.
    const goneAgain = await del();
    expect(goneAgain.statusCode).toBe(gone.statusCode);
    expect(goneAgain.headers['idempotent-replayed']).toBe('true');
    expect((await clientsOf(agency.agencyId)).filter((c) => c.deletedAt === null)).toHaveLength(0);
  });
});

describe('answers that commit with their write', () => {
  // Every signed-in write that is one transaction stores its Idempotency-Key answer in that transaction
  // (decision 013), so a crash between the write's commit and its answer cannot exist: a retry either
  // finds the answer or finds nothing done. Proved by a fault in storing the answer (a trigger refuses the
  // keys named `refuse-answer-…`): the request fails and its write is undone with it (audit row, renewal
  // event, document row and encrypted file included), where an answer stored after the commit would leave
  // the write done and unanswered. Then the same request with a good key is done, and sent again it is
  // replayed (the first answer, Idempotent-Replayed: true) and not done a second time.
  beforeAll(async () => {
    await t.db.execute(sql`
      create or replace function refuse_test_answers() returns trigger language plpgsql as $$
      begin
        if new.key like 'refuse-answer-%' then
          raise exception 'injected fault: the answer could not be stored';
        end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_test_answers before insert on idempotency_keys
      for each row execute function refuse_test_answers()`);
  });
  afterAll(async () => {
    await t.db.execute(sql`drop trigger if exists refuse_test_answers on idempotency_keys`);
  });

  type Send = (key: string) => Promise<LightMyRequestResponse>;
  interface Case {
    name: string;
    status: number;
    /** The caller and a request of the route, made ready on a fresh agency. */
    prepare(): Promise<{ actorUserId: string; agencyId: string; send: Send; observe(): Promise<unknown> }>;
  }

  const multipartSend = (token: string, method: 'POST' | 'PUT', url: string, parts: () => Part[]): Send => {
    return (key) => {
      const body = multipart(parts());
      return t.app.inject({
        method,
        url,
        headers: { ...bearer(token), ...body.headers, 'idempotency-key': key },
        payload: body.payload,
      });
    };
  };
  const jsonSend =
    (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Send =>
    (key) =>
      t.app.inject({
        method,
        url,
        headers: { ...bearer(token), 'idempotency-key': key },
        ...(payload ? { payload } : {}),
      });

  /** An owner with one client, its life plan (ending 2045-03-31) and the plan's PDF. */
  async function agencyWithPlan() {
    const owner = await setUp();
    const created = await sendClient(owner.token, undefined, owner.payload(), pdfFile('first').bytes);
    expect(created.statusCode, created.body).toBe(201);
    const client = created.json().data as { primary_client_id: string; email: string };
    const [policy] = await t.db
      .select()
      .from(insurancePolicies)
      .where(eq(insurancePolicies.primaryClientId, client.primary_client_id));
    const planRow = async () =>
      (await t.db.select().from(insurancePolicies).where(eq(insurancePolicies.id, policy!.id)))[0]!;
    return { ...owner, client, planId: policy!.id, planRow };
  }

  const cases: Case[] = [
    {
      name: 'mark renewed with the new PDF',
      status: 200,
      async prepare() {
        const w = await agencyWithPlan();
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: multipartSend(w.token, 'POST', `/api/renewals/plans/${w.planId}/renewed`, () => [
            { name: 'new_end_date', value: '2046-03-31' },
            { name: 'note', value: 'Paid at the branch' },
            { name: 'document', ...pdfFile('renewed') },
          ]),
          observe: async () => {
            const p = await w.planRow();
            return { endDate: p.endDate, status: p.status, documentId: p.documentId };
          },
        };
      },
    },
    {
      name: 'mark contacted',
      status: 200,
      async prepare() {
        const w = await agencyWithPlan();
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: jsonSend(w.token, 'POST', `/api/renewals/plans/${w.planId}/contacted`, { note: 'Called' }),
          observe: async () => null,
        };
      },
    },
    {
      name: 'mark lapsed',
      status: 200,
      async prepare() {
        const w = await agencyWithPlan();
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: jsonSend(w.token, 'POST', `/api/renewals/plans/${w.planId}/lapsed`, { note: 'No answer' }),
          observe: async () => (await w.planRow()).status,
        };
      },
    },
    {
      name: 'the agency logo',
      status: 200,
      async prepare() {
        const w = await setUp();
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: multipartSend(w.token, 'POST', '/api/agencies/profile/logo', () => [
            { name: 'logo', filename: 'logo.png', type: 'image/png', bytes: pngBytes(6, 6) },
          ]),
          observe: async () =>
            (await t.db.select().from(agencies).where(eq(agencies.id, w.agency.agencyId)))[0]?.logoDocumentId,
        };
      },
    },
    {
      name: 'a provider edited with a new logo',
      status: 200,
      async prepare() {
        const w = await setUp();
        const providerId = await addProvider(t.app, w.token, 'motor');
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: multipartSend(w.token, 'PUT', `/api/plans/insurance/${providerId}`, () => [
            {
              name: 'payload',
              value: JSON.stringify({
                service_id: SERVICE_IDS.motor,
                provider_name: 'Motor Co Renamed',
                agency_code: 'AG-7',
              }),
            },
            { name: 'providerlogourl', filename: 'logo.png', type: 'image/png', bytes: pngBytes(5, 5) },
          ]),
          observe: async () => {
            const [p] = await t.db.select().from(providers).where(eq(providers.id, providerId));
            return { name: p?.providerName, logo: p?.logoDocumentId };
          },
        };
      },
    },
    {
      name: "a client's edit",
      status: 200,
      async prepare() {
        const w = await agencyWithPlan();
        const update = { ...clientPayload({ email: w.client.email }), first_name: 'Kavya' };
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: jsonSend(w.token, 'PUT', `/api/users/primary-clients/${w.client.primary_client_id}`, update),
          observe: async () =>
            (
              await t.db
                .select()
                .from(primaryClients)
                .where(eq(primaryClients.id, w.client.primary_client_id))
            )[0]?.firstName,
        };
      },
    },
    {
      name: "a plan's removal",
      status: 200,
      async prepare() {
        const w = await agencyWithPlan();
        return {
          actorUserId: w.agency.userId,
          agencyId: w.agency.agencyId,
          send: jsonSend(w.token, 'DELETE', `/api/client-plans/${w.planId}`),
          observe: async () => (await w.planRow()).deletedAt !== null,
        };
      },
    },
    {
      name: "the admin's new service",
      status: 201,
      async prepare() {
        const w = await setUp();
        const admin = await createAdmin(t);
        const token = await signInToken(t.app, { ...admin, host: PORTAL_HOST });
        const code = `pet_${randomUUID()
          .replace(/[^a-f]/g, '')
          .slice(0, 8)}`;
        return {
          actorUserId: admin.userId,
          agencyId: w.agency.agencyId,
          send: jsonSend(token, 'POST', '/api/services', {
            code,
            name: 'Pet insurance',
            category: 'insurance',
          }),
          observe: async () => (await t.db.select().from(services).where(eq(services.code, code))).length,
        };
      },
    },
  ];

  /** What a write leaves behind: its audit rows, renewal events, document rows and encrypted files. */
  async function traces(actorUserId: string, agencyId: string) {
    const dir = path.join(t.app.services.documents.dir, agencyId);
    return {
      audit: (await t.db.select().from(auditLog).where(eq(auditLog.actorUserId, actorUserId))).length,
      events: (await t.db.select().from(renewalEvents).where(eq(renewalEvents.agencyId, agencyId))).length,
      documents: (await t.db.select().from(documents).where(eq(documents.agencyId, agencyId))).length,
      files: existsSync(dir) ? readdirSync(dir).length : 0,
    };
  }

  for (const c of cases) {
    it(`${c.name}: undone with its answer, then done once and replayed`, async () => {
      const { actorUserId, agencyId, send, observe } = await c.prepare();
      const before = { traces: await traces(actorUserId, agencyId), state: await observe() };

      const faulted = await send(`refuse-answer-${randomUUID()}`);
      expect(faulted.statusCode, faulted.body).toBe(500);
      expect({ traces: await traces(actorUserId, agencyId), state: await observe() }).toEqual(before);

      const key = randomUUID();
      const first = await send(key);
      expect(first.statusCode, first.body).toBe(c.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const done = { traces: await traces(actorUserId, agencyId), state: await observe() };
      expect(done).not.toEqual(before);

      const again = await send(key);
      expect(again.statusCode).toBe(c.status);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect({ traces: await traces(actorUserId, agencyId), state: await observe() }).toEqual(done);
      const stored = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      expect(stored.map((r) => r.status)).toEqual([c.status]);
    });
  }
});

describe('the OpenAPI document', () => {
  it('declares the Idempotency-Key header on signed-in writes only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    }>();
    const takesKey = (p: string, m: string) =>
      (doc.paths[p]?.[m]?.parameters ?? []).some((x) => x.in === 'header' && x.name === 'Idempotency-Key');
    expect(takesKey('/api/users/primary-clients', 'post')).toBe(true);
    expect(takesKey('/api/agencies/add-plans-to-existing', 'post')).toBe(true);
    expect(takesKey('/api/users/primary-clients/{id}', 'put')).toBe(true);
    expect(takesKey('/api/users/primary-clients/{id}', 'delete')).toBe(true);
    expect(takesKey('/api/users/primary-clients', 'get')).toBe(false);
    expect(takesKey('/api/agencies/client-login', 'post')).toBe(false);
    // Sign-out and password change revoke the token a retry would carry: they take no key.
    expect(takesKey('/api/auth/logout', 'post')).toBe(false);
    expect(takesKey('/api/auth/change-password', 'post')).toBe(false);
  });
});

describe('writes that take no Idempotency-Key', () => {
  it('a password change sent with a key is done and keeps no answer, so its new token is stored nowhere', async () => {
    const owner = await ownerWithToken(t.app);
    const key = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { ...bearer(owner.token), 'idempotency-key': key },
      payload: { current_password: owner.agency.password, new_password: 'Badal#Naya2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const stored = await t.db.execute(sql`select count(*)::int as n from idempotency_keys
      where response::text like ${`%${token.slice(-20)}%`}`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});
