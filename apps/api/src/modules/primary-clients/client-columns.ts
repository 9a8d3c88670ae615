import type { UpdatePrimaryClientSchema } from '@portal/contract';
import type { z } from 'zod';
import { encryptField, last4 } from '../../lib/crypto.ts';
import type { ClientValues } from './primary-clients.repository.ts';

// A client's fields as their row's columns, identity numbers as decisions §5 keep them: Add Primary Client, the
// edit, and the import (modules/imports) all store a client's profile this way.

type ProfileInput = z.output<typeof UpdatePrimaryClientSchema>;

export function profileColumns(input: ProfileInput, key: Buffer) {
  const values: Partial<ClientValues> = {
    firstName: input.first_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    nationality: input.nationality ?? 'Indian',
    occupation: input.occupation,
    email: input.email,
    phone: input.phone,
    alternatePhone: input.alternate_phone,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactPhone: input.emergency_contact_phone,
    houseNumber: input.house_number,
    society: input.society,
    locality: input.locality,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
  };
  // Only the last 4 digits of Aadhaar are ever stored (decisions §5); PAN is encrypted beside its last 4.
  if (input.aadhaar_number) values.aadhaarLast4 = last4(input.aadhaar_number);
  if (input.pan_number) {
    values.panEnc = encryptField(key, input.pan_number);
    values.panLast4 = last4(input.pan_number);
  }
  return values;
}
