import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { type AnswerCache, keptAnswer, pageKey } from '../../lib/kept-answers.ts';
import type { Mailer } from '../../lib/mail.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocument } from '../../lib/send-file.ts';
import { agencyOf } from '../../lib/tenant.ts';
import { keptFor, workspaceOf } from '../../lib/workspace.ts';
import { caller } from '../../plugins/access.ts';
import { assignPrimaryClients, listAgents } from './assignment.service.ts';
import { avatar, uploadAvatar } from './client-avatar.service.ts';
import { primaryClientDetail } from './client-detail.service.ts';
import { readClientUpload } from './client-upload.ts';
import { createPrimaryClient } from './create-client.service.ts';
import { inviteClient } from './invitation.service.ts';
import { resetPortalPassword, setPortalAccess } from './portal-access.service.ts';
import {
  deletePrimaryClient,
  listPrimaryClients,
  type PrimaryClientsDeps,
  updatePrimaryClient,
} from './primary-clients.service.ts';

export function primaryClientsRoutes(
  app: FastifyInstance,
  deps: PrimaryClientsDeps & {
    answers: AnswerCache;
    /** For invitations (issue 24 item 2). */
    mailer: Mailer;
    portalHost: string;
    portalScheme: string;
  },
): void {
  // The list's pages and searches are kept per agency until the database announces a change to its clients,
  // their families or plans (decision 018): the same announcements as the client area's answers.
  addRoute(app, endpoints.listPrimaryClients, ({ req, reply, query }) => {
    const subject = caller(req);
    // An agent's pages are theirs alone, and a manager's filter by agent shapes the answer (decision 034).
    const key = `${keptFor(workspaceOf(subject))} ${query.agent ?? ''} ${pageKey(query)}`;
    const where = { agencyId: agencyOf(subject), day: todayInIndia(), key };
    return keptAnswer(req, reply, deps.answers, where, endpoints.listPrimaryClients.response, () =>
      listPrimaryClients(deps, subject, query),
    );
  });
  addRoute(app, endpoints.assignPrimaryClients, ({ req, body }) =>
    assignPrimaryClients(deps, caller(req), body, req.ip),
  );
  addRoute(app, endpoints.listAgents, ({ req }) => listAgents(deps, caller(req)));
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
  addRoute(app, endpoints.invitePrimaryClient, ({ req, params }) =>
    inviteClient({ ...deps, log: app.log }, caller(req), params.id, req.ip),
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
