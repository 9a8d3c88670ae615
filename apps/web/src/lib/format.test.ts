import { describe, expect, it } from 'vitest';
import { formatMoney, formatPhone } from './format.ts';

describe('formatMoney (issue 24 item 9)', () => {
  it('shows an amount typed with Indian grouping or ₹ in rupees, not N/A', () => {
    expect(formatMoney('25,000')).toBe('₹25,000.00');
    expect(formatMoney('₹ 2,50,000')).toBe('₹2,50,000.00');
    expect(formatMoney('250000.50')).toBe('₹2,50,000.50');
    expect(formatMoney('abc')).toBe('N/A');
  });
});

describe('formatPhone', () => {
  it('shows an Indian number in one form however it was typed', () => {
    expect(formatPhone('+91 96406 32131')).toBe('+91 96406 32131');
    expect(formatPhone('9640632132')).toBe('+91 96406 32132');
    expect(formatPhone('09640632133')).toBe('+91 96406 32133');
    expect(formatPhone('+91-96406-32134')).toBe('+91 96406 32134');
  });

  it('leaves another country’s number, or no number, as it is', () => {
    expect(formatPhone(' +44 20 7946 0958 ')).toBe('+44 20 7946 0958');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });
});
