import { defaultWhatsAppTemplate, WhatsAppTemplatesResponseSchema } from '@portal/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { WhatsAppTemplatesSettings } from './whatsapp-templates.tsx';

// The agency's WhatsApp messages beside its reminder days (issue 27 item 5): a live preview, a missing
// placeholder named before anything is sent, and the saved message as the server answers it.

function answer(own: { kind: 'premium_due' | 'renewal'; language: 'en' | 'hi'; text: string } | null) {
  return WhatsAppTemplatesResponseSchema.parse({
    data: {
      templates: (['premium_due', 'renewal'] as const).flatMap((kind) =>
        (['en', 'hi'] as const).map((language) => {
          const mine = own && own.kind === kind && own.language === language;
          return {
            kind,
            language,
            text: mine ? own.text : defaultWhatsAppTemplate(kind, language),
            is_default: !mine,
            updated_at: mine ? '2026-11-27T05:00:00.000Z' : null,
          };
        }),
      ),
    },
  });
}

describe('WhatsApp messages settings', () => {
  const sent: unknown[] = [];
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AO']));
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const body = init?.method === 'PUT' ? JSON.parse(String(init.body)) : null;
        if (body) sent.push(body);
        return new Response(JSON.stringify(answer(body)), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('previews the Hindi message, refuses one without its date, and saves the agency’s own', async () => {
    renderWithQuery(<WhatsAppTemplatesSettings />);
    const section = await screen.findByRole('region', { name: 'WhatsApp messages' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Hindi' }));
    const preview = within(section).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('नमस्ते Priya Sharma जी,');
    expect(preview).toHaveTextContent('Verma Insurance');

    const message = within(section).getByLabelText('Message');
    fireEvent.change(message, { target: { value: 'नमस्ते {client_name} जी, {plan_number} का नवीनीकरण।' } });
    expect(preview).toHaveTextContent('नमस्ते Priya Sharma जी, HDFC-ERGO-40213 का नवीनीकरण।');
    fireEvent.click(within(section).getByRole('button', { name: 'Save message' }));
    expect(await within(section).findByText('Message must keep the placeholder {date}.')).toBeVisible();
    expect(sent).toHaveLength(0);

    fireEvent.click(within(section).getByRole('button', { name: /\{date\}/ }));
    fireEvent.click(within(section).getByRole('button', { name: 'Save message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'renewal', language: 'hi' });
    expect((sent[0] as { text: string }).text).toContain('{date}');
    expect(await within(section).findByText(/^Your message, saved/)).toBeVisible();
  });
});
