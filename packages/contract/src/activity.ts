import { z } from 'zod';
import { MAX_PAGE_SIZE } from './admin.ts';
import { DEFAULT_PAGE_SIZE } from './constants.ts';
import { isCalendarDate } from './providers.ts';

// Who did what (issue 25 item 4, decision 033): the owner's activity log, read from the append-only audit log,
// and the "added by / last changed by" line of a client's record and a plan.

/**
 * The audit log's actions the activity log shows, each as the sentence it reads as. An action missing here is
 * not shown (the log keeps it): set-up steps with nothing to act on, mails sent, the platform admin's own work.
 * Failed sign-ins are shown, for the owner's security; document downloads too (who read a member's papers).
 */
export const ACTIVITY_SENTENCE = {
  'auth.login': 'Signed in',
  'auth.login_recovery_code': 'Signed in with a recovery code',
  'auth.login_failed': 'Failed sign-in',
  'auth.second_factor_failed': 'Failed second-factor code',
  'auth.logout': 'Signed out',
  'auth.password_changed': 'Changed their password',
  'auth.password_reset_by_link': 'Reset their password by e-mail link',
  'auth.password_set_by_invitation': 'Chose a password from an invitation',
  'auth.second_factor_enabled': 'Turned on the second factor',
  'auth.second_factor_disabled': 'Turned off the second factor',
  'agency.registered': 'Registered the agency',
  'agency.update': 'Changed the agency profile',
  'agency.logo': 'Changed the agency logo',
  'agency.reminder_days': 'Changed the reminder days',
  'system.demo_seeded': 'Set up the demo agency',
  'primary_client.create': 'Added client',
  'primary_client.update': 'Changed client',
  'primary_client.delete': 'Removed client',
  'primary_client.avatar_upload': "Changed the client's photo",
  'primary_client.portal_on': 'Turned on portal access',
  'primary_client.portal_off': 'Turned off portal access',
  'primary_client.portal_invited': 'Invited the client to the portal',
  'primary_client.portal_password_reset': "Reset the client's portal password",
  'primary_client.assign': "Changed the client's agent",
  'client.notification_preference': 'Changed their e-mail reminders',
  'secondary_client.create': 'Added family member',
  'secondary_client.update': 'Changed family member',
  'secondary_client.delete': 'Removed family member',
  'secondary_client.document_upload': "Uploaded a family member's document",
  'plans.add': 'Added plans',
  'plan.update': 'Changed plan',
  'plan.delete': 'Removed plan',
  'plan.document_replace': "Replaced the plan's PDF",
  'plan.renewed': 'Marked plan renewed',
  'plan.lapsed': 'Marked plan lapsed',
  'plan.closed': 'Marked plan closed',
  'plan.contacted': 'Contacted the client about a renewal',
  'plan.follow_up': 'Added a follow-up to a plan',
  'plan.lost': 'Marked plan lost',
  'agency.whatsapp_template': 'Changed a WhatsApp message',
  'plan.premium_paid': 'Marked a premium paid',
  'claim.intimated': 'Intimated a claim',
  'claim.status': "Changed a claim's status",
  'provider.create': 'Added provider',
  'provider.update': 'Changed provider',
  'provider.delete': 'Removed provider',
  'document.download': 'Downloaded a document',
  'staff.invited': 'Invited a member of staff',
  'staff.invitation_resent': 'Sent a staff invitation again',
  'staff.invitation_revoked': 'Revoked a staff invitation',
  'staff.role_changed': "Changed a staff member's role",
  'staff.deactivated': 'Deactivated a member of staff',
  'staff.reactivated': 'Reactivated a member of staff',
  'import.upload': 'Uploaded a file to import',
  'import.commit': 'Started importing a file',
  'import.committed': 'Imported clients from a file',
  'import.cancel': 'Cancelled an import',
  'import.undo': 'Undid an import',
  'import.errors_download': 'Downloaded the rows of an import that had errors',
  'report.download': 'Downloaded a report',
} as const satisfies Record<string, string>;
export type ActivityAction = keyof typeof ACTIVITY_SENTENCE;
export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_SENTENCE) as ActivityAction[];

/** The name an entry without a person shows (first start, a sign-in with an unknown e-mail). */
export const SYSTEM_ACTOR = 'System';

/**
 * A place in the activity log, newest first: the entry's time in microseconds since 1970 and its id (the
 * audit log's own number). Opaque to callers, like the other lists' cursors.
 */
export const ACTIVITY_CURSOR = /^\d{1,17}_\d{1,19}$/;
const cursorMessage = 'Cursor must be a next_cursor or prev_cursor of an earlier page.';
const cursor = z
  .string({ error: cursorMessage })
  .trim()
  .regex(ACTIVITY_CURSOR, { error: cursorMessage })
  .optional();

function day(label: string) {
  const message = `${label} must be a date in the form YYYY-MM-DD.`;
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: message }).refine(isCalendarDate, { error: message }).optional(),
  );
}

function pageSize() {
  const message = `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`;
  return z.preprocess(
    (v) =>
      v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(MAX_PAGE_SIZE, { error: message })
      .optional()
      .default(DEFAULT_PAGE_SIZE),
  );
}

const optionalId = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.uuid({ error: `${label} must be a valid identifier.` }).optional(),
  );

/** GET /api/activity: filters by person, client and Indian calendar days (both ends included), by keyset. */
export const ActivityQuerySchema = z
  .object({
    person: optionalId('Person'),
    client: optionalId('Client'),
    from: day('From'),
    to: day('To'),
    limit: pageSize(),
    after: cursor,
    before: cursor,
  })
  .refine((q) => !(q.after && q.before), { error: 'Send after or before, not both.', path: ['before'] })
  .refine((q) => !(q.from && q.to && q.from > q.to), {
    error: 'From must be on or before To.',
    path: ['from'],
  });
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  /** The audit log's number of the entry, as text. */
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** What was done, in words (ACTIVITY_SENTENCE). */
  sentence: z.string(),
  /** Who: null user for "System". `role` is the role they acted in, as its label. */
  actor: z.object({ user_id: z.uuid().nullable(), name: z.string(), role: z.string().nullable() }),
  /** The client the entry concerns; `exists` false once removed (no link then). */
  client: z
    .object({ primary_client_id: z.uuid(), name: z.string(), client_code: z.string(), exists: z.boolean() })
    .nullable(),
  /** What beside the client was acted on: a plan, a family member, a provider. */
  target: z
    .object({
      kind: z.enum(['plan', 'member', 'provider', 'staff']),
      label: z.string(),
      /** The id to link to, while the record still exists. */
      link_id: z.uuid().nullable(),
    })
    .nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityResponseSchema = z.object({
  items: z.array(ActivityEntrySchema),
  pagination: z.object({
    limit: z.number().int(),
    /** Send as `after` for older entries; null on the last page. */
    next_cursor: z.string().nullable(),
    /** Send as `before` for newer entries; null on the first page. */
    prev_cursor: z.string().nullable(),
  }),
  /** The filtered client's name and code, so the filter can show whom it names after a reload. */
  client: z.object({ primary_client_id: z.uuid(), name: z.string(), client_code: z.string() }).nullable(),
});
export type ActivityResponse = z.infer<typeof ActivityResponseSchema>;

/** GET /api/activity/people: whom the person filter offers, the owner first, then staff by name. */
export const ActivityPeopleResponseSchema = z.object({
  items: z.array(z.object({ user_id: z.uuid(), name: z.string(), role: z.string(), active: z.boolean() })),
});
export type ActivityPeopleResponse = z.infer<typeof ActivityPeopleResponseSchema>;

/** Who added or last changed a record, and when: a name (null when unknown), a role label, an instant. */
export const RecordStampSchema = z.object({
  name: z.string().nullable(),
  role: z.string().nullable(),
  at: z.string(),
});
export type RecordStamp = z.infer<typeof RecordStampSchema>;
