import { RegistrationStep1Schema, RegistrationStep2Schema, RegistrationStep3Schema } from '@portal/contract';
import type { FieldPath } from 'react-hook-form';

// The registration form's values, steps and labels (spec §2–§5); the schemas are the API's own (packages/contract).

export type FormValues = {
  ClientName: string;
  AgencyName: string;
  /** The portal address's slug when the owner typed one; '' while it follows the agency name. */
  PortalAddress: string;
  AgencyEmail: string;
  AgencyPhoneNumber: string;
  AgencyPassword: string;
  AlternatePhoneNumber: string;
  Locality: string;
  Society: string;
  City: string;
  StateName: string;
  Pincode: string;
  YearsInBusiness: string;
  Website: string;
  CompanyDescription: string;
  termsAccepted: boolean;
  newsletterSubscribed: boolean;
};

export const EMPTY: FormValues = {
  ClientName: '',
  AgencyName: '',
  PortalAddress: '',
  AgencyEmail: '',
  AgencyPhoneNumber: '',
  AgencyPassword: '',
  AlternatePhoneNumber: '',
  Locality: '',
  Society: '',
  City: '',
  StateName: '',
  Pincode: '',
  YearsInBusiness: '',
  Website: '',
  CompanyDescription: '',
  termsAccepted: false,
  newsletterSubscribed: false,
};

/** Never kept in the tab's draft: asked again after a reload (issue 24 item 5). */
export const SECRET_FIELDS = ['AgencyPassword'] as const satisfies readonly (keyof FormValues)[];

export const STEPS = [
  { title: 'Personal & Contact Info', schema: RegistrationStep1Schema },
  { title: 'Address & Media', schema: RegistrationStep2Schema },
  { title: 'Company Profile', schema: RegistrationStep3Schema },
] as const;

/** The fields' labels on screen, to name what a step still needs. */
export const FIELD_LABELS: Record<string, string> = {
  ClientName: 'Agency Owner',
  AgencyName: 'Agency Name',
  PortalAddress: 'Portal Address',
  AgencyEmail: 'Agency Email',
  AgencyPhoneNumber: 'Agency Phone Number',
  AgencyPassword: 'Agency Password',
  AlternatePhoneNumber: 'Alternate Phone Number',
  Locality: 'Locality',
  Society: 'Society',
  City: 'City',
  StateName: 'State',
  Pincode: 'Pincode',
  YearsInBusiness: 'Years in Business',
  Website: 'Website',
  CompanyDescription: 'Company Description',
  termsAccepted: 'the Terms and Conditions',
};

export function fieldsOf(step: number): FieldPath<FormValues>[] {
  return Object.keys(STEPS[step]!.schema.shape) as FieldPath<FormValues>[];
}

export function stepOfField(field: string): number {
  const index = STEPS.findIndex((s) => field in s.schema.shape);
  return index < 0 ? 0 : index;
}

/** The first step whose entries are not complete (the last step when all are): the furthest one can go. */
export function firstIncompleteStep(values: FormValues): number {
  const index = STEPS.findIndex((s) => !s.schema.safeParse(values).success);
  return index < 0 ? STEPS.length - 1 : index;
}

export function isPartlyFilled(values: FormValues): boolean {
  return Object.entries(values).some(([, v]) => (typeof v === 'string' ? v.trim() !== '' : v === true));
}
