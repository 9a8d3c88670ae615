import { TOAST_DEDUPE_MS } from '@portal/contract';
import { act, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../app/toasts.tsx';
import { renderWithQuery } from '../test/render.tsx';
import { notify } from './toast.ts';

// The duplicate filter remembers what it showed for the life of the module, so every test starts
// 10 s after the previous one: nothing shown by an earlier test can suppress a later one.
let clock = Date.parse('2026-03-01T09:00:00Z');

beforeEach(() => {
  // Only Date is faked: react-toastify's own timers and React's scheduler keep running for real.
  vi.useFakeTimers({ toFake: ['Date'] });
  clock += 10_000;
  vi.setSystemTime(clock);
  renderWithQuery(<Toasts />);
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
});

function show(type: Parameters<typeof notify>[0], message: string) {
  act(() => notify(type, message));
}

describe('notify with the app toasts (spec §4, §9)', () => {
  it('shows the same error twice within 2 s as one toast', async () => {
    show('error', 'X');
    show('error', 'X');
    expect(await screen.findByText('X')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('still shows a different message or a different type of the same message', async () => {
    show('error', 'X');
    show('error', 'Y');
    show('success', 'X');
    await screen.findByText('Y');
    expect(screen.getAllByText('X')).toHaveLength(2);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });

  it('shows the same message again once 2 s have passed, not a moment before', async () => {
    show('error', 'X');
    vi.setSystemTime(clock + TOAST_DEDUPE_MS - 1);
    show('error', 'X');
    await screen.findByText('X');
    expect(screen.getAllByText('X')).toHaveLength(1);

    vi.setSystemTime(clock + TOAST_DEDUPE_MS);
    show('error', 'X');
    await vi.waitFor(() => expect(screen.getAllByText('X')).toHaveLength(2));
  });

  it('places toasts top-center, light, closing on click, sliding, with a 2000 ms progress bar', async () => {
    show('info', 'Configured');
    const toastEl = (await screen.findByText('Configured')).closest('.Toastify__toast');
    const container = toastEl?.closest('.Toastify__toast-container');
    expect(container).toHaveClass('Toastify__toast-container--top-center');
    expect(toastEl).toHaveClass(
      'Toastify__toast--info',
      'Toastify__toast-theme--light',
      'Toastify__toast--close-on-click',
      'Toastify__slide-enter--top-center',
    );
    const progress = screen.getByRole('progressbar', { name: 'notification timer' });
    expect(progress).toHaveStyle({ animationDuration: '2000ms' });
  });

  it('puts the newest toast on top', async () => {
    show('info', 'First');
    show('info', 'Second');
    await screen.findByText('Second');
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['Second', 'First']);
  });
});
