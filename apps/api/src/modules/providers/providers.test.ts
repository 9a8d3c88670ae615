import { randomUUID } from 'node:crypto';
import { ErrorResponseSchema, ProviderListResponseSchema, ProviderResponseSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPolicy } from '../../../test/fixtures/plans.ts';
import {
  ACCOUNT_NUMBER,
  insurancePayload,
  investmentPayload,
  ownerWithToken,
  sendProvider,
} from '../../../test/fixtures/providers.ts';
import { SERVICE_IDS } from '../../../test/fixtures/services.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { jpegBytes, PDF_BYTES, pngBytes, WEBP_BYTES } from '../../../test/images.ts';
import { auditLog, insurancePolicies, providers } from '../../db/schema.ts';
import { addDays, addMonths, todayInIndia } from '../../lib/dates.ts';

let t: TestApp;
/** Every answer body of this file, searched at the end for a full account number (decisions §5). */
const bodies: string[] = [];
const keep = (res: LightMyRequestResponse) => {
  bodies.push(res.body);
  return res;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const get = async (token: string, url: string) =>
  keep(await t.app.inject({ method: 'GET', url, headers: bearer(token) }));
const providerCount = async (agencyId: string) =>
  (await t.db.select({ id: providers.id }).from(providers).where(eq(providers.agencyId, agencyId))).length;

describe('adding an insurance company', () => {
  it('stores every field, masks the account and serves the logo', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const logo = pngBytes(8, 8);
    const res = keep(
      await sendProvider(t.app, token, {
        category: 'insurance',
        payload: insurancePayload(),
        logo: { filename: 'lic.png', type: 'image/png', bytes: logo },
      }),
    );
    expect(res.statusCode).toBe(201);
    const { data } = ProviderResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      category: 'insurance',
      service_id: SERVICE_IDS.life,
      service_code: 'life',
      service_name: 'Life Insurance',
      provider_name: 'LIC of India',
      agency_code: 'AG-77821',
      startdate: '2021-04-01',
      agent_name: 'Ravi Kulkarni',
      email: 'ravi.k@licindia.in',
      mobile_number: '9822012345',
      bank_details: { bank_name: 'HDFC Bank', account_number: '••••1234' },
      investment_type: null,
      arn_number: null,
      arn_expiry_warning: false,
      logo_url: `/api/plans/${data.provider_id}/logo`,
      plans_count: 0,
    });

    const [row] = await t.db.select().from(providers).where(eq(providers.id, data.provider_id));
    expect(row!.agencyId).toBe(agency.agencyId);
    expect(row!.bankAccountLast4).toBe('1234');
    expect(row!.bankAccountNumberEnc).not.toContain(ACCOUNT_NUMBER);

    const image = await t.app.inject({ method: 'GET', url: data.logo_url!, headers: bearer(token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename=".+\.png"$/);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.rawPayload.equals(logo)).toBe(true);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, data.provider_id), eq(auditLog.action, 'provider.create')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(ACCOUNT_NUMBER);
  });

  it('works without a logo or bank details', async () => {
    const { token } = await ownerWithToken(t.app);
    const res = keep(
      await sendProvider(t.app, token, {
        category: 'insurance',
        payload: { service_id: SERVICE_IDS.health, provider_name: 'Star Health', agency_code: 'SH-1' },
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      logo_url: null,
      bank_details: { bank_name: null, account_number: null },
      startdate: null,
      email: null,
    });
  });

  it('refuses an investment service, naming service_id, and an unknown service', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    for (const serviceId of [SERVICE_IDS.mutual_funds, randomUUID()]) {
      const res = keep(
        await sendProvider(t.app, token, {
          category: 'insurance',
          payload: insurancePayload({ service_id: serviceId }),
        }),
      );
      expect(res.statusCode).toBe(400);
      const body = ErrorResponseSchema.parse(res.json());
      expect(Object.keys(body.fields ?? {})).toEqual(['service_id']);
      expect(body.message).toMatch(/^Service Id/);
    }
    const wrong = keep(
      await sendProvider(t.app, token, {
        category: 'investment',
        payload: investmentPayload({ service_id: SERVICE_IDS.life }),
      }),
    );
    expect(wrong.json().message).toBe(
      'Service Id must name an investment service; Life Insurance is an insurance service.',
    );
    expect(await providerCount(agency.agencyId)).toBe(0);
  });
});

describe('validation of every field', () => {
  const cases: Array<[string, 'insurance' | 'investment', Record<string, unknown>, string, string]> = [
    [
      'no service_id',
      'insurance',
      { service_id: undefined },
      'service_id',
      'Service is required: choose what this company offers.',
    ],
    [
      'a malformed service_id',
      'insurance',
      { service_id: 'life' },
      'service_id',
      'Service is required: choose what this company offers.',
    ],
    [
      'no provider_name',
      'insurance',
      { provider_name: undefined },
      'provider_name',
      'Provider Name is required.',
    ],
    [
      'a blank provider_name',
      'insurance',
      { provider_name: '   ' },
      'provider_name',
      'Provider Name is required.',
    ],
    [
      'a long provider_name',
      'insurance',
      { provider_name: 'x'.repeat(121) },
      'provider_name',
      'Provider Name must be at most 120 characters.',
    ],
    ['no agency_code', 'insurance', { agency_code: '' }, 'agency_code', 'Agency Code is required.'],
    [
      'a non-date startdate',
      'insurance',
      { startdate: '01/04/2021' },
      'startdate',
      'Start Date must be a date in the form YYYY-MM-DD.',
    ],
    [
      'an impossible startdate',
      'insurance',
      { startdate: '2021-02-30' },
      'startdate',
      'Start Date must be a date in the form YYYY-MM-DD.',
    ],
    [
      'a long agent_name',
      'insurance',
      { agent_name: 'y'.repeat(101) },
      'agent_name',
      'Agent Name must be at most 100 characters.',
    ],
    ['a bad email', 'insurance', { email: 'ravi@' }, 'email', 'Invalid email format.'],
    [
      'a bad mobile_number',
      'insurance',
      { mobile_number: '12345' },
      'mobile_number',
      'Mobile Number must be a valid phone number.',
    ],
    [
      'letters in the account number',
      'insurance',
      { bank_details: { bank_name: 'SBI', account_number: '12AB5678901' } },
      'bank_details.account_number',
      'Account Number must be 9 to 18 digits.',
    ],
    [
      'a short account number',
      'insurance',
      { bank_details: { bank_name: 'SBI', account_number: '12345678' } },
      'bank_details.account_number',
      'Account Number must be 9 to 18 digits.',
    ],
    [
      'an account without a bank',
      'insurance',
      { bank_details: { account_number: '123456789012' } },
      'bank_details.bank_name',
      'Bank Name is required with an account number.',
    ],
    [
      'bank details that are not an object',
      'insurance',
      { bank_details: 'SBI' },
      'bank_details',
      'Bank Details must be an object with bank_name and account_number.',
    ],
    [
      'an ARN without the prefix',
      'investment',
      { arn_number: '123456' },
      'arn_number',
      'ARN Number must be ARN- followed by digits, for example ARN-123456.',
    ],
    [
      'an ARN with letters',
      'investment',
      { arn_number: 'ARN-12A' },
      'arn_number',
      'ARN Number must be ARN- followed by digits, for example ARN-123456.',
    ],
    [
      'a bad arn_expiry',
      'investment',
      { arn_expiry: '2030-13-01' },
      'arn_expiry',
      'ARN Expiry must be a date in the form YYYY-MM-DD.',
    ],
    [
      'a short EUIN',
      'investment',
      { euin_number: 'E12345' },
      'euin_number',
      'EUIN Number must be E followed by 6 digits, for example E123456.',
    ],
    [
      'a EUIN without the E',
      'investment',
      { euin_number: '1234567' },
      'euin_number',
      'EUIN Number must be E followed by 6 digits, for example E123456.',
    ],
    [
      'a long investment_type',
      'investment',
      { investment_type: 'z'.repeat(61) },
      'investment_type',
      'Investment Type must be at most 60 characters.',
    ],
    [
      'a long agency_type',
      'investment',
      { agency_type: 'z'.repeat(61) },
      'agency_type',
      'Agency Type must be at most 60 characters.',
    ],
  ];

  let owner: Awaited<ReturnType<typeof ownerWithToken>>;
  beforeAll(async () => {
    owner = await ownerWithToken(t.app);
  });

  it.each(cases)(
    'answers 400 to %s, naming the field, and stores nothing',
    async (_what, category, change, field, message) => {
      const base = category === 'insurance' ? insurancePayload() : investmentPayload();
      const res = keep(await sendProvider(t.app, owner.token, { category, payload: { ...base, ...change } }));
      expect(res.statusCode).toBe(400);
      const body = ErrorResponseSchema.parse(res.json());
      expect(body.fields?.[field]).toBe(message);
      expect(body.message).toBe(message);
      expect(await providerCount(owner.agency.agencyId)).toBe(0);
    },
  );

  it('answers 400 to a payload that is missing, not JSON or not an object', async () => {
    const missing = await sendProvider(t.app, owner.token, { category: 'insurance' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('payload');
    const garbled = await sendProvider(t.app, owner.token, {
      category: 'insurance',
      rawPayload: '{"service_id":',
    });
    expect(garbled.json()).toMatchObject({
      message: 'Payload must be valid JSON.',
      fields: { payload: 'Payload must be valid JSON.' },
    });
    const list = await sendProvider(t.app, owner.token, { category: 'insurance', payload: [1, 2] });
    expect(list.json().message).toBe('The payload must be a JSON object.');
  });

  it('answers 400 to a JSON body instead of multipart, and to unexpected fields', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/plans/insurance',
      headers: bearer(owner.token),
      payload: insurancePayload(),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('The request must be multipart/form-data.');
    const extra = await sendProvider(t.app, owner.token, {
      category: 'insurance',
      payload: insurancePayload(),
      extra: [{ name: 'agency_id', value: randomUUID() }],
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toHaveProperty('agency_id');
    expect(await providerCount(owner.agency.agencyId)).toBe(0);
  });

  it('accepts lower-case ARN and EUIN, and blank optional fields as absent', async () => {
    const res = keep(
      await sendProvider(t.app, owner.token, {
        category: 'investment',
        payload: investmentPayload({
          arn_number: ' arn-98765 ',
          euin_number: 'e654321',
          agent_name: '',
          email: '',
        }),
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      arn_number: 'ARN-98765',
      euin_number: 'E654321',
      agent_name: null,
      email: null,
    });
  });
});

describe('the logo', () => {
  let owner: Awaited<ReturnType<typeof ownerWithToken>>;
  beforeAll(async () => {
    owner = await ownerWithToken(t.app);
  });
  const send = (logo: { filename: string; type: string; bytes: Buffer }) =>
    sendProvider(t.app, owner.token, { category: 'insurance', payload: insurancePayload(), logo });

  it.each([
    ['a JPEG', { filename: 'logo.jpg', type: 'image/jpeg', bytes: jpegBytes() }, 'image/jpeg'],
    ['a WebP', { filename: 'logo.webp', type: 'image/webp', bytes: WEBP_BYTES }, 'image/webp'],
    [
      'a PNG sent as octet-stream without a name',
      { filename: 'blob', type: 'application/octet-stream', bytes: pngBytes() },
      'image/png',
    ],
  ])('accepts %s', async (_what, logo, type) => {
    const res = keep(await send(logo));
    expect(res.statusCode).toBe(201);
    const image = await t.app.inject({
      method: 'GET',
      url: res.json().data.logo_url,
      headers: bearer(owner.token),
    });
    expect(image.headers['content-type']).toBe(type);
    expect(image.rawPayload.equals(logo.bytes)).toBe(true);
  });

  it.each([
    [
      'a PDF',
      { filename: 'logo.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      'Provider Logo must be a PNG, JPEG or WebP image file.',
    ],
    [
      'an SVG',
      {
        filename: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      },
      'Provider Logo must be a PNG, JPEG or WebP image file.',
    ],
    [
      'text named .png',
      { filename: 'logo.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
      'Provider Logo must be a PNG, JPEG or WebP image file.',
    ],
    [
      'a JPEG that says it is a PNG',
      { filename: 'logo.jpg', type: 'image/png', bytes: jpegBytes() },
      'Provider Logo claims to be image/png but its content is JPG. Upload the file as it is.',
    ],
    [
      'a PNG named .jpg',
      { filename: 'logo.jpg', type: 'application/octet-stream', bytes: pngBytes() },
      'Provider Logo claims to be .jpg but its content is PNG. Upload the file as it is.',
    ],
    [
      'an empty file',
      { filename: 'logo.png', type: 'image/png', bytes: Buffer.alloc(0) },
      'Provider Logo is an empty file.',
    ],
  ])('refuses %s, naming the field', async (_what, logo, message) => {
    const res = await send(logo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, fields: { providerlogourl: message } });
    expect(await providerCount(owner.agency.agencyId)).toBe(3);
  });

  it('refuses a logo over 2 MiB with 413, and takes one just under', async () => {
    const big = await send({
      filename: 'big.png',
      type: 'image/png',
      bytes: pngBytes(2, 2, 2 * 1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      message: 'Provider Logo must be at most 2 MiB.',
      fields: { providerlogourl: 'Provider Logo must be at most 2 MiB.' },
    });
    const edge = await send({
      filename: 'edge.png',
      type: 'image/png',
      bytes: pngBytes(2, 2, 2 * 1024 * 1024),
    });
    expect(edge.statusCode).toBe(201);
  });

  it('answers 404 for a provider without a logo', async () => {
    const res = await sendProvider(t.app, owner.token, {
      category: 'insurance',
      payload: insurancePayload({ provider_name: 'No Logo Assurance' }),
    });
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${res.json().data.provider_id}/logo`,
      headers: bearer(owner.token),
    });
    expect(image.statusCode).toBe(404);
    expect(image.json().message).toBe('This provider company has no logo.');
  });
});

describe('editing', () => {
  it('replaces the fields, keeps the logo and account number when none is sent, replaces them when sent', async () => {
    const { token } = await ownerWithToken(t.app);
    const logo = pngBytes(3, 3);
    const created = await sendProvider(t.app, token, {
      category: 'investment',
      payload: investmentPayload(),
      logo: { filename: 'a.png', type: 'image/png', bytes: logo },
    });
    const id = created.json().data.provider_id as string;
    const edited = keep(
      await sendProvider(t.app, token, {
        category: 'investment',
        id,
        payload: investmentPayload({
          service_id: SERVICE_IDS.nps,
          provider_name: 'HDFC Pension',
          bank_details: { bank_name: 'Axis Bank', account_number: null },
          euin_number: null,
        }),
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      provider_id: id,
      service_code: 'nps',
      provider_name: 'HDFC Pension',
      bank_details: { bank_name: 'Axis Bank', account_number: '••••1234' },
      euin_number: null,
      logo_url: `/api/plans/${id}/logo`,
    });
    expect(
      (
        await t.app.inject({ method: 'GET', url: `/api/plans/${id}/logo`, headers: bearer(token) })
      ).rawPayload.equals(logo),
    ).toBe(true);

    const newLogo = jpegBytes();
    const again = keep(
      await sendProvider(t.app, token, {
        category: 'investment',
        id,
        payload: investmentPayload({
          bank_details: { bank_name: 'Axis Bank', account_number: '9988776655' },
        }),
        logo: { filename: 'b.jpg', type: 'image/jpeg', bytes: newLogo },
      }),
    );
    expect(again.json().data.bank_details.account_number).toBe('••••6655');
    const image = await t.app.inject({ method: 'GET', url: `/api/plans/${id}/logo`, headers: bearer(token) });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(newLogo)).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'provider.update')));
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits.map((a) => a.detail))).not.toContain('9988776655');
  });

  it('answers 404 when editing through the other category', async () => {
    const { token } = await ownerWithToken(t.app);
    const created = await sendProvider(t.app, token, { category: 'insurance', payload: insurancePayload() });
    const res = await sendProvider(t.app, token, {
      category: 'investment',
      id: created.json().data.provider_id,
      payload: investmentPayload(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('answer the agency providers by category, for the spec shapes and by service', async () => {
    const { token } = await ownerWithToken(t.app);
    await sendProvider(t.app, token, {
      category: 'insurance',
      payload: insurancePayload({ provider_name: 'Bajaj Allianz' }),
    });
    await sendProvider(t.app, token, {
      category: 'insurance',
      payload: insurancePayload({ provider_name: 'Aditya Birla Health', service_id: SERVICE_IDS.health }),
    });
    await sendProvider(t.app, token, { category: 'investment', payload: investmentPayload() });

    const all = ProviderListResponseSchema.parse((await get(token, '/api/plans/providers')).json());
    expect(all.data.map((p) => p.provider_name)).toEqual([
      'Aditya Birla Health',
      'Bajaj Allianz',
      'HDFC Mutual Fund',
    ]);
    const investment = (await get(token, '/api/plans/providers?category=investment')).json();
    expect(investment.data.map((p: { provider_name: string }) => p.provider_name)).toEqual([
      'HDFC Mutual Fund',
    ]);
    const insurance = await get(token, '/api/plans/insurance/providers');
    expect(Object.keys(insurance.json())).toEqual(['data']);
    expect(insurance.json().data).toHaveLength(2);
    const byService = (await get(token, `/api/agencies/providers/by-service/${SERVICE_IDS.health}`)).json();
    expect(byService).toMatchObject({
      status: 'success',
      data: [{ provider_name: 'Aditya Birla Health', service_code: 'health' }],
    });

    const badCategory = await get(token, '/api/plans/providers?category=loans');
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toBe('Category must be insurance or investment.');
    expect((await get(token, `/api/agencies/providers/by-service/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('flag an ARN expiring within 6 months', async () => {
    const { token } = await ownerWithToken(t.app);
    const today = todayInIndia();
    const soon = addDays(addMonths(today, 6), -1);
    const later = addDays(addMonths(today, 6), 1);
    const expired = addDays(today, -10);
    for (const [name, expiry] of [
      ['Soon', soon],
      ['Later', later],
      ['Expired', expired],
    ] as const) {
      await sendProvider(t.app, token, {
        category: 'investment',
        payload: investmentPayload({ provider_name: name, arn_expiry: expiry }),
      });
    }
    const { data } = (await get(token, '/api/plans/providers?category=investment')).json();
    const warning = Object.fromEntries(
      data.map((p: { provider_name: string; arn_expiry_warning: boolean }) => [
        p.provider_name,
        p.arn_expiry_warning,
      ]),
    );
    expect(warning).toEqual({ Expired: true, Later: false, Soon: true });
  });
});

describe('bank details', () => {
  it('are answered masked', async () => {
    const { token } = await ownerWithToken(t.app);
    const id = (
      await sendProvider(t.app, token, { category: 'insurance', payload: insurancePayload() })
    ).json().data.provider_id;
    const res = await get(token, `/api/plans/${id}/bank-details`);
    expect(res.json()).toEqual({
      status: 'success',
      data: { provider_id: id, bank_name: 'HDFC Bank', account_number: '••••1234' },
    });
  });
});

describe('deleting', () => {
  it('is refused while plans use the provider, naming how many, and works once none do', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const id = (
      await sendProvider(t.app, token, { category: 'insurance', payload: insurancePayload() })
    ).json().data.provider_id;
    const first = await insertPolicy(t.db, agency.agencyId, id);
    await insertPolicy(t.db, agency.agencyId, id);
    const del = () => t.app.inject({ method: 'DELETE', url: `/api/plans/${id}`, headers: bearer(token) });

    const refused = await del();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'LIC of India cannot be deleted: 2 plans use it. Move or close those plans first.',
    );
    expect((await get(token, '/api/plans/providers')).json().data[0].plans_count).toBe(2);

    await t.db
      .update(insurancePolicies)
      .set({ deletedAt: new Date() })
      .where(eq(insurancePolicies.id, first.policyId));
    expect((await del()).json().message).toBe(
      'LIC of India cannot be deleted: 1 plan uses it. Move or close those plans first.',
    );
    await t.db
      .update(insurancePolicies)
      .set({ deletedAt: new Date() })
      .where(eq(insurancePolicies.providerId, id));

    const ok = await del();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'success', message: 'LIC of India deleted.' });
    const [row] = await t.db.select().from(providers).where(eq(providers.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await get(token, '/api/plans/providers')).json().data).toEqual([]);
    expect((await del()).statusCode).toBe(404);
    expect((await get(token, `/api/plans/${id}/bank-details`)).statusCode).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'provider.delete')));
    expect(audit).toHaveLength(1);
  });
});

describe('tenancy and roles', () => {
  it("never lets agency B see or change agency A's providers", async () => {
    const a = await ownerWithToken(t.app);
    const b = await ownerWithToken(t.app);
    const created = await sendProvider(t.app, a.token, {
      category: 'insurance',
      payload: insurancePayload(),
      logo: { filename: 'a.png', type: 'image/png', bytes: pngBytes() },
    });
    const id = created.json().data.provider_id as string;

    expect((await get(b.token, '/api/plans/providers')).json().data).toEqual([]);
    expect((await get(b.token, '/api/plans/insurance/providers')).json().data).toEqual([]);
    expect(
      (await get(b.token, `/api/agencies/providers/by-service/${SERVICE_IDS.life}`)).json().data,
    ).toEqual([]);
    for (const url of [`/api/plans/${id}/bank-details`, `/api/plans/${id}/logo`]) {
      const res = await get(b.token, url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No provider company of your agency exists with this id.');
    }
    const edit = await sendProvider(t.app, b.token, {
      category: 'insurance',
      id,
      payload: insurancePayload({ provider_name: 'Hijacked' }),
    });
    expect(edit.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/plans/${id}`, headers: bearer(b.token) });
    expect(del.statusCode).toBe(404);
    const [row] = await t.db.select().from(providers).where(eq(providers.id, id));
    expect(row).toMatchObject({ providerName: 'LIC of India', deletedAt: null, agencyId: a.agency.agencyId });
  });

  it('lets only the agency owner call the provider routes', async () => {
    const every = await createAccountOfEveryRole(t);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/plans/providers' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, every.accounts[role]);
      expect((await get(token, '/api/plans/providers')).statusCode).toBe(403);
      const create = await sendProvider(t.app, token, { category: 'insurance', payload: insurancePayload() });
      expect(create.statusCode).toBe(403);
    }
    const ao = await signInToken(t.app, every.accounts.AO);
    expect((await get(ao, '/api/plans/providers')).statusCode).toBe(200);
    expect(await providerCount(every.agency.agencyId)).toBe(0);
  });
});

describe('the bank account number', () => {
  it('never appears in full in any answer of this file', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(ACCOUNT_NUMBER);
      expect(body).not.toContain('9988776655');
    }
  });
});
