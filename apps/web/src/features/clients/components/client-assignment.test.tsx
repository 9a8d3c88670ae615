import {
  AgentListResponseSchema,
  AssignClientsResponseSchema,
  apiPaths,
  PrimaryClientListResponseSchema,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { AssignDialog } from './assign-dialog.tsx';
import { RegisteredUsers } from './registered-users.tsx';

// Registered Users' assignment (issue 25): the owner and agency admins see each client's agent, select clients
// (one, or every one on the page) and hand them to an agent or nobody; an agent sees none of it. Against a
// stubbed fetch whose answers are built through the contract's schemas.

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ARJUN = '3c1d2e3f-4a5b-4c6d-8e7f-000000000001';
const idAt = (i: number) => `7a1c2d3e-4f50-4a6b-8c7d-${String(i).padStart(12, '0')}`;
const page = PrimaryClientListResponseSchema.parse({
  items: ['Rohan Kulkarni', 'Meera Joshi', 'Sunita Rao'].map((name, i) => ({
    primary_client_id: idAt(i),
    client_code: `DEMO-0000${i + 1}`,
    full_name: name,
    email: null,
    phone: '9876501234',
    family_count: 0,
    plan_count: 1,
    portal_access: false,
    created_at: '2026-03-01T09:00:00.000Z',
    assigned_agent: i === 0 ? { id: ARJUN, name: 'Arjun Mehta' } : null,
  })),
  pagination: { total: 3, limit: 10, offset: 0, next_cursor: null, prev_cursor: null },
});
const agents = AgentListResponseSchema.parse({
  status: 'success',
  data: [
    { id: ARJUN, name: 'Arjun Mehta', email: 'arjun@example.in', active: true, assigned_clients: 1 },
    { id: idAt(99), name: 'Old Agent', email: 'old@example.in', active: false, assigned_clients: 0 },
  ],
});

let fetchMock: Mock<typeof fetch>;
let assigned: unknown[];
let refuse: Record<string, string> | null;

beforeEach(() => {
  assigned = [];
  refuse = null;
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === apiPaths.listAgents.path) return json(200, agents);
    if (url.pathname === apiPaths.listPrimaryClients.path) return json(200, page);
    if (url.pathname === apiPaths.assignPrimaryClients.path && init?.method === 'PUT') {
      if (refuse) return json(400, { message: Object.values(refuse)[0], detail: null, fields: refuse });
      const body = JSON.parse(String(init.body)) as { client_ids: string[] };
      assigned.push(body);
      return json(
        200,
        AssignClientsResponseSchema.parse({
          status: 'success',
          message: `${body.client_ids.length} clients assigned to Arjun Mehta.`,
          data: { changed: body.client_ids.length, agent: { id: ARJUN, name: 'Arjun Mehta' } },
        }),
      );
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderList(role: 'AO' | 'AA' | 'AG', at = '/dashboard/users') {
  localStorage.setItem('token', tokenFor([role]));
  const router = createMemoryRouter([{ path: '/dashboard/users', element: <RegisteredUsers /> }], {
    initialEntries: [at],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const calledPaths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname);

describe('Registered Users for the owner and agency admins', () => {
  it("shows each client's agent, selects by keyboard, and assigns the selected clients", async () => {
    const user = userEvent.setup();
    renderList('AA');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Agent' })).toBeInTheDocument();
    expect(within(table).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(table).getAllByText('Nobody')).toHaveLength(2);

    // Space on a focused checkbox selects it, as a keyboard user would.
    within(table).getByRole('checkbox', { name: 'Select Meera Joshi' }).focus();
    await user.keyboard(' ');
    expect(screen.getByText('1 client selected')).toBeInTheDocument();
    await user.click(within(table).getByRole('checkbox', { name: 'Select every client on this page' }));
    expect(screen.getByText('3 clients selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to an agent' });
    const select = within(dialog).getByRole('combobox', { name: 'Agent' });
    // Only active agents can be chosen, and Nobody.
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: /Arjun Mehta/ })).toBeInTheDocument(),
    );
    expect(within(select).queryByRole('option', { name: /Old Agent/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(within(dialog).getByText('Choose an agent, or Nobody.')).toBeInTheDocument();
    await user.selectOptions(select, ARJUN);
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assigned).toEqual([{ client_ids: [idAt(0), idAt(1), idAt(2)], agent_id: ARJUN }]);
    expect(screen.queryByText(/clients selected/)).toBeNull();
  });

  it('filters by agent, kept in the address', async () => {
    const user = userEvent.setup();
    const router = renderList('AO');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'none');
    await waitFor(() => expect(router.state.location.search).toBe('?agent=none'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('agent=none'))).toBe(true),
    );
  });
});

describe('Registered Users for an agent', () => {
  it('shows their clients with no agent column, selection or agents call', async () => {
    renderList('AG');
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Agent' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(calledPaths()).not.toContain(apiPaths.listAgents.path);
  });
});

describe('the assign dialog', () => {
  it("starts from the client's agent and shows the API's refusal by its field", async () => {
    const user = userEvent.setup();
    localStorage.setItem('token', tokenFor(['AO']));
    refuse = { agent_id: 'Agent must be an active agent of your agency.' };
    renderWithQuery(<AssignDialog open onOpenChange={() => {}} clientIds={[idAt(0)]} current={ARJUN} />);
    const dialog = await screen.findByRole('dialog', { name: 'Assign to an agent' });
    const select = within(dialog).getByRole('combobox', { name: 'Agent' });
    await waitFor(() => expect(select).toHaveValue(ARJUN));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await within(dialog).findByText('Agent must be an active agent of your agency.'),
    ).toBeInTheDocument();
  });
});
