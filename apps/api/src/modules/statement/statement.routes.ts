import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { sendPdfStream } from '../../lib/pdf.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { householdStatement, ownStatement, type StatementDeps } from './statement.service.ts';

// The family portfolio statement (issue 29 item 2, decision 047): the workspace's, under /api/reports, and the
// signed-in client's own, in the client area. Both stream the PDF as it is written.

export function statementRoutes(app: FastifyInstance, deps: StatementDeps): void {
  addRoute(app, endpoints.householdStatement, async ({ req, reply, params }) => {
    const file = await householdStatement(deps, caller(req), params.id, req.ip);
    return sendPdfStream(reply, file.stream, file.filename);
  });
  addRoute(app, endpoints.clientPortfolioStatement, async ({ req, reply }) => {
    const file = await ownStatement(deps, caller(req), req.ip);
    return sendPdfStream(reply, file.stream, file.filename);
  });
}
