import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';
import {
  COUNTRY_ID_INDIA,
  INSERTED_BY_SYSTEM,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './constants.ts';
import { MSG, requiredMessage, splitFieldName } from './messages.ts';
import { ROLES } from './roles.ts';
import { EMAIL_RE } from './rules.ts';
import { slugRuleError } from './slug.ts';
import { INDIAN_STATES_AND_UTS } from './states.ts';

// One set of schemas for the registration form and the API (spec §3, §5). Field names are the spec's.

export const RoleSchema = z.enum(ROLES);

// Digits with optional +, spaces, hyphens and brackets; 10 to 13 digits (Indian mobiles and landlines with STD code).
const PHONE_RE = /^\+?\(?[0-9][0-9\s()-]*$/;
const PINCODE_RE = /^[1-9][0-9]{5}$/;
const WEBSITE_RE = /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:[0-9]{1,5})?(\/\S*)?$/i;

function requiredString(field: string, max: number) {
  const required = requiredMessage(field);
  return (
    z
      .string({ error: required })
      .trim()
      // abort: a missing field answers only '{Field} is required.' (spec §5), not also its format rule.
      .min(1, { error: required, abort: true })
      .max(max, { error: `${splitFieldName(field)} must be at most ${max} characters.` })
  );
}

function optionalString(field: string, max: number) {
  return z
    .string({ error: `${splitFieldName(field)} must be text.` })
    .trim()
    .max(max, { error: `${splitFieldName(field)} must be at most ${max} characters.` })
    .optional()
    .or(z.null().transform(() => undefined));
}

export function passwordRuleError(password: string): string | null {
  if (password.length === 0) return null;
  const ok =
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  if (!ok) return MSG.passwordRule;
  if (password.length > PASSWORD_MAX_LENGTH) return MSG.passwordTooLong;
  if (isCommonPassword(password)) return MSG.passwordTooCommon;
  return null;
}

/** The registration password rule, reused by the admin reset (decisions §3). */
export function passwordSchema(field: string) {
  const required = requiredMessage(field);
  return z
    .string({ error: required })
    .min(1, { error: required })
    .superRefine((value, ctx) => {
      const problem = passwordRuleError(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

function emailSchema(field: string) {
  return requiredString(field, 254)
    .regex(EMAIL_RE, { error: MSG.invalidEmail })
    .transform((v) => v.toLowerCase());
}

export function phoneRule(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE_RE.test(value) && digits.length >= 10 && digits.length <= 13;
}

function phoneSchema(field: string) {
  return requiredString(field, 20).refine(phoneRule, {
    error: `${splitFieldName(field)} must be a valid phone number.`,
  });
}

function optionalPhoneSchema(field: string) {
  return optionalString(field, 20).refine((v) => !v || phoneRule(v), {
    error: `${splitFieldName(field)} must be a valid phone number.`,
  });
}

/**
 * A portal address's slug as the owner chose it (decisions §2): trimmed and lower-cased, then held to the rules
 * `slugify` follows, with a message naming the field.
 */
export function slugSchema(field: string) {
  return z
    .string({ error: `${splitFieldName(field)} must be text.` })
    .trim()
    .toLowerCase()
    .superRefine((value, ctx) => {
      const problem = slugRuleError(value, splitFieldName(field));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

export const RegistrationStep1Schema = z.object({
  ClientName: requiredString('ClientName', 100),
  AgencyName: requiredString('AgencyName', 100),
  /**
   * The slug of the agency's portal address, as the owner chose it (issue 24 item 5). Left out (or empty), the
   * API derives it from AgencyName as it always has, so older callers keep working.
   */
  PortalAddress: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    slugSchema('PortalAddress').optional(),
  ),
  AgencyEmail: emailSchema('AgencyEmail'),
  AgencyPhoneNumber: phoneSchema('AgencyPhoneNumber'),
  AgencyPassword: passwordSchema('AgencyPassword'),
  AlternatePhoneNumber: optionalPhoneSchema('AlternatePhoneNumber'),
});

export const RegistrationStep2Schema = z.object({
  Locality: requiredString('Locality', 120),
  Society: optionalString('Society', 120),
  City: requiredString('City', 80),
  StateName: requiredString('StateName', 60).refine(
    (v) => (INDIAN_STATES_AND_UTS as readonly string[]).includes(v),
    { error: 'State Name must be one of the Indian states and union territories.' },
  ),
  Pincode: requiredString('Pincode', 6).regex(PINCODE_RE, {
    error: 'Pincode must be 6 digits and not start with 0.',
  }),
});

const yearsInBusiness = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Years In Business must be a whole number from 0 to 200.' })
    .int({ error: 'Years In Business must be a whole number from 0 to 200.' })
    .min(0, { error: 'Years In Business must be a whole number from 0 to 200.' })
    .max(200, { error: 'Years In Business must be a whole number from 0 to 200.' })
    .optional(),
);

export const RegistrationStep3Schema = z.object({
  YearsInBusiness: yearsInBusiness,
  Website: optionalString('Website', 200).refine((v) => !v || WEBSITE_RE.test(v), {
    error: 'Website must be a web address such as www.example.in.',
  }),
  CompanyDescription: optionalString('CompanyDescription', 1000),
  termsAccepted: z
    .boolean({ error: MSG.termsRequired })
    .refine((v) => v === true, { error: MSG.termsRequired }),
  newsletterSubscribed: z.boolean().optional().default(false),
});

export const RegistrationSchema = z.object({
  ...RegistrationStep1Schema.shape,
  ...RegistrationStep2Schema.shape,
  ...RegistrationStep3Schema.shape,
  InsertedBy: z.literal(INSERTED_BY_SYSTEM).optional(),
  CountryId: z.literal(COUNTRY_ID_INDIA).optional(),
});
export type RegistrationInput = z.input<typeof RegistrationSchema>;
export type Registration = z.output<typeof RegistrationSchema>;

export const RegistrationResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    client_id: z.uuid(),
    agency_id: z.uuid(),
    slug: z.string(),
    portal_url: z.string(),
  }),
});
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

/** GET /api/registration/slug: is this portal address free? (issue 24 item 5) */
export const SlugCheckQuerySchema = z.object({ slug: slugSchema('slug') });
export type SlugCheckQuery = z.input<typeof SlugCheckQuerySchema>;

export const SlugCheckResponseSchema = z.object({
  /** The slug checked, as the rules read it (trimmed, lower-cased). */
  slug: z.string(),
  available: z.boolean(),
  /** Why it is not available: another agency has it, or the platform keeps it (decisions §2). */
  reason: z.enum(['taken', 'reserved']).nullable(),
  /** A free slug like it (`acme-2`) when this one is not available; null when it is. */
  suggestion: z.string().nullable(),
});
export type SlugCheck = z.infer<typeof SlugCheckResponseSchema>;

export const LoginRequestSchema = z.object({
  email: emailSchema('Email'),
  password: z
    .string({ error: requiredMessage('Password') })
    .min(1, { error: requiredMessage('Password') })
    .max(1024, { error: 'Password is too long.' }),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LoginResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({
    token: z.string(),
    agency_name: z.string().nullable(),
    must_change_password: z.boolean(),
  }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** The claims of our signed token (decisions §3). `tv` is the token version used for revocation. */
export const TokenClaimsSchema = z.object({
  sub: z.uuid(),
  roleid: z.array(RoleSchema).min(1),
  clientName: z.string(),
  agency_id: z.uuid().nullable(),
  agency_name: z.string().nullable(),
  tv: z.number().int(),
  exp: z.number(),
  iat: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaimsSchema>;

export const MeResponseSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  full_name: z.string(),
  roles: z.array(RoleSchema),
  agency_id: z.uuid().nullable(),
  agency_name: z.string().nullable(),
  agency_slug: z.string().nullable(),
  is_verified: z.boolean().nullable(),
  must_change_password: z.boolean(),
  /** The platform admin has not yet set up its required second factor: only the set-up is open (issue 23, 14). */
  must_enrol_second_factor: z.boolean().optional(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
