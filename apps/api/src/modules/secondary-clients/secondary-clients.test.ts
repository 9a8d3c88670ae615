import { randomUUID } from 'node:crypto';
import { ErrorResponseSchema, SecondaryClientDetailResponseSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AADHAAR, createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { jpegBytes, PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditLog, secondaryClients } from '../../db/schema.ts';

let t: TestApp;
const bodies: string[] = [];
const keep = (res: LightMyRequestResponse) => {
  bodies.push(res.body);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PAN = 'PQRSX6789K';
const CIF = 'CIF99887766';
const ACCOUNT = '912345678901234';
const base = '/api/secondary-clients';

function memberPayload(primaryClientId: string, overrides: Record<string, unknown> = {}) {
  return {
    primary_client_id: primaryClientId,
    first_name: 'Kabir',
    last_name: 'Iyer',
    relationship: 'son',
    relation_type: 'child',
    date_of_birth: '2012-03-04',
    gender: 'male',
    email: 'kabir.iyer@example.in',
    phone: '9876512345',
    house_number: 'B-402',
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    height_cm: 142.5,
    weight_kg: '38',
    medical_conditions: 'Mild asthma',
    aadhaar_number: AADHAAR,
    pan_number: PAN,
    cif_number: CIF,
    account_number: ACCOUNT,
    ifsc_code: 'hdfc0001234',
    ...overrides,
  };
}

const call = async (
  token: string,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => keep(await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) }));

async function setUp() {
  const owner = await ownerWithToken(t.app);
  const primary = await createClient(t.app, owner.token);
  return { ...owner, primary };
}

const upload = (
  token: string,
  id: string,
  kind: string,
  file: { filename: string; type: string; bytes: Buffer },
) => {
  const body = multipart([{ name: 'file', ...file }]);
  return t.app.inject({
    method: 'POST',
    url: `${base}/${id}/documents/${kind}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

describe('adding a family member', () => {
  it('stores every field, masks identity and bank numbers, and lists them on the primary client', async () => {
    const { agency, token, primary } = await setUp();
    const res = await call(token, 'POST', base, memberPayload(primary.primary_client_id));
    expect(res.statusCode).toBe(201);
    const { data } = SecondaryClientDetailResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      primary_client_id: primary.primary_client_id,
      primary_client_name: 'Meera Iyer',
      full_name: 'Kabir Iyer',
      relationship: 'son',
      height_cm: 142.5,
      weight_kg: 38,
      medical_conditions: 'Mild asthma',
      aadhaar_number: `••••${AADHAAR.slice(-4)}`,
      pan_number: '••••789K',
      cif_number: '••••7766',
      account_number: '••••1234',
      ifsc_code: 'HDFC0001234',
      documents: { aadhaar: null, pan: null, cheque: null, profile_image: null },
      plans: [],
    });
    const [row] = await t.db
      .select()
      .from(secondaryClients)
      .where(eq(secondaryClients.id, data.secondary_client_id));
    expect(row!.agencyId).toBe(agency.agencyId);
    expect(JSON.stringify(row)).not.toContain(AADHAAR);
    expect(JSON.stringify(row)).not.toContain(PAN);
    expect(JSON.stringify(row)).not.toContain(ACCOUNT);
    expect(JSON.stringify(row)).not.toContain(CIF);
    const detail = await call(token, 'GET', `/api/users/primary-clients/${primary.primary_client_id}`);
    expect(detail.json().data.family_members).toEqual([
      expect.objectContaining({ secondary_client_id: data.secondary_client_id, full_name: 'Kabir Iyer' }),
    ]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, data.secondary_client_id), eq(auditLog.action, 'secondary_client.create')),
      );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(ACCOUNT);
  });

  it.each([
    [{ first_name: '' }, 'first_name', 'First Name is required.'],
    [{ relationship: '' }, 'relationship', 'Relationship is required.'],
    [
      { primary_client_id: 'x' },
      'primary_client_id',
      'Primary Client is required: choose whose family this member belongs to.',
    ],
    [
      { aadhaar_number: '234567890123' },
      'aadhaar_number',
      'Aadhaar Number must be a valid 12-digit Aadhaar number.',
    ],
    [
      { pan_number: '1234567890' },
      'pan_number',
      'PAN Number must be 5 letters, 4 digits and a letter, for example ABCDE1234F.',
    ],
    [
      { ifsc_code: 'HDFC1001234' },
      'ifsc_code',
      'IFSC Code must be 4 letters, a 0 and 6 letters or digits, for example HDFC0001234.',
    ],
    [{ account_number: '12345' }, 'account_number', 'Account Number must be 9 to 18 digits.'],
    [{ cif_number: 'ab' }, 'cif_number', 'CIF Number must be 6 to 20 letters or digits.'],
    [{ height_cm: 400 }, 'height_cm', 'Height must be a number of centimetres from 30 to 250.'],
    [{ weight_kg: 'heavy' }, 'weight_kg', 'Weight must be a number of kilograms from 1 to 400.'],
    [{ pincode: '12' }, 'pincode', 'Pincode must be 6 digits and not start with 0.'],
  ])('refuses %j naming %s', async (override, field, message) => {
    const { agency, token, primary } = await setUp();
    const res = await call(token, 'POST', base, memberPayload(primary.primary_client_id, override));
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).fields?.[field]).toBe(message);
    const rows = await t.db
      .select()
      .from(secondaryClients)
      .where(eq(secondaryClients.agencyId, agency.agencyId));
    expect(rows).toHaveLength(0);
  });

  it('refuses a family member for another agency’s client, naming the field', async () => {
    const mine = await ownerWithToken(t.app);
    const theirs = await setUp();
    const res = await call(mine.token, 'POST', base, memberPayload(theirs.primary.primary_client_id));
    expect(res.statusCode).toBe(404);
    expect(res.json().fields.primary_client_id).toBe(
      'Primary Client Id does not name a client of your agency.',
    );
    const rows = await t.db
      .select()
      .from(secondaryClients)
      .where(eq(secondaryClients.primaryClientId, theirs.primary.primary_client_id));
    expect(rows).toHaveLength(0);
  });
});

describe('a family member', () => {
  it('is edited (numbers left out are kept) and removed', async () => {
    const { token, primary } = await setUp();
    const created = (await call(token, 'POST', base, memberPayload(primary.primary_client_id))).json().data;
    const { primary_client_id: _p, ...fields } = memberPayload(primary.primary_client_id);
    const res = await call(token, 'PUT', `${base}/${created.secondary_client_id}`, {
      ...fields,
      city: 'Mumbai',
      aadhaar_number: '',
      pan_number: null,
      cif_number: undefined,
      account_number: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      city: 'Mumbai',
      pan_number: '••••789K',
      account_number: '••••1234',
      cif_number: '••••7766',
    });
    const del = await call(token, 'DELETE', `${base}/${created.secondary_client_id}`);
    expect(del.statusCode).toBe(200);
    expect((await call(token, 'GET', `${base}/${created.secondary_client_id}`)).statusCode).toBe(404);
    const detail = await call(token, 'GET', `/api/users/primary-clients/${primary.primary_client_id}`);
    expect(detail.json().data.family_members).toEqual([]);
  });

  it('answers 404 to another agency on every call', async () => {
    const mine = await ownerWithToken(t.app);
    const theirs = await setUp();
    const created = (
      await call(theirs.token, 'POST', base, memberPayload(theirs.primary.primary_client_id))
    ).json().data;
    const id = created.secondary_client_id;
    const { primary_client_id: _p, ...fields } = memberPayload(theirs.primary.primary_client_id);
    const attempts = [
      await call(mine.token, 'GET', `${base}/${id}`),
      await call(mine.token, 'PUT', `${base}/${id}`, fields),
      await call(mine.token, 'DELETE', `${base}/${id}`),
      await call(mine.token, 'GET', `${base}/${id}/documents/pan`),
      await upload(mine.token, id, 'pan', { filename: 'pan.pdf', type: 'application/pdf', bytes: PDF_BYTES }),
      await call(mine.token, 'GET', `${base}/${randomUUID()}`),
    ];
    for (const res of attempts) expect(res.statusCode).toBe(404);
    expect((await call(theirs.token, 'GET', `${base}/${id}`)).statusCode).toBe(200);
  });

  it('is hidden once its primary client is removed', async () => {
    const { token, primary } = await setUp();
    const created = (await call(token, 'POST', base, memberPayload(primary.primary_client_id))).json().data;
    await call(token, 'DELETE', `/api/users/primary-clients/${primary.primary_client_id}`);
    expect((await call(token, 'GET', `${base}/${created.secondary_client_id}`)).statusCode).toBe(404);
  });
});

describe('family documents', () => {
  it('stores each kind checked by content and serves it with headers and an audit row per download', async () => {
    const { token, primary } = await setUp();
    const id = (await call(token, 'POST', base, memberPayload(primary.primary_client_id))).json().data
      .secondary_client_id;
    expect((await call(token, 'GET', `${base}/${id}/documents/aadhaar`)).statusCode).toBe(404);
    const files = {
      aadhaar: { filename: 'aadhaar.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      pan: { filename: 'pan.jpg', type: 'image/jpeg', bytes: jpegBytes() },
      cheque: { filename: 'cheque.png', type: 'image/png', bytes: pngBytes(3, 3) },
      profile_image: { filename: 'me.png', type: 'image/png', bytes: pngBytes(5, 5) },
    };
    for (const [kind, file] of Object.entries(files)) {
      const res = keep(await upload(token, id, kind, file));
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().data.documents[kind]).toMatchObject({
        mime_type: file.type,
        url: `${base}/${id}/documents/${kind}`,
      });
    }
    for (const [kind, file] of Object.entries(files)) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}/${id}/documents/${kind}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(file.type);
      expect(res.headers['content-disposition']).toMatch(/filename=/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/no-store/);
      expect(res.rawPayload.equals(file.bytes)).toBe(true);
    }
    const downloads = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'document.download')));
    expect(downloads.map((d) => (d.detail as { kind: string }).kind).sort()).toEqual([
      'aadhaar',
      'cheque',
      'pan',
      'profile_image',
    ]);
    const detail = await call(token, 'GET', `/api/users/primary-clients/${primary.primary_client_id}`);
    expect(detail.json().data.documents).toHaveLength(4);
  });

  it.each([
    [
      'pan',
      {
        filename: 'pan.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('MZ\x90\x00 an executable renamed'),
      },
      'PAN Document must be a PDF, JPEG, PNG or WebP file.',
    ],
    [
      'aadhaar',
      { filename: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('<html><body>hi</body></html>') },
      'Aadhaar Document must be a PDF, JPEG, PNG or WebP file.',
    ],
    [
      'profile_image',
      { filename: 'me.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      'Profile Image must be a JPEG, PNG or WebP image file.',
    ],
  ])('refuses a wrong %s file', async (kind, file, message) => {
    const { token, primary } = await setUp();
    const id = (await call(token, 'POST', base, memberPayload(primary.primary_client_id))).json().data
      .secondary_client_id;
    const res = await upload(token, id, kind, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.file).toBe(message);
  });

  it('refuses an unknown kind and a file over 10 MiB', async () => {
    const { token, primary } = await setUp();
    const id = (await call(token, 'POST', base, memberPayload(primary.primary_client_id))).json().data
      .secondary_client_id;
    const bad = await upload(token, id, 'passport', {
      filename: 'a.pdf',
      type: 'application/pdf',
      bytes: PDF_BYTES,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.kind).toBe('The document kind must be aadhaar, pan, cheque or profile_image.');
    const big = await upload(token, id, 'cheque', {
      filename: 'c.png',
      type: 'image/png',
      bytes: pngBytes(2, 2, 10 * 1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('roles', () => {
  it('turns away ADMIN and AC with 403 and the anonymous with 401', async () => {
    const { accounts } = await createAccountOfEveryRole(t);
    const id = randomUUID();
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['POST', base],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/documents/pan`],
      ['GET', `${base}/${id}/documents/pan`],
    ];
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, accounts[role]);
      for (const [method, url] of calls) {
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(token),
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});

describe('masking', () => {
  it('never answers a full Aadhaar, PAN, CIF or account number', () => {
    expect(bodies.length).toBeGreaterThan(5);
    for (const body of bodies) {
      for (const secret of [AADHAAR, PAN, CIF, ACCOUNT]) expect(body).not.toContain(secret);
    }
  });
});
