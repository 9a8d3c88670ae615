import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { activityLog, activityPeople } from './activity.service.ts';

export function activityRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.activityLog, ({ req, query }) => activityLog(deps, caller(req), query));
  addRoute(app, endpoints.activityPeople, ({ req }) => activityPeople(deps, caller(req)));
}
