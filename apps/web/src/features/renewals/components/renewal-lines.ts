import type { RenewalEvent } from '@portal/contract';
import { formatDate, formatMoney } from '../../../lib/format.ts';

// A renewal mark in words (issues 7 and 27, decision 041): what was done, and for a renewal the term's dates and
// whatever else changed — "Renewed: 12 Mar 2026 → 12 Mar 2027, premium ₹12,000.00 → ₹13,500.00, policy P1 → P2,
// insurer A → B".

const EVENT: Record<RenewalEvent['kind'], string> = {
  contacted: 'Client contacted',
  renewed: 'Renewed',
  lapsed: 'Marked lapsed or closed',
};

/** The changes a renewal made, each "what old → new", only those it made. */
export function renewalChanges(e: RenewalEvent): string[] {
  const changes = [`${formatDate(e.previous_end_date)} → ${formatDate(e.new_end_date)}`];
  if (e.new_premium !== null) {
    changes.push(`premium ${formatMoney(e.previous_premium)} → ${formatMoney(e.new_premium)}`);
  }
  if (e.new_policy_number !== null) {
    changes.push(`policy ${e.previous_policy_number ?? '—'} → ${e.new_policy_number}`);
  }
  if (e.new_provider !== null) changes.push(`insurer ${e.previous_provider ?? '—'} → ${e.new_provider}`);
  return changes;
}

export function eventLine(e: RenewalEvent): string {
  const who = `on ${formatDate(e.at)}${e.by ? ` by ${e.by}` : ''}`;
  const note = e.note ? `: “${e.note}”` : '';
  if (e.kind === 'renewed') {
    const doc = e.document_attached ? ', with the new document' : '';
    return `Renewed: ${renewalChanges(e).join(', ')}${doc} (${who})${note}`;
  }
  const how = e.kind === 'contacted' && e.channel === 'whatsapp' ? ' on WhatsApp' : '';
  return `${EVENT[e.kind]}${how} ${who}${note}`;
}
