import type { Role } from './roles.ts';

// Method, path and access of every endpoint, without schemas, so the browser's API client can use it
// without shipping zod. endpoints.ts adds the schemas; a test holds the two tables to the same keys.

/** Who may call an endpoint. Every endpoint says so; the API refuses to start otherwise. */
export type Access = 'public' | readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const ALL_ROLES = ['ADMIN', 'AO', 'AC'] as const;

export const apiPaths = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  registerAgency: { method: 'POST', path: '/api/agencies/register-client', access: 'public' },
  login: { method: 'POST', path: '/api/agencies/client-login', access: 'public' },
  logout: { method: 'POST', path: '/api/auth/logout', access: ALL_ROLES },
  me: { method: 'GET', path: '/api/auth/me', access: ALL_ROLES },
} as const satisfies Record<string, { method: HttpMethod; path: string; access: Access }>;

export type EndpointName = keyof typeof apiPaths;
