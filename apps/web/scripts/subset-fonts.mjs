// Writes src/fonts/inter-rupee.woff2: the rupee sign (₹, U+20B9) of the pinned Inter, with its weight axis, as a
// font of its own (decision 052). Inter has ₹ only in its latin-ext file (85 kB), which every page showing an
// amount would otherwise fetch for that one sign. Run again after upgrading @fontsource-variable/inter:
// `npm run fonts -w @portal/web`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2');
const out = path.join(import.meta.dirname, '../src/fonts/inter-rupee.woff2');
const subset = await subsetFont(readFileSync(source), '₹', { targetFormat: 'woff2' });
writeFileSync(out, subset);
console.log(`${path.relative(process.cwd(), out)}: ${subset.length} bytes`);
