import type { CreateSecondaryClient, SecondaryDocumentKind, UpdateSecondaryClient } from '@portal/contract';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';

// Family members ("secondary clients", issue 5) and the family view, as the workspace calls them.

/** The picker's search over the agency's primary clients (server-side, a few at a time). */
export function searchPrimaryClients(search: string, signal?: AbortSignal) {
  return apiCall('listPrimaryClients', {
    query: { offset: 0, limit: 8, search: search || undefined },
    signal,
    quiet: true,
  });
}

/** The client named by ?primary= when the screen is opened from a client's record. */
export async function fetchPrimaryClientName(id: string, signal?: AbortSignal) {
  const answer = await apiCall('primaryClientDetail', { params: { id }, signal, quiet: true });
  const c = answer.data.client;
  return {
    primary_client_id: c.primary_client_id,
    full_name: c.full_name,
    client_code: c.client_code,
    email: c.email,
    phone: c.phone,
  };
}

export function createMember(body: CreateSecondaryClient) {
  return apiCall('createSecondaryClient', { body, quiet: true });
}

export function fetchMember(id: string, signal?: AbortSignal) {
  return apiCall('secondaryClientDetail', { params: { id }, signal, quiet: true });
}

export function updateMember(id: string, body: UpdateSecondaryClient) {
  return apiCall('updateSecondaryClient', { params: { id }, body, quiet: true });
}

export function removeMember(id: string) {
  return apiCall('deleteSecondaryClient', { params: { id }, quiet: true });
}

export function uploadMemberDocument(id: string, kind: SecondaryDocumentKind, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiCall('uploadSecondaryDocument', { params: { id, kind }, form, quiet: true });
}

export function fetchMemberDocument(id: string, kind: SecondaryDocumentKind, signal?: AbortSignal) {
  return apiBlob('secondaryDocument', { params: { id, kind }, signal, quiet: true });
}

export function fetchFamilies(
  page: { offset: number; limit: number; search?: string },
  signal?: AbortSignal,
) {
  return apiCall('listFamilies', {
    query: { offset: page.offset, limit: page.limit, search: page.search || undefined },
    signal,
    quiet: true,
  });
}
