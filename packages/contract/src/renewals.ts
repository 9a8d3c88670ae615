import { z } from 'zod';
import { PageQuerySchema } from './admin.ts';
import { moneyField } from './amounts.ts';
import { NotificationLanguageSchema } from './clients.ts';
import { PremiumDuesSchema } from './premium-dues.ts';
import { ServiceCategorySchema } from './providers.ts';

// Renewals (issue 7): the agency's work-list of policies expiring and investments maturing, what has been
// done about each, the automated e-mail reminders and the owner's outbox. Money is a decimal string with 2
// places; dates are YYYY-MM-DD (India's calendar).

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * The work-list's buckets (issue 27 item 4, decision 042), by the days from today to where a plan sits (its work
 * date: the soonest of its next premium due, its end date and its open follow-up). They do not overlap: overdue
 * (before today), today, tomorrow, this week (2 to 7 days), 30 (8 to 30), 60 (31 to 60) and 90 (61 to 90).
 */
export const WORK_BUCKETS = ['overdue', 'today', 'tomorrow', 'week', '30', '60', '90'] as const;
export const WorkBucketSchema = z.enum(WORK_BUCKETS, {
  error: 'Bucket must be one of overdue, today, tomorrow, week, 30, 60 or 90.',
});
export type WorkBucket = z.infer<typeof WorkBucketSchema>;
/** The first and last day of a bucket, in days from today; null: no bound. */
export const BUCKET_DAYS: Record<WorkBucket, readonly [number | null, number | null]> = {
  overdue: [null, -1],
  today: [0, 0],
  tomorrow: [1, 1],
  week: [2, 7],
  '30': [8, 30],
  '60': [31, 60],
  '90': [61, 90],
};
export const WORK_BUCKET_LABELS: Record<WorkBucket, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  tomorrow: 'Tomorrow',
  week: 'This week',
  '30': '30 days',
  '60': '60 days',
  '90': '90 days',
};

/**
 * Why a plan is on the work-list on its work date: a premium falls due (life, an RD's or a SIP's instalment), a
 * cover's renewal premium falls due on its end date (health, motor, travel, home), a policy ends (expiry) or an
 * investment matures, or its follow-up is due.
 */
export const DUE_KINDS = ['premium', 'renewal', 'expiry', 'maturity', 'follow_up'] as const;
export type DueKind = (typeof DUE_KINDS)[number];
export const DUE_KIND_LABELS: Record<DueKind, string> = {
  premium: 'Premium due',
  renewal: 'Renewal due',
  expiry: 'Policy ends',
  maturity: 'Matures',
  follow_up: 'Follow-up due',
};

/** Days before the end date at which a client is reminded, unless the agency chose others. */
export const DEFAULT_REMINDER_DAYS = [30, 15, 7, 1] as const;
export const MAX_REMINDER_DAY = 120;
export const MAX_REMINDER_OFFSETS = 6;

/**
 * A place in the work-list, ordered by end date then plan id (issue 23 item 11: keyset, like the other lists):
 * the end date and the plan's id. Opaque to callers: they send back what `next_cursor` or `prev_cursor` gave.
 */
export const RENEWAL_CURSOR =
  /^\d{4}-\d{2}-\d{2}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const renewalCursorMessage = 'Cursor must be a next_cursor or prev_cursor of an earlier page.';
/** A real calendar day: 2026-02-30 has the shape but is no day. */
const isDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
};
const renewalCursor = z
  .string({ error: renewalCursorMessage })
  .trim()
  .regex(RENEWAL_CURSOR, { error: renewalCursorMessage })
  .refine((c) => isDay(c.slice(0, 10)), { error: renewalCursorMessage })
  .optional();

const optionalUuid = (label: string) =>
  z
    .union([z.literal(''), z.uuid({ error: `${label} must be an id from the list.` })])
    .optional()
    .transform((v) => (v ? v : undefined));

export const RenewalListQuerySchema = PageQuerySchema.extend({
  bucket: WorkBucketSchema.default('today'),
  type: z
    .enum(['all', 'insurance', 'investment'], { error: 'Type must be all, insurance or investment.' })
    .default('all'),
  /** A service's code (life, health, mutual_funds …): that service's plans only. */
  service: z
    .string({ error: 'Service must be a service code.' })
    .trim()
    .regex(/^[a-z_]{1,40}$/, { error: 'Service must be a service code.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A provider company of the agency: its plans only. */
  provider: optionalUuid('Provider'),
  /** A staff member (the owner's and agency admins' filter): the plans of the clients assigned to them. */
  staff: optionalUuid('Staff member'),
  /** The page after this place (Next); `offset` is then only echoed as the caller's position. */
  after: renewalCursor,
  /** The page before this place (Previous). */
  before: renewalCursor,
}).refine((q) => !(q.after && q.before), { error: 'Send after or before, not both.', path: ['before'] });
export type RenewalListQuery = z.input<typeof RenewalListQuerySchema>;

/**
 * pending (to send, or to try again at next_attempt_at), sending (claimed by a runner), sent, failed (after
 * every retry, or refused for good), skipped (could not be sent: no e-mail, reminders off, no end date),
 * cancelled (the plan was renewed, lapsed or removed before it went out).
 */
export const REMINDER_SEND_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
] as const;
export const ReminderSendStatusSchema = z.enum(REMINDER_SEND_STATUSES);
export type ReminderSendStatus = z.infer<typeof ReminderSendStatusSchema>;

/** One reminder e-mail of a plan: to whom, for which offset, when, and how it went. */
export const ReminderSendSchema = z.object({
  id: z.uuid(),
  /** Days before the end date it is for; null for a record that is not tied to a day (no end date). */
  offset_days: z.number().int().nullable(),
  end_date: dateSchema.nullable(),
  recipient: z.string().nullable(),
  language: NotificationLanguageSchema,
  status: ReminderSendStatusSchema,
  /** Why it was skipped or why it failed, in words the owner can act on. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type ReminderSend = z.infer<typeof ReminderSendSchema>;

export const RENEWAL_EVENT_KINDS = ['contacted', 'renewed', 'lapsed'] as const;

/** How a contact was made (issue 27 item 5): a call, or a message sent from the portal's WhatsApp button. */
export const CONTACT_CHANNELS = ['call', 'whatsapp'] as const;
export const ContactChannelSchema = z.enum(CONTACT_CHANNELS, { error: 'Channel must be call or whatsapp.' });
export type ContactChannel = z.infer<typeof ContactChannelSchema>;
export const RenewalEventKindSchema = z.enum(RENEWAL_EVENT_KINDS);
export type RenewalEventKind = z.infer<typeof RenewalEventKindSchema>;

export const RenewalEventSchema = z.object({
  id: z.uuid(),
  kind: RenewalEventKindSchema,
  note: z.string().nullable(),
  /** For `renewed`: the end date before and after. */
  previous_end_date: dateSchema.nullable(),
  new_end_date: dateSchema.nullable(),
  document_attached: z.boolean(),
  /**
   * For `renewed` (decision 041): the term's premium, policy number and insurer before and after, each pair only
   * when the renewal changed it (both null otherwise).
   */
  previous_premium: moneySchema.nullable(),
  new_premium: moneySchema.nullable(),
  previous_policy_number: z.string().nullable(),
  new_policy_number: z.string().nullable(),
  previous_provider: z.string().nullable(),
  new_provider: z.string().nullable(),
  /** For `contacted`: how, when the portal knows (a WhatsApp message sent from its button). */
  channel: ContactChannelSchema.nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type RenewalEvent = z.infer<typeof RenewalEventSchema>;

export const RenewalItemSchema = z.object({
  plan_type: ServiceCategorySchema,
  /** The policy id (insurance) or the account id (investment). */
  plan_id: z.uuid(),
  /** Policy number, or folio, PRAN or account number. */
  plan_number: z.string(),
  plan_name: z.string(),
  service_code: z.string(),
  service_name: z.string(),
  provider_name: z.string(),
  primary_client_id: z.uuid(),
  client_code: z.string(),
  client_name: z.string(),
  client_email: z.string().nullable(),
  client_phone: z.string().nullable(),
  /** The client's reminder language (their choice in My Profile): the WhatsApp message is written in it. */
  client_language: NotificationLanguageSchema,
  /** The family member holding the plan; null when the primary client holds it. */
  family_member: z.string().nullable(),
  /** Premium (insurance) or amount invested (investment). */
  amount: moneySchema.nullable(),
  /** Null for a plan without an end date (an open-ended SIP, a policy whose history is asked for). */
  end_date: dateSchema.nullable(),
  /** Where the plan sits on the work-list: the soonest of its next due, end date and open follow-up. */
  work_date: dateSchema.nullable(),
  /** Days from today to the work date; negative once it has passed. */
  work_days_left: z.number().int().nullable(),
  /** Why it sits there (the first that falls on the work date: premium, renewal, expiry, maturity, follow-up). */
  due_kind: z.enum(DUE_KINDS).nullable(),
  /** Its premium schedule and where it stands today: next due, grace, lapsed, paid up (decision 038). */
  premium: PremiumDuesSchema,
  /** Negative once the end date has passed. */
  days_left: z.number().int().nullable(),
  /** Active, or what the agency marked: lapsed (insurance), closed (investment). */
  plan_status: z.enum(['active', 'renewed', 'lapsed', 'closed']),
  last_contacted_at: z.string().nullable(),
  /** The date of the plan's open follow-up (issue 27 item 4); null without one or once acted on. */
  next_follow_up: dateSchema.nullable(),
  reminders: z.array(ReminderSendSchema),
  events: z.array(RenewalEventSchema),
  /** A reminder that could not be sent (failed or skipped), the latest one, for the list's warning. */
  problem: z.string().nullable(),
});
export type RenewalItem = z.infer<typeof RenewalItemSchema>;

export const RenewalCountsSchema = z.object(
  Object.fromEntries(WORK_BUCKETS.map((b) => [b, z.number().int()])) as Record<WorkBucket, z.ZodNumber>,
);

export const RenewalListResponseSchema = z.object({
  data: z.object({
    as_of: dateSchema,
    bucket: WorkBucketSchema,
    items: z.array(RenewalItemSchema),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
    /** Send as `after` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
    /** Send as `before` for the previous page; null on the first page. */
    prev_cursor: z.string().nullable(),
    counts: RenewalCountsSchema,
    /** Reminders that failed after every retry, not yet resolved by renewing or lapsing the plan. */
    failed_reminders: z.number().int(),
    /** Where reminders go: a real mail server, or the outbox on an installation without one. */
    delivery: z.enum(['smtp', 'outbox']),
  }),
});
export type RenewalList = z.infer<typeof RenewalListResponseSchema>['data'];

export const RenewalPlanResponseSchema = z.object({ data: RenewalItemSchema });

const noteSchema = z
  .string({ error: 'Note must be text.' })
  .trim()
  .max(500, { error: 'Note must be at most 500 characters.' })
  .optional()
  .transform((v) => (v ? v : null));

export const RenewalNoteSchema = z.object({ note: noteSchema });
export type RenewalNoteInput = z.input<typeof RenewalNoteSchema>;

/** "Contacted": an optional note, and the channel when the portal knows it (its WhatsApp button). */
export const MarkContactedSchema = RenewalNoteSchema.extend({
  channel: ContactChannelSchema.optional().transform((v) => v ?? null),
});
export type MarkContactedInput = z.input<typeof MarkContactedSchema>;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A renewal's new policy number already held by another plan of the same insurer (decision 041). */
export const duplicatePolicyMessage = (policyNumber: string, provider: string) =>
  `Policy Number ${policyNumber} is already recorded with ${provider} for another plan.`;

/** An investment renews on its own account: the new term's fields are a policy's (decision 041). */
export const RENEWAL_TERMS_INSURANCE_ONLY =
  'A new premium, policy number or insurer can be given only when renewing an insurance policy.';

/**
 * The multipart form of "mark renewed": `new_end_date`, optional `note`, optional `document` (PDF), and for a
 * policy the new term's optional `new_premium` (rupees as typed, "13,500"), `new_policy_number` and
 * `new_provider_id` (an insurer of the agency for the plan's service).
 */
export const MarkRenewedFieldsSchema = z.object({
  new_premium: z.preprocess(
    blankToUndefined,
    moneyField('New Premium')
      .refine((v) => v !== '0.00', { error: 'New Premium must be more than 0.' })
      .optional(),
  ),
  new_policy_number: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'New Policy Number must be text.' })
      .trim()
      .max(60, { error: 'New Policy Number must be at most 60 characters.' })
      .optional(),
  ),
  new_provider_id: z.preprocess(
    blankToUndefined,
    z.uuid({ error: 'New Insurer must be one of your agency’s insurance companies.' }).optional(),
  ),
  new_end_date: z
    .string({ error: 'New end date is required.' })
    .trim()
    .min(1, { error: 'New end date is required.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'New end date must be a date (YYYY-MM-DD).' })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: 'New end date must be a real calendar date.',
      },
    ),
  note: noteSchema,
});
export type MarkRenewedFields = z.input<typeof MarkRenewedFieldsSchema>;

export const ReminderSettingsSchema = z.object({
  reminder_days: z
    .array(
      z
        .number({ error: 'Each reminder day must be a whole number.' })
        .int({ error: 'Each reminder day must be a whole number.' })
        .min(1, { error: 'Each reminder day must be between 1 and 120.' })
        .max(MAX_REMINDER_DAY, { error: 'Each reminder day must be between 1 and 120.' }),
      { error: 'Reminder days must be a list of numbers.' },
    )
    .min(1, { error: 'Choose at least one reminder day.' })
    .max(MAX_REMINDER_OFFSETS, { error: `Choose at most ${MAX_REMINDER_OFFSETS} reminder days.` })
    .refine((days) => new Set(days).size === days.length, { error: 'Reminder days must not repeat.' })
    .transform((days) => [...days].sort((a, b) => b - a)),
});
export type ReminderSettingsInput = z.input<typeof ReminderSettingsSchema>;

export const ReminderSettingsResponseSchema = z.object({
  data: z.object({
    reminder_days: z.array(z.number().int()),
    delivery: z.enum(['smtp', 'outbox']),
  }),
});

export const OutboxItemSchema = z.object({
  id: z.uuid(),
  /** 'security': an e-mail to the owner about their account, such as the admin's reset (issue 23 item 14). */
  kind: z.enum(['reminder', 'digest', 'security']),
  to: z.string(),
  subject: z.string(),
  language: NotificationLanguageSchema,
  created_at: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const OutboxListResponseSchema = z.object({
  data: z.object({
    items: z.array(OutboxItemSchema),
    total: z.number().int(),
    offset: z.number().int(),
    limit: z.number().int(),
  }),
});

export const OutboxMessageResponseSchema = z.object({
  data: OutboxItemSchema.extend({ text: z.string(), html: z.string() }),
});

/** The signed-in client's choice of e-mail reminders and their language. */
export const NotificationPreferenceSchema = z.object({
  email_reminders: z.boolean({ error: 'E-mail reminders must be on or off.' }),
  language: NotificationLanguageSchema,
});
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const NotificationPreferenceResponseSchema = z.object({
  data: NotificationPreferenceSchema.extend({
    /** The address reminders go to; null when the agency has none on record. */
    email: z.string().nullable(),
  }),
});
