import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { exportBook } from './exports.service.ts';

export function exportsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.exportBookXlsx, ({ req, reply }) =>
    exportBook(deps.db, { subject: caller(req), reply, ip: req.ip, log: req.log }),
  );
  addRoute(app, endpoints.exportBookCsv, ({ req, reply, query }) =>
    exportBook(deps.db, { subject: caller(req), reply, ip: req.ip, log: req.log, sheet: query.sheet }),
  );
}
