import { describe, expect, it } from 'vitest';
import { aadhaarValid, PAN_MESSAGE, panField, verhoeffCheckDigit, verhoeffValid } from './clients.ts';
import { IFSC_RE } from './family.ts';
import { moneyField, PlansListSchema } from './plans.ts';

describe('Verhoeff and Aadhaar', () => {
  it('accepts numbers with the right check digit only', () => {
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    const body = '49721034668';
    const valid = `${body}${verhoeffCheckDigit(body)}`;
    expect(aadhaarValid(valid)).toBe(true);
    for (let d = 0; d <= 9; d += 1) {
      const other = `${body}${d}`;
      if (other !== valid) expect(aadhaarValid(other)).toBe(false);
    }
  });

  it('refuses 12 digits starting with 0 or 1, and other lengths', () => {
    const start1 = `1${'2345678901'}`;
    expect(aadhaarValid(`${start1}${verhoeffCheckDigit(start1)}`)).toBe(false);
    expect(aadhaarValid('2345')).toBe(false);
  });
});

describe('PAN and IFSC', () => {
  it('upper-cases and checks the PAN pattern', () => {
    expect(panField.parse('abcde 1234f')).toBe('ABCDE1234F');
    const bad = panField.safeParse('ABCD12345F');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(PAN_MESSAGE);
  });

  it('checks IFSC codes', () => {
    expect(IFSC_RE.test('HDFC0001234')).toBe(true);
    expect(IFSC_RE.test('HDFC1001234')).toBe(false);
  });
});

describe('plan payloads', () => {
  it('keeps money exact with 2 places and refuses negatives', () => {
    const money = moneyField('Amount');
    expect(money.parse('1,00,000.5')).toBe('100000.50');
    expect(money.parse(24500)).toBe('24500.00');
    expect(money.safeParse('-1').success).toBe(false);
  });

  it('names nested fields by path', () => {
    const result = PlansListSchema.safeParse([
      {
        provider_id: '00000000-0000-4000-8000-000000000001',
        service_code: 'LIFE',
        policy_number: 'P1',
        premium_amount: '100',
        start_date: '2025-01-01',
        end_date: '2024-01-01',
        subtype_fields: { plan_name: 'X', mode: 'yearly', term: 10, ppt: 5 },
      },
    ]);
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['0.end_date', '0.subtype_fields.sum_assured']));
  });
});
