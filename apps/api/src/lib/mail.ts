import nodemailer from 'nodemailer';

// Sending e-mail (issue 7). With SMTP_URL the messages go to that server through nodemailer; without it
// (the embedded default on a fresh machine) they are written to the outbox table the owner reads in the
// workspace (lib/mail-outbox.ts). Both answer the same way, so the reminder job does not care which.

export interface MailMessage {
  /** The agency whose outbox keeps it without SMTP; null for a platform account's mail, which needs SMTP. */
  agencyId: string | null;
  /** 'security': to an owner about their own account, such as the admin's password reset (issue 23 item 14). */
  kind: 'reminder' | 'digest' | 'security';
  language: 'en' | 'hi';
  to: string;
  /** Shown as the sender's name: the agency's. */
  fromName: string;
  /** Replies go to the agency, not to the portal's sending address. */
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /**
   * A Message-ID fixed by the reminder's record, so the rare resend after a crash between the server's
   * acceptance and our bookkeeping carries the same id and mail clients show it once (decision 010).
   */
  messageId: string;
}

export interface SendResult {
  messageId: string;
  /** The server's answer, or where the outbox kept the message. */
  response: string;
}

export interface Mailer {
  readonly delivery: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SendResult>;
  close(): void;
}

/** A send that did not go through: `permanent` when trying again cannot help (a 5xx refusal). */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The sending address of SMTP_URL mailers; the agency's name is put in front of it. */
export interface SmtpOptions {
  url: string;
  fromAddress: string;
  /** Seconds to wait for the connection and the greeting (tests use short ones). */
  timeoutSeconds?: number;
}

const quoteName = (name: string) => `"${name.replace(/["\\\r\n]/g, ' ').trim()}"`;

/** Turns what nodemailer throws into a reason an owner can read, and whether a retry may help. */
export function mailError(err: unknown): MailSendError {
  if (err instanceof MailSendError) return err;
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  const response = (e.response ?? e.message ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  if (typeof e.responseCode === 'number') {
    const permanent = e.responseCode >= 500 && e.responseCode < 600;
    return new MailSendError(
      `The mail server refused the message (${permanent ? 'permanently' : 'for now'}): ${response}`,
      permanent,
    );
  }
  if (e.code === 'ECONNREFUSED' || e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') {
    return new MailSendError(`The mail server could not be reached: ${response}`, false);
  }
  if (e.code === 'ETIMEDOUT') return new MailSendError('The mail server did not answer in time.', false);
  if (e.code === 'EAUTH') return new MailSendError(`The mail server refused our sign-in: ${response}`, false);
  return new MailSendError(`The message could not be sent: ${response || 'unknown error'}`, false);
}

export function createSmtpMailer(options: SmtpOptions): Mailer {
  const timeout = (options.timeoutSeconds ?? 20) * 1000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  });
  return {
    delivery: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: { name: quoteName(message.fromName).slice(1, -1), address: options.fromAddress },
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: message.messageId,
          headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated' },
        });
        if (info.rejected.length > 0) {
          throw new MailSendError(`The mail server refused the recipient ${message.to}.`, true);
        }
        return { messageId: info.messageId, response: info.response };
      } catch (err) {
        throw mailError(err);
      }
    },
    close() {
      transport.close();
    },
  };
}
