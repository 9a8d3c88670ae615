import { endpoints, LOGO_MAX_BYTES } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { sendDocument } from '../../lib/send-file.ts';
import { caller } from '../../plugins/access.ts';
import { agencyLogo, getProfile, type ProfileDeps, updateProfile, uploadLogo } from './profile.service.ts';

export function profileRoutes(app: FastifyInstance, deps: ProfileDeps): void {
  addRoute(app, endpoints.agencyProfile, ({ req }) => getProfile(deps, caller(req)));
  addRoute(app, endpoints.updateAgencyProfile, ({ req, body }) =>
    updateProfile(deps, caller(req), body, req.ip),
  );
  addRoute(app, endpoints.uploadAgencyLogo, async ({ req }) => {
    const body = await readMultipart(req, {
      fields: [],
      files: { logo: { maxBytes: LOGO_MAX_BYTES, label: 'Logo' } },
    });
    return uploadLogo(deps, caller(req), body.files.logo, req.ip);
  });
  addRoute(app, endpoints.agencyLogo, async ({ req, reply }) =>
    sendDocument(reply, await agencyLogo(deps, caller(req)), 'agency-logo'),
  );
}
