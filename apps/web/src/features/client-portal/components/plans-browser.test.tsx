import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { insurance, investment, myPlans } from './fixtures.test-kit.ts';
import { PLAN_SKELETON_CARDS, PlanCardSkeletons } from './plan-card.tsx';
import { NO_PLANS, PlansBrowser } from './plans-browser.tsx';

const NOW = new Date('2026-11-21T06:00:00Z');

function show(plans: ReturnType<typeof myPlans>) {
  const router = createMemoryRouter([{ path: '*', element: <PlansBrowser plans={plans} now={NOW} /> }]);
  renderWithQuery(<RouterProvider router={router} />);
}

const data = () =>
  myPlans(
    [
      insurance({
        provider_name: 'Star Health',
        service_code: 'health',
        plan_name: 'Family Health Optima',
        policy_number: 'SH-4411',
        premium_amount: '123456.50',
        end_date: '2027-01-01',
      }),
      insurance({
        provider_name: 'ICICI Lombard',
        service_code: 'motor',
        plan_name: 'Private Car Package',
        policy_number: 'MOT-88120',
        premium_amount: '9400.00',
        end_date: '2025-01-09',
      }),
      insurance({
        provider_name: 'LIC',
        service_code: 'life',
        policy_number: '918273645',
        premium_amount: null,
      }),
    ],
    [investment({ provider_name: 'HDFC Mutual Fund' })],
  );

const cards = () => within(screen.getByRole('list', { name: /plans$/ })).getAllByRole('link');

describe('My Plans (spec §2)', () => {
  it('shows both tabs with counts, the insurance cards and the footer count', () => {
    show(data());
    expect(screen.getByRole('tab', { name: 'Insurance 3' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Investment 1' })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(screen.getByText('Showing 3 plan(s) in Insurance')).toBeInTheDocument();
  });

  it('formats money in rupees with Indian grouping, N/A when missing', () => {
    show(data());
    expect(screen.getByText('₹1,23,456.50')).toBeInTheDocument();
    expect(screen.getByText('₹9,400.00')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });

  it('dims an expired card and shows its end date in red', () => {
    show(data());
    const expired = cards().find((c) => c.textContent?.includes('ICICI Lombard'))!;
    expect(expired).toHaveAttribute('data-status', 'Expired');
    expect(expired.className).toContain('opacity-60');
    expect(within(expired).getByText('09 Jan 2025').className).toContain('text-red-700');
    const active = cards().find((c) => c.textContent?.includes('Star Health'))!;
    expect(active.className).not.toContain('opacity-60');
  });

  it('searches provider, service code and policy number, trimmed and case-insensitive', () => {
    show(data());
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: '  STAR ' } });
    expect(cards()).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'mot-881' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('ICICI Lombard')]);
    expect(screen.getByText('Showing 1 plan(s) in Insurance')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'nothing-like-this' } });
    expect(screen.getByText('No plans match your search or filters.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 plan(s) in Insurance')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cards()).toHaveLength(3);
  });

  it('finds a plan by the plan name its card shows, on either tab (issue 24 item 11)', () => {
    show(
      myPlans(data().insurance_plans, [
        investment({ provider_name: 'HDFC Mutual Fund', plan_name: 'HDFC Flexi Cap Fund' }),
        investment({
          provider_name: 'SBI Mutual Fund',
          plan_name: 'SBI Bluechip Fund',
          policy_number: 'F-2',
        }),
      ]),
    );
    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'Jeevan' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('Jeevan Anand')]);
    expect(cards()[0]).toHaveTextContent('LIC');
    fireEvent.change(search, { target: { value: ' family health ' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('Star Health')]);
    fireEvent.click(screen.getByRole('tab', { name: 'Investment 2' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'bluechip' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('SBI Mutual Fund')]);
    expect(screen.getByText('Showing 1 plan(s) in Investment')).toBeInTheDocument();
  });

  it('filters by type and by the visible status control', () => {
    show(data());
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'life' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('LIC')]);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'expired' } });
    expect(cards().map((c) => c.textContent)).toEqual([expect.stringContaining('ICICI Lombard')]);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } });
    expect(cards()).toHaveLength(2);
  });

  it('resets the search and type filter when the tab changes', () => {
    show(data());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'star' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'health' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Investment 1' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByLabelText('Type')).toHaveValue('');
    expect(screen.getByText('Showing 1 plan(s) in Investment')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Insurance 3' }));
    expect(cards()).toHaveLength(3);
  });

  it('says what to expect when a tab has no plans', () => {
    show(myPlans([], []));
    expect(screen.getByText(NO_PLANS)).toBeInTheDocument();
    expect(screen.getByText('Showing 0 plan(s) in Insurance')).toBeInTheDocument();
  });

  it('loads with eight skeleton cards', () => {
    renderWithQuery(<PlanCardSkeletons />);
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    expect(screen.getAllByTestId('plan-skeleton')).toHaveLength(PLAN_SKELETON_CARDS);
    expect(PLAN_SKELETON_CARDS).toBe(8);
  });
});
