import { DOCUMENT_MAX_BYTES, endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { todayInIndia } from '../../lib/dates.ts';
import { type AnswerCache, keptAnswer, pageKey } from '../../lib/kept-answers.ts';
import { readMultipart } from '../../lib/multipart.ts';
import { addRoute } from '../../lib/route.ts';
import { keptFor, workspaceOf } from '../../lib/workspace.ts';
import { caller } from '../../plugins/access.ts';
import { addFollowUp, markLost, planFollowUps } from './follow-ups.service.ts';
import {
  notificationPreference,
  outboxList,
  outboxMessage,
  reminderSettings,
  updateNotificationPreference,
  updateReminderSettings,
} from './reminder-settings.service.ts';
import { markContacted, markLapsed, markRenewed } from './renewal-marks.service.ts';
import { type RenewalsDeps, renewalList, renewalPlan } from './renewals.service.ts';
import { updateWhatsAppTemplate, whatsAppTemplates } from './whatsapp-templates.service.ts';

export function renewalsRoutes(
  app: FastifyInstance,
  deps: RenewalsDeps & { answers: AnswerCache; today?: () => string },
): void {
  // India's calendar date; tests of the windows pass their own day.
  const today = deps.today ?? (() => todayInIndia());

  // The work-list's pages are kept per agency, caller's wall, bucket, filters and page until the database
  // announces a change to its plans, clients, marks, reminders or follow-ups (decision 042, as decision 018).
  addRoute(app, endpoints.renewalList, ({ req, reply, query }) => {
    const subject = caller(req);
    const ws = workspaceOf(subject);
    const day = today();
    const filters = `${query.bucket} ${query.type} ${query.service ?? ''} ${query.provider ?? ''} ${query.staff ?? ''}`;
    const where = { agencyId: ws.agencyId, day, key: `renewals ${keptFor(ws)} ${filters} ${pageKey(query)}` };
    return keptAnswer(req, reply, deps.answers, where, endpoints.renewalList.response, () =>
      renewalList(deps, subject, query, day),
    );
  });
  addRoute(app, endpoints.renewalPlan, ({ req, params }) =>
    renewalPlan(deps, caller(req), params.id, today()),
  );
  addRoute(app, endpoints.markPlanRenewed, async ({ req, params }) => {
    const body = await readMultipart(req, {
      fields: ['new_end_date', 'note', 'new_premium', 'new_policy_number', 'new_provider_id'],
      files: { document: { maxBytes: DOCUMENT_MAX_BYTES, label: 'Document' } },
    });
    return markRenewed(
      deps,
      caller(req),
      params.id,
      { fields: body.fields, document: body.files.document ?? null },
      today(),
      req.ip,
    );
  });
  addRoute(app, endpoints.markPlanLapsed, ({ req, params, body }) =>
    markLapsed(deps, caller(req), params.id, body.note, today(), req.ip),
  );
  addRoute(app, endpoints.markPlanContacted, ({ req, params, body }) =>
    markContacted(deps, caller(req), params.id, body, today(), req.ip),
  );
  addRoute(app, endpoints.planFollowUps, ({ req, params }) => planFollowUps(deps, caller(req), params.id));
  addRoute(app, endpoints.addPlanFollowUp, ({ req, params, body }) =>
    addFollowUp(deps, caller(req), params.id, body, today(), req.ip),
  );
  addRoute(app, endpoints.markPlanLost, ({ req, params, body }) =>
    markLost(deps, caller(req), params.id, body, today(), req.ip),
  );
  addRoute(app, endpoints.whatsAppTemplates, ({ req }) => whatsAppTemplates(deps.db, caller(req)));
  addRoute(app, endpoints.updateWhatsAppTemplate, ({ req, body }) =>
    updateWhatsAppTemplate(deps.db, caller(req), body, req.ip),
  );
  addRoute(app, endpoints.reminderSettings, ({ req }) => reminderSettings(deps, caller(req)));
  addRoute(app, endpoints.updateReminderSettings, ({ req, body }) =>
    updateReminderSettings(deps, caller(req), body.reminder_days, req.ip),
  );
  addRoute(app, endpoints.outboxList, ({ req, query }) =>
    outboxList(deps, caller(req), query.offset, query.limit),
  );
  addRoute(app, endpoints.outboxMessage, ({ req, params }) => outboxMessage(deps, caller(req), params.id));
  addRoute(app, endpoints.clientNotificationPreference, ({ req }) =>
    notificationPreference(deps.db, caller(req)),
  );
  addRoute(app, endpoints.updateClientNotificationPreference, ({ req, body }) =>
    updateNotificationPreference(deps.db, caller(req), body, req.ip),
  );
}
