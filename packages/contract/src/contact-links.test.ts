import { describe, expect, it } from 'vitest';
import { internationalDigits, nationalDigits, telUrl, whatsAppUrl } from './contact-links.ts';

describe('contact links', () => {
  it.each([
    ['9876543210', '919876543210'],
    ['+91 98765 43210', '919876543210'],
    ['098765-43210', '919876543210'],
    ['91 9876543210', '919876543210'],
    ['+44 20 7946 0958', '442079460958'],
    ['12345', null],
    ['', null],
    [null, null],
  ])('reads %s as %s', (typed, digits) => {
    expect(internationalDigits(typed)).toBe(digits);
  });

  it.each([
    ['+91 98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['+44 20 7946 0958', null],
    ['98765', null],
    [null, null],
  ])('keeps %s as the 10 digits %s', (typed, digits) => {
    expect(nationalDigits(typed)).toBe(digits);
  });

  it('makes tel: and wa.me links, the message encoded', () => {
    expect(telUrl('+91 98765 43210')).toBe('tel:+919876543210');
    expect(whatsAppUrl('98765 43210')).toBe('https://wa.me/919876543210');
    expect(whatsAppUrl('9876543210', 'Namaste Priya & family: https://a.b/c#x')).toBe(
      'https://wa.me/919876543210?text=Namaste%20Priya%20%26%20family%3A%20https%3A%2F%2Fa.b%2Fc%23x',
    );
    expect(whatsAppUrl('123')).toBeNull();
  });
});
