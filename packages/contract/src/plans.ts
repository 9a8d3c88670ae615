import { z } from 'zod';
import { RecordStampSchema } from './activity.ts';
import { moneyField, wholeNumber } from './amounts.ts';
import { phoneRule } from './auth.ts';
import {
  ClientPlanItemSchema,
  CreatePrimaryClientShape,
  checkPortalAccess,
  optionalDate,
  optionalEmail,
  optionalField,
  optionalPhone,
  PAN_FOR_INVESTMENTS_MESSAGE,
  requiredText,
} from './clients.ts';
import {
  checkMutualFundMode,
  HOME_EXTRA_FIELDS,
  MOTOR_EXTRA_FIELDS,
  MUTUAL_FUND_EXTRA_FIELDS,
  MUTUAL_FUND_MODE_CHECK,
  postOfficeSchemeField,
  withoutBlanks,
} from './plan-products.ts';
import { PREMIUM_MODES } from './plan-vocabulary.ts';
import { PremiumDuesSchema } from './premium-dues.ts';
import { readPremiumMode } from './premium-modes.ts';
import { isCalendarDate } from './providers.ts';

export { moneyField, plainAmount } from './amounts.ts';

// A client's plans: insurance policies and investment accounts (spec §3 plan list item, plan detail,
// service codes, nominee, subtype_fields per service, insured member, add-plans payload; decisions §4).
// Money is a decimal string with at most 2 places (numeric(14,2)), never a float.

export const INSURANCE_SERVICE_CODES = ['life', 'health', 'motor', 'travel', 'home'] as const;
export const INVESTMENT_SERVICE_CODES = ['mutual_funds', 'nps', 'postoffice'] as const;
export const PLAN_SERVICE_CODES = [...INSURANCE_SERVICE_CODES, ...INVESTMENT_SERVICE_CODES] as const;
export type PlanServiceCode = (typeof PLAN_SERVICE_CODES)[number];

/** Whether any of these plans is an investment, for which the holder needs a PAN (KYC). */
export const holdsInvestment = (plans: ReadonlyArray<{ service_code: string }>): boolean =>
  plans.some((p) => (INVESTMENT_SERVICE_CODES as readonly string[]).includes(p.service_code));

export function categoryOfService(code: PlanServiceCode): 'insurance' | 'investment' {
  return (INSURANCE_SERVICE_CODES as readonly string[]).includes(code) ? 'insurance' : 'investment';
}

const term = wholeNumber('Term', 'years', 1, 100);

const premiumModeMessage = `Premium Mode must be one of ${PREMIUM_MODES.join(', ')}.`;
/**
 * Health, motor, travel and home may say how their premium is paid (decision 041): optional, one of PREMIUM_MODES
 * as agencies type it ('monthly', 'HLY'); it sets the premium per year, the due date stays the end date.
 */
const renewingCoverMode = optionalField(
  z.preprocess(
    (v) => (typeof v === 'string' ? (readPremiumMode(v) ?? v) : v),
    z.enum(PREMIUM_MODES, { error: premiumModeMessage }),
  ),
);

const InsuredMemberInputSchema = z.object(
  {
    insured_member_name: requiredText('Insured Member Name', 100),
    relationship: requiredText('Relationship', 40),
    insured_member_dob: optionalDate('Insured Member Dob'),
    insured_member_phone_number: optionalPhone('Insured Member Phone Number'),
  },
  { error: 'Each insured member must be an object.' },
);
export type InsuredMemberInput = z.output<typeof InsuredMemberInputSchema>;

/** The per-service fields of spec §3, every one required for its service, and the optional ones of plan-products.ts. */
export const SubtypeFieldsSchemas = {
  life: z.object({
    sum_assured: moneyField('Sum Assured'),
    plan_name: requiredText('Plan Name', 120),
    mode: requiredText('Mode', 30),
    term,
    ppt: wholeNumber('PPT', 'years', 1, 100),
  }),
  health: z
    .object({
      cover_type: requiredText('Cover Type', 40),
      sum_assured: moneyField('Sum Assured'),
      plan_name: requiredText('Plan Name', 120),
      term,
      mode: renewingCoverMode,
      insured_members: z
        .array(InsuredMemberInputSchema, { error: 'Insured Members must be a list of the people covered.' })
        .min(1, { error: 'Insured Members must name at least one person covered.' })
        .max(20, { error: 'Insured Members may name at most 20 people.' }),
    })
    .transform(withoutBlanks),
  motor: z
    .object({
      rc_number: requiredText('Registration (RC) Number', 20).transform((v) => v.toUpperCase()),
      term,
      mode: renewingCoverMode,
      ...MOTOR_EXTRA_FIELDS,
    })
    .transform(withoutBlanks),
  travel: z
    .object({
      insurance_company_name: requiredText('Insurance Company Name', 120),
      trip_type: requiredText('Trip Type', 40),
      destination: requiredText('Destination', 120),
      duration: wholeNumber('Duration', 'days', 1, 730),
      term,
      mode: renewingCoverMode,
    })
    .transform(withoutBlanks),
  home: z
    .object({
      insurance_company_name: requiredText('Insurance Company Name', 120),
      term,
      mode: renewingCoverMode,
      ...HOME_EXTRA_FIELDS,
    })
    .transform(withoutBlanks),
  mutual_funds: z
    .object({
      folio_number: requiredText('Folio Number', 40),
      scheme: requiredText('Scheme', 120),
      fund: requiredText('Fund', 120),
      ...MUTUAL_FUND_EXTRA_FIELDS,
    })
    .superRefine(checkMutualFundMode, MUTUAL_FUND_MODE_CHECK)
    .transform(withoutBlanks),
  nps: z.object({
    pran: z
      .string({ error: 'PRAN must be 12 digits.' })
      .transform((v) => v.replace(/\s/g, ''))
      .refine((v) => /^\d{12}$/.test(v), { error: 'PRAN must be 12 digits.' }),
  }),
  postoffice: z.object({
    account_number: requiredText('Account Number', 40),
    scheme_name: postOfficeSchemeField,
    term,
    roi: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: 'ROI must be a percentage from 0 to 20.' })
        .min(0, { error: 'ROI must be a percentage from 0 to 20.' })
        .max(20, { error: 'ROI must be a percentage from 0 to 20.' }),
    ),
  }),
} satisfies Record<PlanServiceCode, z.ZodType>;

export const PlanNomineeInputSchema = z.object(
  {
    full_name: requiredText('Nominee Full Name', 100),
    relation: requiredText('Nominee Relation', 40),
    dob: optionalDate('Nominee Dob'),
    phone_number: optionalField(
      z
        .string({ error: 'Nominee Phone Number must be a valid phone number.' })
        .trim()
        .refine(phoneRule, { error: 'Nominee Phone Number must be a valid phone number.' }),
    ),
    email: optionalEmail('Nominee Email'),
  },
  { error: 'Nominee must be an object with full_name, relation, dob, phone_number and email.' },
);
export type PlanNomineeInput = z.output<typeof PlanNomineeInputSchema>;

const serviceCodeMessage = `Service Code must be one of ${PLAN_SERVICE_CODES.join(', ')}.`;

/**
 * One plan of a client. `premium_amount` is required for insurance, `amount` for investment.
 * `file_index` names the plan's PDF among the uploaded `planFiles` (0 for the first file sent).
 */
const PlanObjectSchema = z.object(
  {
    provider_id: z.uuid({ error: 'Provider Id is required and must be a valid identifier.' }),
    service_code: z
      .string({ error: serviceCodeMessage })
      .trim()
      .toLowerCase()
      .pipe(z.enum(PLAN_SERVICE_CODES, { error: serviceCodeMessage })),
    policy_number: requiredText('Policy Number', 60),
    premium_amount: z.unknown().optional(),
    amount: z.unknown().optional(),
    start_date: z
      .string({ error: 'Start Date is required.' })
      .trim()
      .refine(isCalendarDate, { error: 'Start Date must be a date in the form YYYY-MM-DD.' }),
    end_date: z
      .string({ error: 'End Date is required.' })
      .trim()
      .refine(isCalendarDate, { error: 'End Date must be a date in the form YYYY-MM-DD.' }),
    subtype_fields: z.record(z.string(), z.unknown(), { error: 'Subtype Fields must be an object.' }),
    nominee: z.preprocess((v) => (v === '' ? null : v), PlanNomineeInputSchema.nullable().optional()),
    file_index: z
      .number({ error: 'File Index must be a whole number of 0 or more.' })
      .int({ error: 'File Index must be a whole number of 0 or more.' })
      .min(0, { error: 'File Index must be a whole number of 0 or more.' })
      .nullable()
      .optional(),
  },
  { error: 'Each plan must be an object.' },
);

/** The rules every plan obeys, on creation and on edit: money by category, dates in order, per-service fields. */
function checkPlan(
  plan: Omit<z.output<typeof PlanObjectSchema>, 'file_index'> & { file_index?: number | null },
  ctx: z.RefinementCtx,
) {
  const category = categoryOfService(plan.service_code);
  const moneyKey = category === 'insurance' ? 'premium_amount' : 'amount';
  const label = category === 'insurance' ? 'Premium Amount' : 'Amount';
  const money = moneyField(label).safeParse(plan[moneyKey]);
  if (!money.success) {
    for (const issue of money.error.issues)
      ctx.addIssue({ code: 'custom', path: [moneyKey], message: issue.message });
  }
  if (plan.end_date < plan.start_date) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'End Date must be on or after the Start Date.',
    });
  }
  const subtype = SubtypeFieldsSchemas[plan.service_code].safeParse(plan.subtype_fields);
  if (!subtype.success) {
    for (const issue of subtype.error.issues) {
      ctx.addIssue({
        code: 'custom',
        path: ['subtype_fields', ...issue.path.map(String)],
        message: issue.message,
      });
    }
  }
  if (!money.success || !subtype.success) return z.NEVER;
  return {
    provider_id: plan.provider_id,
    service_code: plan.service_code,
    category,
    policy_number: plan.policy_number,
    money: money.data,
    start_date: plan.start_date,
    end_date: plan.end_date,
    subtype_fields: subtype.data as Record<string, unknown>,
    nominee: plan.nominee ?? null,
    file_index: plan.file_index ?? null,
  };
}

export const PlanInputSchema = PlanObjectSchema.transform(checkPlan);
export type PlanInput = z.input<typeof PlanInputSchema>;
export type ParsedPlan = z.output<typeof PlanInputSchema>;

/**
 * PUT /client-plans/:id: the plan's fields as on creation, replacing the stored ones (a nominee left out
 * removes it; a health policy's insured members are replaced as a set). The service and the holder stay.
 */
export const UpdatePlanSchema = PlanObjectSchema.omit({ file_index: true }).transform(checkPlan);
export type UpdatePlanInput = z.input<typeof UpdatePlanSchema>;

export const PlansListSchema = z
  .array(PlanInputSchema, { error: 'Plans Data must be a JSON array of plans.' })
  .min(1, { error: 'Plans Data must hold at least one plan.' })
  .max(20, { error: 'Plans Data may hold at most 20 plans at once.' });

/** The `plansData` field of POST /agencies/add-plans-to-existing, checked as `{ plans }`. */
export const AddPlansPayloadSchema = z.object({
  primary_client_id: z.uuid({
    error: 'Primary Client is required: choose the client these plans belong to.',
  }),
  secondary_client_id: optionalField(z.uuid({ error: 'Secondary Client Id must be a valid identifier.' })),
  plans: PlansListSchema,
});

export const AddPlansResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ insurance: z.array(ClientPlanItemSchema), investment: z.array(ClientPlanItemSchema) }),
});

export const WorkspacePlanDetailSchema = ClientPlanItemSchema.extend({
  primary_client_id: z.uuid(),
  primary_client_name: z.string(),
  client_code: z.string(),
  service_name: z.string(),
  nominee: z
    .object({
      full_name: z.string().nullable(),
      relation: z.string().nullable(),
      dob: z.string().nullable(),
      phone_number: z.string().nullable(),
      email: z.string().nullable(),
    })
    .nullable(),
  subtype_fields: z.record(z.string(), z.unknown()),
  insured_members: z.array(
    z.object({
      insured_member_name: z.string(),
      relationship: z.string().nullable(),
      insured_member_dob: z.string().nullable(),
      insured_member_phone_number: z.string().nullable(),
    }),
  ),
  document: z
    .object({
      document_id: z.uuid(),
      mime_type: z.string(),
      size_bytes: z.number().int(),
      original_name: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who added the plan and who last changed it (issue 25 item 4, decision 033); null when not known. */
  added_by: RecordStampSchema.nullable(),
  changed_by: RecordStampSchema.nullable(),
  /** The plan's premium mode, next due date and where it stands today (issue 27, decision 038). */
  premium: PremiumDuesSchema,
});
export type WorkspacePlanDetail = z.infer<typeof WorkspacePlanDetailSchema>;

export const WorkspacePlanDetailResponseSchema = z.object({
  status: z.literal('success'),
  data: WorkspacePlanDetailSchema,
});

/** The answer of an edit or a new PDF: the plan as it now is. */
export const WorkspacePlanUpdateResponseSchema = WorkspacePlanDetailResponseSchema.extend({
  message: z.string(),
});

/**
 * POST /users/primary-clients: a new client, optionally with plans. Sent as JSON, or as multipart with this
 * JSON in `payload`, the plans' PDFs in `planFiles` (matched by `file_index`) and an optional `avatar`. The
 * client, its portal account, its plans and their files are stored together or not at all.
 */
export const CreatePrimaryClientWithPlansSchema = z
  .object({
    ...CreatePrimaryClientShape,
    plans: z.preprocess((v) => (v === null ? undefined : v), PlansListSchema.optional()),
  })
  .superRefine(checkPortalAccess)
  .superRefine((v, ctx) => {
    if (!v.pan_number && holdsInvestment(v.plans ?? [])) {
      ctx.addIssue({ code: 'custom', path: ['pan_number'], message: PAN_FOR_INVESTMENTS_MESSAGE });
    }
  });
export type CreatePrimaryClientWithPlans = z.input<typeof CreatePrimaryClientWithPlansSchema>;
