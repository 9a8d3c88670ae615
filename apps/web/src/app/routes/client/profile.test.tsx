import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { profile, stubApi, summary } from '../../../features/client-portal/components/fixtures.test-kit.ts';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientProfileScreen } from './profile.tsx';

function renderProfile() {
  const router = createMemoryRouter([{ path: '*', element: <ClientProfileScreen /> }]);
  renderWithQuery(<RouterProvider router={router} />);
}

describe('My Profile (spec §2, decisions §4)', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the header, the side menu and real values in each tab', async () => {
    stubApi([
      [
        /client\/profile$/,
        { body: profile({ emergency_contact: { name: 'Arjun Sharma', phone: '9876512345' } }) },
      ],
      [/summary$/, { body: summary() }],
    ]);
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Priya Sharma' })).toBeInTheDocument();
    expect(screen.getByText('DEMO-00001')).toBeInTheDocument();
    expect(screen.getByText('Profile 63% complete')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Profile menu' })).toHaveTextContent('Billing & Payments');
    expect(screen.getByText('Billing & Payments').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(screen.getByText('₹12,34,567.50')).toBeInTheDocument();
    expect(screen.getByText('05 Jan 2026')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Personal Info' }));
    expect(screen.getByText('12 Apr 1988')).toBeInTheDocument();
    expect(screen.getByText('Indian')).toBeInTheDocument();
    expect(screen.getByText('••••234F')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Additional Info' }));
    expect(screen.getByText('Arjun Sharma')).toBeInTheDocument();
    expect(screen.getByText('9876512345')).toBeInTheDocument();
  });

  it('says No profile data available. for a removed client', async () => {
    stubApi([
      [/client\/profile$/, { status: 404, body: { message: 'No profile data available.', detail: null } }],
    ]);
    renderProfile();
    expect(await screen.findByText('No profile data available.')).toBeInTheDocument();
  });

  it('offers Try again when only the summary fails', async () => {
    let fail = true;
    stubApi([
      [/client\/profile$/, { body: profile() }],
      [
        /summary$/,
        () => (fail ? { status: 500, body: { message: 'Down', detail: null } } : { body: summary() }),
      ],
    ]);
    renderProfile();
    expect(await screen.findByText('Unable to load dashboard data')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹12,34,567.50')).toBeInTheDocument();
  });
});
