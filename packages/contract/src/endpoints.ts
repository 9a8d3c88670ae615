import type { z } from 'zod';
import {
  LoginRequestSchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegistrationResponseSchema,
  RegistrationSchema,
} from './auth.ts';
import { HealthResponseSchema } from './errors.ts';
import type { Role } from './roles.ts';

/** Who may call an endpoint. Every endpoint says so; the API refuses to start otherwise. */
export type Access = 'public' | readonly Role[];

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

const ALL_ROLES = ['ADMIN', 'AO', 'AC'] as const;

// The endpoint table (conventions: one source of truth). Paths are the spec's (§7) under /api.
export const endpoints = {
  health: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness and the database engine in use',
    tag: 'system',
    response: HealthResponseSchema,
    status: 200,
  },
  registerAgency: {
    method: 'POST',
    path: '/api/agencies/register-client',
    access: 'public',
    summary: 'Register an agency and its owner account',
    tag: 'auth',
    body: RegistrationSchema,
    response: RegistrationResponseSchema,
    status: 201,
  },
  login: {
    method: 'POST',
    path: '/api/agencies/client-login',
    access: 'public',
    summary: 'Sign in on the portal address named by X-Tenant-Host',
    tag: 'auth',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    status: 200,
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    access: ALL_ROLES,
    summary: 'Revoke every token of the caller',
    tag: 'auth',
    response: MessageResponseSchema,
    status: 200,
  },
  me: {
    method: 'GET',
    path: '/api/auth/me',
    access: ALL_ROLES,
    summary: 'The signed-in user',
    tag: 'auth',
    response: MeResponseSchema,
    status: 200,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
