import type { SecondaryClient } from '@portal/contract';
import type { z } from 'zod';

// The family member form's values: every field of spec §3's secondary client detail as the inputs hold
// them (text), turned into the contract's body and checked with the contract's own schemas.

export const MEMBER_FIELDS = [
  'first_name',
  'last_name',
  'relationship',
  'relation_type',
  'date_of_birth',
  'gender',
  'email',
  'phone',
  'alternate_phone',
  'house_number',
  'society',
  'locality',
  'city',
  'state',
  'pincode',
  'height_cm',
  'weight_kg',
  'medical_conditions',
  'aadhaar_number',
  'pan_number',
  'cif_number',
  'account_number',
  'ifsc_code',
] as const;

export type MemberField = (typeof MEMBER_FIELDS)[number];
export type MemberValues = Record<MemberField, string>;

/** Identity and bank numbers: the screen only ever holds their masks, so an edit starts them blank. */
export const SECRET_FIELDS: readonly MemberField[] = [
  'aadhaar_number',
  'pan_number',
  'cif_number',
  'account_number',
];

export function memberValues(member?: SecondaryClient | null): MemberValues {
  const out = {} as MemberValues;
  for (const field of MEMBER_FIELDS) {
    const value = member && !SECRET_FIELDS.includes(field) ? member[field] : null;
    out[field] = value === null || value === undefined ? '' : String(value);
  }
  return out;
}

/** The body the API takes: text as typed (the schemas trim, upper-case and treat blank as absent). */
export function memberBody(values: MemberValues): Record<MemberField, string> {
  return { ...values };
}

/** The first message for each field, keyed by the field's name. */
export function fieldErrors(schema: z.ZodType, body: unknown): Record<string, string> {
  const parsed = schema.safeParse(body);
  const found: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'form')] ??= issue.message;
  }
  return found;
}
