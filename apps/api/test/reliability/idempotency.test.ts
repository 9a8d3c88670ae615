import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documents,
  idempotencyKeys,
  insurancePolicies,
  primaryClients,
  providers,
} from '../../src/db/schema.ts';
import { addPlans, addProvider, pdfFile, plan, SERVICE_IDS } from '../../src/modules/plans/plans-test-kit.ts';
import { clientPayload } from '../../src/modules/primary-clients/primary-clients-test-kit.ts';
import { ownerWithToken } from '../../src/modules/providers/providers-test-kit.ts';
import { bearer, createTestApp, type TestApp } from '../helpers.ts';
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
  });
});
