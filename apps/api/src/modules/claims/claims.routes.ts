import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import {
  type ClaimsDeps,
  changeClaimStatus,
  claimDetail,
  clientClaims,
  createClaim,
  listClaims,
  planClaims,
} from './claims.service.ts';

export function claimsRoutes(app: FastifyInstance, deps: ClaimsDeps & { today?: () => string }): void {
  // India's calendar date; tests pass their own day.
  const today = deps.today ?? (() => todayInIndia());

  addRoute(app, endpoints.listClaims, ({ req, query }) => listClaims(deps, caller(req), query, today()));
  addRoute(app, endpoints.createClaim, ({ req, body }) =>
    createClaim(deps, caller(req), body, today(), req.ip),
  );
  addRoute(app, endpoints.claimDetail, ({ req, params }) =>
    claimDetail(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.changeClaimStatus, ({ req, params, body }) =>
    changeClaimStatus(deps, caller(req), params.id, body, today(), req.ip),
  );
  addRoute(app, endpoints.primaryClientClaims, ({ req, params }) =>
    clientClaims(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.planClaims, ({ req, params }) => planClaims(deps, caller(req), params.id, today()));
}
