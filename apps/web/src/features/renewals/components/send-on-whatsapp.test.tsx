import {
  defaultWhatsAppTemplate,
  RenewalPlanResponseSchema,
  renderWhatsAppMessage,
  WhatsAppTemplatesResponseSchema,
} from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { SendOnWhatsApp, type WhatsAppPlan } from './send-on-whatsapp.tsx';

// "Send on WhatsApp" (issue 27 item 5): a real link to wa.me with the agency's message in the client's language,
// opened in a new tab; its click records the contact on WhatsApp. No link for a number that is no Indian mobile.

const PLAN_ID = '00000000-0000-4000-8000-000000000021';
const AGENCY_HINDI =
  'नमस्ते {client_name} जी, आपकी योजना {plan_number} {date} को समाप्त हो रही है। — {agency_name}';

const plan: WhatsAppPlan = {
  plan_id: PLAN_ID,
  plan_name: 'Health Companion',
  plan_number: 'HDFC-40213 & Co #2?',
  client_name: 'Kavya Rao',
  client_phone: '+91 98200 12345',
  client_language: 'hi',
  end_date: '2026-12-04',
  amount: '12850.00',
};

const templates = WhatsAppTemplatesResponseSchema.parse({
  data: {
    templates: (['premium_due', 'renewal'] as const).flatMap((kind) =>
      (['en', 'hi'] as const).map((language) => ({
        kind,
        language,
        text:
          kind === 'renewal' && language === 'hi' ? AGENCY_HINDI : defaultWhatsAppTemplate(kind, language),
        is_default: !(kind === 'renewal' && language === 'hi'),
        updated_at: null,
      })),
    ),
  },
});

const contacted = RenewalPlanResponseSchema.parse({
  data: {
    plan_type: 'insurance',
    plan_id: PLAN_ID,
    plan_number: plan.plan_number,
    plan_name: plan.plan_name,
    service_code: 'health',
    service_name: 'Health Insurance',
    provider_name: 'HDFC ERGO',
    primary_client_id: '00000000-0000-4000-8000-000000000022',
    client_code: 'DEMO-00007',
    client_name: plan.client_name,
    client_email: null,
    client_phone: plan.client_phone,
    client_language: 'hi',
    family_member: null,
    amount: plan.amount,
    end_date: plan.end_date,
    days_left: 4,
    work_date: plan.end_date,
    work_days_left: 4,
    due_kind: 'renewal',
    premium: {
      premium_mode: 'Yearly',
      instalments_per_year: 1,
      premium_term_years: null,
      instalment_amount: plan.amount,
      annual_premium: plan.amount,
      next_due_date: plan.end_date,
      state: 'due',
      state_label: 'Up to date',
      grace_until: null,
      revival_until: null,
    },
    plan_status: 'active',
    last_contacted_at: '2026-11-30T06:00:00.000Z',
    next_follow_up: null,
    reminders: [],
    events: [],
    problem: null,
  },
});

describe('Send on WhatsApp', () => {
  const posted: unknown[] = [];
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AO']));
    posted.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
        const answer = url.includes('whatsapp-templates') ? templates : contacted;
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("opens wa.me with the agency's Hindi message for a Hindi-speaking client, and records the contact", async () => {
    renderWithQuery(<SendOnWhatsApp plan={plan} />);
    const link = await screen.findByRole('link', { name: 'Send on WhatsApp to Kavya Rao (in Hindi)' });
    const message = renderWhatsAppMessage(
      AGENCY_HINDI,
      {
        clientName: 'Kavya Rao',
        planName: plan.plan_name,
        planNumber: plan.plan_number,
        date: plan.end_date,
        amount: plan.amount,
        agencyName: 'Verma Insurance',
      },
      'hi',
    );
    expect(message).toBe(
      'नमस्ते Kavya Rao जी, आपकी योजना HDFC-40213 & Co #2? 4 दिसंबर 2026 को समाप्त हो रही है। — Verma Insurance',
    );
    expect(link).toHaveAttribute('href', `https://wa.me/919820012345?text=${encodeURIComponent(message)}`);
    // & ? # of the plan number are encoded: they would end the text or start a fragment.
    expect(link.getAttribute('href')!.split('?text=')[1]).not.toMatch(/[&#?\s]/);
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe(message);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    // The test browser would follow the link to wa.me; the click's own work is what is checked here.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: expect.stringContaining(`/api/renewals/plans/${PLAN_ID}/contacted`),
      body: { channel: 'whatsapp' },
    });
  });

  it('writes the premium-due message with the next due date and the premium when one falls due apart from the end date (decision 040)', async () => {
    const life = { ...plan, plan_name: 'Jeevan Anand', end_date: '2045-12-05', amount: '24000.00' };
    renderWithQuery(<SendOnWhatsApp plan={life} nextDueDate="2026-12-05" premium="2000.00" />);
    const link = await screen.findByRole('link', { name: 'Send on WhatsApp to Kavya Rao (in Hindi)' });
    const message = renderWhatsAppMessage(
      defaultWhatsAppTemplate('premium_due', 'hi'),
      {
        clientName: 'Kavya Rao',
        planName: 'Jeevan Anand',
        planNumber: plan.plan_number,
        date: '2026-12-05',
        amount: '2000.00',
        agencyName: 'Verma Insurance',
      },
      'hi',
    );
    expect(message).toContain('5 दिसंबर 2026');
    expect(message).toContain('₹2,000.00');
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe(message);
  });

  it('keeps the renewal message for a cover whose premium is due on its end date', async () => {
    renderWithQuery(<SendOnWhatsApp plan={plan} nextDueDate={plan.end_date} premium="12850.00" />);
    const link = await screen.findByRole('link', { name: 'Send on WhatsApp to Kavya Rao (in Hindi)' });
    expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toBe(
      'नमस्ते Kavya Rao जी, आपकी योजना HDFC-40213 & Co #2? 4 दिसंबर 2026 को समाप्त हो रही है। — Verma Insurance',
    );
  });

  it('shows no link for a number that is not an Indian mobile', async () => {
    renderWithQuery(<SendOnWhatsApp plan={{ ...plan, client_phone: '011 2345 6789' }} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Send on WhatsApp')).toBeNull();
  });
});
