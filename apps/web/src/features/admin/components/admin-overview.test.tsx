import {
  apiPaths,
  DashboardStatsSchema,
  ErrorResponseSchema,
  MSG,
  OwnerListResponseSchema,
  OwnerSchema,
} from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { AdminOverview } from './admin-overview.tsx';

// The admin's overview (spec §2) against a stubbed fetch whose answers are built through the contract's schemas:
// the figures and the newest owners show together; a failure shows the spec's sentence and Retry loads again.

const LOAD_ERROR =
  'Failed to load dashboard data. Please check if the backend server is running and getClients is correctly implemented.';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stats = DashboardStatsSchema.parse({
  totalClients: 12,
  activeClients: 9,
  verifiedClients: 6,
  newThisMonth: 2,
});
const owners = OwnerListResponseSchema.parse({
  items: [
    OwnerSchema.parse({
      ClientId: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
      ClientName: 'Asha Verma',
      AgencyName: 'Verma Insurance',
      AgencyEmail: 'asha@vermainsurance.in',
      IsActive: true,
      IsVerified: false,
      CreatedAt: '2026-03-01T09:00:00.000Z',
    }),
  ],
  pagination: { total: 12, limit: 5, offset: 0, next_cursor: null, prev_cursor: null },
});

let fetchMock: Mock<typeof fetch>;
let statsFail: boolean;

beforeEach(() => {
  statsFail = false;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === apiPaths.ownerStats.path) {
      return statsFail
        ? json(500, ErrorResponseSchema.parse({ message: MSG.genericError, detail: MSG.genericError }))
        : json(200, stats);
    }
    if (url.pathname === apiPaths.listOwners.path) return json(200, owners);
    throw new Error(`unexpected call ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderOverview() {
  const router = createMemoryRouter([{ path: '/agency-admin/dashboard', element: <AdminOverview /> }], {
    initialEntries: ['/agency-admin/dashboard'],
  });
  renderWithQuery(<RouterProvider router={router} />);
}

describe('AdminOverview', () => {
  it('shows the figures with their shares and the newest owners', async () => {
    renderOverview();
    expect(await screen.findByText('Total Clients')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    const recent = screen.getByRole('row', { name: /Asha Verma/ });
    expect(within(recent).getByText('Verma Insurance')).toBeInTheDocument();
    expect(within(recent).getByText('Not Verified')).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').search);
    expect(asked).toContain('?offset=0&limit=5');
  });

  it("shows the spec's sentence when a part fails, logs it, and Retry loads the page", async () => {
    statsFail = true;
    renderOverview();
    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(LOAD_ERROR, expect.anything());
    statsFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Total Clients')).toBeInTheDocument();
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
  });
});
