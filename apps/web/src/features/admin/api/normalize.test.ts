import { OwnerListResponseSchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type AdminClient, fieldLabel, fieldValue, matchesClient, normalizeClientList } from './normalize.ts';

// The spec's legacy answer shapes for the admin's client list (spec §3 Client admin view) and the helpers
// of the Manage Clients screen (spec §2 View modal, §5 client search).

const ASHA_ID = '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e';
const ROHAN_ID = '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22';

const asha: AdminClient = {
  ClientId: ASHA_ID,
  ClientName: 'Asha Verma',
  AgencyName: 'Verma Insurance',
  AgencyEmail: 'asha@vermainsurance.in',
  IsActive: true,
  IsVerified: false,
};
const rohan: AdminClient = {
  ClientId: ROHAN_ID,
  ClientName: 'Rohan Mehta',
  AgencyName: 'Mehta Wealth',
  AgencyEmail: 'rohan@mehtawealth.in',
  IsActive: false,
  IsVerified: true,
};

/** The answer of today's API, checked by the contract's schema. */
const current = OwnerListResponseSchema.parse({
  items: [asha, rohan].map((c) => ({ ...c, CreatedAt: '2026-03-01T09:00:00.000Z' })),
  pagination: {
    total: 42,
    limit: 10,
    offset: 0,
    next_cursor: `1780000000000000_${asha.ClientId}`,
    prev_cursor: null,
  },
});

const snake = (c: AdminClient) => ({
  client_id: c.ClientId,
  client_name: c.ClientName,
  agency_name: c.AgencyName,
  agency_email: c.AgencyEmail,
  is_active: c.IsActive,
  is_verified: c.IsVerified,
});

describe('normalizeClientList (spec §3)', () => {
  it("reads today's answer: items, and the total from pagination", () => {
    expect(normalizeClientList(current)).toEqual({ items: [asha, rohan], total: 42 });
  });

  it('reads a bare array, its total being its length', () => {
    expect(normalizeClientList([asha, rohan])).toEqual({ items: [asha, rohan], total: 2 });
    expect(normalizeClientList([])).toEqual({ items: [], total: 0 });
  });

  it.each(['data', 'clients', 'items', 'results', 'users', 'records', 'list', 'array', 'content'])(
    'reads the array under %s',
    (key) => {
      expect(normalizeClientList({ status: 'success', [key]: [rohan] })).toEqual({
        items: [rohan],
        total: 1,
      });
    },
  );

  it('takes the first present wrapper in the spec’s order, whatever the order of the keys', () => {
    expect(normalizeClientList({ content: [rohan], clients: [asha], data: [rohan, asha] }).items).toEqual([
      rohan,
      asha,
    ]);
    expect(normalizeClientList({ list: [rohan], results: [asha] }).items).toEqual([asha]);
  });

  it('falls back to the first array-valued property', () => {
    expect(normalizeClientList({ status: 'ok', count: 2, owners: [asha], others: [rohan] }).items).toEqual([
      asha,
    ]);
    // A wrapper key holding something else than an array does not count.
    expect(normalizeClientList({ data: { nested: true }, agencyOwners: [rohan] }).items).toEqual([rohan]);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'clients'],
    ['a number', 42],
    ['an empty object', {}],
    ['an object without arrays', { data: 'none', total: 3 }],
  ])('answers an empty list for %s', (_what, payload) => {
    expect(normalizeClientList(payload)).toEqual({ items: [], total: 0 });
  });

  it('reads the snake_case fields', () => {
    expect(normalizeClientList({ data: [snake(asha), snake(rohan)] }).items).toEqual([asha, rohan]);
  });

  it('reads flags given as 1/0 or text, numeric ids as text, and missing names as empty or null', () => {
    const { items } = normalizeClientList([
      { client_id: 17, client_name: 'Meera Iyer', is_active: 1, is_verified: 'true' },
      { ClientId: 18, ClientName: null, AgencyName: '', IsActive: 0, IsVerified: 'false' },
      { ClientId: 19, IsActive: '1', is_verified: '0' },
    ]);
    expect(items).toEqual([
      {
        ClientId: '17',
        ClientName: 'Meera Iyer',
        AgencyName: null,
        AgencyEmail: null,
        IsActive: true,
        IsVerified: true,
      },
      {
        ClientId: '18',
        ClientName: '',
        AgencyName: null,
        AgencyEmail: null,
        IsActive: false,
        IsVerified: false,
      },
      {
        ClientId: '19',
        ClientName: '',
        AgencyName: null,
        AgencyEmail: null,
        IsActive: true,
        IsVerified: false,
      },
    ]);
  });

  it('leaves out entries that are not objects or have no id', () => {
    expect(normalizeClientList([asha, null, 'x', 7, { ClientName: 'No Id' }, rohan]).items).toEqual([
      asha,
      rohan,
    ]);
  });

  it('reads a total given at the top level, and ignores one that is not a count of at least the items', () => {
    expect(normalizeClientList({ data: [asha], total: 31 }).total).toBe(31);
    expect(normalizeClientList({ data: [asha], total: '31' }).total).toBe(31);
    expect(normalizeClientList({ items: [asha, rohan], pagination: { total: 1 } }).total).toBe(2);
    expect(normalizeClientList({ items: [asha], pagination: { total: 'many' } }).total).toBe(1);
    expect(normalizeClientList({ items: [asha], pagination: { total: 2.5 } }).total).toBe(1);
  });
});

describe('matchesClient (spec §5 client search)', () => {
  it.each([
    ['client name', 'asha ver'],
    ['agency name', 'VERMA INSURANCE'],
    ['agency email', 'Asha@VermaInsurance'],
    ['client id', ASHA_ID.slice(9, 18).toUpperCase()],
  ])('matches on the %s, case-insensitively', (_field, search) => {
    expect(matchesClient(asha, search)).toBe(true);
    expect(matchesClient(rohan, search)).toBe(false);
  });

  it('trims the search and matches everything when it is blank', () => {
    expect(matchesClient(asha, '  verma  ')).toBe(true);
    expect(matchesClient(asha, '')).toBe(true);
    expect(matchesClient(rohan, '   ')).toBe(true);
  });

  it('matches nothing on missing fields', () => {
    const bare: AdminClient = { ...asha, AgencyName: null, AgencyEmail: null };
    expect(matchesClient(bare, 'insurance')).toBe(false);
    expect(matchesClient(bare, 'n/a')).toBe(false);
    expect(matchesClient(bare, 'null')).toBe(false);
  });
});

describe('fieldLabel and fieldValue (spec §2 View modal)', () => {
  it.each([
    ['years_in_business', 'years in business'],
    ['agency_name', 'agency name'],
    ['portal_address', 'portal address'],
    ['website', 'website'],
  ])('labels %s as %j', (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  it.each([
    [true, 'Yes'],
    [false, 'No'],
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    [0, '0'],
    [12, '12'],
    ['www.vermainsurance.in', 'www.vermainsurance.in'],
  ])('shows %j as %j', (value, shown) => {
    expect(fieldValue(value)).toBe(shown);
  });
});
