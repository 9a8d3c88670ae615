import type { RenewalWindow } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The renewal work-list (issue 7): windows, the owner's marks, reminder days and the outbox.

export type PlanTypeFilter = 'all' | 'insurance' | 'investment';

export function fetchRenewals(
  query: { window: RenewalWindow; type: PlanTypeFilter; offset: number; limit: number },
  signal?: AbortSignal,
) {
  return apiCall('renewalList', { query, signal, quiet: true }).then((r) => r.data);
}

export function markContacted(planId: string, note: string) {
  return apiCall('markPlanContacted', {
    params: { id: planId },
    body: { note: note.trim() || undefined },
    quiet: true,
  }).then((r) => r.data);
}

export function markLapsed(planId: string) {
  return apiCall('markPlanLapsed', { params: { id: planId }, body: {}, quiet: true }).then((r) => r.data);
}

/** Multipart: the new end date, an optional note and an optional PDF (`document`). */
export function markRenewed(
  planId: string,
  input: { newEndDate: string; note: string; document: File | null },
) {
  const form = new FormData();
  form.set('new_end_date', input.newEndDate);
  if (input.note.trim()) form.set('note', input.note.trim());
  if (input.document) form.set('document', input.document);
  return apiCall('markPlanRenewed', { params: { id: planId }, form, quiet: true }).then((r) => r.data);
}

export function fetchReminderSettings(signal?: AbortSignal) {
  return apiCall('reminderSettings', { signal, quiet: true }).then((r) => r.data);
}

export function saveReminderSettings(days: number[]) {
  return apiCall('updateReminderSettings', { body: { reminder_days: days }, quiet: true }).then(
    (r) => r.data,
  );
}

export function fetchOutbox(page: { offset: number; limit: number }, signal?: AbortSignal) {
  return apiCall('outboxList', { query: page, signal, quiet: true }).then((r) => r.data);
}

export function fetchOutboxMessage(id: string, signal?: AbortSignal) {
  return apiCall('outboxMessage', { params: { id }, signal, quiet: true }).then((r) => r.data);
}

/** The signed-in client's e-mail reminders (AC). */
export function fetchNotificationPreference(signal?: AbortSignal) {
  return apiCall('clientNotificationPreference', { signal, quiet: true }).then((r) => r.data);
}

export function saveNotificationPreference(body: { email_reminders: boolean; language: 'en' | 'hi' }) {
  return apiCall('updateClientNotificationPreference', { body, quiet: true }).then((r) => r.data);
}

/** A plan's reminders and the agency's renewal marks (the plan detail's history). */
export function fetchRenewalHistory(planId: string, signal?: AbortSignal) {
  return apiCall('renewalPlan', { params: { id: planId }, signal, quiet: true }).then((r) => r.data);
}
