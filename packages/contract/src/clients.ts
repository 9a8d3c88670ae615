import { z } from 'zod';
import { RecordStampSchema } from './activity.ts';
import { CursorPageQueryFields, CursorPaginationSchema, oneCursor } from './admin.ts';
import { AgentFilterSchema, AssignedAgentSchema } from './assignment.ts';
import { passwordSchema, phoneRule } from './auth.ts';
import { MSG } from './messages.ts';
import { PlanStatusSchema } from './plan-status.ts';
import { isCalendarDate, ServiceCategorySchema } from './providers.ts';
import { EMAIL_RE } from './rules.ts';

/** The languages of a client's reminders (and WhatsApp messages): here, as a client record answers it. */
export const NOTIFICATION_LANGUAGES = ['en', 'hi'] as const;
export const NotificationLanguageSchema = z.enum(NOTIFICATION_LANGUAGES, {
  error: 'Language must be en (English) or hi (Hindi).',
});
export type NotificationLanguage = z.infer<typeof NotificationLanguageSchema>;

// The agency's primary clients (decisions §1, issue 5): the workspace's Registered Users, Add Primary
// Client and User detail. Field names are snake_case; identity numbers follow decisions §5 (Aadhaar keeps
// only its last 4 digits, PAN is stored encrypted, every answer masks both to the last 4 characters).

export const PAN_RE = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const PINCODE_RE = /^[1-9][0-9]{5}$/;

// Verhoeff's tables (dihedral group D5), the checksum of Aadhaar numbers.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when the digits pass the Verhoeff check (the last digit is the check digit). */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i += 1) {
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(reversed[i])]!]!;
  }
  return c === 0;
}

/** The Verhoeff check digit for `digits` (for test data and demo seeds). */
export function verhoeffCheckDigit(digits: string): string {
  for (let d = 0; d <= 9; d += 1) if (verhoeffValid(`${digits}${d}`)) return String(d);
  throw new Error('unreachable');
}

/** A 12-digit Aadhaar number: not starting with 0 or 1, Verhoeff checksum (UIDAI's rules). */
export function aadhaarValid(value: string): boolean {
  return /^[2-9][0-9]{11}$/.test(value) && verhoeffValid(value);
}

export const AADHAAR_MESSAGE = 'Aadhaar Number must be a valid 12-digit Aadhaar number.';
/** Insurance-only clients often have no PAN at hand; investments need KYC (issue 24 item 7). */
export const PAN_FOR_INVESTMENTS_MESSAGE =
  'PAN Number is required for a client who holds an investment (mutual funds, NPS or post office), for KYC.';
export const PAN_HINT_NEW = 'Needed only for investments (mutual funds, NPS, post office), for KYC.';

export const PAN_MESSAGE = 'PAN Number must be 5 letters, 4 digits and a letter, for example ABCDE1234F.';
export const CLIENT_EMAIL_TAKEN = 'Another client of your agency already uses this email for the portal.';

/** Blank text is absent: forms send '' for an empty input. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToNull, schema.nullable().optional()).transform((v) => v ?? null);
}

export function requiredText(label: string, max: number) {
  const message = `${label} is required.`;
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

export function optionalText(label: string, max: number) {
  return optionalField(
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` }),
  );
}

export function optionalDate(label: string) {
  const message = `${label} must be a date in the form YYYY-MM-DD.`;
  return optionalField(z.string({ error: message }).trim().refine(isCalendarDate, { error: message }));
}

export function optionalEmail(label = 'Email') {
  return optionalField(
    z
      .string({ error: MSG.invalidEmail })
      .trim()
      .max(254, { error: `${label} must be at most 254 characters.` })
      .regex(EMAIL_RE, { error: MSG.invalidEmail })
      .transform((v) => v.toLowerCase()),
  );
}

export function optionalPhone(label: string) {
  const message = `${label} must be a valid phone number.`;
  return optionalField(
    z.string({ error: message }).trim().max(20, { error: message }).refine(phoneRule, { error: message }),
  );
}

export const optionalPincode = optionalField(
  z
    .string({ error: 'Pincode must be 6 digits and not start with 0.' })
    .trim()
    .regex(PINCODE_RE, { error: 'Pincode must be 6 digits and not start with 0.' }),
);

/** Spaces are ignored and letters upper-cased before the PAN rule. */
export const panField = z
  .string({ error: PAN_MESSAGE })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .refine((v) => PAN_RE.test(v), { error: PAN_MESSAGE });

/** Spaces and hyphens are ignored (12 digits are often written 1234 5678 9012). */
export const aadhaarField = z
  .string({ error: AADHAAR_MESSAGE })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine(aadhaarValid, { error: AADHAAR_MESSAGE });

export const GENDERS = ['male', 'female', 'other'] as const;

const clientFields = {
  first_name: requiredText('First Name', 80),
  last_name: optionalText('Last Name', 80),
  date_of_birth: optionalDate('Date Of Birth'),
  gender: optionalField(
    z
      .string({ error: 'Gender must be male, female or other.' })
      .trim()
      .toLowerCase()
      .pipe(z.enum(GENDERS, { error: 'Gender must be male, female or other.' })),
  ),
  nationality: optionalText('Nationality', 60),
  occupation: optionalText('Occupation', 80),
  email: optionalEmail(),
  phone: optionalPhone('Phone Number'),
  alternate_phone: optionalPhone('Alternate Phone Number'),
  emergency_contact_name: optionalText('Emergency Contact Name', 100),
  emergency_contact_phone: optionalPhone('Emergency Contact Phone'),
  house_number: optionalText('House Number', 60),
  society: optionalText('Society', 120),
  locality: optionalText('Locality', 120),
  city: optionalText('City', 80),
  state: optionalText('State', 60),
  pincode: optionalPincode,
  aadhaar_number: optionalField(aadhaarField),
};

export const PortalAccessInputSchema = z.object(
  {
    enabled: z.boolean({ error: 'Enabled must be true or false.' }),
    initial_password: optionalField(passwordSchema('InitialPassword')),
  },
  { error: 'Portal Access must be an object with enabled and initial_password.' },
);
export type PortalAccessInput = z.input<typeof PortalAccessInputSchema>;

/** The fields of a new primary client (plans.ts adds the optional `plans`). */
export const CreatePrimaryClientShape = {
  ...clientFields,
  /** Required only with an investment (KYC, issue 24 item 7): plans.ts checks it against the plans. */
  pan_number: optionalField(panField),
  portal_access: z
    .preprocess((v) => v ?? { enabled: false }, PortalAccessInputSchema)
    .default({ enabled: false, initial_password: null }),
};

/** Portal access needs an email to sign in with and an initial password. */
export function checkPortalAccess(
  v: { email: string | null; portal_access: { enabled: boolean; initial_password: string | null } },
  ctx: z.RefinementCtx,
) {
  if (!v.portal_access.enabled) return;
  if (!v.email) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'Email is required for portal access.' });
  }
  if (!v.portal_access.initial_password) {
    ctx.addIssue({
      code: 'custom',
      path: ['portal_access', 'initial_password'],
      message: 'Initial Password is required for portal access.',
    });
  }
}

export const CreatePrimaryClientSchema = z.object(CreatePrimaryClientShape).superRefine(checkPortalAccess);
export type CreatePrimaryClient = z.input<typeof CreatePrimaryClientSchema>;

/**
 * An edit replaces every field; screens only ever see masked identifiers, so a PAN or Aadhaar left out (or
 * blank) keeps the stored one.
 */
export const UpdatePrimaryClientSchema = z.object({
  ...clientFields,
  pan_number: optionalField(panField),
});
export type UpdatePrimaryClient = z.input<typeof UpdatePrimaryClientSchema>;

/** Registered Users' page; `agent` narrows a manager's list to one agent's clients or nobody's (issue 25). */
export const PrimaryClientListQuerySchema = CursorPageQueryFields.extend({ agent: AgentFilterSchema }).refine(
  oneCursor.check,
  oneCursor.message,
);
export type PrimaryClientListQuery = z.input<typeof PrimaryClientListQuerySchema>;

export const PrimaryClientListItemSchema = z.object({
  primary_client_id: z.uuid(),
  client_code: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  family_count: z.number().int(),
  plan_count: z.number().int(),
  portal_access: z.boolean(),
  created_at: z.string(),
  /** Whom the client is assigned to (issue 25); an agent sees themself. */
  assigned_agent: AssignedAgentSchema,
});
export type PrimaryClientListItem = z.infer<typeof PrimaryClientListItemSchema>;

export const PrimaryClientListResponseSchema = z.object({
  items: z.array(PrimaryClientListItemSchema),
  pagination: CursorPaginationSchema,
});

export const PrimaryClientSchema = z.object({
  primary_client_id: z.uuid(),
  client_code: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  emergency_contact_name: z.string().nullable(),
  emergency_contact_phone: z.string().nullable(),
  house_number: z.string().nullable(),
  society: z.string().nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  /** Masked to the last 4 characters (decisions §5). */
  pan_number: z.string().nullable(),
  aadhaar_number: z.string().nullable(),
  portal_access: z.boolean(),
  /** The portal account's sign-in email, when the client has one. */
  portal_email: z.string().nullable(),
  must_change_password: z.boolean(),
  avatar_url: z.string().nullable(),
  /** Whom the client is assigned to (issue 25); an agent sees themself. */
  assigned_agent: AssignedAgentSchema,
  /** The client's reminder language (their choice in My Profile): a WhatsApp message to them is in it. */
  reminder_language: NotificationLanguageSchema.default('en'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PrimaryClient = z.infer<typeof PrimaryClientSchema>;

export const PrimaryClientResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: PrimaryClientSchema,
});

/** The workspace's plan status: the same rule and values as the client area's (decisions §4, plan-status.ts). */
export const PlanStatusLabelSchema = PlanStatusSchema;

export const ClientPlanItemSchema = z.object({
  plan_kind: ServiceCategorySchema,
  /** The policy id (insurance) or the account id (investment). */
  plan_id: z.uuid(),
  policy_id: z.uuid().optional(),
  account_id: z.uuid().optional(),
  provider_id: z.uuid(),
  provider_name: z.string(),
  service_code: z.string(),
  plan_name: z.string().nullable(),
  policy_number: z.string(),
  premium_amount: z.string().nullable().optional(),
  amount: z.string().nullable().optional(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  status: PlanStatusLabelSchema,
  secondary_client_id: z.uuid().nullable(),
  holder_name: z.string(),
  document_available: z.boolean(),
  /**
   * The plan's next premium due date (decision 038), where the list answers it (a client's record, a family
   * member's page); the record's WhatsApp button writes the premium-due message with it (decision 040).
   */
  next_due_date: z.string().nullable().optional(),
});
export type ClientPlanItem = z.infer<typeof ClientPlanItemSchema>;

export const FamilyMemberSummarySchema = z.object({
  secondary_client_id: z.uuid(),
  full_name: z.string(),
  relationship: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  date_of_birth: z.string().nullable(),
});

export const ClientDocumentSchema = z.object({
  document_id: z.uuid(),
  kind: z.string(),
  /** Whose document: the primary client, a family member or a plan. */
  belongs_to: z.enum(['primary_client', 'secondary_client', 'plan']),
  owner_id: z.uuid(),
  owner_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  original_name: z.string().nullable(),
  created_at: z.string(),
  /** Where the document is served, when it has its own download call. */
  url: z.string().nullable(),
});

export const PrimaryClientDetailResponseSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    client: PrimaryClientSchema,
    family_members: z.array(FamilyMemberSummarySchema),
    plans: z.object({
      insurance: z.array(ClientPlanItemSchema),
      investment: z.array(ClientPlanItemSchema),
    }),
    documents: z.array(ClientDocumentSchema),
    /** Who added the client and who last changed their record (issue 25 item 4, decision 033). */
    added_by: RecordStampSchema.nullable(),
    changed_by: RecordStampSchema.nullable(),
  }),
});
export type PrimaryClientDetailResponse = z.infer<typeof PrimaryClientDetailResponseSchema>;

export const PortalAccessUpdateSchema = PortalAccessInputSchema;

/** The answer to an invitation (issue 24 item 2): the client, and the link for the owner to pass on as well. */
export const InvitationResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: PrimaryClientSchema,
  invitation: z.object({
    /** The one-time link (the owner may send it on WhatsApp or copy it). */
    url: z.string(),
    /** Where the e-mail went: sent by SMTP, kept in the agency's outbox. */
    delivery: z.enum(['email', 'outbox', 'log']),
    /** `https://wa.me/91…?text=…` when the client has a mobile number. */
    whatsapp_url: z.string().nullable(),
    expires_at: z.string(),
  }),
});
export type InvitationResponse = z.infer<typeof InvitationResponseSchema>;

export const ResetPortalPasswordSchema = z.object({ new_password: passwordSchema('NewPassword') });
