import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS } from './constants.ts';
import { isReservedSlug, portalUrlFor, slugify } from './slug.ts';

describe('slugify (spec §4: lowercased, spaces removed; decisions §2: reduced to [a-z0-9-])', () => {
  it.each([
    ['Acme', 'acme'],
    ['Acme Insurance', 'acmeinsurance'],
    ['  Verma   Insurance  Agency ', 'vermainsuranceagency'],
    ['Tab\tand\nnewline', 'tabandnewline'],
    ['Shree Ganesh & Sons', 'shreeganeshsons'],
    ["Mehta's Insurance Co.", 'mehtasinsuranceco'],
    ['A-1 Agency', 'a-1agency'],
    ['Mehta -- Co', 'mehta-co'],
    ['--Acme--', 'acme'],
    ['24x7 Cover', '24x7cover'],
    ['Café Insurance', 'cafinsurance'],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('answers an empty slug for a name without Latin letters or digits', () => {
    expect(slugify('बीमा सेवा')).toBe('');
    expect(slugify('!!! ---')).toBe('');
  });

  it('makes the same slug for names that differ only in case and spaces', () => {
    expect(slugify('Acme Insurance')).toBe(slugify('acmeinsurance'));
    expect(slugify('ACME INSURANCE')).toBe(slugify('Acme Insurance'));
  });

  it('always answers a valid DNS label: at most 63 characters, no hyphen at either end', () => {
    const names = [
      'x'.repeat(100),
      `${'a'.repeat(62)}-b`,
      `${'a'.repeat(62)} - Insurance`,
      `${'a'.repeat(61)}--bc`,
      '-a-',
    ];
    for (const name of names) {
      const slug = slugify(name);
      expect(slug.length).toBeLessThanOrEqual(63);
      expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/);
    }
  });
});

describe('isReservedSlug', () => {
  it.each(['www', 'api', 'admin', 'app', 'static'])('reserves %s', (slug) => {
    expect(isReservedSlug(slug)).toBe(true);
  });
  it('reserves exactly the five of decisions §2', () => {
    expect([...RESERVED_SLUGS].sort()).toEqual(['admin', 'api', 'app', 'static', 'www']);
  });
  it.each(['administrator', 'apps', 'acme', ''])('does not reserve %j', (slug) => {
    expect(isReservedSlug(slug)).toBe(false);
  });
  it('reserves the slug of the agency name "Admin"', () => {
    expect(isReservedSlug(slugify('Admin'))).toBe(true);
    expect(isReservedSlug(slugify(' W W W '))).toBe(true);
  });
});

describe('portalUrlFor', () => {
  it('builds {scheme}://{slug}.{portalHost}', () => {
    expect(portalUrlFor('acme', 'localhost:3000', 'http')).toBe('http://acme.localhost:3000');
    expect(portalUrlFor('acme', 'portal.example.in', 'https')).toBe('https://acme.portal.example.in');
  });
});
