import { type Endpoint, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { todayInIndia } from '../../lib/dates.ts';
import { type AnswerCache, keptAnswer } from '../../lib/kept-answers.ts';
import { addRoute, type Out } from '../../lib/route.ts';
import { sendDocumentStream, sendPdf } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import { upcomingAlerts } from './client-alerts.service.ts';
import { clientClaimDetail, clientClaims } from './client-claims.service.ts';
import {
  secondaryClientDetail,
  secondaryClientDocument,
  secondaryClientDocuments,
} from './client-family.service.ts';
import { myPlans, planDetails, planDocument, premiumReceipt } from './client-plans.service.ts';
import {
  type ClientPortalDeps,
  clientAgency,
  clientProfile,
  clientSummary,
  secondaryClientList,
} from './client-portal.service.ts';
import { type OwnClient, ownClient } from './own-client.ts';

export function clientPortalRoutes(
  app: FastifyInstance,
  deps: ClientPortalDeps & { answers: AnswerCache; today?: () => string },
): void {
  // India's calendar date; tests of the date rules call the services with their own day.
  const today = deps.today ?? (() => todayInIndia());

  addRoute(app, endpoints.clientProfile, ({ req }) => clientProfile(deps, caller(req)));
  addRoute(app, endpoints.clientAgency, ({ req }) => clientAgency(deps, caller(req)));
  // The answers made of the client's plans are kept per client and day until the database announces a change
  // (decision 017): the dashboard's summary and alerts, my plans, a plan's details, the claims.
  const kept = <E extends Endpoint>(
    endpoint: E,
    key: (own: OwnClient, params: Out<E['params']>) => string,
    make: (own: OwnClient, day: string, params: Out<E['params']>) => Promise<z.input<E['response']>>,
  ) =>
    addRoute(app, endpoint, async ({ req, reply, params }) => {
      const own = await ownClient(deps.db, caller(req));
      const day = today();
      const where = { agencyId: own.agencyId, day, key: key(own, params) };
      return keptAnswer(req, reply, deps.answers, where, endpoint.response, () => make(own, day, params));
    });
  kept(
    endpoints.clientSummary,
    (own) => `summary ${own.primaryClientId}`,
    (own, day) => clientSummary(deps, own, day),
  );
  kept(
    endpoints.clientAlerts,
    (own) => `alerts ${own.primaryClientId}`,
    (own, day) => upcomingAlerts(deps, own, day),
  );
  kept(
    endpoints.clientPlans,
    (own) => `plans ${own.primaryClientId}`,
    (own, day) => myPlans(deps, own, day),
  );
  kept(
    endpoints.clientPlanDetails,
    (own, params) => `plan ${own.primaryClientId} ${params.id}`,
    (own, day, params) => planDetails(deps, own, params.id, day),
  );
  // The household's claims (issue 28 item 5): the claims tables announce on the same channel (decision 043).
  kept(
    endpoints.clientClaims,
    (own) => `claims ${own.primaryClientId}`,
    (own, day) => clientClaims(deps, own, day),
  );
  kept(
    endpoints.clientClaimDetail,
    (own, params) => `claim ${own.primaryClientId} ${params.id}`,
    (own, day, params) => clientClaimDetail(deps, own, params.id, day),
  );
  addRoute(app, endpoints.clientPolicyDocument, async ({ req, reply, params }) =>
    sendPdf(reply, await planDocument(deps, caller(req), 'insurance', params.policyId, req.ip)),
  );
  addRoute(app, endpoints.clientInvestmentDocument, async ({ req, reply, params }) =>
    sendPdf(reply, await planDocument(deps, caller(req), 'investment', params.accountId, req.ip)),
  );
  addRoute(app, endpoints.clientPremiumReceipt, async ({ req, reply, params }) => {
    const receipt = await premiumReceipt(deps, caller(req), params.id, params.paymentId, req.ip);
    return sendDocumentStream(reply, receipt, receipt.stream, receipt.name);
  });
  addRoute(app, endpoints.clientSecondaryClients, ({ req }) => secondaryClientList(deps, caller(req)));
  addRoute(app, endpoints.clientSecondaryClient, ({ req, params }) =>
    secondaryClientDetail(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.clientSecondaryDocuments, ({ req, params }) =>
    secondaryClientDocuments(deps, caller(req), params.id),
  );
  addRoute(app, endpoints.clientSecondaryDocument, async ({ req, reply, params }) => {
    const doc = await secondaryClientDocument(deps, caller(req), params.id, params.kind, req.ip);
    return sendDocumentStream(reply, doc, doc.stream, `${params.kind}-${params.id}`);
  });
}
