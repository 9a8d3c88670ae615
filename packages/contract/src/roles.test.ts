import { describe, expect, it } from 'vitest';
import { goBackPathForRoles, landingPathForRoles, ROLES } from './roles.ts';

describe('landingPathForRoles (spec §4, login success)', () => {
  it.each([
    [['ADMIN'], '/dashboard', true],
    [['AO'], '/dashboard', false],
    [['AC'], '/agency-client/dashboard', false],
    [['SOMETHING_ELSE'], '/dashboard', false],
    [[], '/dashboard', false],
    [['AO', 'ADMIN'], '/dashboard', true],
    [['AC', 'AO'], '/dashboard', false],
    [['AA'], '/dashboard', false],
    [['AG'], '/dashboard', false],
  ])('%j → %s (super admin %s)', (roles, path, isSuperAdmin) => {
    expect(landingPathForRoles(roles)).toEqual({ path, isSuperAdmin });
  });
});

describe('goBackPathForRoles (spec §2, unauthorized screen)', () => {
  it.each([
    [['AO'], '/agency-dashboard'],
    [['AC'], '/agency-client/dashboard'],
    [['AA'], '/agency-dashboard'],
    [['AG'], '/agency-dashboard'],
    [['ADMIN'], null],
    [[], null],
    [['OTHER'], null],
  ])('%j → %s', (roles, path) => {
    expect(goBackPathForRoles(roles)).toBe(path);
  });
});

describe('roles', () => {
  it('are the three of spec §6 and the agency staff of decisions §1', () => {
    expect(ROLES).toEqual(['ADMIN', 'AO', 'AC', 'AA', 'AG']);
  });
});
