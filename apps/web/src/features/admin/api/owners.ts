import type { DashboardStats, OwnerAgency } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';
import { type AdminClient, normalizeClientList } from './normalize.ts';

// The admin's calls (spec §7). Failures surface to the screens, which show the spec's messages.

export async function fetchClients(
  page: { offset: number; limit: number; search?: string },
  signal?: AbortSignal,
) {
  const payload = await apiCall('listOwners', {
    query: { offset: page.offset, limit: page.limit, search: page.search || undefined },
    signal,
    quiet: true,
  });
  return normalizeClientList(payload);
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
