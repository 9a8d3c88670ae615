import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { cachePublicly, sendPublicImage } from '../../lib/send-file.ts';
import { type BrandingDeps, branding, brandingLogo } from './branding.service.ts';

// The agency is the one the request's Host names (decisions §2): an <img> cannot send X-Tenant-Host.
export function brandingRoutes(app: FastifyInstance, deps: BrandingDeps): void {
  addRoute(app, endpoints.branding, async ({ req, reply }) => {
    // Asked afresh each time: an owner who uploads a logo and signs out sees it on the sign-in page at once.
    reply.header('cache-control', 'no-cache');
    return branding(deps, req.host);
  });
  addRoute(app, endpoints.brandingLogo, async ({ req, reply, query }) => {
    const logo = await brandingLogo(deps, req.host, req.headers['if-none-match']);
    const cache = { etag: logo.etag, versioned: query.v === logo.version };
    if (!logo.notModified) return sendPublicImage(reply, logo.doc, 'agency-logo', cache);
    cachePublicly(reply, cache);
    reply.code(304);
    return Buffer.alloc(0);
  });
}
