import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { verhoeffCheckDigit } from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describeHits, LeakWatch } from '../apps/api/test/leak-scanner.ts';
import { E2E_ADMIN } from './playwright.config.ts';
import { DEMO } from './tests/support.ts';

// The sensitive-data tripwire over the journeys (issue 9 item 7): every /api request and answer of the run
// (recorded by server-with-log.mjs, whoever sent it: a page, page.request or the request fixture) and every
// line the real server logged, scanned with the API suite's own scanner (apps/api/test/leak-scanner.ts).
// A full Aadhaar (12 digits passing Verhoeff), or a PAN, CIF or account number a journey sent, in any answer
// or log line, or a password or bearer token in a log line, fails the run.

const TMP = path.join(import.meta.dirname, '.tmp');

interface Recorded {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  status: number;
  headers: Record<string, string | string[]>;
  body: string | null;
}

function note(watch: LeakWatch, r: Recorded): void {
  const request: InjectOptions = {
    method: r.method as InjectOptions['method'],
    url: r.url,
    headers: r.requestHeaders,
    ...(r.requestBody ? { payload: r.requestBody } : {}),
  };
  watch.noteRequest(request);
  const answer = { statusCode: r.status, headers: r.headers, body: r.body ?? '' };
  watch.noteAnswer(request, answer as unknown as LightMyRequestResponse);
}

/** The scanner bites: a PAN sent and answered back, a password and a full Aadhaar logged, are all found. */
function selfCheck(): void {
  const watch = new LeakWatch();
  const full = `23456789012${verhoeffCheckDigit('23456789012')}`;
  note(watch, {
    method: 'POST',
    url: '/api/users/primary-clients',
    requestHeaders: { 'content-type': 'application/json', authorization: `Bearer ${'t'.repeat(40)}` },
    requestBody: JSON.stringify({ pan: 'QWERT4321Z', password: 'Planted#Secret77' }),
    status: 201,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { pan: 'QWERT4321Z' } }),
  });
  watch.log(`{"level":30,"msg":"planted","body":"Planted#Secret77 ${full} ${'t'.repeat(40)}"}`);
  const found = new Set(watch.scan().map((h) => `${h.where}:${h.what.split(' ')[0]}`));
  for (const expected of ['answer:PAN', 'log:password', 'log:full', 'log:bearer'])
    if (!found.has(expected))
      throw new Error(`The e2e tripwire's self-check missed ${expected} (found ${[...found].join(', ')})`);
}

export default function globalTeardown(): void {
  selfCheck();
  const answersFile = path.join(TMP, 'answers.jsonl');
  const logFile = path.join(TMP, 'server.log');
  if (!existsSync(answersFile) || !existsSync(logFile))
    throw new Error(
      'The e2e tripwire has nothing to scan: the web server was not started by e2e/server-with-log.mjs ' +
        '(a server already listening on the port was reused?). Stop it and run again.',
    );
  const watch = new LeakWatch();
  // Passwords the journeys type are in the requests too; these are known before any request.
  for (const p of [DEMO.ownerPassword, DEMO.clientPassword, E2E_ADMIN.password]) watch.passwords.add(p);
  const lines = readFileSync(answersFile, 'utf8').split('\n').filter(Boolean);
  for (const line of lines) note(watch, JSON.parse(line) as Recorded);
  for (const line of readFileSync(logFile, 'utf8').split('\n')) if (line.trim()) watch.log(line);
  // The first start prints the demo agency's sign-in on purpose (README, "demo accounts"): a banner on
  // stdout for whoever started the server, not a log line. Any other place those passwords show is a hit.
  const demoPasswords = [DEMO.ownerPassword, DEMO.clientPassword];
  const banner = /^Demo agency (owner|client): \S+ \/ (\S+) at /;
  const hits = watch
    .scan()
    .filter(
      (h) =>
        !(
          h.where === 'log' &&
          h.what === 'password' &&
          demoPasswords.includes(h.sample) &&
          banner.exec(h.context)?.[2] === h.sample
        ),
    );
  const seeded = watch.seedDigests().length;
  console.log(
    `[security] tripwire e2e: ${watch.answers} answers, ${watch.logLines} log lines, ` +
      `${seeded + watch.passwords.size + watch.tokens.size} seeded secrets (${seeded} PAN/Aadhaar/CIF/account ` +
      `values, ${watch.passwords.size} passwords, ${watch.tokens.size} bearer tokens), ${hits.length} hits`,
  );
  if (watch.answers === 0)
    throw new Error('The e2e tripwire recorded no /api answer: the recorder is broken.');
  if (hits.length > 0) throw new Error(describeHits(hits));
}
