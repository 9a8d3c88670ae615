import { ActivityPeopleResponseSchema, ActivityResponseSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ActivityLog } from './activity-log.tsx';

// The activity log against stubbed calls built through the contract's schemas.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const OWNER = uuid(1);
const KAVITA = uuid(2);
const CLIENT = uuid(10);
const PLAN = uuid(20);

const entry = (n: number, overrides: object) => ({
  id: String(n),
  at: '2026-11-03T09:12:00.000Z',
  action: 'auth.login',
  sentence: 'Signed in',
  actor: { user_id: OWNER, name: 'Asha Verma', role: 'Agency owner' },
  client: null,
  target: null,
  ...overrides,
});

const firstPage = ActivityResponseSchema.parse({
  items: [
    entry(9, {
      action: 'plan.update',
      sentence: 'Changed plan',
      actor: { user_id: KAVITA, name: 'Kavita Rao', role: 'Agency admin' },
      client: { primary_client_id: CLIENT, name: 'Meera Iyer', client_code: 'DEMO-00001', exists: true },
      target: { kind: 'plan', label: 'Plan LIC-777', link_id: PLAN },
    }),
    entry(8, {
      action: 'primary_client.delete',
      sentence: 'Removed client',
      client: { primary_client_id: uuid(11), name: 'Ravi Kumar', client_code: 'DEMO-00002', exists: false },
    }),
    entry(7, {
      action: 'auth.login_failed',
      sentence: 'Failed sign-in',
      actor: { user_id: null, name: 'Unknown e-mail', role: null },
    }),
  ],
  pagination: { limit: 20, next_cursor: '1793000000000000_7', prev_cursor: null },
  client: null,
});
const secondPage = ActivityResponseSchema.parse({
  items: [entry(6, {})],
  pagination: { limit: 20, next_cursor: null, prev_cursor: '1793000000000000_6' },
  client: null,
});
const people = ActivityPeopleResponseSchema.parse({
  items: [
    { user_id: OWNER, name: 'Asha Verma', role: 'Agency owner', active: true },
    { user_id: KAVITA, name: 'Kavita Rao', role: 'Agency admin', active: true },
  ],
});

let fetchMock: Mock<typeof fetch>;
let fail = false;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fail = false;
  fetchMock = vi.fn(async (input) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === '/api/activity/people') return json(people);
    if (url.pathname !== '/api/activity') throw new Error(`unexpected call ${url.pathname}`);
    if (fail) return new Response('{"message":"Something went wrong."}', { status: 500 });
    if (url.searchParams.get('person') === OWNER || url.searchParams.get('from'))
      return json({ ...firstPage, items: [], pagination: { ...firstPage.pagination, next_cursor: null } });
    return json(url.searchParams.get('after') ? secondPage : firstPage);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderLog(address = '/dashboard/activity') {
  const router = createMemoryRouter([{ path: '/dashboard/activity', element: <ActivityLog /> }], {
    initialEntries: [address],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const asked = () => new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://portal.test').searchParams;

describe('the activity log', () => {
  it('says who did what, with links to what still exists', async () => {
    renderLog();
    const list = await screen.findByRole('list', { name: 'Entries' });
    const [changed, removed, failed] = within(list).getAllByRole('listitem');
    expect(changed).toHaveTextContent('Kavita Rao · Agency admin');
    expect(changed).toHaveTextContent('Changed plan: Plan LIC-777 · Meera Iyer (DEMO-00001)');
    expect(within(changed!).getByRole('link', { name: 'Plan LIC-777' })).toHaveAttribute(
      'href',
      `/dashboard/plans/${PLAN}`,
    );
    expect(within(changed!).getByRole('link', { name: 'Meera Iyer (DEMO-00001)' })).toHaveAttribute(
      'href',
      `/dashboard/users/${CLIENT}`,
    );
    expect(removed).toHaveTextContent('Removed client: Ravi Kumar (DEMO-00002), removed');
    expect(within(removed!).queryByRole('link')).toBeNull();
    expect(failed).toHaveTextContent('Unknown e-mail');
    expect(failed).toHaveTextContent('Failed sign-in');
  });

  it('pages with Next and Prev, keeping the cursor in the address', async () => {
    const user = userEvent.setup();
    const router = renderLog();
    await screen.findByText('Kavita Rao');
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&after=1793000000000000_7'));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('filters by person from the address and the select, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const router = renderLog(`/dashboard/activity?page=2&after=1793000000000000_7`);
    await screen.findByText('Page 2');
    const person = screen.getByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(within(person).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(person, 'Asha Verma (Agency owner)');
    await waitFor(() => expect(router.state.location.search).toBe(`?person=${OWNER}`));
    expect(asked().get('person')).toBe(OWNER);
    expect(
      await screen.findByText(
        'Nothing was done that matches these filters. Widen the dates or clear the filters.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('refuses a date range that ends before it starts without asking the server', async () => {
    renderLog('/dashboard/activity?from=2026-11-05&to=2026-11-01');
    expect(await screen.findByText('From must be on or before To.')).toBeInTheDocument();
    expect(
      screen.getByText('The date range ends before it starts. Choose a From date on or before the To date.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/activity?'))).toBe(false);
  });

  it('offers Retry when the log could not be loaded', async () => {
    fail = true;
    const user = userEvent.setup();
    renderLog();
    expect(await screen.findByText('We could not load the activity.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Kavita Rao')).toBeInTheDocument();
  });
});
