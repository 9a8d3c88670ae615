import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocumentStream } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import {
  type ClaimDocumentsDeps,
  claimDocumentFile,
  claimDocuments,
  claimSettings,
  clearClaimDocument,
  receiveClaimDocument,
  updateClaimSettings,
} from './claim-documents.service.ts';
import {
  type ClaimsDeps,
  changeClaimStatus,
  claimDetail,
  clientClaims,
  createClaim,
  listClaims,
  planClaims,
} from './claims.service.ts';

export function claimsRoutes(
  app: FastifyInstance,
  deps: ClaimsDeps & ClaimDocumentsDeps & { today?: () => string },
): void {
  // India's calendar date; tests pass their own day.
  const today = deps.today ?? (() => todayInIndia());

  addRoute(app, endpoints.listClaims, ({ req, query }) => listClaims(deps, caller(req), query, today()));
  addRoute(app, endpoints.createClaim, ({ req, body }) =>
    createClaim(deps, caller(req), body, today(), req.ip),
  );
  addRoute(app, endpoints.claimDetail, ({ req, params }) =>
    claimDetail(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.changeClaimStatus, ({ req, params, body }) =>
    changeClaimStatus(deps, caller(req), params.id, body, today(), req.ip),
  );
  addRoute(app, endpoints.primaryClientClaims, ({ req, params }) =>
    clientClaims(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.planClaims, ({ req, params }) => planClaims(deps, caller(req), params.id, today()));
  addRoute(app, endpoints.claimDocuments, ({ req, params }) => claimDocuments(deps, caller(req), params.id));
  addRoute(app, endpoints.receiveClaimDocument, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: ['received_on'],
      files: { file: { maxBytes: DOCUMENT_MAX_BYTES, label: 'File' } },
    });
    return receiveClaimDocument(
      deps,
      caller(req),
      params.id,
      params.item,
      { fields: body.fields, file: body.files.file ?? null },
      today(),
      req.ip,
    );
  });
  addRoute(app, endpoints.clearClaimDocument, ({ req, params }) =>
    clearClaimDocument(deps, caller(req), params.id, params.item, req.ip),
  );
  addRoute(app, endpoints.claimDocumentFile, async ({ req, reply, params }) => {
    const file = await claimDocumentFile(deps, caller(req), params.id, params.item, req.ip);
    return sendDocumentStream(reply, file, file.stream, file.name);
  });
  addRoute(app, endpoints.claimSettings, ({ req }) => claimSettings(deps, caller(req)));
  addRoute(app, endpoints.updateClaimSettings, ({ req, body }) =>
    updateClaimSettings(deps, caller(req), body, req.ip),
  );
}
