import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';

/** The security headers of every answer (issue 9, item 6): @fastify/helmet's options, and helmet's own below. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and the toasts position with inline style attributes; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

const setHeaders = helmet(HELMET_OPTIONS);

/**
 * The same headers on an answer that no hook sees: Fastify's `frameworkErrors` answer before routing (an address
 * part over the length limit, a malformed `%` escape), where @fastify/helmet's onRequest hook never runs.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    setHeaders(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
  });
}
