import { NotificationPreferenceResponseSchema } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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
    // The saved preference starts the form again (a new form): Save is offered no more, the switch stays off.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save preference' })).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'Send me renewal reminders by e-mail' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(stored).toBe(false);
    expect(client.getQueryData(['client-area', 'notification-preference'])).toMatchObject({
      email_reminders: false,
    });
  });

  it('follows a preference saved elsewhere (the top bar’s language switch)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(answer(true)), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const { client } = renderWithQuery(<NotificationPreferenceCard />);
    const language = await screen.findByLabelText('Reminder language');
    expect(language).toHaveValue('en');
    act(() =>
      client.setQueryData(['client-area', 'notification-preference'], {
        email_reminders: true,
        language: 'hi',
        email: 'priya@example.in',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Reminder language')).toHaveValue('hi'));
    expect(screen.getByRole('button', { name: 'Save preference' })).toBeDisabled();
  });
});
