import { ClaimListResponseSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClaimsRegister } from './claims-register.tsx';

// The workspace's claims register (issue 28) against stubbed calls built through the contract's schemas.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const claim = (n: number, overrides: object) => ({
  id: uuid(n),
  plan_id: uuid(100 + n),
  plan_number: `P/${n}`,
  service_code: 'health',
  provider_name: 'Star Health',
  primary_client_id: uuid(200),
  client_name: 'Meera Iyer',
  secondary_client_id: null,
  kind: 'health_reimbursement',
  kind_label: 'Health: reimbursement',
  status: 'documents_pending',
  status_label: 'Documents pending',
  intimated_on: '2026-11-15',
  age_days: 12,
  status_on: '2026-11-17',
  days_in_status: 3,
  insurer_claim_number: 'STAR-CLM-9001',
  claimed_amount: '120000.00',
  approved_amount: null,
  settled_amount: null,
  deducted_amount: null,
  deductions: [],
  rejection_reason: null,
  details: { hospital: 'Ruby Hall Clinic' },
  created_at: '2026-11-15T09:00:00.000Z',
  updated_at: '2026-11-17T09:00:00.000Z',
  ...overrides,
});

const openPage = ClaimListResponseSchema.parse({
  items: [
    claim(1, {}),
    claim(2, {
      kind: 'motor_own_damage',
      kind_label: 'Motor: own damage',
      status: 'rejected',
      status_label: 'Rejected',
      age_days: 1,
      client_name: 'Vikram Rao',
      claimed_amount: null,
      insurer_claim_number: null,
      days_in_status: 9,
    }),
  ],
  pagination: { total: 2, limit: 20, offset: 0, next_cursor: null, prev_cursor: null },
  stale_days: 7,
});
const empty = ClaimListResponseSchema.parse({
  items: [],
  pagination: { total: 0, limit: 20, offset: 0, next_cursor: null, prev_cursor: null },
  stale_days: 7,
});

let fetchMock: Mock<typeof fetch>;
let fail = false;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fail = false;
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/api/claims') throw new Error(`unexpected call ${url.pathname}`);
    if (fail) return new Response('{"message":"Something went wrong."}', { status: 500 });
    return json(
      url.searchParams.get('status') === 'open' && !url.searchParams.get('search') ? openPage : empty,
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderRegister(entry = '/dashboard/claims') {
  const router = createMemoryRouter([{ path: '/dashboard/claims', element: <ClaimsRegister /> }], {
    initialEntries: [entry],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const asked = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://portal.test').searchParams;

describe('the claims register', () => {
  it('opens on the open claims with their status, age and amount, each linked to its detail', async () => {
    renderRegister();
    const list = await screen.findByRole('list', { name: 'Claims found' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Health: reimbursement · P/1 · Star Health');
    expect(first).toHaveTextContent('Documents pending');
    expect(first).toHaveTextContent('12 days');
    expect(first).toHaveTextContent('₹1,20,000.00');
    expect(first).toHaveTextContent('Claim no. STAR-CLM-9001');
    expect(within(first!).getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      `/dashboard/claims/${uuid(1)}`,
    );
    expect(second).toHaveTextContent('Rejected');
    expect(second).toHaveTextContent('1 day');
    // Longer than the agency's 7 days at one step (decision 045); the first, 3 days, is not.
    expect(second).toHaveTextContent('Waiting 9 days at this step: follow it up');
    expect(first).not.toHaveTextContent('Waiting');
    expect(screen.getByText('2 claims · open')).toBeInTheDocument();
    expect(asked().get('status')).toBe('open');
  });

  it('asks for another status and says when nothing matches a search', async () => {
    const user = userEvent.setup();
    const router = renderRegister();
    await screen.findByText('Vikram Rao');
    await user.click(screen.getByRole('tab', { name: 'Settled' }));
    await waitFor(() => expect(asked().get('status')).toBe('settled'));
    // The tab is in the address, so the home's figures and a reload open it.
    expect(router.state.location.search).toBe('?status=settled');
    expect(await screen.findByText('No claims here. Try another status.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search claims' }), 'ICN-7');
    await waitFor(() => expect(asked().get('search')).toBe('ICN-7'));
    expect(await screen.findByText(/No claim matches “ICN-7”/)).toBeInTheDocument();
  });

  it('opens on the tab the address names', async () => {
    renderRegister('/dashboard/claims?status=documents_pending');
    expect(await screen.findByRole('tab', { name: 'Documents pending' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(asked().get('status')).toBe('documents_pending'));
  });

  it('offers Retry when the claims could not be loaded', async () => {
    fail = true;
    const user = userEvent.setup();
    renderRegister();
    expect(await screen.findByText('We could not load the claims.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Vikram Rao')).toBeInTheDocument();
  });
});
