import type { SecondaryDocumentKind } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

/** Replaces one of a member's documents whole (spec §2 Aadhaar, PAN, cheque, photo). */
export function uploadMemberDocument(id: string, kind: SecondaryDocumentKind, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiCall('uploadSecondaryDocument', { params: { id, kind }, form, quiet: true });
}
