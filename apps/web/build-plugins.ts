// The web build's own plugins (vite.config.ts): what the browser is told to fetch first, and how the app's files
// are cut and stored so a screen's first load takes few requests (decision 049).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Plugin } from 'vite';
import { HINDI_PRELOAD, ROUTE_PRELOADS } from './src/app/route-preloads.ts';

/**
 * Preloads the Latin subset of Inter from index.html. Without it the browser finds the font only when the first
 * text renders, then lays the page out again when it arrives (Lighthouse measured a layout shift from it and a
 * request chain HTML → CSS → font on every page). Other subsets (latin-ext for ₹) still load when a page needs them.
 */
export function preloadLatinFont(): Plugin {
  return {
    name: 'preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('preload-latin-font: the Latin Inter font was not in the bundle');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Gives every module its own copy of the Lucide icons it imports, so an icon travels in its importer's chunk.
 * Shared by a different set of screens each, the app's 80 icons were 80 chunks of some 300 bytes, and a screen
 * fetched a dozen or more of them one by one (16 of the client dashboard's 47 requests; decision 049). The icon
 * drawing itself stays shared (createLucideIcon).
 */
export function iconsWithTheirImporter(): Plugin {
  // lucide-react's CommonJS entry is dist/cjs/lucide-react.js; its ES modules are beside it in dist/esm.
  const esm = path.join(path.dirname(createRequire(import.meta.url).resolve('lucide-react')), '../esm');
  const barrel = readFileSync(path.join(esm, 'lucide-react.mjs'), 'utf8');
  // `export { default as Mail, default as MailIcon, … } from './icons/mail.mjs';`: each name's file.
  const fileOf = new Map<string, string>();
  for (const [, names = '', file = ''] of barrel.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g,
  )) {
    for (const part of names.split(',')) fileOf.set(part.trim().replace(/^default as /, ''), file);
  }
  const PREFIX = '\0icon:';
  return {
    name: 'icons-with-their-importer',
    apply: 'build',
    enforce: 'pre',
    // `import { Mail, X as Close } from 'lucide-react'` becomes one import per icon of this module's own copy;
    // an import naming a type or a name the barrel does not have is left as it is.
    transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || !code.includes('lucide-react')) return null;
      const owner = createHash('sha1').update(id).digest('hex').slice(0, 8);
      const out = code.replace(/import\s*\{([^}]*)\}\s*from\s*'lucide-react';?/g, (whole, names: string) => {
        const parts = names
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean);
        const icons = parts.map((p) => {
          const [imported = '', local = imported] = p.split(/\s+as\s+/);
          return { local, file: fileOf.get(imported) };
        });
        if (icons.some((i) => !i.file)) return whole;
        return icons.map((i) => `import ${i.local} from '${PREFIX}${i.file}:${owner}';`).join('\n');
      });
      return out === code ? null : { code: out, map: null };
    },
    resolveId(source) {
      return source.startsWith(PREFIX) ? source : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length).split(':')[0];
      // The copy imports the one shared createLucideIcon; a lucide-react that moved it fails the build here.
      return readFileSync(path.join(esm, 'icons', `${file}.mjs`), 'utf8').replace(
        "from '../createLucideIcon.mjs'",
        `from '${path.join(esm, 'createLucideIcon.mjs')}'`,
      );
    },
  };
}

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every script, style sheet and image of the build above 1 kB,
 * at the strongest settings, which the server sends as they are (apps/api/src/plugins/web.ts, preCompressed).
 * The server no longer compresses the app's files on each request, on the CPU the browser shares on one machine,
 * and they are smaller: brotli at 11 where the server used 4 (decision 049).
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? path.join(import.meta.dirname, 'dist');
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json|html)$/.test(file)) continue;
        const source = readFileSync(path.join(dir, file));
        if (source.length < 1024) continue;
        writeFileSync(
          path.join(dir, `${file}.br`),
          brotliCompressSync(source, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(path.join(dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

/** The file the server reads to name a page's chunks in its HTML (apps/api/src/plugins/web.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Writes ROUTE_PRELOADS_FILE: for each entry of src/app/route-preloads.ts, the chunks of its modules and every
 * chunk they import, less those the HTML already names (the entry script and its imports); and Hindi's words'
 * chunks and Devanagari font files. Fails the build when a named module is in no chunk (renamed, or no longer
 * imported) or the font's two files are not found.
 */
export function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next);
        };
        for (const f of files) visit(f);
        return seen;
      };
      const inHtml = withImports(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
      const root = path.resolve(import.meta.dirname);
      const filesOf = (modules: readonly string[], what: string) => {
        const starts = modules.map((m) => {
          const id = path.join(root, m);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`route-preloads: ${m} (for ${what}) is in no chunk`);
          return chunk.fileName;
        });
        return [...withImports(starts)].filter((f) => !inHtml.has(f)).map((f) => `/${f}`);
      };
      const pages = ROUTE_PRELOADS.map(({ path: address, modules }) => ({
        path: address,
        files: filesOf(modules, address),
      }));
      const fonts = Object.keys(bundle)
        .filter((f) => HINDI_PRELOAD.fonts.test(f))
        .map((f) => `/${f}`);
      if (fonts.length !== 2) throw new Error(`route-preloads: ${fonts.length} Devanagari font files, not 2`);
      const hindi = { files: filesOf(HINDI_PRELOAD.modules, 'Hindi'), fonts };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify({ pages, hindi }, null, 2)}\n`,
      });
    },
  };
}
