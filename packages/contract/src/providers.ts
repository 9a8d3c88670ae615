import { z } from 'zod';
import { phoneRule } from './auth.ts';
import { MSG } from './messages.ts';
import { EMAIL_RE } from './rules.ts';

// Services (decisions §4) and the agency's provider records, "Insurance Company" and "Investment
// Company" (spec §3 provider payloads, §7 /plans/...). Payload field names are the spec's.

export const SERVICE_CATEGORIES = ['insurance', 'investment'] as const;
export const ServiceCategorySchema = z.enum(SERVICE_CATEGORIES);
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/** Logos are small images (decisions §5 allows documents up to 10 MiB; a logo needs far less). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** An ARN expiring within this many months is shown as a warning (issue 4). */
export const ARN_WARNING_MONTHS = 6;

export const ServiceSchema = z.object({
  service_id: z.uuid(),
  code: z.string(),
  name: z.string(),
  category: ServiceCategorySchema,
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServiceListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(ServiceSchema),
});

// Checked after lowering; the documented pattern admits the upper-case spellings the API takes (decisions §4).
const SERVICE_CODE_RE = /^[A-Za-z_]{2,30}$/;

export const CreateServiceSchema = z.object({
  // Upper-case spellings are accepted and lowered (spec §3 service_code, decisions §4).
  code: z
    .string({ error: 'Code is required.' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Code is required.', abort: true })
    .regex(SERVICE_CODE_RE, { error: 'Code must be 2 to 30 letters or underscores, such as pet_insurance.' }),
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, { error: 'Name is required.', abort: true })
    .max(80, { error: 'Name must be at most 80 characters.' }),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Category must be insurance or investment.' }),
});
export type CreateService = z.input<typeof CreateServiceSchema>;

export const ServiceResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: ServiceSchema,
});

// ---- Provider payloads (spec §3) ----

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const ARN_RE = /^ARN-\d{1,10}$/;
export const EUIN_RE = /^E\d{6}$/;
const ACCOUNT_RE = /^\d{9,18}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Blank text is absent: forms send '' for an empty input. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

function required(label: string, max: number) {
  const message = `${label} is required.`;
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable().optional()).transform((v) => v ?? null);
}

function text(label: string, max: number) {
  return optional(
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` }),
  );
}

function dateField(label: string) {
  return optional(
    z
      .string({ error: `${label} must be a date in the form YYYY-MM-DD.` })
      .trim()
      .refine(isCalendarDate, { error: `${label} must be a date in the form YYYY-MM-DD.` }),
  );
}

const bankDetailsSchema = z
  .object(
    {
      bank_name: text('Bank Name', 100),
      account_number: optional(
        z
          .string({ error: 'Account Number must be 9 to 18 digits.' })
          .transform((v) => v.replace(/[\s-]/g, ''))
          .refine((v) => ACCOUNT_RE.test(v), { error: 'Account Number must be 9 to 18 digits.' }),
      ),
    },
    { error: 'Bank Details must be an object with bank_name and account_number.' },
  )
  .superRefine((v, ctx) => {
    if (v.account_number && !v.bank_name) {
      ctx.addIssue({
        code: 'custom',
        path: ['bank_name'],
        message: 'Bank Name is required with an account number.',
      });
    }
  });

export const InsuranceProviderPayloadSchema = z.object(
  {
    service_id: z.uuid({ error: 'Service is required: choose what this company offers.' }),
    provider_name: required('Provider Name', 120),
    agency_code: required('Agency Code', 60),
    startdate: dateField('Start Date'),
    agent_name: text('Agent Name', 100),
    email: optional(
      z
        .string({ error: MSG.invalidEmail })
        .trim()
        .max(254, { error: 'Email must be at most 254 characters.' })
        .regex(EMAIL_RE, { error: MSG.invalidEmail })
        .transform((v) => v.toLowerCase()),
    ),
    mobile_number: optional(
      z
        .string({ error: 'Mobile Number must be a valid phone number.' })
        .trim()
        .max(20, { error: 'Mobile Number must be a valid phone number.' })
        .refine(phoneRule, { error: 'Mobile Number must be a valid phone number.' }),
    ),
    bank_details: z
      .preprocess((v) => (v === undefined || v === null ? {} : v), bankDetailsSchema)
      .default({ bank_name: null, account_number: null }),
  },
  { error: 'The payload must be a JSON object.' },
);
export type InsuranceProviderPayload = z.input<typeof InsuranceProviderPayloadSchema>;

export const InvestmentProviderPayloadSchema = InsuranceProviderPayloadSchema.extend({
  investment_type: text('Investment Type', 60),
  agency_type: text('Agency Type', 60),
  arn_number: optional(
    z
      .string({ error: 'ARN Number must be ARN- followed by digits, for example ARN-123456.' })
      .trim()
      .toUpperCase()
      .regex(ARN_RE, { error: 'ARN Number must be ARN- followed by digits, for example ARN-123456.' }),
  ),
  arn_expiry: dateField('ARN Expiry'),
  euin_number: optional(
    z
      .string({ error: 'EUIN Number must be E followed by 6 digits, for example E123456.' })
      .trim()
      .toUpperCase()
      .regex(EUIN_RE, { error: 'EUIN Number must be E followed by 6 digits, for example E123456.' }),
  ),
});
export type InvestmentProviderPayload = z.input<typeof InvestmentProviderPayloadSchema>;
export type ProviderPayload = z.output<typeof InvestmentProviderPayloadSchema>;

export const ProviderSchema = z.object({
  provider_id: z.uuid(),
  category: ServiceCategorySchema,
  service_id: z.uuid(),
  service_code: z.string(),
  service_name: z.string(),
  provider_name: z.string(),
  agency_code: z.string().nullable(),
  startdate: z.string().nullable(),
  agent_name: z.string().nullable(),
  email: z.string().nullable(),
  mobile_number: z.string().nullable(),
  /** The account number is masked to its last 4 characters in every answer (decisions §5). */
  bank_details: z.object({ bank_name: z.string().nullable(), account_number: z.string().nullable() }),
  investment_type: z.string().nullable(),
  agency_type: z.string().nullable(),
  arn_number: z.string().nullable(),
  arn_expiry: z.string().nullable(),
  euin_number: z.string().nullable(),
  /** True when the ARN expires within ARN_WARNING_MONTHS (or has expired). */
  arn_expiry_warning: z.boolean(),
  logo_url: z.string().nullable(),
  /** Client plans (policies and accounts not deleted) that use this provider. */
  plans_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ProviderResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: ProviderSchema,
});

export const ProviderListResponseSchema = z.object({
  status: z.literal('success'),
  data: z.array(ProviderSchema),
});

/** GET /plans/insurance/providers: the spec's client reads data.data (§7). */
export const InsuranceProviderListResponseSchema = z.object({ data: z.array(ProviderSchema) });

export const ProviderListQuerySchema = z.object({
  category: z
    .preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' ? v.toLowerCase() : v),
      z.enum(SERVICE_CATEGORIES, { error: 'Category must be insurance or investment.' }).optional(),
    )
    .optional(),
});

export const ServiceIdParamsSchema = z.object({
  serviceId: z.uuid({ error: 'The service id must be a valid identifier.' }),
});

export const BankDetailsResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    provider_id: z.uuid(),
    bank_name: z.string().nullable(),
    /** Masked to the last 4 characters; the full number is never answered (decisions §5). */
    account_number: z.string().nullable(),
  }),
});

export const DeleteResponseSchema = z.object({ status: z.literal('success'), message: z.string() });

/**
 * An image or document answered as bytes; the endpoint's `produces` names its content types, and the
 * OpenAPI document shows it as a binary string of those types.
 */
export const BinaryResponseSchema = z
  .custom<Uint8Array>((v) => v instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });
