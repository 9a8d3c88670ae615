import { z } from 'zod';
import {
  aadhaarField,
  ClientPlanItemSchema,
  GENDERS,
  optionalDate,
  optionalEmail,
  optionalField,
  optionalPhone,
  optionalPincode,
  optionalText,
  panField,
  requiredText,
} from './clients.ts';

// A primary client's family members, "secondary clients" (spec §3 secondary client and its detail,
// issue 5). Identity and bank numbers follow decisions §5: Aadhaar keeps only its last 4 digits, PAN,
// CIF and account number are stored encrypted, and every answer masks them to the last 4 characters.

export const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const IFSC_MESSAGE =
  'IFSC Code must be 4 letters, a 0 and 6 letters or digits, for example HDFC0001234.';
export const CIF_MESSAGE = 'CIF Number must be 6 to 20 letters or digits.';
export const FAMILY_ACCOUNT_MESSAGE = 'Account Number must be 9 to 18 digits.';

export const SECONDARY_DOCUMENT_KINDS = ['aadhaar', 'pan', 'cheque', 'profile_image'] as const;
export const SecondaryDocumentKindSchema = z.enum(SECONDARY_DOCUMENT_KINDS, {
  error: 'The document kind must be aadhaar, pan, cheque or profile_image.',
});
export type SecondaryDocumentKind = z.infer<typeof SecondaryDocumentKindSchema>;

function measure(label: string, unit: string, min: number, max: number) {
  const message = `${label} must be a number of ${unit} from ${min} to ${max}.`;
  return optionalField(
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: message })
        .min(min, { error: message })
        .max(max, { error: message })
        .transform((v) => Math.round(v * 10) / 10),
    ),
  );
}

const familyFields = {
  first_name: requiredText('First Name', 80),
  last_name: optionalText('Last Name', 80),
  relationship: requiredText('Relationship', 40),
  relation_type: optionalText('Relation Type', 40),
  date_of_birth: optionalDate('Date Of Birth'),
  gender: optionalField(
    z
      .string({ error: 'Gender must be male, female or other.' })
      .trim()
      .toLowerCase()
      .pipe(z.enum(GENDERS, { error: 'Gender must be male, female or other.' })),
  ),
  email: optionalEmail(),
  phone: optionalPhone('Phone Number'),
  alternate_phone: optionalPhone('Alternate Phone Number'),
  house_number: optionalText('House Number', 60),
  society: optionalText('Society', 120),
  locality: optionalText('Locality', 120),
  city: optionalText('City', 80),
  state: optionalText('State', 60),
  pincode: optionalPincode,
  height_cm: measure('Height', 'centimetres', 30, 250),
  weight_kg: measure('Weight', 'kilograms', 1, 400),
  medical_conditions: optionalText('Medical Conditions', 1000),
  aadhaar_number: optionalField(aadhaarField),
  pan_number: optionalField(panField),
  cif_number: optionalField(
    z
      .string({ error: CIF_MESSAGE })
      .transform((v) => v.replace(/\s/g, '').toUpperCase())
      .refine((v) => /^[A-Z0-9]{6,20}$/.test(v), { error: CIF_MESSAGE }),
  ),
  account_number: optionalField(
    z
      .string({ error: FAMILY_ACCOUNT_MESSAGE })
      .transform((v) => v.replace(/[\s-]/g, ''))
      .refine((v) => /^\d{9,18}$/.test(v), { error: FAMILY_ACCOUNT_MESSAGE }),
  ),
  ifsc_code: optionalField(
    z
      .string({ error: IFSC_MESSAGE })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => IFSC_RE.test(v), { error: IFSC_MESSAGE }),
  ),
};

export const CreateSecondaryClientSchema = z.object({
  primary_client_id: z.uuid({
    error: 'Primary Client is required: choose whose family this member belongs to.',
  }),
  ...familyFields,
});
export type CreateSecondaryClient = z.input<typeof CreateSecondaryClientSchema>;

/** An edit replaces every field; identity and bank numbers left out (or blank) keep the stored ones. */
export const UpdateSecondaryClientSchema = z.object(familyFields);
export type UpdateSecondaryClient = z.input<typeof UpdateSecondaryClientSchema>;

export const SecondaryDocumentInfoSchema = z.object({
  document_id: z.uuid(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  original_name: z.string().nullable(),
  url: z.string(),
});

export const SecondaryClientSchema = z.object({
  secondary_client_id: z.uuid(),
  primary_client_id: z.uuid(),
  primary_client_name: z.string(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  relationship: z.string(),
  relation_type: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  gender: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  alternate_phone: z.string().nullable(),
  house_number: z.string().nullable(),
  society: z.string().nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
  height_cm: z.number().nullable(),
  weight_kg: z.number().nullable(),
  medical_conditions: z.string().nullable(),
  /** Masked to the last 4 characters (decisions §5). */
  aadhaar_number: z.string().nullable(),
  pan_number: z.string().nullable(),
  cif_number: z.string().nullable(),
  account_number: z.string().nullable(),
  ifsc_code: z.string().nullable(),
  documents: z.object({
    aadhaar: SecondaryDocumentInfoSchema.nullable(),
    pan: SecondaryDocumentInfoSchema.nullable(),
    cheque: SecondaryDocumentInfoSchema.nullable(),
    profile_image: SecondaryDocumentInfoSchema.nullable(),
  }),
  /** The plans this member holds. */
  plans: z.array(ClientPlanItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SecondaryClient = z.infer<typeof SecondaryClientSchema>;

export const SecondaryClientDetailResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: SecondaryClientSchema,
});

export const SecondaryDocumentParamsSchema = z.object({
  id: z.uuid({ error: 'The id must be a valid identifier.' }),
  kind: SecondaryDocumentKindSchema,
});
