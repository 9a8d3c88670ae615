import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { type AnswerCache, keptAnswer, pageKey } from '../../lib/kept-answers.ts';
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

/** The scope of the owner list's kept answers: one list for the whole platform. */
const PLATFORM = 'platform';

export function ownersRoutes(app: FastifyInstance, deps: OwnersDeps & { answers: AnswerCache }): void {
  // The list's pages and searches are kept until the database announces a change to what it shows (decision
  // 018, migration 0014). Only the platform admin may call it, and every admin sees the same list.
  addRoute(app, endpoints.listOwners, ({ req, reply, query }) => {
    const where = { agencyId: PLATFORM, day: todayInIndia(), key: pageKey(query) };
    return keptAnswer(req, reply, deps.answers, where, endpoints.listOwners.response, () =>
      listOwners(deps, query),
    );
  });
  addRoute(app, endpoints.ownerStats, () => dashboardStats(deps));
  addRoute(app, endpoints.ownerAgencies, ({ params, query }) => listOwnerAgencies(deps, params.id, query));
  addRoute(app, endpoints.updateOwner, ({ req, body }) => updateOwner(deps, caller(req), body, req.ip));
  addRoute(app, endpoints.resetOwnerPassword, ({ req, params, body }) =>
    resetOwnerPassword(deps, caller(req), params.id, body.new_password, req.ip),
  );
}
