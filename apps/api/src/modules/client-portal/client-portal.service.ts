import {
  type ClientAgency,
  type ClientProfile,
  type ClientSummary,
  MSG,
  type SecondaryClientItem,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { brandingLogoUrl } from '../../lib/branding-logo.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { fullName } from '../../lib/names.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './client-portal.repository.ts';
import { type OwnClient, ownClient, ownClientRecord } from './own-client.ts';

// The agency client's own area (issue 6): the client is always the signed-in AC user's primary client in the
// token's agency (decisions §2); nothing in a path or body can name another client.

export interface ClientPortalDeps {
  db: Db;
  documents: DocumentStore;
}

/** One line of whichever address parts are known; null when none is. */
export function addressLine(parts: {
  houseNumber?: string | null;
  society?: string | null;
  locality?: string | null;
  city?: string | null;
  state?: string | null;
  pincode?: string | null;
}): string | null {
  const place = [parts.houseNumber, parts.society, parts.locality, parts.city, parts.state]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  const pin = parts.pincode?.trim();
  const line = pin ? (place ? `${place} - ${pin}` : pin) : place;
  return line || null;
}

/** The signed-in client's summary figures (`own`: `ownClient` of the caller). */
export async function clientSummary(
  deps: ClientPortalDeps,
  own: OwnClient,
  today: string,
): Promise<ClientSummary> {
  const { agencyId, primaryClientId } = own;
  const figures = await repo.summaryFigures(deps.db, agencyId, primaryClientId, today);
  return {
    total_plans: figures.plans,
    total_secondary_clients: figures.family,
    total_premium: figures.premium,
    // The client's claims intimated in this financial year (issue 28).
    claims_this_year: figures.claims,
  };
}

/** The fields the profile's completeness is counted over (decisions §4: computed, not a fixed 95%). */
const PROFILE_FIELDS = [
  'firstName',
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'nationality',
  'occupation',
  'houseNumber',
  'locality',
  'city',
  'state',
  'pincode',
  'panLast4',
  'aadhaarLast4',
  'emergencyContactName',
  'emergencyContactPhone',
] as const;

export function profileCompleteness(client: Record<(typeof PROFILE_FIELDS)[number], string | null>): number {
  const filled = PROFILE_FIELDS.filter((f) => (client[f] ?? '').trim() !== '').length;
  return Math.round((filled * 100) / PROFILE_FIELDS.length);
}

export async function clientProfile(deps: ClientPortalDeps, subject: TokenSubject): Promise<ClientProfile> {
  const { agencyId, row } = await ownClientRecord(deps.db, subject);
  const c = row.client;
  const phone = c.phone ?? row.userPhone;
  return {
    fullName: fullName(c.firstName, c.lastName),
    email: c.email,
    phonenumber: phone,
    clientcode: c.clientCode,
    address: addressLine(c),
    primaryclientid: c.id,
    agencyid: agencyId,
    alternatephonenumber: c.alternatePhone,
    date_of_birth: c.dateOfBirth,
    gender: c.gender,
    nationality: c.nationality,
    occupation: c.occupation,
    client_since: c.createdAt.toISOString(),
    last_login: row.lastLoginAt?.toISOString() ?? null,
    status: row.userActive ? 'Active' : 'Inactive',
    emergency_contact:
      c.emergencyContactName || c.emergencyContactPhone
        ? { name: c.emergencyContactName, phone: c.emergencyContactPhone }
        : null,
    pannumber: maskLast4(c.panLast4),
    aadharnumber: maskLast4(c.aadhaarLast4),
    has_avatar: c.avatarDocumentId !== null,
    profile_completeness: profileCompleteness({ ...c, phone }),
  };
}

export async function clientAgency(deps: ClientPortalDeps, subject: TokenSubject): Promise<ClientAgency> {
  const { agencyId } = await ownClient(deps.db, subject);
  const agency = await repo.findAgency(deps.db, agencyId);
  if (!agency) throw new AppError('NOT_FOUND', MSG.notFound, 'The agency no longer exists.');
  return {
    name: agency.name,
    email: agency.email,
    phonenumber: agency.phone,
    website: agency.website,
    license_number: agency.licenseNumber,
    address:
      addressLine({
        society: agency.society,
        locality: agency.locality,
        city: agency.city,
        state: agency.stateName,
        pincode: agency.pincode,
      }) ?? '',
    // The public logo of the agency's address, where the client signed in (decision 028).
    logo_url: brandingLogoUrl(agency.logoDocumentId),
  };
}

export function toSecondaryItem(s: repo.SecondaryRow): SecondaryClientItem {
  return {
    secondaryclientid: s.id,
    firstname: s.firstName,
    lastname: s.lastName,
    secondaryclientemail: s.email,
    relationship: s.relationship,
    phonenumber: s.phone,
  };
}

export async function secondaryClientList(
  deps: ClientPortalDeps,
  subject: TokenSubject,
): Promise<SecondaryClientItem[]> {
  const { agencyId, primaryClientId } = await ownClient(deps.db, subject);
  const rows = await repo.listSecondaryClients(deps.db, agencyId, primaryClientId);
  return rows.map(toSecondaryItem);
}
