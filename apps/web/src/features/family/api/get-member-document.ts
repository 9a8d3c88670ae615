import type { SecondaryDocumentKind } from '@portal/contract';
import { apiBlob } from '../../../lib/api-client.ts';

/** A member's document bytes (they need the bearer token). */
export function fetchMemberDocument(id: string, kind: SecondaryDocumentKind, signal?: AbortSignal) {
  return apiBlob('secondaryDocument', { params: { id, kind }, signal, quiet: true });
}
