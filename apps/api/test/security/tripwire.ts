import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, fullAadhaars, type TestApp, type TestAppOptions } from '../helpers.ts';

// The sensitive-data tripwire (issue 9, item 7): every answer (headers and text body) and every log line an
// app of the security tests produces is kept, and scanned for a full Aadhaar (12 digits passing Verhoeff),
// the PANs and account numbers the tests seeded, and — in log lines — any password or bearer token sent.

export interface TripwireHit {
  where: 'answer' | 'log';
  what: string;
  sample: string;
}

export interface Tripwire {
  /** The seeded secrets: PANs, account numbers, Aadhaar numbers (full), anything else that must not leak. */
  seed(...values: string[]): void;
  answers: number;
  logLines: number;
  scan(): TripwireHit[];
}

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/;

function isText(res: LightMyRequestResponse): boolean {
  const type = String(res.headers['content-type'] ?? '');
  return type === '' || /json|text|html|javascript|xml/.test(type);
}

/** A test app whose answers and log lines (at trace level) go through the tripwire. */
export async function createWatchedApp(
  options: TestAppOptions = {},
): Promise<TestApp & { tripwire: Tripwire }> {
  const logs: string[] = [];
  const answers: string[] = [];
  const seeded = new Set<string>();
  const passwords = new Set<string>();
  const tokens = new Set<string>();
  const t = await createTestApp({
    ...options,
    env: { LOG_LEVEL: 'trace', ...options.env },
    logStream: { write: (line) => void logs.push(line) },
  });
  const original = t.app.inject.bind(t.app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  const watched = async (opts: InjectOptions | string) => {
    const o: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
    const auth = (o.headers as Record<string, string> | undefined)?.authorization;
    if (auth && auth.length > 30) tokens.add(auth.replace(/^Bearer\s+/i, ''));
    const payload = o.payload as Record<string, unknown> | undefined;
    if (payload && typeof payload === 'object' && !Buffer.isBuffer(payload)) {
      for (const key of ['password', 'new_password', 'current_password', 'AgencyPassword']) {
        if (typeof payload[key] === 'string' && (payload[key] as string).length >= 6)
          passwords.add(payload[key] as string);
      }
    }
    const res = await original(o);
    const headers = JSON.stringify(res.headers);
    answers.push(isText(res) ? `${headers}\n${res.body}` : headers);
    const token = /"token":"([^"]+)"/.exec(isText(res) ? res.body : '')?.[1];
    if (token) tokens.add(token);
    return res;
  };
  (t.app as unknown as { inject: typeof watched }).inject = watched;
  const tripwire: Tripwire = {
    seed: (...values) => {
      for (const v of values) seeded.add(v);
    },
    get answers() {
      return answers.length;
    },
    get logLines() {
      return logs.length;
    },
    scan() {
      const hits: TripwireHit[] = [];
      const check = (where: TripwireHit['where'], text: string) => {
        for (const a of fullAadhaars(text)) hits.push({ where, what: 'full Aadhaar', sample: a });
        for (const s of seeded) if (text.includes(s)) hits.push({ where, what: 'seeded secret', sample: s });
        if (where === 'log') {
          for (const p of passwords) if (text.includes(p)) hits.push({ where, what: 'password', sample: p });
          for (const tk of tokens) if (text.includes(tk)) hits.push({ where, what: 'token', sample: tk });
          if (JWT.test(text)) hits.push({ where, what: 'token', sample: JWT.exec(text)![0] });
        }
      };
      for (const a of answers) check('answer', a);
      for (const l of logs) check('log', l);
      return hits;
    },
  };
  return Object.assign(t, { tripwire });
}

export type WatchedApp = Awaited<ReturnType<typeof createWatchedApp>>;

/** Logs the tripwire's figure and answers its hits (the caller expects none). */
export function reportTripwire(name: string, app: WatchedApp): TripwireHit[] {
  const hits = app.tripwire.scan();
  console.log(
    `[security] tripwire ${name}: ${app.tripwire.answers} answers, ${app.tripwire.logLines} log lines, ${hits.length} hits`,
  );
  return hits;
}
