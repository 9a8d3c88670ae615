import { TOKEN_STORAGE_KEY } from '@portal/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { tokenFor, unsignedToken } from '../test/jwt.ts';
import { clearSession, getToken, readClaims, removeToken, setToken } from './session.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('readClaims (spec §6: roles come from the roleid list)', () => {
  it('reads the claims the guard and the screens use', () => {
    expect(readClaims(tokenFor(['AO']))).toEqual({
      sub: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
      roles: ['AO'],
      clientName: 'Asha Verma',
      agencyId: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
      agencyName: 'Verma Insurance',
      exp: 1_772_359_200,
    });
  });

  it('accepts roles in any case', () => {
    expect(readClaims(tokenFor(['admin', 'Ao', 'ac']))?.roles).toEqual(['ADMIN', 'AO', 'AC']);
  });

  it('keeps the known roles and drops unknown ones', () => {
    expect(readClaims(tokenFor(['AC', 'AUDITOR']))?.roles).toEqual(['AC']);
  });

  it('leaves agency fields empty for a platform admin without an agency', () => {
    const claims = readClaims(tokenFor(['ADMIN'], { agency_id: null, agency_name: null }));
    expect(claims).toMatchObject({ roles: ['ADMIN'], agencyId: null, agencyName: null });
  });

  it.each([
    ['no roleid claim', unsignedToken({ sub: 'user-1' })],
    ['an empty roleid list', tokenFor([])],
    ['only unknown roles', tokenFor(['AUDITOR'])],
    ['roleid that is not a list', tokenFor([], { roleid: 'AO' })],
    ['no sub', unsignedToken({ roleid: ['AO'] })],
    ['a numeric sub', tokenFor(['AO'], { sub: 42 })],
  ])('rejects a token with %s', (_, token) => {
    expect(readClaims(token)).toBeNull();
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['a token that is not a JWT', 'not-a-token'],
    ['a payload that is not JSON', 'aGVhZGVy.bm90IGpzb24.sig'],
  ])('rejects %s', (_, token) => {
    expect(readClaims(token)).toBeNull();
  });
});

describe('token storage (spec §4, §9)', () => {
  it("keeps the token in local storage under 'token'", () => {
    setToken('abc.def.ghi');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc.def.ghi');
    expect(getToken()).toBe('abc.def.ghi');
    removeToken();
    expect(getToken()).toBeNull();
  });

  it('clearSession empties local and session storage', () => {
    setToken('abc.def.ghi');
    localStorage.setItem('other', '1');
    sessionStorage.setItem('draft', '2');
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(getToken()).toBeNull();
  });
});
