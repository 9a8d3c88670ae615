import { describe, expect, it } from 'vitest';
import { parseTenantHost } from './tenant-host.ts';

describe('parseTenantHost (decisions §2)', () => {
  const portal = 'localhost:3000';
  it.each([
    ['localhost:3000', { kind: 'platform' }],
    ['localhost', { kind: 'platform' }],
    ['LOCALHOST:5173', { kind: 'platform' }],
    ['acme.localhost:3000', { kind: 'agency', slug: 'acme' }],
    ['Acme.LocalHost', { kind: 'agency', slug: 'acme' }],
    ['a-1agency.localhost.', { kind: 'agency', slug: 'a-1agency' }],
    [`${'a'.repeat(63)}.localhost`, { kind: 'agency', slug: 'a'.repeat(63) }],
  ])('%s → %j', (header, expected) => {
    expect(parseTenantHost(header, portal)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    'example.com',
    'acme.example.com',
    'a.b.localhost',
    '-acme.localhost',
    'acme-.localhost',
    `${'a'.repeat(64)}.localhost`,
    'localhost.evil.com',
    'evillocalhost',
  ])('%j → unknown', (header) => {
    expect(parseTenantHost(header, portal)).toEqual({ kind: 'unknown' });
  });
});
