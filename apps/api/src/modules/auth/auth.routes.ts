import { endpoints, TENANT_HOST_HEADER } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { type AuthDeps, changePassword, login, logout, me } from './auth.service.ts';

export function authRoutes(app: FastifyInstance, deps: AuthDeps): void {
  addRoute(app, endpoints.login, ({ req, body }) => {
    const header = req.headers[TENANT_HOST_HEADER];
    return login(deps, {
      email: body.email,
      password: body.password,
      tenantHost: Array.isArray(header) ? header[0] : header,
      ip: req.ip,
    });
  });
  addRoute(app, endpoints.logout, ({ req }) => logout(deps, caller(req), req.ip));
  addRoute(app, endpoints.me, ({ req }) => me(deps, caller(req)));
  addRoute(app, endpoints.changePassword, ({ req, body }) => changePassword(deps, caller(req), body, req.ip));
}
