import type { z } from 'zod';
import {
  ChangePasswordSchema,
  DashboardStatsSchema,
  IdParamsSchema,
  OwnerAgenciesResponseSchema,
  OwnerListQuerySchema,
  OwnerListResponseSchema,
  PageQuerySchema,
  ResetOwnerPasswordSchema,
  UpdateOwnerResponseSchema,
  UpdateOwnerSchema,
} from './admin.ts';
import { type Access, apiPaths, type EndpointName, type HttpMethod } from './api-paths.ts';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegistrationResponseSchema,
  RegistrationSchema,
} from './auth.ts';
import { HealthResponseSchema } from './errors.ts';

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: Access;
  beforePasswordChange?: boolean;
  summary: string;
  tag: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** The success answer; error answers are always ErrorResponseSchema. */
  response: z.ZodType;
  status: number;
}

// The endpoint table (conventions: one source of truth). Paths are the spec's (§7) under /api.
export const endpoints = {
  health: {
    ...apiPaths.health,
    summary: 'Liveness and the database engine in use',
    tag: 'system',
    response: HealthResponseSchema,
    status: 200,
  },
  registerAgency: {
    ...apiPaths.registerAgency,
    summary: 'Register an agency and its owner account',
    tag: 'auth',
    body: RegistrationSchema,
    response: RegistrationResponseSchema,
    status: 201,
  },
  login: {
    ...apiPaths.login,
    summary: 'Sign in on the portal address named by X-Tenant-Host',
    tag: 'auth',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    status: 200,
  },
  logout: {
    ...apiPaths.logout,
    summary: 'Revoke every token of the caller',
    tag: 'auth',
    response: MessageResponseSchema,
    status: 200,
  },
  me: {
    ...apiPaths.me,
    summary: 'The signed-in user',
    tag: 'auth',
    response: MeResponseSchema,
    status: 200,
  },
  changePassword: {
    ...apiPaths.changePassword,
    summary: 'Choose a new password; answers a fresh token (old ones are revoked)',
    tag: 'auth',
    body: ChangePasswordSchema,
    response: LoginResponseSchema,
    status: 200,
  },
  listOwners: {
    ...apiPaths.listOwners,
    summary: 'Agency owner accounts, newest first, searchable by name, agency, email or id',
    tag: 'admin',
    querystring: OwnerListQuerySchema,
    response: OwnerListResponseSchema,
    status: 200,
  },
  ownerStats: {
    ...apiPaths.ownerStats,
    summary: 'Counts for the admin overview',
    tag: 'admin',
    response: DashboardStatsSchema,
    status: 200,
  },
  ownerAgencies: {
    ...apiPaths.ownerAgencies,
    summary: "An owner's agencies",
    tag: 'admin',
    params: IdParamsSchema,
    querystring: PageQuerySchema,
    response: OwnerAgenciesResponseSchema,
    status: 200,
  },
  updateOwner: {
    ...apiPaths.updateOwner,
    summary: "Set an owner's active and verified flags",
    tag: 'admin',
    body: UpdateOwnerSchema,
    response: UpdateOwnerResponseSchema,
    status: 200,
  },
  resetOwnerPassword: {
    ...apiPaths.resetOwnerPassword,
    summary: "Reset an owner's password; they choose a new one at next sign-in",
    tag: 'admin',
    params: IdParamsSchema,
    body: ResetOwnerPasswordSchema,
    response: MessageResponseSchema,
    status: 200,
  },
} as const satisfies Record<EndpointName, Endpoint>;
