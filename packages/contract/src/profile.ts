import { z } from 'zod';
import { RegistrationStep1Schema, RegistrationStep2Schema, RegistrationStep3Schema } from './auth.ts';

// The agency owner's "Premium Agency" page (issue 4): the agency's details from registration plus its
// license number and logo. Field names and messages are registration's (spec §3, §5).

const LICENSE_RE = /^[A-Za-z0-9][A-Za-z0-9/\- ]*$/;

export const AgencyProfileUpdateSchema = z.object({
  AgencyName: RegistrationStep1Schema.shape.AgencyName,
  AgencyEmail: RegistrationStep1Schema.shape.AgencyEmail,
  AgencyPhoneNumber: RegistrationStep1Schema.shape.AgencyPhoneNumber,
  AlternatePhoneNumber: RegistrationStep1Schema.shape.AlternatePhoneNumber,
  ...RegistrationStep2Schema.shape,
  YearsInBusiness: RegistrationStep3Schema.shape.YearsInBusiness,
  Website: RegistrationStep3Schema.shape.Website,
  CompanyDescription: RegistrationStep3Schema.shape.CompanyDescription,
  LicenseNumber: z
    .string({ error: 'License Number must be text.' })
    .trim()
    .max(50, { error: 'License Number must be at most 50 characters.' })
    .refine((v) => v === '' || LICENSE_RE.test(v), {
      error: 'License Number may contain only letters, digits, spaces, / and -.',
    })
    .optional()
    .or(z.null().transform(() => undefined)),
});
export type AgencyProfileUpdate = z.input<typeof AgencyProfileUpdateSchema>;

export const AgencyProfileSchema = z.object({
  agency_id: z.uuid(),
  /** Fixed at registration: the portal address stays the one clients were given (decisions §2). */
  slug: z.string(),
  portal_address: z.string(),
  /** The owner account's verification (decisions §3). */
  is_verified: z.boolean(),
  ClientName: z.string(),
  AgencyName: z.string(),
  AgencyEmail: z.string(),
  AgencyPhoneNumber: z.string(),
  AlternatePhoneNumber: z.string().nullable(),
  Locality: z.string(),
  Society: z.string().nullable(),
  City: z.string(),
  StateName: z.string(),
  Pincode: z.string(),
  Website: z.string().nullable(),
  YearsInBusiness: z.number().int().nullable(),
  CompanyDescription: z.string().nullable(),
  LicenseNumber: z.string().nullable(),
  logo_url: z.string().nullable(),
  registered_on: z.string(),
  updated_at: z.string(),
});
export type AgencyProfile = z.infer<typeof AgencyProfileSchema>;

export const AgencyProfileResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: AgencyProfileSchema,
});
