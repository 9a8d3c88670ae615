import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientShell } from './client-shell.tsx';
import { agency, profile, stubApi } from './fixtures.test-kit.ts';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        path: '/agency-client/dashboard',
        element: <ClientShell />,
        // The screens' titles are the route table's (app/router.test.tsx checks the real one).
        children: [
          { index: true, element: <p>Home content</p> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: ['/agency-client/dashboard'] },
  );
  renderWithQuery(<RouterProvider router={router} />);
}

describe('client area shell (spec §2)', () => {
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AC'], { clientName: 'Priya S' }));
    stubApi([[/\/client\/profile$/, { body: profile() }]]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('greets the client by the profile name with their initials, and links the four screens', async () => {
    renderShell();
    expect(await screen.findByText('Hello, Priya Sharma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveTextContent('PS');
    const nav = screen.getAllByRole('navigation', { name: 'Client area' })[0]!;
    for (const label of ['Dashboard', 'My Plans', 'My Claims', 'Secondary Clients']) {
      expect(nav).toHaveTextContent(label);
    }
    expect(screen.getAllByRole('button', { name: 'Logout' }).length).toBeGreaterThan(0);
  });

  it('opens the dropdown with email, phone and Logout; Escape and an outside click close it', async () => {
    renderShell();
    await screen.findByText('Hello, Priya Sharma');
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('priya@example.in')).toBeInTheDocument();
    expect(screen.getByText('9876501234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('priya@example.in')).not.toBeInTheDocument());
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(toggle);
    expect(screen.getByText('priya@example.in')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('Home content'));
    await waitFor(() => expect(screen.queryByText('priya@example.in')).not.toBeInTheDocument());
  });

  it('opens the menu as a drawer and closes it after a choice', async () => {
    renderShell();
    await screen.findByText('Hello, Priya Sharma');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(drawer).getByRole('link', { name: 'My Plans' })));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agency-client/dashboard/plans');
  });

  it("shows the agency's logo and name in the sidebar and drawer, and its logo in the top bar", async () => {
    const logo = '/api/branding/logo?v=0123456789abcdef';
    stubApi([
      [/\/client\/profile$/, { body: profile() }],
      [/\/my-agency-details$/, { body: agency({ name: 'Verma Insurance', logo_url: logo }) }],
    ]);
    renderShell();
    // The top bar's mark is the logo named by the agency's name (no name is written beside it there).
    const mark = await screen.findByRole('img', { name: 'Verma Insurance' });
    expect(mark).toHaveAttribute('src', logo);
    // The sidebar: the logo beside the agency's name, sized before it loads.
    const sidebarLogos = [...document.querySelectorAll(`aside img[src="${logo}"]`)];
    expect(sidebarLogos).toHaveLength(1);
    expect(sidebarLogos[0]!.parentElement!.className).toMatch(/\bsize-8\b/);
    expect(screen.getByText('Verma Insurance')).toBeInTheDocument();
    expect(document.querySelector('aside img[src="/favicon.svg"]')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' })));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByText('Verma Insurance')).toBeInTheDocument();
    expect(drawer.querySelector(`img[src="${logo}"]`)).not.toBeNull();
  });

  it("writes the agency's name, and its initial in the top bar, when it has no logo", async () => {
    stubApi([
      [/\/client\/profile$/, { body: profile() }],
      [/\/my-agency-details$/, { body: agency({ name: 'Verma Insurance', logo_url: null }) }],
    ]);
    renderShell();
    const mark = await screen.findByRole('img', { name: 'Verma Insurance' });
    expect(mark.tagName).toBe('SPAN');
    expect(mark).toHaveTextContent('V');
    expect(screen.getByText('Verma Insurance')).toBeInTheDocument();
    expect(document.querySelector('img[src^="/api/branding"]')).toBeNull();
  });
});
