import { endpoints, TENANT_HOST_HEADER } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readDevice, rememberDevice } from '../../lib/device-cookie.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { type AuthDeps, changePassword, login, logout, me } from './auth.service.ts';
import { checkLink, requestReset, setPassword } from './password-links.service.ts';

export function authRoutes(
  app: FastifyInstance,
  deps: AuthDeps & {
    /** Device cookies only over HTTPS when the portal is served so. */ secureCookies?: boolean;
    portalScheme: string;
  },
): void {
  const links = { ...deps, log: app.log };
  addRoute(app, endpoints.login, ({ req, reply, body }) => {
    const header = req.headers[TENANT_HOST_HEADER];
    const device = readDevice(req);
    return login(
      deps,
      {
        email: body.email,
        password: body.password,
        tenantHost: Array.isArray(header) ? header[0] : header,
        ip: req.ip,
        device,
      },
      (userId) => rememberDevice(reply, device, userId, deps.secureCookies ?? false),
    );
  });
  addRoute(app, endpoints.logout, ({ req }) => logout(deps, caller(req), req.ip));
  addRoute(app, endpoints.me, ({ req }) => me(deps, caller(req)));
  addRoute(app, endpoints.changePassword, ({ req, body }) => changePassword(deps, caller(req), body, req.ip));
  addRoute(app, endpoints.forgotPassword, ({ req, body }) => {
    const header = req.headers[TENANT_HOST_HEADER];
    return requestReset(links, {
      email: body.email,
      tenantHost: Array.isArray(header) ? header[0] : header,
      ip: req.ip,
    });
  });
  addRoute(app, endpoints.checkPasswordLink, ({ body }) => checkLink(links, body.token));
  addRoute(app, endpoints.setPasswordWithLink, ({ req, body }) => setPassword(links, body, req.ip));
}
