import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { PORTAL_HOST, type TestApp } from '../../../test/helpers.ts';
import { createSmtpMailer, type Mailer } from '../../lib/mail.ts';
import type { ReminderJobDeps } from './reminder-job.ts';

// A real SMTP receiver for the reminder tests (smtp-server), and just enough MIME decoding to read what
// nodemailer sent: headers with encoded words, quoted-printable or base64 text and HTML parts.

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  url: string;
  messages: ReceivedMail[];
  /** Recipients (lower case) refused at RCPT TO with this code until cleared. */
  refuse: Map<string, number>;
  /** Every recipient refused with this code (a server refusing everything), or null. */
  refuseAll: number | null;
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
}

function decodeQp(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const c = soft[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words, adjacent ones joined before decoding so split characters survive. */
export function decodeWords(value: string): string {
  const joined = value.replace(/\?=\s+=\?/g, '?==?');
  return joined.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)+/g, (run) => {
    const parts: Buffer[] = [];
    for (const m of run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)) {
      parts.push(
        m[1]!.toUpperCase() === 'B' ? Buffer.from(m[2]!, 'base64') : decodeQp(m[2]!.replace(/_/g, ' ')),
      );
    }
    return Buffer.concat(parts).toString('utf8');
  });
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: at < 0 ? '' : raw.slice(at + 4) };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const cte = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (cte === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') return decodeQp(body).toString('utf8');
  return body;
}

function parts(headers: Record<string, string>, body: string): Array<{ type: string; content: string }> {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return [{ type: type.split(';')[0]!.toLowerCase(), content: decodeBody(headers, body) }];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((p) => !p.startsWith('--'))
    .flatMap((p) => {
      const inner = splitHead(p.replace(/^\r\n/, ''));
      return parts(inner.headers, inner.body.replace(/\r\n$/, ''));
    });
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const all = parts(headers, body);
  return {
    from,
    to,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeWords(v)])),
    subject: decodeWords(headers.subject ?? ''),
    text: all.find((p) => p.type === 'text/plain')?.content ?? '',
    html: all.find((p) => p.type === 'text/html')?.content ?? '',
    raw,
  };
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const receiver = {
    refuse: new Map<string, number>(),
    refuseAll: null as number | null,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = receiver.refuseAll ?? receiver.refuse.get(address.address.toLowerCase());
      if (code) {
        const err = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
          responseCode: code,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), from, to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(receiver, {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export function smtpMailer(url: string): Mailer {
  return createSmtpMailer({ url, fromAddress: 'reminders@portal.test', timeoutSeconds: 3 });
}

export function jobDeps(t: Pick<TestApp, 'db'>, mailer: Mailer): ReminderJobDeps {
  return { db: t.db, mailer, portalHost: PORTAL_HOST, portalScheme: 'http' };
}

/** An instant at `hour` o'clock on a day in India. */
export const atIndia = (day: string, hour = 9, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+05:30`);
