import { ClientClaimsResponseSchema } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientClaimsCard } from './client-claims-card.tsx';

// The client record's claims (issue 28) against a stubbed call built through the contract's schema.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let body: unknown;
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname !== `/api/users/primary-clients/${uuid(200)}/claims`) {
        throw new Error(`unexpected call ${url.pathname}`);
      }
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = () =>
  renderWithQuery(
    <RouterProvider
      router={createMemoryRouter([{ path: '/', element: <ClientClaimsCard clientId={uuid(200)} /> }])}
    />,
  );

describe('the client record’s claims', () => {
  it('lists the household’s claims, each linked to its detail', async () => {
    body = ClientClaimsResponseSchema.parse({
      data: {
        total: 1,
        claims: [
          {
            id: uuid(1),
            plan_id: uuid(101),
            plan_number: 'P/1',
            service_code: 'motor',
            provider_name: null,
            primary_client_id: uuid(200),
            client_name: 'Meera Iyer',
            secondary_client_id: null,
            kind: 'motor_own_damage',
            kind_label: 'Motor: own damage',
            status: 'rejected',
            status_label: 'Rejected',
            intimated_on: '2026-01-05',
            age_days: 3,
            status_on: '2026-01-07',
            days_in_status: 3,
            insurer_claim_number: null,
            claimed_amount: '45000.00',
            approved_amount: null,
            settled_amount: null,
            deducted_amount: null,
            deductions: [],
            rejection_reason: 'Driver without a valid licence',
            details: {},
            created_at: '2026-01-05T09:00:00.000Z',
            updated_at: '2026-01-07T09:00:00.000Z',
          },
        ],
      },
    });
    render();
    const region = await screen.findByRole('region', { name: 'Claims (1)' });
    expect(within(region).getByRole('link', { name: 'Motor: own damage · P/1' })).toHaveAttribute(
      'href',
      `/dashboard/claims/${uuid(1)}`,
    );
    expect(region).toHaveTextContent('Rejected');
    expect(region).toHaveTextContent('₹45,000.00');
  });

  it('says when there are none', async () => {
    body = { data: { total: 0, claims: [] } };
    render();
    expect(await screen.findByText(/No claims yet/)).toBeInTheDocument();
  });
});
