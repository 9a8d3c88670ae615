import {
  type InsuredMemberCell,
  insuredMembersCell,
  maskedCell,
  type PlanServiceCode,
  SERVICE_LABELS,
} from '@portal/contract';
import { fullName } from '../../lib/names.ts';
import type { ClientRow, MemberRow, PlanRow } from './exports.repository.ts';

// One record of the book as its sheet's row: each value under its column's `field` (book-sheets.ts), dates as
// YYYY-MM-DD and amounts as decimal strings; the writers turn them into cells. Identity numbers only ever as
// their masks (decisions §5): the export reads the stored last 4 characters, never a ciphertext.

export type BookRow = Record<string, unknown>;

export function clientRow(c: ClientRow): BookRow {
  return {
    client_code: c.clientCode,
    first_name: c.firstName,
    last_name: c.lastName,
    date_of_birth: c.dateOfBirth,
    gender: c.gender,
    nationality: c.nationality,
    occupation: c.occupation,
    email: c.email,
    phone: c.phone,
    alternate_phone: c.alternatePhone,
    emergency_contact_name: c.emergencyContactName,
    emergency_contact_phone: c.emergencyContactPhone,
    house_number: c.houseNumber,
    society: c.society,
    locality: c.locality,
    city: c.city,
    state: c.state,
    pincode: c.pincode,
    pan_number: maskedCell(c.panLast4),
    aadhaar_number: maskedCell(c.aadhaarLast4),
  };
}

export function memberRow(m: MemberRow): BookRow {
  return {
    client_code: m.clientCode,
    first_name: m.firstName,
    last_name: m.lastName,
    relationship: m.relationship,
    relation_type: m.relationType,
    date_of_birth: m.dateOfBirth,
    gender: m.gender,
    email: m.email,
    phone: m.phone,
    alternate_phone: m.alternatePhone,
    house_number: m.houseNumber,
    society: m.society,
    locality: m.locality,
    city: m.city,
    state: m.state,
    pincode: m.pincode,
    height_cm: m.heightCm,
    weight_kg: m.weightKg,
    medical_conditions: m.medicalConditions,
    aadhaar_number: maskedCell(m.aadhaarLast4),
    pan_number: maskedCell(m.panLast4),
    cif_number: maskedCell(m.cifLast4),
    account_number: maskedCell(m.accountNumberLast4),
    ifsc_code: m.ifscCode,
  };
}

export function planRow(p: PlanRow): BookRow {
  const row: BookRow = {
    client_code: p.clientCode,
    held_by: p.holderFirst === null ? null : fullName(p.holderFirst, p.holderLast),
    service_code: Object.hasOwn(SERVICE_LABELS, p.serviceCode)
      ? SERVICE_LABELS[p.serviceCode as PlanServiceCode]
      : p.serviceCode,
    provider_name: p.providerName,
    policy_number: p.number,
    money: p.money,
    start_date: p.startDate,
    end_date: p.endDate,
    status: p.status,
    'nominee.full_name': p.nomineeFullName,
    'nominee.relation': p.nomineeRelation,
    'nominee.dob': p.nomineeDob,
    'nominee.phone_number': p.nomineePhone,
    'nominee.email': p.nomineeEmail,
  };
  const fields = JSON.parse(p.subtypeFields) as Record<string, unknown>;
  for (const [key, value] of Object.entries(fields)) {
    // Insured members are read from their own table below (an edit replaces them there).
    if (key !== 'insured_members') row[`subtype_fields.${key}`] = value;
  }
  if (p.insured) {
    row['subtype_fields.insured_members'] = insuredMembersCell(JSON.parse(p.insured) as InsuredMemberCell[]);
  }
  return row;
}

/** Two plan pages' rows in their clients' order (each page is already in it): policies first within a client. */
export function mergeByClient(policies: PlanRow[], accounts: PlanRow[]): PlanRow[] {
  const before = (a: PlanRow, b: PlanRow) => {
    const [am = '', aid = ''] = a.cursor.split('_');
    const [bm = '', bid = ''] = b.cursor.split('_');
    const micros = BigInt(am) - BigInt(bm);
    return micros !== 0n ? micros < 0n : aid <= bid;
  };
  const out: PlanRow[] = [];
  let i = 0;
  let j = 0;
  while (i < policies.length || j < accounts.length) {
    const take = j >= accounts.length || (i < policies.length && before(policies[i]!, accounts[j]!));
    out.push(take ? policies[i++]! : accounts[j++]!);
  }
  return out;
}
