import { Readable } from 'node:stream';
import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendPdfStream } from '../../lib/pdf.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { householdStatement, ownStatement, type StatementDeps } from './statement.service.ts';

// The family portfolio statement (issue 29 item 2, decision 047): the workspace's, under /api/reports, and the
// signed-in client's own, in the client area. Both stream the PDF as it is written.

/** Who asks from where, and whether only the headers are wanted (HEAD: no PDF written, no download audited). */
const asked = (req: FastifyRequest) => ({ ip: req.ip, headOnly: req.method === 'HEAD' });

/** The PDF, or for HEAD its headers over an empty body. */
function send(reply: FastifyReply, file: { stream: Readable | null; filename: string }) {
  return sendPdfStream(reply, file.stream ?? Readable.from([]), file.filename);
}

export function statementRoutes(app: FastifyInstance, deps: StatementDeps): void {
  addRoute(app, endpoints.householdStatement, async ({ req, reply, params }) => {
    return send(reply, await householdStatement(deps, caller(req), params.id, asked(req)));
  });
  addRoute(app, endpoints.clientPortfolioStatement, async ({ req, reply }) => {
    return send(reply, await ownStatement(deps, caller(req), asked(req)));
  });
}
