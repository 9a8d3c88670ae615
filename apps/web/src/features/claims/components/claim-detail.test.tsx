import { ClaimDetailResponseSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClaimDetail } from './claim-detail.tsx';

// A claim's detail and "Move claim" (issue 28) against stubbed calls built through the contract's schemas.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const detail = (overrides: object = {}) =>
  ClaimDetailResponseSchema.parse({
    status: 'success',
    data: {
      id: uuid(1),
      plan_id: uuid(101),
      plan_number: 'P/1',
      service_code: 'health',
      provider_name: 'Star Health',
      primary_client_id: uuid(200),
      client_name: 'Meera Iyer',
      secondary_client_id: null,
      kind: 'health_reimbursement',
      kind_label: 'Health: reimbursement',
      status: 'submitted',
      status_label: 'Submitted',
      intimated_on: '2026-01-05',
      age_days: 12,
      status_on: '2026-01-07',
      insurer_claim_number: 'STAR-CLM-9001',
      claimed_amount: '120000.00',
      approved_amount: null,
      settled_amount: null,
      deducted_amount: null,
      deductions: [],
      rejection_reason: null,
      details: { hospital: 'Ruby Hall Clinic', admission_date: '2026-01-02' },
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-07T09:00:00.000Z',
      events: [
        {
          id: uuid(11),
          from_status: null,
          to_status: 'intimated',
          on: '2026-01-05',
          note: 'Called from the hospital desk',
          by: 'Asha Owner',
          at: '2026-01-05T09:00:00.000Z',
        },
        {
          id: uuid(12),
          from_status: 'intimated',
          to_status: 'submitted',
          on: '2026-01-07',
          note: null,
          by: 'Asha Owner',
          at: '2026-01-07T09:00:00.000Z',
        },
      ],
      next_statuses: ['query_raised', 'approved', 'partly_approved', 'rejected', 'withdrawn', 'closed'],
      ...overrides,
    },
  });

let fetchMock: Mock<typeof fetch>;
let answer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = () => json({ status: 'error', message: 'unexpected' }, 500);
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === `/api/claims/${uuid(1)}` && (!init?.method || init.method === 'GET')) {
      return json(detail());
    }
    if (url.pathname === `/api/claims/${uuid(1)}/status` && init?.method === 'POST') return answer();
    throw new Error(`unexpected call ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  const router = createMemoryRouter(
    [{ path: '/dashboard/claims/:id', element: <ClaimDetail claimId={uuid(1)} /> }],
    { initialEntries: [`/dashboard/claims/${uuid(1)}`] },
  );
  renderWithQuery(<RouterProvider router={router} />);
}

const sent = () => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
};

describe('the claim detail', () => {
  it('shows the policy, client, fields, amounts and timeline', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Health: reimbursement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      `/dashboard/users/${uuid(200)}`,
    );
    expect(screen.getByRole('link', { name: 'Policy P/1' })).toHaveAttribute(
      'href',
      `/dashboard/plans/${uuid(101)}`,
    );
    expect(screen.getByText('Ruby Hall Clinic')).toBeInTheDocument();
    expect(screen.getByText('₹1,20,000.00')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(timeline).toHaveTextContent('Called from the hospital desk');
  });

  it('offers only the next statuses and shows the API’s field error', async () => {
    answer = () =>
      json(
        {
          status: 'error',
          message: 'Approved Amount (₹2,00,000.00) cannot be more than the Claimed Amount (₹1,20,000.00).',
          fields: {
            approved_amount:
              'Approved Amount (₹2,00,000.00) cannot be more than the Claimed Amount (₹1,20,000.00).',
          },
        },
        400,
      );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Move claim/ }));
    const to = await screen.findByRole('combobox', { name: /Move To/ });
    const offered = within(to)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual([
      'Choose the next status',
      'Query raised',
      'Approved',
      'Partly approved',
      'Rejected',
      'Withdrawn',
      'Closed',
    ]);
    await user.selectOptions(to, 'approved');
    await user.click(screen.getByRole('button', { name: 'Move to approved' }));
    expect(await screen.findByText('Approved Amount is required to approve a claim.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Approved Amount/ }), '200000');
    await user.click(screen.getByRole('button', { name: 'Move to approved' }));
    expect(await screen.findByText(/cannot be more than the Claimed Amount/)).toBeInTheDocument();
    expect(sent()).toMatchObject({ to: 'approved', approved_amount: '200000' });
  });

  it('asks before rejecting, and sends the reason', async () => {
    answer = () => json(detail({ status: 'rejected', status_label: 'Rejected', next_statuses: ['closed'] }));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Move claim/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Move To/ }), 'rejected');
    await user.type(screen.getByRole('textbox', { name: /Rejection Reason/ }), 'Pre-existing illness');
    await user.click(screen.getByRole('button', { name: 'Move to rejected' }));
    expect(await screen.findByText(/a rejected claim can only be closed/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    const buttons = screen.getAllByRole('button', { name: 'Move to rejected' });
    await user.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(sent()).toMatchObject({ to: 'rejected', rejection_reason: 'Pre-existing illness' }),
    );
  });
});
