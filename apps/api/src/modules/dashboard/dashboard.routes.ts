import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { agencyDashboard } from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.agencyDashboard, ({ req }) => agencyDashboard(deps.db, caller(req)));
}
