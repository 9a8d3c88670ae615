import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { downloadReport } from './reports.download.ts';
import {
  bookSummary,
  claimsSummary,
  newBusiness,
  premiumRegister,
  premiumRegisterTotals,
  renewals,
  reportContext,
} from './reports.service.ts';

// The agency's reports (issue 29, decision 046): the owner and agency admins (the contract's access); the agency
// from the token only.

export function reportsRoutes(app: FastifyInstance, deps: { db: Db; documents: DocumentStore }): void {
  const { db } = deps;
  addRoute(app, endpoints.reportPremiumRegister, ({ req, query }) =>
    premiumRegister(db, reportContext(caller(req), query), query.limit, query.after),
  );
  addRoute(app, endpoints.reportPremiumRegisterTotals, ({ req, query }) =>
    premiumRegisterTotals(db, reportContext(caller(req), query)),
  );
  addRoute(app, endpoints.reportNewBusiness, ({ req, query }) =>
    newBusiness(db, reportContext(caller(req), query)),
  );
  addRoute(app, endpoints.reportRenewals, ({ req, query }) =>
    renewals(db, reportContext(caller(req), query)),
  );
  addRoute(app, endpoints.reportBook, ({ req, query }) => bookSummary(db, reportContext(caller(req), query)));
  addRoute(app, endpoints.reportClaims, ({ req, query }) =>
    claimsSummary(db, reportContext(caller(req), query)),
  );
  addRoute(app, endpoints.reportDownload, ({ req, reply, query }) =>
    downloadReport(db, deps.documents, {
      subject: caller(req),
      reply,
      ip: req.ip,
      log: req.log,
      report: query.report,
      format: query.format,
      filters: query,
      headOnly: req.method === 'HEAD',
    }),
  );
}
