import { type AgencyProfile, type AgencyProfileUpdateSchema, portalUrlFor } from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { type DocumentStore, IMAGE_MIMES, type StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { softDeleteDocument } from '../providers/providers.repository.ts';
import * as repo from './profile.repository.ts';

export interface ProfileDeps {
  db: Db;
  documents: DocumentStore;
  portalHost: string;
  portalScheme: string;
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findAgency>>>;

function toProfile(deps: ProfileDeps, row: Row): AgencyProfile {
  const a = row.agency;
  return {
    agency_id: a.id,
    slug: a.slug,
    portal_address: portalUrlFor(a.slug, deps.portalHost, deps.portalScheme),
    is_verified: row.isVerified,
    ClientName: row.clientName,
    AgencyName: a.name,
    AgencyEmail: a.email,
    AgencyPhoneNumber: a.phone,
    AlternatePhoneNumber: a.alternatePhone,
    Locality: a.locality,
    Society: a.society,
    City: a.city,
    StateName: a.stateName,
    Pincode: a.pincode,
    Website: a.website,
    YearsInBusiness: a.yearsInBusiness,
    CompanyDescription: a.description,
    LicenseNumber: a.licenseNumber,
    logo_url: a.logoDocumentId ? '/api/agencies/profile/logo' : null,
    registered_on: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

async function mustFind(deps: ProfileDeps, agencyId: string) {
  const row = await repo.findAgency(deps.db, agencyId);
  if (!row) throw new AppError('NOT_FOUND', 'Your agency no longer exists.');
  return row;
}

export async function getProfile(deps: ProfileDeps, subject: TokenSubject) {
  return { status: 'success' as const, data: toProfile(deps, await mustFind(deps, agencyOf(subject))) };
}

export async function updateProfile(
  deps: ProfileDeps,
  subject: TokenSubject,
  input: z.output<typeof AgencyProfileUpdateSchema>,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps, agencyId);
  const values: repo.AgencyValues = {
    name: input.AgencyName,
    email: input.AgencyEmail,
    phone: input.AgencyPhoneNumber,
    alternatePhone: input.AlternatePhoneNumber || null,
    locality: input.Locality,
    society: input.Society || null,
    city: input.City,
    stateName: input.StateName,
    pincode: input.Pincode,
    website: input.Website || null,
    yearsInBusiness: input.YearsInBusiness ?? null,
    description: input.CompanyDescription || null,
    licenseNumber: input.LicenseNumber || null,
  };
  const changed = Object.entries(values)
    .filter(([k, v]) => before.agency[k as keyof typeof before.agency] !== v)
    .map(([k]) => k);
  return deps.db.transaction(async (tx) => {
    await repo.updateAgency(tx, agencyId, values);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'agency.update',
      targetType: 'agency',
      targetId: agencyId,
      detail: { changed },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const data = toProfile(deps, await mustFind({ ...deps, db: tx }, agencyId));
    const answer = { status: 'success' as const, message: 'Agency profile saved.', data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function uploadLogo(
  deps: ProfileDeps,
  subject: TokenSubject,
  file: UploadedFile | undefined,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  if (!file) {
    const message = 'Logo is required: choose a PNG, JPEG or WebP image.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { logo: message } });
  }
  const mime = checkFileType(file, 'Logo', IMAGE_MIMES, 'PNG, JPEG or WebP image');
  const before = await mustFind(deps, agencyId);
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const saved = await deps.documents.save(tx, {
      agencyId,
      kind: 'provider_logo',
      bytes: file.bytes,
      mime,
      originalName: file.filename,
      uploadedBy: subject.userId,
    });
    written.push(saved.id);
    await repo.updateAgency(tx, agencyId, { logoDocumentId: saved.id });
    if (before.agency.logoDocumentId) await softDeleteDocument(tx, agencyId, before.agency.logoDocumentId);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'agency.logo',
      targetType: 'agency',
      targetId: agencyId,
      detail: { document_id: saved.id, mime, size: file.bytes.length },
      ip,
    });
    // The answer commits with the logo: a retry after a crash replays it instead of saving a second logo.
    const data = toProfile(deps, await mustFind({ ...deps, db: tx }, agencyId));
    const answer = { status: 'success' as const, message: 'Agency logo saved.', data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function agencyLogo(deps: ProfileDeps, subject: TokenSubject): Promise<StoredDocument> {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps, agencyId);
  const doc = row.agency.logoDocumentId
    ? await deps.documents.read(deps.db, agencyId, row.agency.logoDocumentId)
    : null;
  if (!doc) throw new AppError('NOT_FOUND', 'Your agency has no logo yet.');
  return doc;
}
