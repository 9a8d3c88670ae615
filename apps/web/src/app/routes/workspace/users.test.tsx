import { apiPaths, PrimaryClientListResponseSchema } from '@portal/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { RegisteredUsersScreen } from './users.tsx';

// Registered Users (issue 5) pages by the cursors the server gives (issue 8 keyset), against a stubbed fetch whose
// answers are built through the contract's schemas.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cursorAt = (n: number) => `${1_780_000_000_000_000 + n}_0b0c5e6a-1d2f-4a3b-9c4d-5e6f7a8b9c0d`;

/** A page of 10 (or what is left of `total`) starting at `offset`, its clients named by their place. */
function pageAt(offset: number, total: number, search = '') {
  const count = Math.max(0, Math.min(10, total - offset));
  return PrimaryClientListResponseSchema.parse({
    items: Array.from({ length: count }, (_, i) => ({
      primary_client_id: `7a1c2d3e-4f50-4a6b-8c7d-${String(offset + i).padStart(12, '0')}`,
      client_code: `DEMO-${String(offset + i + 1).padStart(5, '0')}`,
      full_name: `${search || 'Client'} at ${offset + i}`,
      email: null,
      phone: '9876501234',
      family_count: 1,
      assigned_agent: null,
      plan_count: 2,
      portal_access: i % 2 === 0,
      created_at: '2026-03-01T09:00:00.000Z',
    })),
    pagination: {
      total,
      limit: 10,
      offset,
      next_cursor: offset + 10 < total ? cursorAt(offset + 9) : null,
      prev_cursor: offset > 0 ? cursorAt(offset) : null,
    },
  });
}

let fetchMock: Mock<typeof fetch>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  // The server's list of 23 clients: a cursor names the place the page starts after or ends before.
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== apiPaths.listPrimaryClients.path) throw new Error(`unexpected call ${url.pathname}`);
    const after = url.searchParams.get('after');
    const before = url.searchParams.get('before');
    const search = url.searchParams.get('search') ?? '';
    const offset = after
      ? Number(after.split('_')[0]) - 1_780_000_000_000_000 + 1
      : before
        ? Number(before.split('_')[0]) - 1_780_000_000_000_000 - 10
        : Number(url.searchParams.get('offset'));
    return json(200, pageAt(offset, search ? 12 : 23, search));
  });
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen(at = '/dashboard/users') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/users', element: <RegisteredUsersScreen /> },
      { path: '/dashboard/users/:id', element: <h1>A client</h1> },
    ],
    { initialEntries: [at] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const asked = () =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').search);

describe('RegisteredUsersScreen: the pager', () => {
  it('pages Next by the cursor the server gave, Prev by the previous one, and page 1 by offset', async () => {
    renderScreen();
    expect(await screen.findByText('23 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Client at 10' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Client at 20' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('link', { name: 'Client at 10' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('link', { name: 'Client at 0' })).toBeInTheDocument();
    expect(asked()).toEqual([
      '?offset=0&limit=10',
      `?offset=10&limit=10&after=${cursorAt(9)}`,
      `?offset=20&limit=10&after=${cursorAt(19)}`,
      `?offset=10&limit=10&before=${cursorAt(20)}`,
      '?offset=0&limit=10',
    ]);
  });

  it('goes back to page 1 of the matches when the search changes', async () => {
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'Kavya');
    expect(await screen.findByRole('link', { name: 'Kavya at 0' })).toBeInTheDocument();
    expect(screen.getByText('12 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(asked().at(-1)).toBe('?offset=0&limit=10&search=Kavya');
  });

  it('keeps the page and the search in the address: Back from a client shows the same page of the same search', async () => {
    const router = renderScreen();
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search clients' }), 'Kavya');
    await screen.findByRole('link', { name: 'Kavya at 0' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Kavya at 10' }));
    expect(await screen.findByRole('heading', { name: 'A client' })).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Kavya at 10' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('Kavya');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Kavya');
    // The page came back by the cursor it was reached by.
    expect(asked().at(-1)).toBe(`?offset=10&limit=10&search=Kavya&after=${cursorAt(9)}`);

    // Back again is the page before; typing made no entries of its own.
    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Kavya at 0' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('shows the search of the page Back returns to in the box', async () => {
    const router = renderScreen();
    const box = await screen.findByRole('searchbox', { name: 'Search clients' });
    await userEvent.type(box, 'Kavya');
    await screen.findByRole('link', { name: 'Kavya at 0' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'Kavya at 10' });
    await userEvent.clear(box);
    await userEvent.type(box, 'Ravi');
    expect(await screen.findByRole('link', { name: 'Ravi at 0' })).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Kavya at 0' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('Kavya');
    // Showing it sends nothing new: the box and the address agree.
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(asked().at(-1)).toBe('?offset=0&limit=10&search=Kavya');
  });

  it('opens at the page an address names, and at page 1 of it for a page or cursor no server gave', async () => {
    renderScreen(`/dashboard/users?page=3&after=${cursorAt(19)}`);
    expect(await screen.findByRole('link', { name: 'Client at 20' })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    cleanup();

    renderScreen('/dashboard/users?page=2&after=not-a-cursor&q=%20Kavya%20');
    expect(await screen.findByRole('link', { name: 'Kavya at 10' })).toBeInTheDocument();
    cleanup();

    renderScreen('/dashboard/users?page=-4');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(asked()).toEqual([
      `?offset=20&limit=10&after=${cursorAt(19)}`,
      '?offset=10&limit=10&search=Kavya',
      '?offset=0&limit=10',
    ]);
  });
});
