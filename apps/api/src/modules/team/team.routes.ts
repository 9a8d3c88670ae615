import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { PasswordLinkDeps } from '../../lib/password-links.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import {
  changeRole,
  deactivateStaff,
  inviteStaff,
  listTeam,
  reactivateStaff,
  resendInvitation,
  revokeInvitation,
} from './team.service.ts';

/** The owner's team (issue 25 item 2): staff invitations, roles, deactivation. */
export function teamRoutes(app: FastifyInstance, deps: Omit<PasswordLinkDeps, 'log'>): void {
  const linkDeps = { ...deps, log: app.log };
  addRoute(app, endpoints.listStaff, ({ req }) => listTeam(deps, caller(req)));
  addRoute(app, endpoints.inviteStaff, ({ req, body }) => inviteStaff(linkDeps, caller(req), body, req.ip));
  addRoute(app, endpoints.resendStaffInvitation, ({ req, params }) =>
    resendInvitation(linkDeps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.revokeStaffInvitation, ({ req, params }) =>
    revokeInvitation(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.changeStaffRole, ({ req, params, body }) =>
    changeRole(deps, caller(req), params.id, body.role, req.ip),
  );
  addRoute(app, endpoints.deactivateStaff, ({ req, params }) =>
    deactivateStaff(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.reactivateStaff, ({ req, params }) =>
    reactivateStaff(deps, caller(req), params.id, req.ip),
  );
}
