#!/usr/bin/env node
// Import rules (issue 22, 5), run by `npm run check`:
// 1. No import cycle in apps/ or packages/ (dpdm). Type-only imports are left out: they vanish when the code
//    runs, so `db/client.ts` may name `db/prepared.ts`'s value while prepared.ts names client.ts's Db type.
// 2. The web app's features do not import each other (conventions: bulletproof-react's feature folders);
//    screens that need two features compose them in apps/web/src/app/. Type imports count here too.
// Exits 1 and names each offence.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, prettyCircular } from 'dpdm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FEATURES = 'apps/web/src/features';

/**
 * Cross-feature imports that exist today, each as 'importing file -> imported file' (paths from the root).
 * Another change of issue 22 removes them; keep this list empty once it has, and never add to it.
 */
const ALLOWED_CROSS_FEATURE = new Set([]);

async function cycles() {
  const tree = await parseDependencyTree(
    ['apps/*/src/**/*.ts', 'apps/*/src/**/*.tsx', 'apps/*/test/**/*.ts', 'packages/*/src/**/*.ts'],
    {
      context: root,
      transform: true,
      skipDynamicImports: false,
      include: /\.(ts|tsx|mts|js|mjs)$/,
      exclude: /node_modules/,
    },
  );
  return parseCircular(tree);
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** `import … from`, `export … from`, `import '…'` and `import('…')`, with or without `type`. */
const SPECIFIER =
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(?\s*['"]([^'"]+)['"]/g;

function crossFeatureImports() {
  const base = path.join(root, FEATURES);
  const offences = [];
  for (const file of filesUnder(base)) {
    const feature = path.relative(base, file).split(path.sep)[0];
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const rel = path.relative(base, target);
      if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
      if (rel.split(path.sep)[0] === feature) continue;
      const edge = `${path.relative(root, file)} -> ${path.relative(root, target)}`.split(path.sep).join('/');
      if (!ALLOWED_CROSS_FEATURE.has(edge)) offences.push(edge);
    }
  }
  return offences;
}

const circulars = await cycles();
const crossing = crossFeatureImports();
if (circulars.length > 0) {
  console.error(`Import cycles (${circulars.length}):\n${prettyCircular(circulars, '  ')}`);
}
if (crossing.length > 0) {
  console.error(
    `Web features import each other (${crossing.length}); compose them in apps/web/src/app/ instead:\n` +
      crossing.map((e) => `  ${e}`).join('\n'),
  );
}
if (circulars.length > 0 || crossing.length > 0) process.exit(1);
console.log('Imports: no cycle, no web feature importing another.');
