import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { exportBook } from './exports.service.ts';

/** Who asks, from where, and whether only the headers are wanted. */
const asked = (req: FastifyRequest) => ({
  subject: caller(req),
  ip: req.ip,
  log: req.log,
  headOnly: req.method === 'HEAD',
});

export function exportsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  addRoute(app, endpoints.exportBookXlsx, ({ req, reply }) => exportBook(deps.db, { ...asked(req), reply }));
  addRoute(app, endpoints.exportBookCsv, ({ req, reply, query }) =>
    exportBook(deps.db, { ...asked(req), reply, sheet: query.sheet }),
  );
}
