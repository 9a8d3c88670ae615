import { PrimaryClientListResponseSchema } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { type PickedClient, PrimaryClientPicker } from './primary-client-picker.tsx';

// The client picker of Add Secondary Client against a stubbed list call built through the contract's schema.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CLIENTS = [
  ['Meera Iyer', 'DEMO-00001', 'meera@example.in'],
  ['Ravi Kulkarni', 'DEMO-00002', null],
  ['Asha Menon', 'DEMO-00003', 'asha@example.in'],
] as const;

let fetchMock: Mock<typeof fetch>;
let searches: string[];
let failNext = false;

beforeEach(() => {
  searches = [];
  failNext = false;
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/api/users/primary-clients') throw new Error(`unexpected call ${url.pathname}`);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    searches.push(search);
    if (failNext) {
      failNext = false;
      return new Response(JSON.stringify({ message: 'Something went wrong.', detail: null }), {
        status: 500,
      });
    }
    const items = CLIENTS.map(([full_name, client_code, email], i) => ({
      primary_client_id: uuid(i + 1),
      client_code,
      full_name,
      email,
      phone: '9876500000',
      family_count: 0,
      assigned_agent: null,
      plan_count: 0,
      portal_access: false,
      created_at: '2026-01-01T00:00:00.000Z',
    })).filter((c) => !search || c.full_name.toLowerCase().includes(search));
    const body = PrimaryClientListResponseSchema.parse({
      items,
      pagination: { total: items.length, limit: 8, offset: 0, next_cursor: null, prev_cursor: null },
    });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function Harness({ onPick }: { onPick?: (c: PickedClient | null) => void }) {
  const [value, setValue] = useState<PickedClient | null>(null);
  return (
    <PrimaryClientPicker
      value={value}
      onChange={(c) => {
        setValue(c);
        onPick?.(c);
      }}
    />
  );
}

describe('PrimaryClientPicker', () => {
  it('searches on the server as the owner types and picks by arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const picked = vi.fn();
    renderWithQuery(<Harness onPick={picked} />);
    const box = screen.getByRole('combobox', { name: 'Primary Client' });
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(box, 'a');
    expect(await screen.findByRole('option', { name: /Ravi Kulkarni/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.type(box, 'sha');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(searches.at(-1)).toBe('asha');

    await user.clear(box);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Asha Menon/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(picked).toHaveBeenLastCalledWith(expect.objectContaining({ full_name: 'Ravi Kulkarni' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('Ravi Kulkarni')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(picked).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Primary Client' })).toHaveValue('');
  });

  it('says when nothing matches, and offers Retry when the search fails', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness />);
    failNext = true;
    await user.type(screen.getByRole('combobox', { name: 'Primary Client' }), 'zzz');
    // The debounced search runs once for the whole word: it fails, then Retry answers.
    expect(await screen.findByText('We could not search your clients.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No clients match “zzz”.')).toBeInTheDocument();
  });
});
