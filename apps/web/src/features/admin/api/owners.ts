import type { DashboardStats, OwnerAgency } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { type AdminClient, normalizeClientList } from './normalize.ts';

// The admin's calls (spec §7). Failures surface to the screens, which show the spec's messages.

/**
 * A page of owners. `after` / `before` are the cursors of the page shown (issue 8 keyset pagination): the
 * server seeks there instead of skipping `offset` rows, which it then only echoes.
 */
export async function fetchClients(
  page: { offset: number; limit: number; search?: string; after?: string; before?: string },
  signal?: AbortSignal,
) {
  const payload = await apiCall('listOwners', {
    query: {
      offset: page.offset,
      limit: page.limit,
      search: page.search || undefined,
      after: page.after,
      before: page.before,
    },
    signal,
    quiet: true,
  });
  const pagination = (payload as { pagination?: { next_cursor?: unknown; prev_cursor?: unknown } })
    .pagination;
  const cursor = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    ...normalizeClientList(payload),
    nextCursor: cursor(pagination?.next_cursor),
    prevCursor: cursor(pagination?.prev_cursor),
  };
}

export function fetchStats(signal?: AbortSignal): Promise<DashboardStats> {
  return apiCall('ownerStats', { signal, quiet: true });
}

export async function fetchClientAgencies(clientId: string, signal?: AbortSignal): Promise<OwnerAgency[]> {
  const answer = await apiCall('ownerAgencies', {
    params: { id: clientId },
    query: { offset: 0, limit: 100 },
    signal,
    quiet: true,
  });
  return answer.items;
}

export async function updateClient(client: Pick<AdminClient, 'ClientId' | 'IsActive' | 'IsVerified'>) {
  const answer = await apiCall('updateOwner', {
    body: { ClientId: client.ClientId, IsActive: client.IsActive, IsVerified: client.IsVerified },
    quiet: true,
  });
  return answer.data;
}

export function resetClientPassword(clientId: string, newPassword: string) {
  return apiCall('resetOwnerPassword', {
    params: { id: clientId },
    body: { new_password: newPassword },
    quiet: true,
  });
}
