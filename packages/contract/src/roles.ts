// No zod here: the sign-in route imports this module and ships it to the browser.

/**
 * Roles come from the token's `roleid` list (spec §6). Beside the spec's three, the agency's staff (issue 25,
 * decisions §1): `AA` agency admin (the workspace without the team, the agency profile and security settings)
 * and `AG` agent (only the primary clients assigned to them).
 */
export const ROLES = ['ADMIN', 'AO', 'AC', 'AA', 'AG'] as const;
export type Role = (typeof ROLES)[number];

/** Everyone who works in the agency's workspace (`/dashboard/*`). */
export const WORKSPACE_ROLES = ['AO', 'AA', 'AG'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];
/** The owner and agency admins: the whole book, providers' bank details, reminder settings, assignment. */
export const MANAGER_ROLES = ['AO', 'AA'] as const;
/** The roles an owner may give a member of staff. */
export const STAFF_ROLES = ['AA', 'AG'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** How the top bar and the team screen name a role. */
export const ROLE_LABEL: Record<Role, string> = {
  ADMIN: 'Platform admin',
  AO: 'Agency owner',
  AC: 'Client',
  AA: 'Agency admin',
  AG: 'Agent',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isWorkspaceRole(roles: readonly string[]): boolean {
  return roles.some((r) => (WORKSPACE_ROLES as readonly string[]).includes(r));
}

/** Where a signed-in user lands (spec §4, "Login success"). */
export function landingPathForRoles(roles: readonly string[]): {
  path: string;
  isSuperAdmin: boolean;
} {
  if (roles.includes('ADMIN')) return { path: '/dashboard', isSuperAdmin: true };
  if (isWorkspaceRole(roles)) return { path: '/dashboard', isSuperAdmin: false };
  if (roles.includes('AC')) return { path: '/agency-client/dashboard', isSuperAdmin: false };
  return { path: '/dashboard', isSuperAdmin: false };
}

/** Where the unauthorized screen's Go Back leads (spec §2); null means clear the token and go to '/'. */
export function goBackPathForRoles(roles: readonly string[]): string | null {
  if (isWorkspaceRole(roles)) return '/agency-dashboard';
  if (roles.includes('AC')) return '/agency-client/dashboard';
  return null;
}
