import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('formatMoney (issue 24 item 9)', () => {
  it('shows an amount typed with Indian grouping or ₹ in rupees, not N/A', () => {
    expect(formatMoney('25,000')).toBe('₹25,000.00');
    expect(formatMoney('₹ 2,50,000')).toBe('₹2,50,000.00');
    expect(formatMoney('250000.50')).toBe('₹2,50,000.50');
    expect(formatMoney('abc')).toBe('N/A');
  });
});
