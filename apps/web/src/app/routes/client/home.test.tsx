import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  agency,
  alerts,
  profile,
  stubApi,
  summary,
} from '../../../features/client-portal/components/fixtures.test-kit.ts';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientHomeScreen } from './home.tsx';

function renderHome() {
  const router = createMemoryRouter([{ path: '*', element: <ClientHomeScreen /> }]);
  renderWithQuery(<RouterProvider router={router} />);
}

const planId = '00000000-0000-4000-8000-0000000000c1';
const someAlerts = alerts([
  {
    alert_id: `expiring:${planId}`,
    alert_type: 'insurance',
    title: 'Policy renewal due',
    plan_name: 'Family Health Optima',
    alert_date: '2026-12-12',
    action_hint: 'Policy expiring in 20 days: renew before 12 Dec 2026',
    reference_id: planId,
  },
  {
    alert_id: 'maturity:00000000-0000-4000-8000-0000000000c2',
    alert_type: 'investment',
    title: 'Investment maturing',
    plan_name: 'National Savings Certificate',
    alert_date: '2027-01-06',
    action_hint: 'Reaches maturity in 45 days',
    reference_id: '00000000-0000-4000-8000-0000000000c2',
  },
]);

describe('client dashboard home (spec §2)', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the figures with money in rupees, the agency card and coloured alerts with Review', async () => {
    stubApi([
      [/summary$/, { body: summary() }],
      [/my-agency-details$/, { body: agency() }],
      [/client\/profile$/, { body: profile() }],
      [/upcoming-alerts$/, { body: someAlerts }],
    ]);
    renderHome();
    const premium = await screen.findByRole('region', { name: 'Total Premium' });
    expect(within(premium).getByTestId('figure-value')).toHaveTextContent('₹12,34,567.50');
    expect(
      within(screen.getByRole('region', { name: 'Total Plans' })).getByTestId('figure-value'),
    ).toHaveTextContent('7');
    expect(screen.getByText('Profile 63% complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@verma.in' })).toHaveAttribute(
      'href',
      'mailto:hello@verma.in',
    );
    expect(await screen.findByText('Policy expiring in 20 days: renew before 12 Dec 2026')).toHaveAttribute(
      'data-tone',
      'red',
    );
    expect(screen.getByText('Reaches maturity in 45 days')).toHaveAttribute('data-tone', 'green');
    expect(screen.getByRole('link', { name: 'Review Family Health Optima' })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${planId}`,
    );
    expect(screen.getByRole('link', { name: /View all/ })).toHaveAttribute(
      'href',
      '/agency-client/dashboard/alerts',
    );
  });

  it('says when nothing is coming up and when the agency is unknown', async () => {
    stubApi([
      [/summary$/, { body: summary() }],
      [/my-agency-details$/, { status: 404, body: { message: 'No profile data available.', detail: null } }],
      [/client\/profile$/, { body: profile() }],
      [/upcoming-alerts$/, { body: alerts([]) }],
    ]);
    renderHome();
    expect(await screen.findByText('Nothing urgent coming up.')).toBeInTheDocument();
    expect(screen.getByText('No agency details available')).toBeInTheDocument();
  });

  it('offers Retry when the dashboard cannot load, and loads again', async () => {
    let fail = true;
    stubApi([
      [
        /summary$/,
        () => (fail ? { status: 500, body: { message: 'Down', detail: null } } : { body: summary() }),
      ],
      [/my-agency-details$/, { body: agency() }],
      [/client\/profile$/, { body: profile() }],
      [/upcoming-alerts$/, { body: alerts([]) }],
    ]);
    renderHome();
    expect(await screen.findByText('Failed to load dashboard data. Please try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Total Premium' })).toBeInTheDocument();
  });
});
