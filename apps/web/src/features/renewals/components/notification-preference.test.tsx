import { NotificationPreferenceResponseSchema } from '@portal/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { NotificationPreferenceCard } from './notification-preference.tsx';

const answer = (email_reminders: boolean) =>
  NotificationPreferenceResponseSchema.parse({
    data: { email_reminders, language: 'en', email: 'priya@example.in' },
  });

describe("My Profile's e-mail reminders", () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('saves a change, and the saved preference is what the card and its cache hold', async () => {
    let stored = true;
    let fail = true;
    const methods: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        methods.push(method);
        if (method === 'GET' && fail) {
          return new Response(JSON.stringify({ message: 'Down', detail: null }), { status: 500 });
        }
        if (method === 'PUT') stored = JSON.parse(String(init?.body)).email_reminders;
        return new Response(JSON.stringify(answer(stored)), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { client } = renderWithQuery(<NotificationPreferenceCard />);
    expect(await screen.findByText('We could not load your reminder preference.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));

    const save = await screen.findByRole('button', { name: 'Save preference' });
    expect(save).toBeDisabled();
    fireEvent.click(screen.getByRole('switch', { name: 'Send me renewal reminders by e-mail' }));
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(methods).toContain('PUT'));
    await waitFor(() => expect(save).toBeDisabled());
    expect(stored).toBe(false);
    expect(client.getQueryData(['client-area', 'notification-preference'])).toMatchObject({
      email_reminders: false,
    });
  });
});
