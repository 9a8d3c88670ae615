import {
  defaultWhatsAppTemplate,
  NOTIFICATION_LANGUAGES,
  WHATSAPP_TEMPLATE_KINDS,
  type WhatsAppTemplates,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as followRepo from './follow-ups.repository.ts';

// The agency's WhatsApp messages (issue 27 item 5): one per kind and language, the portal's own until the agency
// saves its own. The contract's schema has already checked that a saved one keeps its kind's placeholders.

export async function whatsAppTemplates(db: Db, subject: TokenSubject): Promise<{ data: WhatsAppTemplates }> {
  const saved = await followRepo.templatesOf(db, agencyOf(subject));
  const templates = WHATSAPP_TEMPLATE_KINDS.flatMap((kind) =>
    NOTIFICATION_LANGUAGES.map((language) => {
      const own = saved.find((t) => t.kind === kind && t.language === language);
      return {
        kind,
        language,
        text: own?.text ?? defaultWhatsAppTemplate(kind, language),
        is_default: !own,
        updated_at: own?.updatedAt.toISOString() ?? null,
      };
    }),
  );
  return { data: { templates } };
}

export async function updateWhatsAppTemplate(
  db: Db,
  subject: TokenSubject,
  input: { kind: 'premium_due' | 'renewal'; language: 'en' | 'hi'; text: string },
  ip: string,
) {
  const agencyId = agencyOf(subject);
  return db.transaction(async (tx) => {
    await followRepo.saveTemplate(tx, agencyId, { ...input, updatedBy: subject.userId });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'agency.whatsapp_template',
      targetType: 'agency',
      targetId: agencyId,
      detail: { kind: input.kind, language: input.language },
      ip,
    });
    const answer = await whatsAppTemplates(tx, subject);
    await recordAnswer(tx, answer);
    return answer;
  });
}
