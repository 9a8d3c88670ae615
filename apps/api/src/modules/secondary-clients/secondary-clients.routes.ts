import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocument } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import {
  createSecondaryClient,
  deleteSecondaryClient,
  type SecondaryClientsDeps,
  secondaryClientDetail,
  secondaryDocument,
  updateSecondaryClient,
  uploadSecondaryDocument,
} from './secondary-clients.service.ts';

export function secondaryClientsRoutes(app: FastifyInstance, deps: SecondaryClientsDeps): void {
  addRoute(app, endpoints.createSecondaryClient, ({ req, body }) =>
    createSecondaryClient(deps, caller(req), body, req.ip),
  );
  addRoute(app, endpoints.secondaryClientDetail, ({ req, params }) =>
    secondaryClientDetail(deps, caller(req), params.id),
  );
  addRoute(app, endpoints.updateSecondaryClient, ({ req, params, body }) =>
    updateSecondaryClient(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.deleteSecondaryClient, ({ req, params }) =>
    deleteSecondaryClient(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.uploadSecondaryDocument, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: [],
      files: { file: { maxBytes: DOCUMENT_MAX_BYTES, label: 'The document' } },
    });
    return uploadSecondaryDocument(deps, caller(req), params.id, params.kind, body.files.file, req.ip);
  });
  addRoute(app, endpoints.secondaryDocument, async ({ req, reply, params }) =>
    sendDocument(
      reply,
      await secondaryDocument(deps, caller(req), params.id, params.kind, req.ip),
      `${params.kind}-${params.id}`,
    ),
  );
}
