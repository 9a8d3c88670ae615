import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { caller } from '../../plugins/access.ts';
import { sendDocument } from '../providers/providers.routes.ts';
import { readClientUpload } from './client-upload.ts';
import {
  avatar,
  createPrimaryClient,
  deletePrimaryClient,
  listPrimaryClients,
  type PrimaryClientsDeps,
  primaryClientDetail,
  resetPortalPassword,
  setPortalAccess,
  updatePrimaryClient,
  uploadAvatar,
} from './primary-clients.service.ts';

export function primaryClientsRoutes(app: FastifyInstance, deps: PrimaryClientsDeps): void {
  addRoute(app, endpoints.listPrimaryClients, ({ req, query }) =>
    listPrimaryClients(deps, caller(req), query),
  );
  addRoute(app, endpoints.createPrimaryClient, async ({ req, body }) => {
    if (!req.isMultipart()) return createPrimaryClient(deps, caller(req), body, req.ip);
    const upload = await readClientUpload(req);
    return createPrimaryClient(deps, caller(req), upload.input, req.ip, upload);
  });
  addRoute(app, endpoints.primaryClientDetail, ({ req, params }) =>
    primaryClientDetail(deps, caller(req), params.id),
  );
  addRoute(app, endpoints.updatePrimaryClient, ({ req, params, body }) =>
    updatePrimaryClient(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.deletePrimaryClient, ({ req, params }) =>
    deletePrimaryClient(deps, caller(req), params.id, req.ip),
  );
  addRoute(app, endpoints.setPortalAccess, ({ req, params, body }) =>
    setPortalAccess(deps, caller(req), params.id, body, req.ip),
  );
  addRoute(app, endpoints.resetPortalPassword, ({ req, params, body }) =>
    resetPortalPassword(deps, caller(req), params.id, body.new_password, req.ip),
  );
  addRoute(app, endpoints.uploadPrimaryClientAvatar, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: [],
      files: { avatar: { maxBytes: DOCUMENT_MAX_BYTES, label: 'Avatar' } },
    });
    return uploadAvatar(deps, caller(req), params.id, body.files.avatar, req.ip);
  });
  addRoute(app, endpoints.primaryClientAvatar, async ({ req, reply, params }) =>
    sendDocument(reply, await avatar(deps, caller(req), params.id, req.ip), `client-photo-${params.id}`),
  );
}
