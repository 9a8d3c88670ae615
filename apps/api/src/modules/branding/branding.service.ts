import type { Branding } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { brandingLogoUrl, logoVersion } from '../../lib/branding-logo.ts';
import type { DocumentStore, StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { parseTenantHost } from '../../lib/tenant-host.ts';
import * as repo from './branding.repository.ts';

// The brand of the agency at the request's address (issue 24 item 4, decision 028). Only its name and logo, and
// only for an agency the platform has verified whose owner is active: an unchecked name on a sign-in page would
// let anyone dress an address as an insurer, and a closed agency's clients cannot sign in anyway.

export interface BrandingDeps {
  db: Db;
  documents: DocumentStore;
  portalHost: string;
}

const NO_LOGO = 'This address has no agency logo.';

async function brandAt(deps: BrandingDeps, host: string | undefined) {
  const address = parseTenantHost(host, deps.portalHost);
  if (address.kind !== 'agency') return { address: address.kind, brand: null };
  const row = await repo.findBrandBySlug(deps.db, address.slug);
  if (!row) return { address: 'unknown' as const, brand: null };
  return { address: 'agency' as const, brand: row.ownerIsVerified && row.ownerIsActive ? row : null };
}

export async function branding(deps: BrandingDeps, host: string | undefined): Promise<Branding> {
  const { address, brand } = await brandAt(deps, host);
  return {
    address,
    agency: brand ? { name: brand.name, logo_url: brandingLogoUrl(brand.logoDocumentId) } : null,
  };
}

/** Whether an If-None-Match header names the ETag (weak or strong, one of a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

export type BrandingLogo =
  | { etag: string; version: string; notModified: true }
  | { etag: string; version: string; notModified: false; doc: StoredDocument };

/** The logo of the agency at the address; the address alone decides whose (nothing in the query names it). */
export async function brandingLogo(
  deps: BrandingDeps,
  host: string | undefined,
  ifNoneMatch: string | undefined,
): Promise<BrandingLogo> {
  const { brand } = await brandAt(deps, host);
  if (!brand?.logoDocumentId) throw new AppError('NOT_FOUND', NO_LOGO);
  const version = logoVersion(brand.logoDocumentId);
  const etag = `"${version}"`;
  if (matches(ifNoneMatch, etag)) return { etag, version, notModified: true };
  const doc = await deps.documents.read(deps.db, brand.agencyId, brand.logoDocumentId);
  if (!doc) throw new AppError('NOT_FOUND', NO_LOGO);
  return { etag, version, notModified: false, doc };
}
