import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import {
  dashboardStats,
  listOwnerAgencies,
  listOwners,
  type OwnersDeps,
  resetOwnerPassword,
  updateOwner,
} from './owners.service.ts';

export function ownersRoutes(app: FastifyInstance, deps: OwnersDeps): void {
  addRoute(app, endpoints.listOwners, ({ query }) => listOwners(deps, query));
  addRoute(app, endpoints.ownerStats, () => dashboardStats(deps));
  addRoute(app, endpoints.ownerAgencies, ({ params, query }) => listOwnerAgencies(deps, params.id, query));
  addRoute(app, endpoints.updateOwner, ({ req, body }) => updateOwner(deps, caller(req), body, req.ip));
  addRoute(app, endpoints.resetOwnerPassword, ({ req, params, body }) =>
    resetOwnerPassword(deps, caller(req), params.id, body.new_password, req.ip),
  );
}
