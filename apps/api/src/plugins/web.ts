import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { markRoutesPublic } from './public-routes.ts';

/**
 * Serves the built web app (one process serves API and web, decisions §6): hashed assets cached for a
 * year, everything else that is not /api falls back to index.html so the SPA's router answers it.
 * Answers whether the build was found.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile);
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  });
  app.decorate('webIndexHtml', indexHtml);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    webIndexHtml?: Buffer;
  }
}
