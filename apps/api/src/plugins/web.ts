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
  const pages = pagesWithPreloads(indexHtml.toString('utf8'), webDist);
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifyStatic, {
      root: webDist,
      // One route per file of the build, found at start: any other address goes straight to the not-found
      // handler (the SPA fallback or a 404), where a wildcard route read the directories of every unknown path
      // on every request (issue 8: stat and readdir were 47 % of the CPU of a mistyped API path under load).
      wildcard: false,
      // The build's .br and .gz copies (apps/web/vite.config.ts, precompress), sent to a browser that takes them.
      preCompressed: true,
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
  app.decorate('webPage', (pathname: string, language: string | undefined) => {
    const page = pages.routes.find((p) => p.matches(pathname));
    if (language === 'hi') return page?.hindi ?? pages.hindi ?? indexHtml;
    return page?.html ?? indexHtml;
  });
  return true;
}

/** The build's route-preloads.json (apps/web/build-plugins.ts, routePreloads). */
interface RoutePreloads {
  pages: {
    /** An address, exactly, or (ending in '/') every address under it. */
    path: string;
    /** The chunks its first load needs, beyond those index.html names. */
    files: string[];
  }[];
  /** What a first load in Hindi needs besides: its words' chunks and its font's files. */
  hindi: { files: string[]; fonts: string[] };
}

/**
 * index.html once for each page of the build's route-preloads.json, with that page's chunks named as
 * modulepreload links, so the browser fetches a page's screens with the entry script rather than after it has run;
 * and once more for each, and for any other address, in Hindi, naming its words and font too (decision 049). Built
 * once at start; a build without the file serves index.html as it is.
 */
function pagesWithPreloads(indexHtml: string, webDist: string) {
  const file = path.join(webDist, 'route-preloads.json');
  if (!existsSync(file)) return { routes: [], hindi: null };
  const { pages, hindi } = JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
  const withLinks = (links: string[]) =>
    Buffer.from(indexHtml.replace('</head>', `  ${links.join('\n    ')}\n  </head>`));
  const modules = (files: string[]) => files.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`);
  const hindiLinks = [
    ...hindi.fonts.map((f) => `<link rel="preload" href="${f}" as="font" type="font/woff2" crossorigin>`),
    ...modules(hindi.files),
  ];
  return {
    routes: pages.map(({ path: address, files }) => ({
      matches: address.endsWith('/')
        ? (pathname: string) => pathname.startsWith(address)
        : (pathname: string) => pathname === address,
      html: withLinks(modules(files)),
      hindi: withLinks([...modules(files), ...hindiLinks]),
    })),
    hindi: withLinks(hindiLinks),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The SPA's page for an address: index.html, naming that address's chunks where the build listed them, and
     * Hindi's words and font for a browser whose language hint (LANGUAGE_HINT_COOKIE) is `hi`.
     */
    webPage?: (pathname: string, language: string | undefined) => Buffer;
  }
}
