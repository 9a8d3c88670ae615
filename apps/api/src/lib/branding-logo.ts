import { createHash } from 'node:crypto';
import { apiPaths } from '@portal/contract';

// An agency's logo at its own address (issue 24 item 4, decision 028): one public address, versioned by the
// stored document, so a new upload is a new address while an unchanged logo stays in the browser's cache. The
// version is a digest of the document's id: it changes with every upload and names no stored row.

/** The version of a logo: 16 hex digits of the digest of its document's id. */
export function logoVersion(logoDocumentId: string): string {
  return createHash('sha256').update(`agency-logo:${logoDocumentId}`).digest('hex').slice(0, 16);
}

/** The public address of an agency's logo at its portal address, or null without one. */
export function brandingLogoUrl(logoDocumentId: string | null): string | null {
  return logoDocumentId ? `${apiPaths.brandingLogo.path}?v=${logoVersion(logoDocumentId)}` : null;
}
