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
      // One route per file of the build, found at start: any other address goes straight to the not-found
      // handler (the SPA fallback or a 404), where a wildcard route read the directories of every unknown path
      // on every request (issue 8: stat and readdir were 47 % of the CPU of a mistyped API path under load).
      wildcard: false,
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
