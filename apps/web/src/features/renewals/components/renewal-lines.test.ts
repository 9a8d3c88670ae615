import type { RenewalEvent } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { eventLine } from './renewal-lines.ts';

const renewed = (over: Partial<RenewalEvent> = {}): RenewalEvent => ({
  id: '00000000-0000-4000-8000-000000000031',
  kind: 'renewed',
  note: null,
  previous_end_date: '2026-03-12',
  new_end_date: '2027-03-12',
  previous_premium: null,
  new_premium: null,
  previous_policy_number: null,
  new_policy_number: null,
  previous_provider: null,
  new_provider: null,
  document_attached: false,
  channel: null,
  by: 'Asha Mehta',
  at: '2026-03-10T06:30:00.000Z',
  ...over,
});

describe("a renewal's line in the plan's history (decision 041)", () => {
  it('names the old and the new of everything the renewal changed', () => {
    expect(
      eventLine(
        renewed({
          previous_premium: '12000.00',
          new_premium: '13500.00',
          previous_policy_number: 'P1',
          new_policy_number: 'P2',
          previous_provider: 'ICICI Lombard',
          new_provider: 'Bajaj Allianz',
        }),
      ),
    ).toBe(
      'Renewed: 12 Mar 2026 → 12 Mar 2027, premium ₹12,000.00 → ₹13,500.00, policy P1 → P2, insurer ICICI Lombard → Bajaj Allianz (on 10 Mar 2026 by Asha Mehta)',
    );
  });

  it('says only the dates when nothing else changed, with the document and the note', () => {
    expect(eventLine(renewed({ document_attached: true, note: 'Paid online' }))).toBe(
      'Renewed: 12 Mar 2026 → 12 Mar 2027, with the new document (on 10 Mar 2026 by Asha Mehta): “Paid online”',
    );
    expect(eventLine(renewed({ previous_premium: '1,50,000.00', new_premium: '1,62,500.00' }))).toContain(
      'premium ₹1,50,000.00 → ₹1,62,500.00',
    );
  });

  it('keeps the other marks as they were', () => {
    expect(eventLine(renewed({ kind: 'contacted', channel: 'whatsapp', by: null }))).toBe(
      'Client contacted on WhatsApp on 10 Mar 2026',
    );
  });
});
