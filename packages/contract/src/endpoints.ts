import type { z } from 'zod';
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
} as const satisfies Record<EndpointName, Endpoint>;
