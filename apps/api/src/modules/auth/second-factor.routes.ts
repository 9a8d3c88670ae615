import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readDevice, rememberDevice } from '../../lib/device-cookie.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import {
  confirmSecondFactor,
  disableSecondFactor,
  enrolSecondFactor,
  loginWithSecondFactor,
  type SecondFactorDeps,
  secondFactorStatus,
} from './second-factor.service.ts';

/** The TOTP second factor (issue 23 item 14): sign-in's code step, and set-up for the admin and owners. */
export function secondFactorRoutes(
  app: FastifyInstance,
  deps: SecondFactorDeps & {
    /** Device cookies only over HTTPS when the portal is served so. */ secureCookies?: boolean;
  },
): void {
  addRoute(app, endpoints.loginSecondFactor, ({ req, reply, body }) =>
    loginWithSecondFactor(
      deps,
      { challenge: body.challenge, code: body.code, recoveryCode: body.recovery_code, ip: req.ip },
      (userId) => rememberDevice(reply, readDevice(req), userId, deps.secureCookies ?? false),
    ),
  );
  addRoute(app, endpoints.secondFactorStatus, ({ req }) => secondFactorStatus(deps, caller(req)));
  addRoute(app, endpoints.enrolSecondFactor, ({ req }) => enrolSecondFactor(deps, caller(req), req.ip));
  addRoute(app, endpoints.confirmSecondFactor, ({ req, body }) =>
    confirmSecondFactor(deps, caller(req), body, req.ip),
  );
  addRoute(app, endpoints.disableSecondFactor, ({ req, body }) =>
    disableSecondFactor(deps, caller(req), body, req.ip),
  );
}
