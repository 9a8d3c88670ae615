import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { listFamilies } from './families.service.ts';

export function familiesRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.listFamilies, ({ req, query }) => listFamilies(deps.db, caller(req), query));
}
