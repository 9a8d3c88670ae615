import { randomUUID } from 'node:crypto';
import {
  aadhaarValid,
  ErrorResponseSchema,
  MSG,
  PAGE_CURSOR,
  PrimaryClientDetailResponseSchema,
  PrimaryClientListResponseSchema,
  PrimaryClientResponseSchema,
  verhoeffValid,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPolicy } from '../../../test/fixtures/plans.ts';
import {
  AADHAAR,
  clientPayload,
  createClient,
  PAN,
  PORTAL_PASSWORD,
  postClient,
} from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signIn,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { jpegBytes, PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditLog, primaryClients, secondaryClients, users } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import { CLIENT_NOT_FOUND } from './primary-clients.service.ts';

let t: TestApp;
/** Every answer body of this file, searched at the end for a full PAN or Aadhaar (decisions §5). */
const bodies: string[] = [];
const keep = (res: LightMyRequestResponse) => {
  bodies.push(res.body);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const call = async (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => keep(await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }));
const base = '/api/users/primary-clients';

describe('Aadhaar and PAN rules', () => {
  it('checks the Verhoeff checksum', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(aadhaarValid(AADHAAR)).toBe(true);
    const wrong = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;
    expect(aadhaarValid(wrong)).toBe(false);
    expect(aadhaarValid('123456789012')).toBe(false);
  });
});

describe('adding a primary client', () => {
  it('stores every field, numbers the client and masks identity numbers', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const res = keep(await postClient(t.app, token, clientPayload({ pan_number: 'abcde 1234f' })));
    expect(res.statusCode).toBe(201);
    const { data } = PrimaryClientResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      client_code: `${agency.slug.toUpperCase()}-00001`,
      full_name: 'Meera Iyer',
      date_of_birth: '1984-06-12',
      gender: 'female',
      nationality: 'Indian',
      city: 'Pune',
      pincode: '411045',
      alternate_phone: null,
      pan_number: '••••234F',
      aadhaar_number: `••••${AADHAAR.slice(-4)}`,
      portal_access: false,
      portal_email: null,
      avatar_url: null,
    });
    const [row] = await t.db
      .select()
      .from(primaryClients)
      .where(eq(primaryClients.id, data.primary_client_id));
    expect(row!.agencyId).toBe(agency.agencyId);
    expect(row!.aadhaarLast4).toBe(AADHAAR.slice(-4));
    expect(JSON.stringify(row)).not.toContain(AADHAAR);
    expect(row!.panEnc).not.toContain(PAN);
    const second = await createClient(t.app, token);
    expect(second.client_code).toBe(`${agency.slug.toUpperCase()}-00002`);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, data.primary_client_id), eq(auditLog.action, 'primary_client.create')),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(PAN);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(AADHAAR);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First Name is required.'],
    [
      { pan_number: 'ABCD12345F' },
      'pan_number',
      'PAN Number must be 5 letters, 4 digits and a letter, for example ABCDE1234F.',
    ],
    [
      { aadhaar_number: '123456789012' },
      'aadhaar_number',
      'Aadhaar Number must be a valid 12-digit Aadhaar number.',
    ],
    [
      { aadhaar_number: '23456' },
      'aadhaar_number',
      'Aadhaar Number must be a valid 12-digit Aadhaar number.',
    ],
    [{ email: 'meera@' }, 'email', MSG.invalidEmail],
    [{ phone: '12ab' }, 'phone', 'Phone Number must be a valid phone number.'],
    [{ pincode: '011001' }, 'pincode', 'Pincode must be 6 digits and not start with 0.'],
    [
      { date_of_birth: '1984-02-30' },
      'date_of_birth',
      'Date Of Birth must be a date in the form YYYY-MM-DD.',
    ],
    [{ gender: 'x' }, 'gender', 'Gender must be male, female or other.'],
    [
      { portal_access: { enabled: true, initial_password: 'short' } },
      'portal_access.initial_password',
      MSG.passwordRule,
    ],
    [
      { portal_access: { enabled: true } },
      'portal_access.initial_password',
      'Initial Password is required for portal access.',
    ],
    [
      { email: '', portal_access: { enabled: true, initial_password: PORTAL_PASSWORD } },
      'email',
      'Email is required for portal access.',
    ],
  ])('refuses %j naming %s', async (override, field, message) => {
    const { agency, token } = await ownerWithToken(t.app);
    const res = await postClient(t.app, token, clientPayload(override as object));
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.fields?.[field]).toBe(message);
    const rows = await t.db.select().from(primaryClients).where(eq(primaryClients.agencyId, agency.agencyId));
    expect(rows).toHaveLength(0);
  });

  it('creates the portal account with a forced password change; a taken email is a 409 and nothing is stored', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const created = await createClient(t.app, token, {
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
    });
    const detail = await call(token, 'GET', `${base}/${created.primary_client_id}`);
    expect(detail.json().data.client).toMatchObject({
      portal_access: true,
      portal_email: created.email,
      must_change_password: true,
    });
    const signedIn = await signIn(t.app, {
      email: created.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.must_change_password).toBe(true);

    const again = await postClient(
      t.app,
      token,
      clientPayload({
        email: created.email!.toUpperCase(),
        portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
      }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().fields.email).toMatch(/already uses this email/);
    const rows = await t.db.select().from(primaryClients).where(eq(primaryClients.agencyId, agency.agencyId));
    expect(rows).toHaveLength(1);
  });
});

describe('the client list', () => {
  it('answers an empty list for a new agency', async () => {
    const { token } = await ownerWithToken(t.app);
    const res = await call(token, 'GET', base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [],
      pagination: { total: 0, limit: 10, offset: 0, next_cursor: null, prev_cursor: null },
    });
  });

  it('searches name, email, phone and code, pages, counts family and plans, hides other agencies', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const other = await ownerWithToken(t.app);
    await createClient(t.app, other.token, { first_name: 'Zubin' });
    const a = await createClient(t.app, token, {
      first_name: 'Zubin',
      last_name: 'Mehta',
      phone: '9000011111',
    });
    const b = await createClient(t.app, token, {
      first_name: 'Anita',
      last_name: 'Desai',
      email: 'anita.desai@example.in',
    });
    await t.db.insert(secondaryClients).values([
      {
        agencyId: agency.agencyId,
        primaryClientId: a.primary_client_id,
        firstName: 'Zara',
        relationship: 'daughter',
      },
      {
        agencyId: agency.agencyId,
        primaryClientId: a.primary_client_id,
        firstName: 'Zoya',
        relationship: 'spouse',
      },
    ]);

    const all = PrimaryClientListResponseSchema.parse((await call(token, 'GET', base)).json());
    expect(all.pagination.total).toBe(2);
    expect(all.items.map((i) => i.primary_client_id)).toEqual([b.primary_client_id, a.primary_client_id]);
    expect(all.items[1]).toMatchObject({
      full_name: 'Zubin Mehta',
      family_count: 2,
      plan_count: 0,
      portal_access: false,
    });

    const search = async (q: string) =>
      (await call(token, 'GET', `${base}?search=${encodeURIComponent(q)}`))
        .json()
        .items.map((i: { primary_client_id: string }) => i.primary_client_id);
    expect(await search('zubin meh')).toEqual([a.primary_client_id]);
    expect(await search('ANITA.DESAI@')).toEqual([b.primary_client_id]);
    expect(await search('90000111')).toEqual([a.primary_client_id]);
    expect(await search(b.client_code.toLowerCase())).toEqual([b.primary_client_id]);
    expect(await search('%')).toEqual([]);

    const page = (await call(token, 'GET', `${base}?limit=1&offset=1`)).json();
    expect(page.items.map((i: { primary_client_id: string }) => i.primary_client_id)).toEqual([
      a.primary_client_id,
    ]);
    // The second and last page: a page before it, none after.
    expect(page.pagination).toMatchObject({ total: 2, limit: 1, offset: 1, next_cursor: null });
    expect(page.pagination.prev_cursor).toMatch(PAGE_CURSOR);
    const bad = await call(token, 'GET', `${base}?limit=101`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.limit).toBe('Limit must be a whole number from 1 to 100.');
  });
});

describe('the client detail', () => {
  it('shows family and plans grouped with Active/Expired, and documents', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const client = await createClient(t.app, token);
    const providerBody = multipart([
      {
        name: 'payload',
        value: JSON.stringify({ service_id: SERVICE_IDS.life, provider_name: 'LIC', agency_code: 'A1' }),
      },
    ]);
    const provider = await t.app.inject({
      method: 'POST',
      url: '/api/plans/insurance',
      headers: { ...bearer(token), ...providerBody.headers },
      payload: providerBody.payload,
    });
    expect(provider.statusCode).toBe(201);
    const providerId = provider.json().data.provider_id;
    const today = todayInIndia();
    const { policyId: expired } = await insertPolicy(t.db, agency.agencyId, providerId, {
      primaryClientId: client.primary_client_id,
      endDate: addDays(today, -1),
    });
    const { policyId: active } = await insertPolicy(t.db, agency.agencyId, providerId, {
      primaryClientId: client.primary_client_id,
      endDate: today,
      nextDueDate: addDays(today, -20),
    });
    const [member] = await t.db
      .insert(secondaryClients)
      .values({
        agencyId: agency.agencyId,
        primaryClientId: client.primary_client_id,
        firstName: 'Kabir',
        relationship: 'son',
      })
      .returning({ id: secondaryClients.id });

    const res = await call(token, 'GET', `${base}/${client.primary_client_id}`);
    expect(res.statusCode).toBe(200);
    const { data } = PrimaryClientDetailResponseSchema.parse(res.json());
    expect(data.family_members).toEqual([
      expect.objectContaining({ secondary_client_id: member!.id, full_name: 'Kabir', relationship: 'son' }),
    ]);
    const statuses = Object.fromEntries(data.plans.insurance.map((p) => [p.plan_id, p.status]));
    expect(statuses).toEqual({ [expired]: 'Expired', [active]: 'Active' });
    expect(data.plans.insurance[0]).toMatchObject({
      policy_id: expired,
      provider_name: 'LIC',
      service_code: 'life',
      premium_amount: '12000.00',
      next_due_date: null,
    });
    // The next premium due date, for the record's WhatsApp premium-due message (decision 040).
    expect(data.plans.insurance[1]).toMatchObject({ policy_id: active, next_due_date: addDays(today, -20) });
    expect(data.plans.investment).toEqual([]);
    expect(data.documents).toEqual([]);
    const list = PrimaryClientListResponseSchema.parse((await call(token, 'GET', base)).json());
    const item = list.items.find((i) => i.primary_client_id === client.primary_client_id);
    expect(item).toMatchObject({ family_count: 1, plan_count: 2 });
  });

  it('answers 404 for another agency’s client, a removed one and an unknown id', async () => {
    const mine = await ownerWithToken(t.app);
    const theirs = await ownerWithToken(t.app);
    const client = await createClient(t.app, theirs.token);
    const id = client.primary_client_id;
    const png = multipart([{ name: 'avatar', filename: 'a.png', type: 'image/png', bytes: pngBytes() }]);
    const attempts = [
      await call(mine.token, 'GET', `${base}/${id}`),
      await call(mine.token, 'PUT', `${base}/${id}`, clientPayload()),
      await call(mine.token, 'PUT', `${base}/${id}/portal-access`, { enabled: false }),
      await call(mine.token, 'POST', `${base}/${id}/reset-portal-password`, {
        new_password: PORTAL_PASSWORD,
      }),
      await call(mine.token, 'GET', `${base}/${id}/avatar`),
      await t.app.inject({
        method: 'POST',
        url: `${base}/${id}/avatar`,
        headers: { ...bearer(mine.token), ...png.headers },
        payload: png.payload,
      }),
      await call(mine.token, 'DELETE', `${base}/${id}`),
      await call(mine.token, 'GET', `${base}/${randomUUID()}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No client of your agency exists with this id.');
    }
    // Still theirs, untouched.
    expect((await call(theirs.token, 'GET', `${base}/${id}`)).statusCode).toBe(200);
  });
});

describe('editing a client', () => {
  it('replaces the fields, keeps PAN and Aadhaar when left out, and updates the portal sign-in email', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createClient(t.app, token, {
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
    });
    const { portal_access: _p, ...payload } = clientPayload({ city: 'Nagpur', email: 'new.mail@example.in' });
    const res = await call(token, 'PUT', `${base}/${client.primary_client_id}`, {
      ...payload,
      pan_number: '',
      aadhaar_number: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Nagpur',
      pan_number: '••••234F',
      aadhaar_number: `••••${AADHAAR.slice(-4)}`,
      portal_email: 'new.mail@example.in',
    });
    expect(
      (await signIn(t.app, { email: 'new.mail@example.in', password: PORTAL_PASSWORD, host: agency.host }))
        .statusCode,
    ).toBe(200);

    const changed = await call(token, 'PUT', `${base}/${client.primary_client_id}`, {
      ...payload,
      pan_number: 'ZZZZZ9999Z',
    });
    expect(changed.json().data.pan_number).toBe('••••999Z');
    const noEmail = await call(token, 'PUT', `${base}/${client.primary_client_id}`, {
      ...payload,
      email: '',
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields.email).toBe('Email is required while the client has a portal account.');
  });
});

describe('portal access', () => {
  it('turns on with an initial password, off signs the client out, on again keeps the account', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createClient(t.app, token);
    const url = `${base}/${client.primary_client_id}/portal-access`;

    const missing = await call(token, 'PUT', url, { enabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.initial_password).toBe('Initial Password is required for portal access.');

    const on = await call(token, 'PUT', url, { enabled: true, initial_password: PORTAL_PASSWORD });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({ portal_access: true, must_change_password: true });
    const clientToken = await signInToken(t.app, {
      email: client.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(clientToken) });
    expect((await me()).statusCode).toBe(200);

    const off = await call(token, 'PUT', url, { enabled: false });
    expect(off.json().data.portal_access).toBe(false);
    expect((await me()).statusCode).toBe(401);
    const refused = await signIn(t.app, {
      email: client.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    expect(refused.statusCode).not.toBe(200);

    const again = await call(token, 'PUT', url, { enabled: true });
    expect(again.statusCode).toBe(200);
    expect(
      (await signIn(t.app, { email: client.email!, password: PORTAL_PASSWORD, host: agency.host }))
        .statusCode,
    ).toBe(200);
    const accounts = await t.db.select().from(users).where(eq(users.email, client.email!));
    expect(accounts).toHaveLength(1);
  });

  it('needs an email before it can be turned on', async () => {
    const { token } = await ownerWithToken(t.app);
    const client = await createClient(t.app, token, { email: null });
    const res = await call(token, 'PUT', `${base}/${client.primary_client_id}/portal-access`, {
      enabled: true,
      initial_password: PORTAL_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['email']);
  });

  it('reset sets a new password the client must change and signs them out', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createClient(t.app, token, {
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
    });
    const url = `${base}/${client.primary_client_id}/reset-portal-password`;
    const clientToken = await signInToken(t.app, {
      email: client.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    const weak = await call(token, 'POST', url, { new_password: 'weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.new_password).toBe(MSG.passwordRule);
    const res = await call(token, 'POST', url, { new_password: 'Naya#Pass2026' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(clientToken) })).statusCode,
    ).toBe(401);
    const fresh = await signIn(t.app, { email: client.email!, password: 'Naya#Pass2026', host: agency.host });
    expect(fresh.json().data.must_change_password).toBe(true);

    const without = await createClient(t.app, token);
    const none = await call(token, 'POST', `${base}/${without.primary_client_id}/reset-portal-password`, {
      new_password: 'Naya#Pass2026',
    });
    expect(none.statusCode).toBe(409);
  });
});

describe('removing a client', () => {
  it('hides the client, keeps the row, closes the portal and audits', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const client = await createClient(t.app, token, {
      portal_access: { enabled: true, initial_password: PORTAL_PASSWORD },
    });
    const clientToken = await signInToken(t.app, {
      email: client.email!,
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    const res = await call(token, 'DELETE', `${base}/${client.primary_client_id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(token, 'GET', base)).json().items).toEqual([]);
    expect((await call(token, 'GET', `${base}/${client.primary_client_id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(clientToken) })).statusCode,
    ).toBe(401);
    const [row] = await t.db
      .select()
      .from(primaryClients)
      .where(eq(primaryClients.id, client.primary_client_id));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.portalAccess).toBe(false);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, client.primary_client_id), eq(auditLog.action, 'primary_client.delete')),
      );
    expect(audit).toHaveLength(1);
  });
});

describe('the client photo', () => {
  const upload = (token: string, id: string, file: { filename: string; type: string; bytes: Buffer }) => {
    const body = multipart([{ name: 'avatar', ...file }]);
    return t.app.inject({
      method: 'POST',
      url: `${base}/${id}/avatar`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('stores an image checked by content and serves it nosniff, no-store, audited', async () => {
    const { token } = await ownerWithToken(t.app);
    const client = await createClient(t.app, token);
    expect((await call(token, 'GET', `${base}/${client.primary_client_id}/avatar`)).statusCode).toBe(404);
    const photo = pngBytes(4, 4);
    const res = keep(
      await upload(token, client.primary_client_id, { filename: 'me.png', type: 'image/png', bytes: photo }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar_url).toBe(`${base}/${client.primary_client_id}/avatar`);
    const image = await t.app.inject({
      method: 'GET',
      url: `${base}/${client.primary_client_id}/avatar`,
      headers: bearer(token),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/no-store/);
    expect(image.headers['content-disposition']).toMatch(/^inline; filename=".+\.png"$/);
    expect(image.rawPayload.equals(photo)).toBe(true);
    const downloads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, client.primary_client_id), eq(auditLog.action, 'document.download')));
    expect(downloads).toHaveLength(1);

    const replaced = await upload(token, client.primary_client_id, {
      filename: 'me.jpg',
      type: 'image/jpeg',
      bytes: jpegBytes(),
    });
    expect(replaced.statusCode).toBe(200);
    const detail = await call(token, 'GET', `${base}/${client.primary_client_id}`);
    expect(detail.json().data.documents).toEqual([
      expect.objectContaining({ kind: 'avatar', belongs_to: 'primary_client', mime_type: 'image/jpeg' }),
    ]);
  });

  it.each([
    [
      'a PDF',
      { filename: 'me.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      'Avatar must be a PNG, JPEG or WebP image file.',
    ],
    [
      'an HTML file called .png',
      { filename: 'me.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      'Avatar must be a PNG, JPEG or WebP image file.',
    ],
    [
      'a PNG called .jpg',
      { filename: 'me.jpg', type: 'image/jpeg', bytes: pngBytes() },
      /claims to be image\/jpeg/,
    ],
  ])('refuses %s', async (_what, file, message) => {
    const { token } = await ownerWithToken(t.app);
    const client = await createClient(t.app, token);
    const res = await upload(token, client.primary_client_id, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.avatar).toMatch(message);
  });

  it("lets an agency client fetch their own photo only; another client's is a 404", async () => {
    const { agency, token } = await ownerWithToken(t.app);
    await verifyOwner(t.db, agency.ownerId);
    const other = await ownerWithToken(t.app);
    const portal = { enabled: true, initial_password: PORTAL_PASSWORD };
    const me = await createClient(t.app, token, { email: 'meera.own@example.in', portal_access: portal });
    const sibling = await createClient(t.app, token, {
      email: 'kabir.sib@example.in',
      portal_access: portal,
    });
    const foreign = await createClient(t.app, other.token);
    const photo = pngBytes(3, 3);
    for (const [owner, id] of [
      [token, me.primary_client_id],
      [token, sibling.primary_client_id],
      [other.token, foreign.primary_client_id],
    ] as const) {
      const res = await upload(owner, id, { filename: 'p.png', type: 'image/png', bytes: photo });
      expect(res.statusCode).toBe(200);
    }
    // The initial password must be changed before any other call; here the test skips that step.
    await t.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.email, 'meera.own@example.in'));
    const clientToken = await signInToken(t.app, {
      email: 'meera.own@example.in',
      password: PORTAL_PASSWORD,
      host: agency.host,
    });
    const get = (id: string) =>
      t.app.inject({ method: 'GET', url: `${base}/${id}/avatar`, headers: bearer(clientToken) });

    const own = await get(me.primary_client_id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.equals(photo)).toBe(true);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, me.primary_client_id), eq(auditLog.action, 'document.download')));
    expect(audited).toEqual([expect.objectContaining({ actorRole: 'AC' })]);

    for (const id of [sibling.primary_client_id, foreign.primary_client_id, randomUUID()]) {
      const res = await get(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CLIENT_NOT_FOUND);
    }
    // The agency's other client (the owner's) still opens the sibling's photo as before.
    expect((await call(token, 'GET', `${base}/${sibling.primary_client_id}/avatar`)).statusCode).toBe(200);
  });

  it('refuses a file over 10 MiB with 413', async () => {
    const { token } = await ownerWithToken(t.app);
    const client = await createClient(t.app, token);
    const res = await upload(token, client.primary_client_id, {
      filename: 'big.png',
      type: 'image/png',
      bytes: pngBytes(2, 2, 10 * 1024 * 1024 + 10),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.avatar).toBe('Avatar must be at most 10 MiB.');
  });
});

describe('roles', () => {
  it('turns away ADMIN and AC with 403 and the anonymous with 401 on every client call', async () => {
    const { accounts } = await createAccountOfEveryRole(t);
    const id = randomUUID();
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`],
      ['DELETE', `${base}/${id}`],
      ['PUT', `${base}/${id}/portal-access`],
      ['POST', `${base}/${id}/reset-portal-password`],
      ['GET', `${base}/${id}/avatar`],
      ['POST', `${base}/${id}/avatar`],
    ];
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, accounts[role]);
      for (const [method, url] of calls) {
        // An agency client may read their own photo (issue 6); any other id is absent for them.
        if (role === 'AC' && method === 'GET' && url.endsWith('/avatar')) {
          const res = await t.app.inject({ method, url, headers: bearer(token) });
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(404);
          continue;
        }
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of calls) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('masking', () => {
  it('never answers a full PAN or Aadhaar', () => {
    expect(bodies.length).toBeGreaterThan(10);
    for (const body of bodies) {
      expect(body).not.toContain(PAN);
      expect(body).not.toContain('ZZZZZ9999Z');
      expect(body).not.toContain(AADHAAR);
    }
  });
});
