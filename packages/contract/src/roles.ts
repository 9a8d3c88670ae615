// No zod here: the sign-in route imports this module and ships it to the browser.

/** Roles come from the token's `roleid` list (spec §6). */
export const ROLES = ['ADMIN', 'AO', 'AC'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Where a signed-in user lands (spec §4, "Login success"). */
export function landingPathForRoles(roles: readonly string[]): {
  path: string;
  isSuperAdmin: boolean;
} {
  if (roles.includes('ADMIN')) return { path: '/dashboard', isSuperAdmin: true };
  if (roles.includes('AO')) return { path: '/dashboard', isSuperAdmin: false };
  if (roles.includes('AC')) return { path: '/agency-client/dashboard', isSuperAdmin: false };
  return { path: '/dashboard', isSuperAdmin: false };
}

/** Where the unauthorized screen's Go Back leads (spec §2); null means clear the token and go to '/'. */
export function goBackPathForRoles(roles: readonly string[]): string | null {
  if (roles.includes('AO')) return '/agency-dashboard';
  if (roles.includes('AC')) return '/agency-client/dashboard';
  return null;
}
