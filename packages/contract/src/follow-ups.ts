import { z } from 'zod';
import { NotificationLanguageSchema } from './clients.ts';
import {
  templateProblem,
  WHATSAPP_TEMPLATE_KINDS,
  WHATSAPP_TEMPLATE_MAX,
  type WhatsAppTemplateKind,
} from './whatsapp-messages.ts';

// Follow-ups, lost plans and the agency's WhatsApp templates (issue 27 items 4 and 5). Dates are YYYY-MM-DD
// (India's calendar), instants ISO strings.

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isDay = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day;
};

export const WhatsAppTemplateKindSchema = z.enum(WHATSAPP_TEMPLATE_KINDS, {
  error: 'Kind must be premium_due or renewal.',
});

export const WhatsAppTemplateSchema = z.object({
  kind: WhatsAppTemplateKindSchema,
  language: NotificationLanguageSchema,
  text: z.string(),
  /** The portal's own words: the agency has not saved its own for this kind and language. */
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplateSchema>;

export const WhatsAppTemplatesResponseSchema = z.object({
  data: z.object({ templates: z.array(WhatsAppTemplateSchema) }),
});
export type WhatsAppTemplates = z.infer<typeof WhatsAppTemplatesResponseSchema>['data'];

/** PUT: one template of the agency; it must keep its kind's placeholders (named in the 400). */
export const UpdateWhatsAppTemplateSchema = z
  .object({
    kind: WhatsAppTemplateKindSchema,
    language: NotificationLanguageSchema,
    text: z
      .string({ error: 'Message is required.' })
      .trim()
      .min(1, { error: 'Message is required.' })
      .max(WHATSAPP_TEMPLATE_MAX, { error: `Message must be at most ${WHATSAPP_TEMPLATE_MAX} characters.` }),
  })
  .superRefine((t, ctx) => {
    const problem = templateProblem(t.kind as WhatsAppTemplateKind, t.text);
    if (problem) ctx.addIssue({ code: 'custom', path: ['text'], message: problem });
  });
export type UpdateWhatsAppTemplateInput = z.input<typeof UpdateWhatsAppTemplateSchema>;

export const FOLLOW_UP_NOTE_MAX = 500;

export const AddFollowUpSchema = z.object({
  next_date: z
    .string({ error: 'Next follow-up date is required.' })
    .trim()
    .min(1, { error: 'Next follow-up date is required.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Next follow-up date must be a date (DD/MM/YYYY).' })
    .refine(isDay, { error: 'Next follow-up date must be a real calendar date.' }),
  note: z
    .string({ error: 'Note is required.' })
    .trim()
    .min(1, { error: 'Note is required: what was said, or what is to be done.' })
    .max(FOLLOW_UP_NOTE_MAX, { error: `Note must be at most ${FOLLOW_UP_NOTE_MAX} characters.` }),
});
export type AddFollowUpInput = z.input<typeof AddFollowUpSchema>;

export const FollowUpSchema = z.object({
  id: z.uuid(),
  next_date: dateSchema,
  note: z.string(),
  by: z.string().nullable(),
  at: z.string(),
});
export type FollowUp = z.infer<typeof FollowUpSchema>;

export const LOST_REASONS = ['moved_to_another_agent', 'cannot_afford', 'not_interested', 'other'] as const;
export const LostReasonSchema = z.enum(LOST_REASONS, { error: 'Choose why the plan was lost.' });
export type LostReason = z.infer<typeof LostReasonSchema>;
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  moved_to_another_agent: 'Moved to another agent',
  cannot_afford: 'Cannot afford',
  not_interested: 'Not interested',
  other: 'Other',
};
export const LOST_REASON_TEXT_MAX = 300;

export const MarkLostSchema = z
  .object({
    reason: LostReasonSchema,
    reason_text: z
      .string({ error: 'Reason must be text.' })
      .trim()
      .max(LOST_REASON_TEXT_MAX, { error: `Reason must be at most ${LOST_REASON_TEXT_MAX} characters.` })
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((l, ctx) => {
    if (l.reason === 'other' && !l.reason_text) {
      ctx.addIssue({ code: 'custom', path: ['reason_text'], message: 'Say why the plan was lost.' });
    }
  });
export type MarkLostInput = z.input<typeof MarkLostSchema>;

export const PlanLostSchema = z.object({
  reason: LostReasonSchema,
  reason_text: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type PlanLost = z.infer<typeof PlanLostSchema>;

export const PlanFollowUpsResponseSchema = z.object({
  data: z.object({
    /** Newest first. */
    follow_ups: z.array(FollowUpSchema),
    /** The next date of the latest follow-up; null without one. */
    next_follow_up: dateSchema.nullable(),
    lost: PlanLostSchema.nullable(),
  }),
});
export type PlanFollowUps = z.infer<typeof PlanFollowUpsResponseSchema>['data'];
