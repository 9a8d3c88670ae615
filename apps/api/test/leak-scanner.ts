import { createHash } from 'node:crypto';
import * as contract from '@portal/contract';
import { verhoeffValid } from '@portal/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

// The sensitive-data tripwire (issue 9, item 7; decisions §5): what one test app answered and logged, and the
// secrets its test sent, scanned at close() for a full Aadhaar (12 digits passing Verhoeff), a PAN, CIF or
// account number the test sent or stored, and — in log lines — a password or bearer token sent or received.
// createTestApp (test/helpers.ts) puts every test app of the API suite through it; the security tests read
// its figures through test/security/tripwire.ts.

export interface TripwireHit {
  where: 'answer' | 'log';
  what: string;
  sample: string;
  /** The request answered, or the log line (shortened around the hit). */
  context: string;
}

/**
 * Every 12-digit run standing alone that passes Verhoeff: what a full Aadhaar number looks like. Digits of a
 * decimal number (a log line's `responseTime` of 8.836870000001) are not one.
 */
export function fullAadhaars(text: string): string[] {
  return [...text.matchAll(/(?<![\w.-])\d{12}(?!\w|\.\d)/g)].map((m) => m[0]).filter((d) => verhoeffValid(d));
}

type Secret = 'Aadhaar' | 'PAN' | 'CIF' | 'account number';

/** Each secret as the API keeps it (decisions §5, packages/contract), and the shape it must then have. */
const SHAPES: Record<Secret, { keep: (v: string) => string; shape: RegExp }> = {
  Aadhaar: { keep: (v) => v.replace(/[\s-]/g, ''), shape: /^\d{12}$/ },
  PAN: { keep: (v) => v.replace(/\s/g, '').toUpperCase(), shape: /^[A-Z]{5}\d{4}[A-Z]$/ },
  CIF: { keep: (v) => v.replace(/\s/g, '').toUpperCase(), shape: /^(?=.*\d)[A-Z0-9]{6,20}$/ },
  'account number': { keep: (v) => v.replace(/[\s-]/g, ''), shape: /^\d{9,18}$/ },
};

/**
 * The contract's own fixed texts (messages, examples): "for example ABCDE1234F" in the PAN rule's message is
 * no leak of a test's PAN that happens to be the same example.
 */
const FIXED_TEXTS = (() => {
  const texts: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (typeof v === 'string') texts.push(v);
    else if (v && typeof v === 'object' && depth < 4) for (const x of Object.values(v)) walk(x, depth + 1);
  };
  for (const v of Object.values(contract)) walk(v, 0);
  return texts.join('\n');
})();

/**
 * What a request body field holds, by its name in packages/contract: `null` for fields that are no secret.
 * The post office plan's `account_number` (inside `subtype_fields`) is a plan's account, shown in full.
 */
export function sensitiveField(key: string, parent: string | undefined): Secret | 'password' | null {
  const k = key.toLowerCase();
  if (k.includes('password')) return 'password';
  if (/^(aadhaar|aadhar)(_?number)?$/.test(k)) return 'Aadhaar';
  if (/^pan(_?number)?$/.test(k)) return 'PAN';
  if (/^cif(_?number)?$/.test(k)) return 'CIF';
  if (/^(bank_)?account_?number$/.test(k)) return parent === 'subtype_fields' ? null : 'account number';
  return null;
}

const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g;
const ALNUM = /[A-Za-z0-9]/;

/** Whether `needle` occurs in `text` with no letter or digit right before or after it. */
function containsStandalone(text: string, needle: string): boolean {
  for (let i = text.indexOf(needle); i !== -1; i = text.indexOf(needle, i + 1)) {
    const before = text[i - 1];
    const after = text[i + needle.length];
    if ((before === undefined || !ALNUM.test(before)) && (after === undefined || !ALNUM.test(after)))
      return true;
  }
  return false;
}

function around(text: string, sample: string): string {
  const i = text.indexOf(sample);
  const start = Math.max(0, i - 120);
  return `${start > 0 ? '…' : ''}${text.slice(start, i + sample.length + 120)}${i + sample.length + 120 < text.length ? '…' : ''}`;
}

export function isTextAnswer(res: LightMyRequestResponse): boolean {
  const type = String(res.headers['content-type'] ?? '');
  return type === '' || /json|text|html|javascript|xml/.test(type);
}

/** The fields of a multipart body without a file name: name and value. */
function multipartFields(body: string, contentType: string): [string, string][] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/.exec(contentType);
  if (!boundary) return [];
  const fields: [string, string][] = [];
  for (const part of body.split(`--${boundary[1] ?? boundary[2]}`)) {
    const head = part.indexOf('\r\n\r\n');
    if (head === -1) continue;
    const headers = part.slice(0, head);
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (name === undefined || /filename=/.test(headers)) continue;
    fields.push([name, part.slice(head + 4).replace(/\r\n$/, '')]);
  }
  return fields;
}

interface Answer {
  label: string;
  text: string;
}

/** The tripwire of one test app. */
export class LeakWatch {
  private readonly answerList: Answer[] = [];
  private readonly logList: string[] = [];
  /** Secrets that must be in no answer and no log line: value → what it is and where it came from. */
  readonly seeded = new Map<string, string>();
  /**
   * Values the test also sent as no secret (a phone number, a date): the fuzzer sends a form's phone number
   * as an account number too, and an answer showing the phone is no leak of it.
   */
  private readonly published = new Set<string>();
  /** Passwords and bearer tokens: in no log line. */
  readonly passwords = new Set<string>();
  readonly tokens = new Set<string>();

  /** Answers kept so far. */
  get answers(): number {
    return this.answerList.length;
  }

  /** Log lines kept so far. */
  get logLines(): number {
    return this.logList.length;
  }

  /** Secrets a test names itself (PANs, account numbers, full Aadhaar numbers): in no answer, no log line. */
  seed(...values: string[]): void {
    for (const v of values) if (!this.seeded.has(v)) this.seeded.set(v, 'seeded secret');
  }

  /**
   * A value sent or stored as a PAN, CIF, account or Aadhaar number, watched for as sent and as the API keeps
   * it when it has that secret's shape: other values (the fuzzer's dates and hostile strings) are refused by
   * the API and identify nobody.
   */
  seedAs(kind: Secret, what: string, value: string): void {
    const v = value.trim();
    const kept = SHAPES[kind].keep(v);
    if (!SHAPES[kind].shape.test(kept)) return;
    for (const form of new Set([v, kept])) if (!this.seeded.has(form)) this.seeded.set(form, what);
  }

  private publish(value: unknown): void {
    if (typeof value !== 'string' && typeof value !== 'number') return;
    const v = String(value).trim();
    if (v.length < 6 || v.length > 40) return;
    this.published.add(v);
    this.published.add(v.replace(/[\s-]/g, '').toUpperCase());
  }

  private collect(value: unknown, where: string, parent?: string): void {
    if (Array.isArray(value)) {
      for (const v of value) this.collect(v, where, parent);
      return;
    }
    if (value === null || typeof value !== 'object') {
      this.publish(value);
      return;
    }
    for (const [key, v] of Object.entries(value)) {
      const kind = sensitiveField(key, parent);
      if (kind !== null && (typeof v === 'string' || typeof v === 'number'))
        this.noteField(kind, String(v), `${key} in ${where}`);
      else this.collect(v, where, key);
    }
  }

  private noteField(kind: Secret | 'password', value: string, where: string): void {
    // A password of letters only (a "too common" one the API refuses) reads like a word of any log line.
    if (kind === 'password') {
      if (value.length >= 6 && !/^[A-Za-z_]+$/.test(value)) this.passwords.add(value);
    } else this.seedAs(kind, `${kind} sent as ${where}`, value);
  }

  /** The secrets a request sends: JSON bodies, the fields of a multipart body, the bearer token. */
  noteRequest(o: InjectOptions): void {
    const where = `${o.method ?? 'GET'} ${String(o.url ?? '').slice(0, 120)}`;
    const headers = (o.headers ?? {}) as Record<string, unknown>;
    const auth = headers.authorization ?? headers.Authorization;
    if (typeof auth === 'string' && auth.length > 30) this.tokens.add(auth.replace(/^Bearer\s+/i, ''));
    // The address's parts are ordinary data (the fuzzer puts the same odd value in a path and a password).
    for (const part of String(o.url ?? '').split(/[/?&=#]/)) {
      try {
        this.publish(decodeURIComponent(part));
      } catch {
        this.publish(part);
      }
    }
    if (o.query && typeof o.query === 'object') this.collect(o.query, where);
    const payload = o.payload ?? o.body;
    if (payload === undefined || payload === null) return;
    if (typeof payload === 'object' && !Buffer.isBuffer(payload) && !isStream(payload)) {
      this.collect(payload, where);
      return;
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return;
    if (payload.length > 2_000_000) return;
    const text = payload.toString();
    const type = String(headers['content-type'] ?? headers['Content-Type'] ?? '');
    const fields: [string, string][] = type.startsWith('multipart/')
      ? multipartFields(text, type)
      : [['', text]];
    for (const [name, value] of fields) {
      const what = name === '' ? null : sensitiveField(name, undefined);
      if (what !== null) this.noteField(what, value, `${name} in ${where}`);
      else if (/^\s*[[{]/.test(value)) {
        try {
          this.collect(JSON.parse(value), where);
        } catch {
          // Not JSON (the fuzzer's malformed bodies): nothing named to take.
        }
      } else if (name !== '') this.publish(value);
    }
  }

  noteAnswer(o: InjectOptions, res: LightMyRequestResponse): void {
    const text = isTextAnswer(res);
    const label = `the answer to ${o.method ?? 'GET'} ${String(o.url ?? '').slice(0, 200)} (${res.statusCode})`;
    this.answerList.push({ label, text: `${JSON.stringify(res.headers)}\n${text ? res.body : ''}` });
    if (text) for (const m of res.body.matchAll(/"token":"([^"]{20,})"/g)) this.tokens.add(m[1]!);
  }

  log(line: string): void {
    this.logList.push(line);
  }

  /** The seeded values that are not also sent as no secret or printed in the contract's own texts. */
  private watched(): [string, string][] {
    return [...this.seeded].filter(
      ([v, what]) => what === 'seeded secret' || (!this.published.has(v) && !FIXED_TEXTS.includes(v)),
    );
  }

  scan(): TripwireHit[] {
    const hits: TripwireHit[] = [];
    const watched = this.watched();
    // The fuzzer also sends a form's pincode or the contract's example PAN as a password.
    const passwords = [...this.passwords].filter((p) => !this.published.has(p) && !FIXED_TEXTS.includes(p));
    const check = (where: TripwireHit['where'], text: string, label: string) => {
      const hit = (what: string, sample: string) =>
        hits.push({ where, what, sample, context: where === 'answer' ? label : around(text, sample) });
      for (const a of fullAadhaars(text)) hit('full Aadhaar', a);
      for (const [value, what] of watched) if (containsStandalone(text, value)) hit(what, value);
      if (where === 'log') {
        for (const p of passwords) if (text.includes(p)) hit('password', p);
        for (const t of this.tokens) if (text.includes(t)) hit('bearer token', t);
        for (const m of text.matchAll(JWT)) if (!this.tokens.has(m[0])) hit('token', m[0]);
      }
    };
    for (const a of this.answerList) check('answer', a.text, a.label);
    for (const [i, line] of this.logList.entries()) check('log', line, `log line ${i + 1}`);
    return hits;
  }

  /** One-way digests of the seeded values, to count distinct secrets across the suite without keeping them. */
  seedDigests(): string[] {
    return this.watched()
      .map(([v]) => v)
      .map((v) => createHash('sha256').update(v).digest('hex').slice(0, 16));
  }
}

function isStream(v: object): boolean {
  return typeof (v as { pipe?: unknown }).pipe === 'function';
}

/** The failure message of a test app whose tripwire found something. */
export function describeHits(hits: TripwireHit[]): string {
  const shown = hits
    .slice(0, 10)
    .map((h) =>
      h.where === 'answer'
        ? `${h.what} ${h.sample} in ${h.context}`
        : `${h.what} ${h.sample} in a log line: ${h.context}`,
    );
  return `The sensitive-data tripwire found ${hits.length} hit(s): ${shown.join('; ')}${hits.length > 10 ? '; …' : ''}`;
}
