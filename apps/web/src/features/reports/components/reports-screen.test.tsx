import {
  BookSummarySchema,
  PremiumRegisterResponseSchema,
  PremiumRegisterTotalsSchema,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ReportsScreen } from './reports-screen.tsx';

// The reports screen against stubbed calls built through the contract's schemas (issue 29).

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const period = { period: 'this_fy', from: '2026-04-01', to: '2027-03-31' };
const row = (n: number, status: 'paid' | 'due' | 'overdue', premium: string) => ({
  id: uuid(n),
  plan_id: uuid(100 + n),
  plan_type: 'insurance',
  primary_client_id: uuid(200),
  client_name: 'Meera Iyer',
  client_code: 'DEMO-00001',
  holder_name: null,
  provider_name: 'LIC of India',
  service_code: 'life',
  service_name: 'Life Insurance',
  plan_number: `LIC-${n}`,
  mode: 'Yearly',
  premium,
  due_date: '2026-06-10',
  paid_on: status === 'paid' ? '2026-06-12' : null,
  status,
});
const firstPage = PremiumRegisterResponseSchema.parse({
  period,
  rows: [row(1, 'paid', '125000.00'), row(2, 'overdue', '2000.00')],
  next_cursor: `2026-06-10_${uuid(2)}`,
});
const secondPage = PremiumRegisterResponseSchema.parse({
  period,
  rows: [row(3, 'due', '500.00')],
  next_cursor: null,
});
const totals = PremiumRegisterTotalsSchema.parse({
  period,
  count: 3,
  premium: '127500.00',
  by_status: [
    { status: 'paid', count: 1, premium: '125000.00' },
    { status: 'due', count: 1, premium: '500.00' },
    { status: 'overdue', count: 1, premium: '2000.00' },
  ],
});
const book = BookSummarySchema.parse({
  period,
  households: 2,
  rows: [
    {
      service_code: 'life',
      service_name: 'Life Insurance',
      provider_id: uuid(300),
      provider_name: 'LIC of India',
      plans: 2,
      sum_assured: '1500000.00',
      annual_premium: '16000.00',
      investment_amount: '0.00',
    },
  ],
  totals: { plans: 2, sum_assured: '1500000.00', annual_premium: '16000.00', investment_amount: '0.00' },
  top_clients: [],
});

let fetchMock: Mock<typeof fetch>;
let fail = false;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fail = false;
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    switch (url.pathname) {
      case '/api/services/insurances':
        return json({
          data: [{ service_id: uuid(400), code: 'life', name: 'Life Insurance', category: 'insurance' }],
        });
      case '/api/services/investments':
        return json({ data: [] });
      case '/api/plans/providers':
        return json({ status: 'success', data: [] });
      case '/api/users/agents':
        return json({ status: 'success', data: [] });
      case '/api/reports/premium-register':
        if (fail) return new Response('{"message":"Something went wrong."}', { status: 500 });
        if (url.searchParams.get('service') === 'life') return json({ period, rows: [], next_cursor: null });
        return json(url.searchParams.get('after') ? secondPage : firstPage);
      case '/api/reports/premium-register/totals':
        return json(totals);
      case '/api/reports/book':
        return json(book);
      default:
        throw new Error(`unexpected call ${url.pathname}`);
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderReports(address = '/dashboard/reports') {
  const router = createMemoryRouter([{ path: '/dashboard/reports', element: <ReportsScreen /> }], {
    initialEntries: [address],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('the reports screen', () => {
  it('shows the premium register with rupees, Indian dates, totals and keyset pages', async () => {
    const user = userEvent.setup();
    renderReports();
    const table = await screen.findByRole('region', { name: 'Premiums in the period' });
    expect(within(table).getByText('₹1,25,000.00')).toBeInTheDocument();
    expect(within(table).getByText('12 Jun 2026')).toBeInTheDocument();
    expect(within(table).getByText('Overdue')).toBeInTheDocument();
    expect(await within(table).findByText('₹1,27,500.00')).toBeInTheDocument();
    expect(within(table).getByText('3 rows')).toBeInTheDocument();
    expect(screen.getByText('From 01 Apr 2026 to 31 Mar 2027')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('LIC-3')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByText('LIC-1')).toBeInTheDocument();
  });

  it('keeps the filters in the address and says when nothing matches', async () => {
    const user = userEvent.setup();
    const router = renderReports();
    await screen.findByRole('region', { name: 'Premiums in the period' });
    await user.selectOptions(await screen.findByLabelText('Service'), 'life');
    await waitFor(() => expect(router.state.location.search).toBe('?service=life'));
    expect(await screen.findByText('No premium fell due or was paid in this period.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(await screen.findByText(/Choose the first and last days of the period/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?service=life&period=custom');
  });

  it('opens another report from the address, and offers Retry on an error', async () => {
    fail = true;
    const user = userEvent.setup();
    renderReports();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('We could not load this report.')).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Premiums in the period' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book summary' }));
    const bookTable = await screen.findByRole('region', { name: 'Book by service and provider' });
    expect(within(bookTable).getAllByText('₹15,00,000.00')).toHaveLength(2);
    expect(screen.getByText('Households').nextSibling).toHaveTextContent('2');
  });
});
