import type { UpdatePlanInput } from '@portal/contract';
import { apiBlob, apiCall } from '../../../lib/api-client.ts';

// The calls of the workspace's plan detail (issue 5 item 6): the plan, its PDF (view, download, replace),
// the edit and the removal. Screens show their own errors, so every call is quiet.

export function fetchPlan(id: string, signal?: AbortSignal) {
  return apiCall('planDetails', { params: { id }, signal, quiet: true });
}

export function fetchPlanDocument(id: string, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('clientPlanDocument', { params: { id }, signal, quiet: true });
}

export function updatePlan(id: string, body: UpdatePlanInput) {
  return apiCall('updateClientPlan', { params: { id }, body, quiet: true });
}

export function replacePlanDocument(id: string, file: File) {
  const form = new FormData();
  form.set('file', file);
  return apiCall('replaceClientPlanDocument', { params: { id }, form, quiet: true });
}

export function removePlan(id: string) {
  return apiCall('deleteClientPlan', { params: { id }, quiet: true });
}

/** Saves bytes under a name; the object URL is released 1 s later (spec §9). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The name the API gives the PDF: the policy or account number, path characters replaced. */
export function planFileName(policyNumber: string): string {
  const cleaned = policyNumber.replace(/[\\/:*?"<>|\p{Cc}]/gu, '-').trim();
  return `${cleaned || 'plan'}.pdf`;
}
