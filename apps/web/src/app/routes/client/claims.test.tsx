import { ClientClaimDetailSchema, ClientClaimListSchema } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../features/client-portal/components/fixtures.test-kit.ts';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientClaimDetailScreen } from './claim-detail.tsx';
import { ClientClaimsScreen } from './claims.tsx';

// My Claims and a claim's page (issue 28 item 5), answered by contract-built claims.

const CLAIM = '00000000-0000-4000-8000-000000000501';
const PLAN = '00000000-0000-4000-8000-000000000301';

const base = {
  id: CLAIM,
  plan_id: PLAN,
  plan_number: 'SH-1',
  service_code: 'health',
  provider_name: 'Star Health',
  secondary_client_id: null,
  kind: 'health_reimbursement',
  kind_label: 'Health: reimbursement',
  status: 'approved',
  status_label: 'Approved',
  intimated_on: '2026-11-02',
  age_days: 25,
  status_on: '2026-11-20',
  days_in_status: 3,
  insurer_claim_number: '123/ABC',
  claimed_amount: '50000.00',
  approved_amount: '45000.00',
  settled_amount: null,
  deducted_amount: '5000.00',
  deductions: [{ reason: 'Non-medical items', amount: '5000.00' }],
  rejection_reason: null,
  details: { hospital: 'Jehangir Hospital', admission_date: '2026-10-30' },
  created_at: '2026-11-02T05:00:00.000Z',
  updated_at: '2026-11-20T05:00:00.000Z',
  insured_name: 'Priya Sharma',
  pending: 'Approved: waiting for the insurer to pay',
} as const;

const list = ClientClaimListSchema.parse({
  claims: [
    {
      ...base,
      id: '00000000-0000-4000-8000-000000000502',
      kind: 'motor_own_damage',
      kind_label: 'Motor: own damage',
      service_code: 'motor',
      status: 'documents_pending',
      status_label: 'Documents pending',
      insurer_claim_number: null,
      claimed_amount: null,
      approved_amount: null,
      deducted_amount: null,
      deductions: [],
      details: {},
      age_days: 0,
      insured_name: 'Anaya Sharma',
      pending: 'Waiting for documents',
    },
    base,
  ],
});

const detail = ClientClaimDetailSchema.parse({
  ...base,
  documents: [
    { item: 'claim_form', label: 'Claim form', received: true },
    { item: 'final_bill', label: 'Final hospital bill', received: false },
  ],
  events: [
    {
      id: '00000000-0000-4000-8000-000000000601',
      from_status: null,
      to_status: 'intimated',
      on: '2026-11-02',
      note: null,
      at: '2026-11-02T05:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000000602',
      from_status: 'intimated',
      to_status: 'approved',
      on: '2026-11-20',
      note: 'Approved after the query',
      at: '2026-11-20T05:00:00.000Z',
    },
  ],
});

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/agency-client/dashboard/claims', element: <ClientClaimsScreen /> },
      { path: '/agency-client/dashboard/claims/:id', element: <ClientClaimDetailScreen /> },
    ],
    { initialEntries: [path] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('My Claims (issue 28 item 5)', () => {
  beforeEach(() => localStorage.setItem('token', tokenFor(['AC'])));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the household’s claims with status, kind, plan, amounts, age and what is pending', async () => {
    stubApi([[/client\/claims$/, { body: list }]]);
    const router = show('/agency-client/dashboard/claims');
    expect(screen.getByRole('status', { name: 'Loading claims' })).toBeInTheDocument();
    const claims = await screen.findByRole('list', { name: 'Claims' });
    const [motor, health] = within(claims).getAllByRole('listitem');
    expect(motor).toHaveTextContent('Motor: own damage');
    expect(motor).toHaveTextContent('Anaya Sharma');
    expect(motor).toHaveTextContent('Documents pending');
    expect(motor).toHaveTextContent('Waiting for documents');
    expect(motor).toHaveTextContent('Intimated today');
    expect(health).toHaveTextContent('Approved');
    expect(health).toHaveTextContent('Policy SH-1 · Star Health');
    expect(health).toHaveTextContent('₹50,000.00');
    expect(health).toHaveTextContent('₹45,000.00');
    expect(health).toHaveTextContent('25 days ago');
    const link = within(health!).getByRole('link', { name: 'Claim 123/ABC' });
    expect(link).toHaveAttribute('href', `/agency-client/dashboard/claims/${CLAIM}`);
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe(`/agency-client/dashboard/claims/${CLAIM}`);
  });

  it('says when there are no claims', async () => {
    stubApi([[/client\/claims$/, { body: { claims: [] } }]]);
    show('/agency-client/dashboard/claims');
    expect(await screen.findByText(/No claims yet/)).toBeInTheDocument();
  });

  it('offers Retry when the list cannot be loaded', async () => {
    stubApi([[/client\/claims$/, { status: 500, body: { message: 'Server error.', detail: null } }]]);
    show('/agency-client/dashboard/claims');
    expect(await screen.findByText('Failed to load your claims')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  });

  it('shows a claim: what is pending, amounts with deductions, its fields and the timeline', async () => {
    stubApi([[/client\/claims\/[^/]+$/, { body: detail }]]);
    show(`/agency-client/dashboard/claims/${CLAIM}`);
    expect(await screen.findByRole('heading', { name: 'Claim 123/ABC' })).toBeInTheDocument();
    expect(screen.getByText('Approved: waiting for the insurer to pay')).toBeInTheDocument();
    const amounts = screen.getByRole('region', { name: 'Amounts' });
    expect(amounts).toHaveTextContent('₹50,000.00');
    expect(amounts).toHaveTextContent('Non-medical items');
    expect(amounts).toHaveTextContent('₹5,000.00');
    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((li) => li.textContent)).toEqual([
      'Intimated02 Nov 2026',
      'Approved20 Nov 2026Approved after the query',
    ]);
    const fields = screen.getByRole('region', { name: 'Claim Details' });
    expect(fields).toHaveTextContent('Jehangir Hospital');
    expect(fields).toHaveTextContent('30 Oct 2026');
    expect(screen.getByRole('link', { name: 'Policy SH-1' })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${PLAN}`,
    );
    // Decided by the insurer: no papers are asked for any more (decision 045).
    expect(screen.queryByRole('region', { name: 'Documents' })).toBeNull();
  });

  it('shows what the agent has and what is still needed while papers are being collected', async () => {
    stubApi([[/client\/claims\/[^/]+$/, { body: { ...detail, status: 'documents_pending' } }]]);
    show(`/agency-client/dashboard/claims/${CLAIM}`);
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(documents).toHaveTextContent('Your agent has 1 of 2. Please send the ones still needed.');
    expect(
      within(documents)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Claim formReceived', 'Final hospital billStill needed']);
  });

  it('says a claim that is not theirs is not found', async () => {
    stubApi([[/client\/claims\/[^/]+$/, { status: 404, body: { message: 'No claim found', detail: null } }]]);
    show(`/agency-client/dashboard/claims/${CLAIM}`);
    expect(await screen.findByText('This claim is not on your record.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Claims' })).toHaveAttribute(
      'href',
      '/agency-client/dashboard/claims',
    );
  });
});
