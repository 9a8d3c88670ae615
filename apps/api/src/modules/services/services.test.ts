import { ServiceListResponseSchema, ServiceResponseSchema } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';

let t: TestApp;
let tokens: Record<'ADMIN' | 'AO' | 'AC', string>;

beforeAll(async () => {
  t = await createTestApp();
  const { accounts } = await createAccountOfEveryRole(t);
  tokens = {
    ADMIN: await signInToken(t.app, accounts.ADMIN),
    AO: await signInToken(t.app, accounts.AO),
    AC: await signInToken(t.app, accounts.AC),
  };
});
afterAll(() => t?.close());

const list = (path: string, token?: string) =>
  t.app.inject({ method: 'GET', url: path, headers: token ? bearer(token) : {} });
const create = (body: unknown, token = tokens.ADMIN) =>
  t.app.inject({ method: 'POST', url: '/api/services', headers: bearer(token), payload: body as object });

describe('the service catalogue', () => {
  it.each(['ADMIN', 'AO', 'AC'] as const)(
    'answers the seeded insurance and investment services to %s',
    async (role) => {
      const insurance = ServiceListResponseSchema.parse(
        (await list('/api/services/insurances', tokens[role])).json(),
      );
      expect(insurance.data.map((s) => s.code)).toEqual(['life', 'health', 'motor', 'travel', 'home']);
      expect(insurance.data[0]).toEqual({
        service_id: '00000000-0000-4000-8000-000000000001',
        code: 'life',
        name: 'Life Insurance',
        category: 'insurance',
      });
      const investment = ServiceListResponseSchema.parse(
        (await list('/api/services/investments', tokens[role])).json(),
      );
      expect(investment.data.map((s) => s.code)).toEqual(['mutual_funds', 'nps', 'postoffice']);
    },
  );

  it('answers 401 without a token', async () => {
    expect((await list('/api/services/insurances')).statusCode).toBe(401);
    expect((await list('/api/services/investments')).statusCode).toBe(401);
  });
});

describe('adding a service', () => {
  it('lets the admin add one, lowering an upper-case code, and lists it', async () => {
    const res = await create({ code: ' PET_Insurance ', name: 'Pet Insurance', category: 'insurance' });
    expect(res.statusCode).toBe(201);
    const { data } = ServiceResponseSchema.parse(res.json());
    expect(data).toMatchObject({ code: 'pet_insurance', name: 'Pet Insurance', category: 'insurance' });
    const insurance = (await list('/api/services/insurances', tokens.AO)).json();
    expect(insurance.data.map((s: { code: string }) => s.code)).toContain('pet_insurance');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, data.service_id));
    expect(audit.map((a) => a.action)).toEqual(['service.create']);
  });

  it('answers 409 to a code in use, whatever its case', async () => {
    const res = await create({ code: 'LIFE', name: 'Life again', category: 'insurance' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'A service with the code life already exists.',
      fields: { code: expect.any(String) },
    });
  });

  it.each([
    [{ name: 'X', category: 'insurance' }, 'code', 'Code is required.'],
    [
      { code: 'pet-insurance', name: 'X', category: 'insurance' },
      'code',
      'Code must be 2 to 30 letters or underscores, such as pet_insurance.',
    ],
    [
      { code: 'a', name: 'X', category: 'insurance' },
      'code',
      'Code must be 2 to 30 letters or underscores, such as pet_insurance.',
    ],
    [
      { code: 'x'.repeat(31), name: 'X', category: 'insurance' },
      'code',
      'Code must be 2 to 30 letters or underscores, such as pet_insurance.',
    ],
    [{ code: 'gold', name: ' ', category: 'investment' }, 'name', 'Name is required.'],
    [
      { code: 'gold', name: 'Gold', category: 'loans' },
      'category',
      'Category must be insurance or investment.',
    ],
  ])('answers 400 to %j naming %s', async (body, field, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it.each(['AO', 'AC'] as const)('answers 403 to %s', async (role) => {
    const res = await create({ code: 'gold', name: 'Gold', category: 'investment' }, tokens[role]);
    expect(res.statusCode).toBe(403);
  });
});
