import { z } from 'zod';
import { PlanStatusSchema } from './plan-status.ts';
import { PremiumDuesSchema, PremiumPaymentSchema } from './premium-dues.ts';

// The agency client's own area (issue 6; spec §3 client profile, agency, dashboard summary, alert, my plans,
// plan list item and detail, nominee, secondary client and documents; §7 /agency-user/...). Field names are
// the spec's, so its screens read them as they are. Every answer is the signed-in client's own data.

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PLAN_TYPES = ['insurance', 'investment'] as const;
export const PlanTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof PlanTypeSchema>;

/** What `holder` says when the primary client holds the plan themselves. */
export const PLAN_HOLDER_SELF = 'Self';

/** Alerts (decisions §4): windows in days from today. */
export const ALERT_POLICY_EXPIRING_DAYS = 60;
export const ALERT_POLICY_EXPIRED_DAYS = 30;
export const ALERT_INVESTMENT_MATURITY_DAYS = 90;

export const ClientSummarySchema = z.object({
  total_plans: z.number().int(),
  total_secondary_clients: z.number().int(),
  /** Premium per year of the Active policies (annualised by mode, decisions §4), exact, 2 decimals. */
  total_premium: moneySchema,
  claims_this_year: z.number().int(),
});
export type ClientSummary = z.infer<typeof ClientSummarySchema>;

export const EmergencyContactSchema = z.object({ name: z.string().nullable(), phone: z.string().nullable() });

export const ClientProfileSchema = z.object({
  fullName: z.string(),
  email: z.string().nullable(),
  phonenumber: z.string().nullable(),
  clientcode: z.string(),
  /** One line: house, society, locality, city, state and pincode, whichever are known. */
  address: z.string().nullable(),
  primaryclientid: z.uuid(),
  agencyid: z.uuid(),
  // Real values where the earlier portal showed placeholders (decisions §4).
  alternatephonenumber: z.string().nullable(),
  date_of_birth: dateSchema.nullable(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
  occupation: z.string().nullable(),
  client_since: z.string(),
  last_login: z.string().nullable(),
  status: z.enum(['Active', 'Inactive']),
  emergency_contact: EmergencyContactSchema.nullable(),
  /** PAN and Aadhaar, masked to the last 4 characters (decisions §5). */
  pannumber: z.string().nullable(),
  aadharnumber: z.string().nullable(),
  has_avatar: z.boolean(),
  /** Percent of the profile's fields that are filled, 0–100. */
  profile_completeness: z.number().int().min(0).max(100),
});
export type ClientProfile = z.infer<typeof ClientProfileSchema>;

export const ClientAgencySchema = z.object({
  name: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  website: z.string().nullable(),
  license_number: z.string().nullable(),
  address: z.string(),
  /** The agency's public logo address (the branding logo of its portal address), or null (issue 24 item 4). */
  logo_url: z.string().nullable(),
});
export type ClientAgency = z.infer<typeof ClientAgencySchema>;

const planCommon = {
  provider_name: z.string(),
  service_code: z.string(),
  /** The policy number, or the folio, PRAN or account number of an investment. */
  policy_number: z.string(),
  start_date: dateSchema.nullable(),
  end_date: dateSchema.nullable(),
  status: PlanStatusSchema,
  plan_name: z.string(),
  /** 'Self', or the family member's full name. */
  holder: z.string(),
  secondary_client_id: z.uuid().nullable(),
  document_available: z.boolean(),
};

export const InsurancePlanItemSchema = z.object({
  plan_type: z.literal('insurance'),
  policy_id: z.uuid(),
  premium_amount: moneySchema.nullable(),
  ...planCommon,
});
export type InsurancePlanItem = z.infer<typeof InsurancePlanItemSchema>;

export const InvestmentPlanItemSchema = z.object({
  plan_type: z.literal('investment'),
  account_id: z.uuid(),
  amount: moneySchema.nullable(),
  ...planCommon,
});
export type InvestmentPlanItem = z.infer<typeof InvestmentPlanItemSchema>;

export const MyPlansSchema = z.object({
  insurance_plans: z.array(InsurancePlanItemSchema),
  investment_plans: z.array(InvestmentPlanItemSchema),
});
export type MyPlans = z.infer<typeof MyPlansSchema>;

export const NomineeSchema = z.object({
  full_name: z.string(),
  relation: z.string().nullable(),
  dob: dateSchema.nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
});
export type Nominee = z.infer<typeof NomineeSchema>;

export const InsuredMemberSchema = z.object({
  insured_member_name: z.string(),
  relationship: z.string().nullable(),
  insured_member_dob: dateSchema.nullable(),
  insured_member_phone_number: z.string().nullable(),
});
export type InsuredMember = z.infer<typeof InsuredMemberSchema>;

const subtypeValue = z.union([z.string(), z.number(), z.boolean()]).nullable().optional();

/**
 * The per-service fields of spec §3, only those of the plan's service: life (sum_assured, plan_name, mode,
 * term, ppt), health (cover_type, sum_assured, plan_name, term, insured_members), motor (rc_number, term),
 * travel (insurance_company_name, trip_type, destination, duration, term), home (insurance_company_name,
 * term), mutual funds (folio_number, scheme, fund), NPS (pran), post office (account_number, scheme_name,
 * term, roi as a percentage); and the optional product fields of plan-products.ts (motor, home, mutual funds).
 */
export const SubtypeFieldsSchema = z.object({
  sum_assured: subtypeValue,
  plan_name: subtypeValue,
  mode: subtypeValue,
  term: subtypeValue,
  ppt: subtypeValue,
  cover_type: subtypeValue,
  insured_members: z.array(InsuredMemberSchema).optional(),
  vehicle_make: subtypeValue,
  vehicle_model: subtypeValue,
  rc_number: subtypeValue,
  policy_type: subtypeValue,
  idv: subtypeValue,
  ncb_percent: subtypeValue,
  building_sum_insured: subtypeValue,
  contents_sum_insured: subtypeValue,
  insurance_company_name: subtypeValue,
  trip_type: subtypeValue,
  destination: subtypeValue,
  duration: subtypeValue,
  folio_number: subtypeValue,
  scheme: subtypeValue,
  fund: subtypeValue,
  investment_mode: subtypeValue,
  sip_amount: subtypeValue,
  sip_day: subtypeValue,
  lump_sum_amount: subtypeValue,
  pran: subtypeValue,
  account_number: subtypeValue,
  scheme_name: subtypeValue,
  roi: subtypeValue,
});
export type SubtypeFields = z.infer<typeof SubtypeFieldsSchema>;

const detailCommon = {
  nominee: NomineeSchema.nullable(),
  subtype_fields: SubtypeFieldsSchema,
  /** The plan's premium dues and the premiums paid, newest first (issue 27). */
  premium: PremiumDuesSchema,
  premium_payments: z.array(PremiumPaymentSchema),
};

export const PlanDetailSchema = z.discriminatedUnion('plan_type', [
  InsurancePlanItemSchema.extend(detailCommon),
  InvestmentPlanItemSchema.extend(detailCommon),
]);
export type PlanDetail = z.infer<typeof PlanDetailSchema>;

export const SecondaryClientItemSchema = z.object({
  secondaryclientid: z.uuid(),
  firstname: z.string(),
  lastname: z.string().nullable(),
  secondaryclientemail: z.string().nullable(),
  relationship: z.string(),
  phonenumber: z.string().nullable(),
});
export type SecondaryClientItem = z.infer<typeof SecondaryClientItemSchema>;

export const SecondaryClientListSchema = z.array(SecondaryClientItemSchema);

export const SecondaryClientDetailSchema = SecondaryClientItemSchema.extend({
  email: z.string().nullable(),
  alternatephonenumber: z.string().nullable(),
  relation_type: z.string().nullable(),
  date_of_birth: dateSchema.nullable(),
  gender: z.string().nullable(),
  housenumber: z.string().nullable(),
  society: z.string().nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  /** Centimetres. */
  height: z.number().nullable(),
  /** Kilograms. */
  weight: z.number().nullable(),
  anymedicalcondition: z.string().nullable(),
  // Masked to the last 4 characters, or null when unknown (decisions §5, spec §5).
  aadharnumber: z.string().nullable(),
  pannumber: z.string().nullable(),
  cifnumber: z.string().nullable(),
  accountnumber: z.string().nullable(),
  ifsccode: z.string().nullable(),
});
export type SecondaryClientDetail = z.infer<typeof SecondaryClientDetailSchema>;

/** A plan the family member holds or is insured under (spec §3 secondary client plan). */
export const SecondaryClientPlanSchema = z.object({
  plan_id: z.uuid(),
  plan_type: PlanTypeSchema,
  plan_name: z.string(),
  service_category: PlanTypeSchema,
  service_code: z.string(),
  provider_name: z.string(),
  policy_number: z.string(),
  status: PlanStatusSchema,
  /** 'holder' when they hold it, 'insured' when they are an insured member of someone else's policy. */
  role: z.enum(['holder', 'insured']),
});
export type SecondaryClientPlan = z.infer<typeof SecondaryClientPlanSchema>;

export const SecondaryClientResponseSchema = z.object({
  secondary_client: SecondaryClientDetailSchema,
  plans: z.array(SecondaryClientPlanSchema),
});
export type SecondaryClientResponse = z.infer<typeof SecondaryClientResponseSchema>;

export const EncodedDocumentSchema = z.object({ mime: z.string(), data: z.base64() });
export type EncodedDocument = z.infer<typeof EncodedDocumentSchema>;

/**
 * A family member's document in the client area's list (issue 23 item 9, decision 023): its type, its size in
 * bytes and the address of its own download (`clientSecondaryDocument`), which streams it and is audited. The list
 * carried each file as base64 before (up to 4 × 10 MiB in one answer).
 */
export const LinkedDocumentSchema = z.object({
  mime: z.string(),
  size: z.number().int().nonnegative(),
  url: z.string(),
});
export type LinkedDocument = z.infer<typeof LinkedDocumentSchema>;

/** The spec's four keys (§3 secondary client documents), each a linked document or null. */
export const SecondaryClientDocumentsSchema = z.object({
  aadhaar: LinkedDocumentSchema.nullable(),
  pan: LinkedDocumentSchema.nullable(),
  cheque: LinkedDocumentSchema.nullable(),
  profile_image: LinkedDocumentSchema.nullable(),
});
export type SecondaryClientDocuments = z.infer<typeof SecondaryClientDocumentsSchema>;

export const ALERT_TYPES = ['insurance', 'investment', 'other'] as const;

/** The kinds of alert the API words (decision 048): each has a title and a hint in the web's message files. */
export const ALERT_TEXT_KINDS = [
  'policy_renewal_due',
  'policy_expiring_today',
  'policy_expired',
  'maturity_today',
  'maturity_soon',
  'premium_due_today',
  'premium_due',
  'premium_overdue',
  'premium_lapsed',
  'instalment_due_today',
  'instalment_due',
  'instalment_overdue',
  'instalment_missed',
  'nominee_missing',
  'claim_numbered',
  'claim_on_policy',
] as const;
export type AlertTextKind = (typeof ALERT_TEXT_KINDS)[number];

/**
 * An alert's words as a kind and its values (decision 048): the client area says them in the client's language.
 * Days are whole numbers, dates ISO days (YYYY-MM-DD), `status` a claim status code, `amount` rupees as text.
 */
export const AlertTextSchema = z.object({
  kind: z.enum(ALERT_TEXT_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type AlertText = z.infer<typeof AlertTextSchema>;

export const AlertSchema = z.object({
  alert_id: z.string(),
  alert_type: z.enum(ALERT_TYPES),
  title: z.string(),
  plan_name: z.string(),
  alert_date: dateSchema,
  action_hint: z.string(),
  /** The policy or account id: the Review button opens /agency-client/dashboard/plans/{reference_id}. */
  reference_id: z.uuid(),
  /** `title` and `action_hint` as a kind and values, for the client's language (issue 30). */
  text: AlertTextSchema.optional(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertsResponseSchema = z.object({ alerts: z.array(AlertSchema) });

export const PolicyIdParamsSchema = z.object({
  policyId: z.uuid({ error: 'The policy id must be a valid identifier.' }),
});
export const AccountIdParamsSchema = z.object({
  accountId: z.uuid({ error: 'The account id must be a valid identifier.' }),
});
