import { MeResponseSchema } from '@portal/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../test/jwt.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { AdminLayout } from './admin-layout.tsx';

const me = (mustEnrol: boolean) =>
  MeResponseSchema.parse({
    user_id: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
    email: 'admin@portal.in',
    full_name: 'Platform Admin',
    roles: ['ADMIN'],
    agency_id: null,
    agency_name: null,
    agency_slug: null,
    is_verified: true,
    must_change_password: false,
    must_enrol_second_factor: mustEnrol,
  });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAdmin(at = '/agency-admin/dashboard', mustEnrol = false) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(me(mustEnrol)), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
  const router = createMemoryRouter(
    [
      {
        path: '/agency-admin/dashboard',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Where /> },
          { path: '*', element: <Where /> },
        ],
      },
      { path: '/dashboard', element: <Where /> },
    ],
    { initialEntries: [at] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('admin layout (spec §2)', () => {
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['ADMIN'], { agency_name: null }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("shows 'Admin Panel' over the links, 'Admin Section' in the header, and the overview as current on the index", async () => {
    renderAdmin();
    expect(await screen.findByTestId('where')).toHaveTextContent('/agency-admin/dashboard');
    expect(screen.getByText('Admin Panel')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Admin Section');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Manage Clients', 'Account Security']);
    expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveClass('bg-primary-50');
    expect(within(nav).getByRole('link', { name: 'Manage Clients' })).not.toHaveClass('bg-primary-50');
  });

  it('goes back to the agency portal', async () => {
    const router = renderAdmin();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back to Agency Portal' })));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('opens the menu as a drawer and closes it after a choice', async () => {
    renderAdmin('/agency-admin/dashboard/overview');
    await screen.findByTestId('where');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await act(async () => fireEvent.click(within(drawer).getByRole('link', { name: 'Manage Clients' })));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agency-admin/dashboard/manage-clients');
  });

  it('opens only the security screen until the admin has a second factor', async () => {
    const router = renderAdmin('/agency-admin/dashboard/manage-clients', true);
    expect(await screen.findByTestId('where')).toHaveTextContent('/agency-admin/dashboard/security');
    expect(router.state.location.pathname).toBe('/agency-admin/dashboard/security');
  });
});
