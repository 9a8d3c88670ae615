import { describe, expect, it } from 'vitest';
import { moneyField, plainAmount } from './plans.ts';

// Issue 24 item 9: an amount typed with Indian grouping reads the same everywhere (the review showed
// "N/A premium" for "25,000" on c5ef5a3, while the API took it).
describe('amounts as people type them', () => {
  it.each([
    ['25,000', '25000'],
    ['2,50,000.50', '250000.50'],
    ['₹ 25,000', '25000'],
    ['Rs. 1,200', '1200'],
    [' 12 345 ', '12345'],
  ])('reads %s as %s', (typed, plain) => {
    expect(plainAmount(typed)).toBe(plain);
  });

  it('takes them in the plan schema, answered with 2 places', () => {
    expect(moneyField('Premium Amount').parse('₹ 2,50,000')).toBe('250000.00');
    expect(moneyField('Premium Amount').safeParse('25,000.555').success).toBe(false);
  });
});
