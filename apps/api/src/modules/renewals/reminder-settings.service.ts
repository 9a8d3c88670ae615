import type { NotificationPreference } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { primaryClients } from '../../db/schema.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { ownClient, ownClientRecord } from '../client-portal/own-client.ts';
import * as repo from './renewals.repository.ts';

import type { RenewalsDeps } from './renewals.service.ts';

// Reminders (issue 7, decision 010): the agency's reminder days, the outbox of e-mails kept without SMTP, and
// the signed-in client's own choice of e-mail reminders.

export async function reminderSettings(deps: RenewalsDeps, subject: TokenSubject) {
  const days = await repo.reminderDays(deps.db, agencyOf(subject));
  return { data: { reminder_days: [...days].sort((a, b) => b - a), delivery: deps.delivery } };
}

export async function updateReminderSettings(
  deps: RenewalsDeps,
  subject: TokenSubject,
  days: number[],
  ip: string,
) {
  const agencyId = agencyOf(subject);
  return deps.db.transaction(async (tx) => {
    await repo.setReminderDays(tx, agencyId, days);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'agency.reminder_days',
      targetType: 'agency',
      targetId: agencyId,
      detail: { reminder_days: days },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = await reminderSettings({ ...deps, db: tx }, subject);
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function outboxList(deps: RenewalsDeps, subject: TokenSubject, offset: number, limit: number) {
  const { items, total } = await repo.outboxPage(deps.db, agencyOf(subject), offset, limit);
  return {
    data: {
      items: items.map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        language: m.language === 'hi' ? ('hi' as const) : ('en' as const),
        created_at: m.createdAt.toISOString(),
      })),
      total,
      offset,
      limit,
    },
  };
}

export async function outboxMessage(deps: RenewalsDeps, subject: TokenSubject, id: string) {
  const m = await repo.outboxMessage(deps.db, agencyOf(subject), id);
  if (!m) throw new AppError('NOT_FOUND', 'No e-mail of your agency’s outbox has this id.');
  return {
    data: {
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      language: m.language === 'hi' ? ('hi' as const) : ('en' as const),
      created_at: m.createdAt.toISOString(),
      text: m.textBody,
      html: m.htmlBody,
    },
  };
}

/** The signed-in client's e-mail reminder choice (decisions §2: their own record only). */
export async function notificationPreference(db: Db, subject: TokenSubject) {
  const { row } = await ownClientRecord(db, subject);
  return {
    data: {
      email_reminders: row.client.notifyByEmail,
      language: row.client.preferredLanguage === 'hi' ? ('hi' as const) : ('en' as const),
      email: row.client.email,
    },
  };
}

export async function updateNotificationPreference(
  db: Db,
  subject: TokenSubject,
  input: NotificationPreference,
  ip: string,
) {
  const { agencyId, primaryClientId } = await ownClient(db, subject);
  return db.transaction(async (tx) => {
    await tx
      .update(primaryClients)
      .set({ notifyByEmail: input.email_reminders, preferredLanguage: input.language, updatedAt: new Date() })
      .where(eq(primaryClients.id, primaryClientId));
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AC',
      agencyId,
      action: 'client.notification_preference',
      targetType: 'primary_client',
      targetId: primaryClientId,
      clientId: primaryClientId,
      detail: { email_reminders: input.email_reminders, language: input.language },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = await notificationPreference(tx, subject);
    await recordAnswer(tx, answer);
    return answer;
  });
}
