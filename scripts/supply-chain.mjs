#!/usr/bin/env node
// Supply chain (issue 9, item 10): exact versions in every package.json of the workspace, a committed
// package-lock.json in sync with them, a CycloneDX SBOM of the lockfile (npm sbom), and a dependency audit
// where the registry answers one. Usage: `npm run sbom` (writes dist/sbom.cdx.json). Exits non-zero on a
// range, a missing or stale lockfile, a failed SBOM, or high/critical advisories.
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SBOM_FILE = path.join(ROOT, 'dist', 'sbom.cdx.json');
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** The root package.json and those of its workspaces (globs of the form `dir/*` or a plain folder). */
function manifests() {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const dirs = [''];
  for (const pattern of root.workspaces ?? []) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      for (const entry of readdirSync(path.join(ROOT, parent), { withFileTypes: true })) {
        if (entry.isDirectory() && existsSync(path.join(ROOT, parent, entry.name, 'package.json'))) {
          dirs.push(path.join(parent, entry.name));
        }
      }
    } else dirs.push(pattern);
  }
  return dirs.map((dir) => ({
    dir,
    file: path.join(dir, 'package.json'),
    json: JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')),
  }));
}

function checkExactVersions(all) {
  const workspaceNames = new Set(all.map((m) => m.json.name));
  const problems = [];
  let direct = 0;
  let links = 0;
  for (const { file, json } of all) {
    for (const field of DEPENDENCY_FIELDS) {
      for (const [name, spec] of Object.entries(json[field] ?? {})) {
        if (workspaceNames.has(name) && spec === '*') {
          links += 1; // a link to a package of this workspace
          continue;
        }
        direct += 1;
        if (!EXACT.test(spec)) problems.push(`${file}: ${field}.${name} is "${spec}", not an exact version`);
      }
    }
  }
  return { direct, links, problems };
}

/** A copy of the manifests and the lockfile alone, so npm looks at what is committed, not at node_modules. */
function manifestCopy(all) {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-supply-chain-')), 'agency-portal');
  for (const { dir: sub } of all) mkdirSync(path.join(dir, sub), { recursive: true });
  for (const { file } of all) copyFileSync(path.join(ROOT, file), path.join(dir, file));
  copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  return dir;
}

const npm = (args, cwd) =>
  run('npm', args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' } });

async function lockfileInSync(copy) {
  try {
    await npm(['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], copy);
    return null;
  } catch (err) {
    const text = `${err.stderr ?? ''}`.split('\n').filter((l) => /npm error/.test(l));
    return text.slice(0, 6).join('\n') || String(err.message);
  }
}

async function sbom(copy) {
  let stdout;
  try {
    ({ stdout } = await npm(['sbom', '--sbom-format', 'cyclonedx', '--package-lock-only'], copy));
  } catch (err) {
    const text = `${err.stderr ?? ''}`.split('\n').filter((l) => /npm error/.test(l));
    return { doc: null, error: text.slice(0, 6).join('\n') || String(err.message) };
  }
  const doc = JSON.parse(stdout);
  mkdirSync(path.dirname(SBOM_FILE), { recursive: true });
  writeFileSync(SBOM_FILE, `${JSON.stringify(doc, null, 2)}\n`);
  return { doc, error: null };
}

/** `npm audit` where the registry answers it; this machine's registry refuses the bulk advisory call (405). */
async function audit(copy) {
  let stdout;
  try {
    ({ stdout } = await npm(['audit', '--json', '--package-lock-only'], copy));
  } catch (err) {
    stdout = err.stdout ?? '';
  }
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { ok: false, text: 'audit: no answer from the registry' };
  }
  const status = report.statusCode ?? report.error?.statusCode;
  if (status === 405 || /\b405\b/.test(String(report.message ?? ''))) {
    return { ok: true, text: 'audit: not available from this registry (HTTP 405)' };
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) return { ok: false, text: `audit: unexpected answer (${String(report.message ?? status)})` };
  const severe = (counts.high ?? 0) + (counts.critical ?? 0);
  return {
    ok: severe === 0,
    text: `audit: ${counts.total ?? 0} advisories, ${counts.high ?? 0} high, ${counts.critical ?? 0} critical`,
  };
}

async function main() {
  const all = manifests();
  const failures = [];
  const exact = checkExactVersions(all);
  failures.push(...exact.problems);
  console.log(
    `versions: ${exact.direct} pinned dependencies in ${all.length} package.json files ` +
      `(and ${exact.links} links to workspace packages), ${exact.problems.length} not exact`,
  );

  const tracked = await run('git', ['ls-files', '--error-unmatch', 'package-lock.json'], { cwd: ROOT }).then(
    () => true,
    () => false,
  );
  if (!tracked) failures.push('package-lock.json is not committed');
  const copy = manifestCopy(all);
  try {
    const [sync, bom, audited] = await Promise.all([lockfileInSync(copy), sbom(copy), audit(copy)]);
    if (sync) failures.push(`package-lock.json is not in sync with the package.json files:\n${sync}`);
    console.log(
      `lockfile: ${tracked ? 'committed' : 'NOT committed'}, ${sync ? 'NOT in sync' : 'in sync (npm ci --dry-run)'}`,
    );
    if (bom.doc) {
      const where = path.relative(ROOT, SBOM_FILE);
      console.log(
        `sbom: ${bom.doc.components.length} packages (CycloneDX ${bom.doc.specVersion}) in ${where}`,
      );
    } else {
      console.log('sbom: FAILED');
      failures.push(`npm sbom failed:\n${bom.error}`);
    }
    console.log(audited.text);
    if (!audited.ok) failures.push(audited.text);
  } finally {
    rmSync(path.dirname(copy), { recursive: true, force: true });
  }
  if (failures.length > 0) {
    console.error(`supply chain: ${failures.length} problem(s)\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
