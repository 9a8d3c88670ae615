import { MeResponseSchema, NAV_DEBOUNCE_MS } from '@portal/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../test/jwt.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { WorkspaceLayout } from './workspace-layout.tsx';

const me = (isVerified: boolean, role: 'AO' | 'AA' | 'AG' = 'AO', fullName = 'Asha Verma') =>
  MeResponseSchema.parse({
    user_id: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
    email: 'asha@verma.in',
    full_name: fullName,
    roles: [role],
    agency_id: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
    agency_name: 'Verma Insurance',
    agency_slug: 'vermainsurance',
    is_verified: isVerified,
    must_change_password: false,
  });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderWorkspace(
  isVerified = true,
  at = '/dashboard',
  who: Parameters<typeof me>[1] = 'AO',
  name?: string,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(me(isVerified, who, name)), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <WorkspaceLayout />,
        // The titles are the route table's (app/router.test.tsx checks the real one).
        children: [
          { path: '*', element: <Where /> },
          { index: true, handle: { title: 'Dashboard' }, element: <Where /> },
        ],
      },
    ],
    { initialEntries: [at] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('workspace layout (spec §2)', () => {
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AO']));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the agency name from the token and the page title of the screen', async () => {
    renderWorkspace();
    expect(screen.getAllByText('Verma Insurance').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lists the workspace links, with My Clients folded until opened', async () => {
    renderWorkspace();
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    const links = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(links()).toEqual([
      'Dashboard',
      'Insurance Company',
      'Investment Company',
      'Renewals',
      'Claims',
      'Reports',
      'Team',
      'Activity',
      'Account Security',
      'Premium Agency',
    ]);
    const myClients = within(nav).getByRole('button', { name: 'My Clients' });
    expect(myClients).toHaveAttribute('aria-expanded', 'false');
    await act(async () => fireEvent.click(myClients));
    expect(myClients).toHaveAttribute('aria-expanded', 'true');
    expect(links().slice(1, 6)).toEqual([
      'View Users',
      'Add Primary Client',
      'Add Secondary Client',
      'Add More Plans',
      'Import clients',
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens My Clients on its screens and marks only the add form on it', () => {
    renderWorkspace(true, '/dashboard/users/add');
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    expect(within(nav).getByRole('button', { name: 'My Clients' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Add Primary Client' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'View Users' })).not.toHaveAttribute('aria-current');
  });

  it("says 'Agency Portal' when the token names no agency", () => {
    localStorage.setItem('token', tokenFor(['AO'], { agency_name: null }));
    renderWorkspace();
    expect(screen.getAllByText('Agency Portal').length).toBeGreaterThan(0);
  });

  it('ignores a second navigation click within the debounce window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const router = renderWorkspace();
    const nav = screen.getByRole('navigation', { name: 'Workspace' });
    const [insurance, investments] = [
      nav.querySelector('a[href="/dashboard/insurance"]')!,
      nav.querySelector('a[href="/dashboard/investments"]')!,
    ];
    await act(async () => fireEvent.click(insurance));
    expect(router.state.location.pathname).toBe('/dashboard/insurance');
    vi.setSystemTime(new Date(Date.now() + NAV_DEBOUNCE_MS - 50));
    await act(async () => fireEvent.click(investments));
    expect(router.state.location.pathname).toBe('/dashboard/insurance');
    vi.setSystemTime(new Date(Date.now() + 100));
    await act(async () => fireEvent.click(investments));
    expect(router.state.location.pathname).toBe('/dashboard/investments');
  });

  it('opens the menu as a drawer and closes it after a choice', async () => {
    renderWorkspace();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const link = drawer.querySelector('a[href="/dashboard/investments"]')!;
    await act(async () => fireEvent.click(link));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard/investments');
  });

  it('shows the verification banner while the owner is not verified', async () => {
    renderWorkspace(false);
    expect(await screen.findByText(/Verification pending\./)).toBeInTheDocument();
  });

  const navLinks = () =>
    within(screen.getByRole('navigation', { name: 'Workspace' }))
      .getAllByRole('link')
      .map((link) => link.textContent);

  it("shows the owner's name and role in the top bar", async () => {
    renderWorkspace();
    const bar = await screen.findByTestId('signed-in-as');
    await waitFor(() => expect(bar).toHaveTextContent('Asha Verma'));
    expect(bar).toHaveTextContent('Agency owner');
  });

  it('gives an agent only what they may use, and names them and their role (issue 25)', async () => {
    localStorage.setItem('token', tokenFor(['AG'], { clientName: 'Arjun Mehta' }));
    renderWorkspace(true, '/dashboard', 'AG', 'Arjun Mehta');
    expect(navLinks()).toEqual(['Dashboard', 'Renewals', 'Claims', 'Account Security']);
    const bar = screen.getByTestId('signed-in-as');
    expect(bar).toHaveTextContent('Arjun Mehta');
    expect(bar).toHaveTextContent('Agent');
    const myClients = screen.getByRole('button', { name: 'My Clients' });
    await act(async () => fireEvent.click(myClients));
    // An agent imports their own book too (issue 26).
    expect(screen.getByRole('link', { name: 'Import clients' })).toHaveAttribute('href', '/dashboard/import');
  });

  it('gives an agency admin the providers but not the team or the agency profile (issue 25)', async () => {
    localStorage.setItem('token', tokenFor(['AA'], { clientName: 'Kavita Rao' }));
    renderWorkspace(true, '/dashboard', 'AA', 'Kavita Rao');
    expect(navLinks()).toEqual([
      'Dashboard',
      'Insurance Company',
      'Investment Company',
      'Renewals',
      'Claims',
      'Reports',
      'Account Security',
    ]);
    expect(await screen.findByText('Agency admin')).toBeInTheDocument();
  });
});
