import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Mailer } from './mail.ts';

/**
 * The mailer of an installation without SMTP_URL: each message becomes a row of `mail_outbox` that the
 * agency's owner reads in the workspace. The row is keyed by the message's fixed Message-ID, so sending
 * the same reminder again after a crash keeps one copy.
 */
export function createOutboxMailer(db: Db): Mailer {
  return {
    delivery: 'outbox',
    async send(message) {
      // The outbox is an agency's: a platform account's mail has none to go to (decision 025).
      if (!message.agencyId) throw new Error("A platform account's e-mail needs SMTP_URL.");
      const agencyId = message.agencyId;
      const [row] = await db
        .insert(mailOutbox)
        .values({
          agencyId,
          kind: message.kind,
          messageId: message.messageId,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          language: message.language,
        })
        .onConflictDoNothing({ target: [mailOutbox.agencyId, mailOutbox.messageId] })
        .returning({ id: mailOutbox.id });
      return {
        messageId: message.messageId,
        response: row ? `Kept in the outbox (${row.id}).` : 'Already in the outbox.',
      };
    },
    close() {},
  };
}
