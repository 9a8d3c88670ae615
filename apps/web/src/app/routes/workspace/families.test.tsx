import { FamilyListResponseSchema } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { FamiliesScreen } from './families.tsx';

// The family view against a stubbed list call built through the contract's schema.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const page = FamilyListResponseSchema.parse({
  items: [
    {
      primary_client_id: uuid(1),
      client_code: 'DEMO-00001',
      full_name: 'Meera Iyer',
      email: 'meera@example.in',
      phone: null,
      plans: [
        {
          plan_id: uuid(11),
          plan_kind: 'insurance',
          service_code: 'life',
          provider_name: 'LIC of India',
          plan_name: 'Jeevan Anand',
          policy_number: 'LIC-1',
          end_date: '2040-03-31',
          status: 'Active',
        },
      ],
      members: [
        {
          secondary_client_id: uuid(2),
          full_name: 'Kabir Iyer',
          relationship: 'Son',
          plans: [
            {
              plan_id: uuid(12),
              plan_kind: 'investment',
              service_code: 'mutual_funds',
              provider_name: 'HDFC Mutual Fund',
              plan_name: null,
              policy_number: 'FOLIO-9',
              end_date: '2020-01-31',
              status: 'Expired',
            },
          ],
        },
      ],
    },
  ],
  pagination: { total: 1, limit: 10, offset: 0 },
});

let fetchMock: Mock<typeof fetch>;
let answers: Array<'fail' | 'page' | 'empty'>;

beforeEach(() => {
  answers = [];
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname !== '/api/users/families') throw new Error(`unexpected call ${url.pathname}`);
    const next = answers.shift() ?? 'page';
    if (next === 'fail') return new Response('{"message":"Something went wrong."}', { status: 500 });
    const body = next === 'empty' ? { items: [], pagination: { total: 0, limit: 10, offset: 0 } } : page;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const router = createMemoryRouter([{ path: '/dashboard/clients', element: <FamiliesScreen /> }], {
    initialEntries: ['/dashboard/clients'],
  });
  renderWithQuery(<RouterProvider router={router} />);
}

describe('the family view', () => {
  it('shows each holder with their plans, linked to their pages, after a failed load is retried', async () => {
    answers = ['fail'];
    const user = userEvent.setup();
    renderScreen();
    expect(await screen.findByText("We could not load your clients' families.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    const family = await screen.findByRole('article', { name: 'Family of Meera Iyer' });
    expect(family).toHaveTextContent('1 family member · 2 plans');
    expect(within(family).getByRole('link', { name: 'Kabir Iyer' })).toHaveAttribute(
      'href',
      `/dashboard/secondary-client/${uuid(2)}`,
    );
    const own = within(family).getByRole('list', { name: 'Plans of Meera Iyer' });
    expect(within(own).getByRole('link')).toHaveAttribute('href', `/dashboard/plans/${uuid(11)}`);
    expect(own).toHaveTextContent('Life');
    expect(own).toHaveTextContent('Active');
    const kabirs = within(family).getByRole('list', { name: 'Plans of Kabir Iyer' });
    expect(kabirs).toHaveTextContent('Mutual Funds');
    expect(kabirs).toHaveTextContent('HDFC Mutual Fund · FOLIO-9');
    expect(kabirs).toHaveTextContent('Expired');
    expect(within(family).getByRole('link', { name: 'Add family member' })).toHaveAttribute(
      'href',
      `/dashboard/secondary?primary=${uuid(1)}`,
    );
  });

  it('says what to do when the agency has no clients', async () => {
    answers = ['empty'];
    renderScreen();
    expect(
      await screen.findByText('No clients yet. Add a primary client, then their family members and plans.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Primary Client' })).toHaveAttribute(
      'href',
      '/dashboard/users/add',
    );
  });
});
