// The web server of the journeys, recorded for the sensitive-data tripwire (issue 9 item 7): starts the real
// server (node --import tsx apps/api/src/server.ts) on a port of its own, copies its stdout and stderr to
// e2e/.tmp/server.log as well, and answers on PORT as a plain pass-through that writes every /api request and
// answer (headers and text bodies) to e2e/.tmp/answers.jsonl. Every caller is seen that way: the browser's
// pages, page.request and the `request` fixture alike. global-teardown.ts scans both files.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(import.meta.dirname, '.tmp');
export const SERVER_LOG = path.join(tmp, 'server.log');
export const ANSWERS = path.join(tmp, 'answers.jsonl');

/** Bodies larger than this (a document download) are not kept: no text the tripwire reads. */
const MAX_BODY = 2_000_000;
const TEXT = /json|text|html|javascript|xml|x-www-form-urlencoded|multipart\/form-data/;

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function decoded(buffer, encoding) {
  try {
    if (encoding === 'gzip') return zlib.gunzipSync(buffer);
    if (encoding === 'br') return zlib.brotliDecompressSync(buffer);
    if (encoding === 'deflate') return zlib.inflateSync(buffer);
  } catch {
    return Buffer.alloc(0);
  }
  return buffer;
}

/** A body as text when its type is text and it is small enough, else null. */
function bodyText(chunks, size, headers) {
  if (size === 0 || size > MAX_BODY) return size === 0 ? '' : null;
  if (!TEXT.test(String(headers['content-type'] ?? ''))) return null;
  return decoded(Buffer.concat(chunks), headers['content-encoding']).toString('utf8');
}

function collector() {
  const chunks = [];
  let size = 0;
  return {
    add(chunk) {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    },
    text: (headers) => bodyText(chunks, size, headers),
  };
}

async function main() {
  const publicPort = Number(process.env.PORT ?? 4317);
  const serverPort = await freePort();
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  const answers = createWriteStream(ANSWERS);

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(serverPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The whole log to the file; to the terminal only what LOG_LEVEL warn showed before (warnings, errors and
  // the start banner), so a run's output stays readable.
  let partial = '';
  child.stdout.on('data', (chunk) => {
    log.write(chunk);
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (!/^\{"level":[123]\d,/.test(line)) process.stdout.write(`${line}\n`);
  });
  child.stderr.on('data', (chunk) => {
    log.write(chunk);
    process.stderr.write(chunk);
  });
  child.on('exit', (code, signal) => {
    log.end(() => answers.end(() => process.exit(code ?? (signal ? 1 : 0))));
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));

  const proxy = http.createServer((req, res) => {
    const recorded = req.url?.startsWith('/api/');
    const sent = collector();
    const upstream = http.request(
      { host: '127.0.0.1', port: serverPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        const got = collector();
        answer.on('data', (chunk) => {
          if (recorded) got.add(chunk);
          res.write(chunk);
        });
        answer.on('end', () => {
          res.end();
          if (!recorded) return;
          answers.write(
            `${JSON.stringify({
              method: req.method,
              url: req.url,
              requestHeaders: req.headers,
              requestBody: sent.text(req.headers),
              status: answer.statusCode,
              headers: answer.headers,
              body: got.text(answer.headers),
            })}\n`,
          );
        });
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.on('data', (chunk) => {
      if (recorded) sent.add(chunk);
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
  });
  // `localhost` is both addresses to the browser (demoagency.localhost too), as it is to the server itself.
  await new Promise((resolve) => proxy.listen(publicPort, '127.0.0.1', resolve));
  const v6 = http.createServer(proxy.listeners('request')[0]);
  v6.on('error', () => {});
  v6.listen(publicPort, '::1');
}

await main();
