import { z } from 'zod';
import { moneyField, wholeNumber } from './amounts.ts';
import { requiredText } from './clients.ts';
import { PREMIUM_MODES } from './plan-vocabulary.ts';
import { isCalendarDate } from './providers.ts';

// Premium dues on the wire (issue 27, decision 038): a plan's dues in its details (workspace and client area),
// its payments, and "Mark premium paid". Dates are YYYY-MM-DD (India's calendar); money a string with 2 places.

/**
 * Where a plan's premiums stand on a day (premium-schedule.ts reckons it). Here, not there, so that a plan's
 * answer schema does not bring the schedule's rules into every screen that reads a plan.
 */
export const PREMIUM_STATES = ['due', 'grace', 'lapsed', 'paid_up', 'single_premium', 'none'] as const;
export type PremiumState = (typeof PREMIUM_STATES)[number];

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const PremiumDuesSchema = z.object({
  premium_mode: z.enum(PREMIUM_MODES),
  instalments_per_year: z.number().int(),
  /** Years of the premium-paying term (life) or of an RD's deposits; null where none applies. */
  premium_term_years: z.number().int().nullable(),
  /** What one instalment costs; null when the plan has no amount. */
  instalment_amount: moneySchema.nullable(),
  /** The instalment as money per year (decisions §4); a single premium counts 0. */
  annual_premium: moneySchema.nullable(),
  next_due_date: dateSchema.nullable(),
  state: z.enum(PREMIUM_STATES),
  /** The state in words, shown beside its colour. */
  state_label: z.string(),
  grace_until: dateSchema.nullable(),
  revival_until: dateSchema.nullable(),
});
export type PremiumDues = z.infer<typeof PremiumDuesSchema>;

export const PremiumPaymentSchema = z.object({
  id: z.uuid(),
  /** The due date of the first instalment it paid, and of the last (the same for one). */
  due_date: dateSchema,
  last_due_date: dateSchema,
  instalments: z.number().int(),
  paid_on: dateSchema,
  amount: moneySchema,
  receipt_number: z.string(),
  receipt_attached: z.boolean(),
  /** Who recorded it; null for the client area and when not known. */
  recorded_by: z.string().nullable(),
  recorded_at: z.string(),
});
export type PremiumPayment = z.infer<typeof PremiumPaymentSchema>;

export const PlanPremiumsSchema = z.object({
  plan_id: z.uuid(),
  dues: PremiumDuesSchema,
  /** Newest first. */
  payments: z.array(PremiumPaymentSchema),
});
export type PlanPremiums = z.infer<typeof PlanPremiumsSchema>;

export const PlanPremiumsResponseSchema = z.object({
  status: z.literal('success'),
  data: PlanPremiumsSchema,
});

export const MarkPremiumPaidResponseSchema = PlanPremiumsResponseSchema.extend({ message: z.string() });

/** At most this many instalments in one payment (ten years of a monthly premium). */
export const MAX_INSTALMENTS_AT_ONCE = 120;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * The multipart form of "Mark premium paid": `paid_on`, `amount`, `receipt_number`, and either `instalments` (how
 * many from the next due date, 1 when neither is sent) or `up_to` (every instalment due on or before that date);
 * an optional `receipt` PDF is a file of the same form.
 */
export const MarkPremiumPaidFieldsSchema = z
  .object({
    paid_on: z
      .string({ error: 'Date Paid is required.' })
      .trim()
      .min(1, { error: 'Date Paid is required.' })
      .refine(isCalendarDate, { error: 'Date Paid must be a date in the form YYYY-MM-DD.' }),
    amount: moneyField('Amount').refine((v) => v !== '0.00', { error: 'Amount must be more than 0.' }),
    receipt_number: requiredText('Receipt Number', 60),
    instalments: z.preprocess(
      blankToUndefined,
      wholeNumber('Instalments', 'instalments', 1, MAX_INSTALMENTS_AT_ONCE).optional(),
    ),
    up_to: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Pay Up To must be a date in the form YYYY-MM-DD.' })
        .trim()
        .refine(isCalendarDate, { error: 'Pay Up To must be a date in the form YYYY-MM-DD.' })
        .optional(),
    ),
  })
  .refine((v) => !(v.instalments !== undefined && v.up_to !== undefined), {
    error: 'Send the number of instalments or a date to pay up to, not both.',
    path: ['up_to'],
  });
export type MarkPremiumPaidFields = z.input<typeof MarkPremiumPaidFieldsSchema>;

/** A payment's receipt PDF (decision 041): the plan's id and the payment's. */
export const PremiumReceiptParamsSchema = z.object({
  id: z.uuid({ error: 'The id must be a valid identifier.' }),
  paymentId: z.uuid({ error: 'The payment id must be a valid identifier.' }),
});

/** Where a payment's receipt PDF is downloaded from, in the workspace and in the client area. */
export const premiumReceiptPath = (area: 'workspace' | 'client', planId: string, paymentId: string) =>
  area === 'workspace'
    ? `/api/plans/${planId}/premiums/${paymentId}/receipt`
    : `/api/agency-user/client/plans/${planId}/premiums/${paymentId}/receipt`;

/** A payment without a receipt PDF, or one no longer readable. */
export const RECEIPT_MISSING = 'No receipt PDF is kept for this payment.';
