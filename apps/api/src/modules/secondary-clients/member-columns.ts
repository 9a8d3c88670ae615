import type { UpdateSecondaryClientSchema } from '@portal/contract';
import type { z } from 'zod';
import { encryptField, last4 } from '../../lib/crypto.ts';
import type { FamilyValues } from './secondary-clients.repository.ts';

// A family member's fields as their row's columns, identity and bank numbers as decisions §5 keep them: the
// member's create and edit, and the import (modules/imports).

type MemberInput = z.output<typeof UpdateSecondaryClientSchema>;

export function memberColumns(input: MemberInput, key: Buffer): Partial<FamilyValues> {
  const values: Partial<FamilyValues> = {
    firstName: input.first_name,
    lastName: input.last_name,
    relationship: input.relationship,
    relationType: input.relation_type,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    email: input.email,
    phone: input.phone,
    alternatePhone: input.alternate_phone,
    houseNumber: input.house_number,
    society: input.society,
    locality: input.locality,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    heightCm: input.height_cm === null ? null : input.height_cm.toFixed(1),
    weightKg: input.weight_kg === null ? null : input.weight_kg.toFixed(1),
    medicalConditions: input.medical_conditions,
    ifscCode: input.ifsc_code,
  };
  // Aadhaar: the last 4 digits only; PAN, CIF and account: encrypted beside their last 4 (decisions §5).
  if (input.aadhaar_number) values.aadhaarLast4 = last4(input.aadhaar_number);
  if (input.pan_number) {
    values.panEnc = encryptField(key, input.pan_number);
    values.panLast4 = last4(input.pan_number);
  }
  if (input.cif_number) {
    values.cifEnc = encryptField(key, input.cif_number);
    values.cifLast4 = last4(input.cif_number);
  }
  if (input.account_number) {
    values.accountNumberEnc = encryptField(key, input.account_number);
    values.accountNumberLast4 = last4(input.account_number);
  }
  return values;
}
