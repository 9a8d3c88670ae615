import type { AgencyDashboard, AgencyProfile, AgencyProfileUpdate } from '@portal/contract';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';

export async function fetchDashboard(signal?: AbortSignal): Promise<AgencyDashboard> {
  return (await apiCall('agencyDashboard', { signal, quiet: true })).data;
}

export async function fetchProfile(signal?: AbortSignal): Promise<AgencyProfile> {
  return (await apiCall('agencyProfile', { signal, quiet: true })).data;
}

export async function updateProfile(body: AgencyProfileUpdate): Promise<AgencyProfile> {
  return (await apiCall('updateAgencyProfile', { body, quiet: true })).data;
}

export async function uploadAgencyLogo(file: File) {
  const form = new FormData();
  form.set('logo', file);
  return apiCall('uploadAgencyLogo', { form, quiet: true });
}

export function fetchAgencyLogo(signal?: AbortSignal): Promise<Blob> {
  return apiBlob('agencyLogo', { signal, quiet: true });
}
