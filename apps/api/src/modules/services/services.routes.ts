import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { createService, listServices } from './services.service.ts';

export function servicesRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.insuranceServices, () => listServices(deps.db, 'insurance'));
  addRoute(app, endpoints.investmentServices, () => listServices(deps.db, 'investment'));
  addRoute(app, endpoints.createService, ({ req, body }) =>
    createService(deps.db, caller(req), body, req.ip),
  );
}
