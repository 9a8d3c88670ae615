import { endpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { type ClientAnswerCache, keptAnswer } from './answer-cache.ts';
import { upcomingAlerts } from './client-alerts.service.ts';
import {
  myPlans,
  planDetails,
  planDocument,
  secondaryClientDetail,
  secondaryClientDocuments,
} from './client-plans.service.ts';
import {
  type ClientPortalDeps,
  clientAgency,
  clientProfile,
  clientSummary,
  ownClient,
  secondaryClientList,
} from './client-portal.service.ts';

/**
 * A PDF saved under the spec's name (§7): an ASCII fallback name and the exact one as RFC 5987 UTF-8, never
 * sniffed by the browser, never cached (decisions §5).
 */
function sendPdf(reply: FastifyReply, file: { bytes: Buffer; filename: string }): Buffer {
  const ascii = file.filename.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  reply
    .type('application/pdf')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  return file.bytes;
}

export function clientPortalRoutes(
  app: FastifyInstance,
  deps: ClientPortalDeps & { answers: ClientAnswerCache; today?: () => string },
): void {
  // India's calendar date; tests of the date rules call the services with their own day.
  const today = deps.today ?? (() => todayInIndia());

  addRoute(app, endpoints.clientSummary, ({ req }) => clientSummary(deps, caller(req), today()));
  addRoute(app, endpoints.clientProfile, ({ req }) => clientProfile(deps, caller(req)));
  addRoute(app, endpoints.clientAgency, ({ req }) => clientAgency(deps, caller(req)));
  // The plan answers are kept per client and day until the database announces a change (decision 017).
  addRoute(app, endpoints.clientPlans, async ({ req, reply }) => {
    const own = await ownClient(deps.db, caller(req));
    const day = today();
    const where = { agencyId: own.agencyId, day, key: `plans ${own.primaryClientId}` };
    return keptAnswer(reply, deps.answers, where, endpoints.clientPlans.response, () =>
      myPlans(deps, own, day),
    );
  });
  addRoute(app, endpoints.clientPlanDetails, async ({ req, reply, params }) => {
    const own = await ownClient(deps.db, caller(req));
    const day = today();
    const where = { agencyId: own.agencyId, day, key: `plan ${own.primaryClientId} ${params.id}` };
    return keptAnswer(reply, deps.answers, where, endpoints.clientPlanDetails.response, () =>
      planDetails(deps, own, params.id, day),
    );
  });
  addRoute(app, endpoints.clientPolicyDocument, async ({ req, reply, params }) =>
    sendPdf(reply, await planDocument(deps, caller(req), 'insurance', params.policyId, req.ip)),
  );
  addRoute(app, endpoints.clientInvestmentDocument, async ({ req, reply, params }) =>
    sendPdf(reply, await planDocument(deps, caller(req), 'investment', params.accountId, req.ip)),
  );
  addRoute(app, endpoints.clientSecondaryClients, ({ req }) => secondaryClientList(deps, caller(req)));
  addRoute(app, endpoints.clientSecondaryClient, ({ req, params }) =>
    secondaryClientDetail(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.clientSecondaryDocuments, ({ req, params }) =>
    secondaryClientDocuments(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.clientAlerts, ({ req }) => upcomingAlerts(deps, caller(req), today()));
}
