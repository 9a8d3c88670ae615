import {
  apiPaths,
  ErrorResponseSchema,
  MSG,
  type Owner,
  OwnerListResponseSchema,
  OwnerSchema,
  UpdateOwnerResponseSchema,
} from '@portal/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { Toasts } from '../../toasts.tsx';
import { ManageClientsScreen } from './manage-clients.tsx';

// The Manage Clients screen (spec §2, §4 client status, §5, §8) against a stubbed fetch whose every answer
// is built through the contract's schemas. The toasts are the app's own, rendered beside the screen.

const ASHA_ID = '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e';
const ROHAN_ID = '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22';

const asha = OwnerSchema.parse({
  ClientId: ASHA_ID,
  ClientName: 'Asha Verma',
  AgencyName: 'Verma Insurance',
  AgencyEmail: 'asha@vermainsurance.in',
  IsActive: true,
  IsVerified: false,
  CreatedAt: '2026-03-01T09:00:00.000Z',
});
const rohan = OwnerSchema.parse({
  ClientId: ROHAN_ID,
  ClientName: 'Rohan Mehta',
  AgencyName: null,
  AgencyEmail: 'rohan@mehtawealth.in',
  IsActive: false,
  IsVerified: true,
  CreatedAt: '2026-02-11T09:00:00.000Z',
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The cursors the server would give (issue 8 keyset): this page's first and last places.
const cursorAt = (n: number) => `${1_780_000_000_000_000 + n}_0b0c5e6a-1d2f-4a3b-9c4d-5e6f7a8b9c0d`;
const listBody = (items: Owner[], total: number, offset = 0) =>
  OwnerListResponseSchema.parse({
    items,
    pagination: {
      total,
      limit: 10,
      offset,
      next_cursor: offset + 10 < total ? cursorAt(offset + 9) : null,
      prev_cursor: offset > 0 ? cursorAt(offset) : null,
    },
  });

const serverError = () =>
  json(500, ErrorResponseSchema.parse({ message: MSG.genericError, detail: MSG.genericError }));

interface Served {
  list?: (url: URL) => Response | Promise<Response>;
  update?: (body: {
    ClientId: string;
    IsActive: boolean;
    IsVerified: boolean;
  }) => Response | Promise<Response>;
  reset?: (id: string, body: { new_password: string }) => Response | Promise<Response>;
}

let fetchMock: Mock<typeof fetch>;

/** Answers the screen's calls by method and path; anything else fails the test. */
function serve(served: Served) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method === 'GET' && url.pathname === apiPaths.listOwners.path && served.list) return served.list(url);
    if (method === 'PUT' && url.pathname === apiPaths.updateOwner.path && served.update)
      return served.update(body);
    const reset = /^\/api\/clients\/([^/]+)\/reset-ao-password$/.exec(url.pathname);
    if (method === 'POST' && reset && served.reset) return served.reset(reset[1]!, body);
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
}

function calls(method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([input, init]) =>
      (init?.method ?? 'GET') === method && new URL(String(input), 'http://portal.test').pathname === path,
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function renderScreen(at = '/agency-admin/dashboard/manage-clients') {
  const router = createMemoryRouter(
    [
      {
        path: '/agency-admin/dashboard/manage-clients',
        element: (
          <>
            <Toasts />
            <ManageClientsScreen />
          </>
        ),
      },
    ],
    { initialEntries: [at] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const switchOf = (name: string) => screen.getByRole('switch', { name: `Active: ${name}` });

// The toasts' duplicate filter remembers what it showed for the life of the module: every test starts
// 10 s after the previous one so nothing shown earlier suppresses a toast here (spec §4).
let clock = Date.parse('2026-03-15T09:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock += 10_000;
  vi.setSystemTime(clock);
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ManageClientsScreen: the table and the pager', () => {
  it('shows the loaded page as rows and pages with "Page X of Y"', async () => {
    serve({
      list: (url) =>
        json(
          200,
          url.searchParams.get('offset') === '0'
            ? listBody([asha, rohan], 23)
            : listBody(
                [{ ...rohan, ClientId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', ClientName: 'Neha Joshi' }],
                23,
                10,
              ),
        ),
    });
    renderScreen();

    const ashaRow = await screen.findByRole('row', { name: /Asha Verma/ });
    expect(within(ashaRow).getByText('Verma Insurance')).toBeInTheDocument();
    expect(within(ashaRow).getByText('asha@vermainsurance.in')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Active')).toBeInTheDocument();
    expect(within(ashaRow).getByText('Not Verified')).toBeInTheDocument();
    expect(switchOf('Asha Verma')).toHaveAttribute('aria-checked', 'true');
    const rohanRow = rowOf('Rohan Mehta');
    expect(within(rohanRow).getByText('N/A')).toBeInTheDocument();
    expect(within(rohanRow).getByText('Inactive')).toBeInTheDocument();
    expect(within(rohanRow).getByText('Verified')).toBeInTheDocument();
    expect(switchOf('Rohan Mehta')).toHaveAttribute('aria-checked', 'false');
    // A header row and one row per client.
    expect(screen.getAllByRole('row')).toHaveLength(3);

    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    const [first] = calls('GET', apiPaths.listOwners.path);
    expect(new URL(String(first![0]), 'http://portal.test').search).toBe('?offset=0&limit=10');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Neha Joshi/ })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Asha Verma/ })).not.toBeInTheDocument();
    const second = calls('GET', apiPaths.listOwners.path).at(-1);
    // Next seeks from the cursor the first page gave (keyset), and says which page it is.
    expect(new URL(String(second![0]), 'http://portal.test').search).toBe(
      `?offset=10&limit=10&after=${cursorAt(9)}`,
    );
  });

  it('goes back by the prev cursor, and to page 1 by offset', async () => {
    serve({
      list: (url) => {
        const after = url.searchParams.get('after');
        const before = url.searchParams.get('before');
        const offset =
          after === cursorAt(9) ? 10 : after === cursorAt(19) ? 20 : before === cursorAt(20) ? 10 : 0;
        return json(200, listBody([{ ...asha, ClientName: `Owner at ${offset}` }], 23, offset));
      },
    });
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Owner at 20/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('row', { name: /Owner at 10/ })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(await screen.findByRole('row', { name: /Owner at 0/ })).toBeInTheDocument();
    expect(
      calls('GET', apiPaths.listOwners.path).map(
        ([input]) => new URL(String(input), 'http://portal.test').search,
      ),
    ).toEqual([
      '?offset=0&limit=10',
      `?offset=10&limit=10&after=${cursorAt(9)}`,
      `?offset=20&limit=10&after=${cursorAt(19)}`,
      `?offset=10&limit=10&before=${cursorAt(20)}`,
      '?offset=0&limit=10',
    ]);
  });

  it("shows 'Loading clients…' while the list is on its way", async () => {
    const pending = deferred<Response>();
    serve({ list: () => pending.promise });
    renderScreen();
    expect(await screen.findByText('Loading clients…')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(async () => pending.resolve(json(200, listBody([asha], 1))));
    expect(await screen.findByRole('row', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading clients…')).not.toBeInTheDocument();
  });

  it("shows 'No results found.' and one page for an empty list", async () => {
    serve({ list: () => json(200, listBody([], 0)) });
    renderScreen();
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it("raises 'Failed to load clients data.' when the list fails, and Retry loads it again", async () => {
    let attempt = 0;
    serve({
      list: () => {
        attempt += 1;
        return attempt === 1 ? serverError() : json(200, listBody([asha], 1));
      },
    });
    renderScreen();
    // The banner in place of the table, and the toast.
    await waitFor(() => expect(screen.getAllByText('Failed to load clients data.')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Asha Verma/ })).toBeInTheDocument();
  });

  it('filters the loaded page at once, then searches on the server from page 1', async () => {
    serve({
      list: (url) =>
        json(
          200,
          url.searchParams.get('search')
            ? listBody([rohan], 1)
            : listBody([asha, rohan], 23, Number(url.searchParams.get('offset'))),
        ),
    });
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'MEHTAWEALTH');
    expect(screen.queryByRole('row', { name: /Asha Verma/ })).not.toBeInTheDocument();
    expect(rowOf('Rohan Mehta')).toBeInTheDocument();
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    const last = calls('GET', apiPaths.listOwners.path).at(-1);
    expect(new URL(String(last![0]), 'http://portal.test').search).toBe(
      '?offset=0&limit=10&search=MEHTAWEALTH',
    );
  });

  it('stays on the page chosen right after opening (the search wait must not undo it)', async () => {
    serve({ list: (url) => json(200, listBody([asha], 23, Number(url.searchParams.get('offset')))) });
    renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    // Longer than the search's 300 ms wait, which starts when the screen opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 450)));
    expect(screen.getByText(/^Page \d of 3$/)).toHaveTextContent('Page 2 of 3');
    expect(
      calls('GET', apiPaths.listOwners.path).map(
        ([input]) => new URL(String(input), 'http://portal.test').search,
      ),
    ).toEqual(['?offset=0&limit=10', `?offset=10&limit=10&after=${cursorAt(9)}`]);
  });
});

describe('ManageClientsScreen: the address', () => {
  it('keeps the search and the page in the address, so a reload opens them again', async () => {
    serve({ list: (url) => json(200, listBody([rohan], 23, Number(url.searchParams.get('offset')))) });
    const first = renderScreen();
    await screen.findByText('Page 1 of 3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'mehta');
    await waitFor(() => expect(first.state.location.search).toBe('?q=mehta'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    const address = `${first.state.location.pathname}${first.state.location.search}`;
    expect(address).toBe(`/agency-admin/dashboard/manage-clients?q=mehta&page=2&after=${cursorAt(9)}`);
    cleanup();

    renderScreen(address);
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search clients' })).toHaveValue('mehta');
    const last = calls('GET', apiPaths.listOwners.path).at(-1);
    expect(new URL(String(last![0]), 'http://portal.test').search).toBe(
      `?offset=10&limit=10&search=mehta&after=${cursorAt(9)}`,
    );
  });
});

describe('ManageClientsScreen: the active toggle (spec §4)', () => {
  it("flips at once, shows 'Updating...', and rolls back with the spec's message when the update fails", async () => {
    const answer = deferred<Response>();
    const update = vi.fn((_body: unknown) => answer.promise);
    serve({ list: () => json(200, listBody([asha, rohan], 2)), update });
    renderScreen();
    await screen.findByRole('row', { name: /Asha Verma/ });

    await userEvent.click(switchOf('Asha Verma'));
    expect(switchOf('Asha Verma')).toHaveAttribute('aria-checked', 'false');
    expect(switchOf('Asha Verma')).toBeDisabled();
    expect(within(rowOf('Asha Verma')).getByText('Updating...')).toBeInTheDocument();
    // Only that row is busy.
    expect(switchOf('Rohan Mehta')).toBeEnabled();
    expect(update).toHaveBeenCalledExactlyOnceWith({ ClientId: ASHA_ID, IsActive: false, IsVerified: false });

    await act(async () => answer.resolve(serverError()));
    expect(await screen.findByText('Failed to update client status.')).toBeInTheDocument();
    expect(switchOf('Asha Verma')).toHaveAttribute('aria-checked', 'true');
    expect(switchOf('Asha Verma')).toBeEnabled();
    expect(within(rowOf('Asha Verma')).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Updating...')).not.toBeInTheDocument();
    expect(screen.queryByText('Client status updated successfully!')).not.toBeInTheDocument();
  });

  it('keeps the new state and says so when the update succeeds', async () => {
    const answer = deferred<Response>();
    serve({ list: () => json(200, listBody([asha, rohan], 2)), update: () => answer.promise });
    renderScreen();
    await screen.findByRole('row', { name: /Rohan Mehta/ });

    await userEvent.click(switchOf('Rohan Mehta'));
    expect(switchOf('Rohan Mehta')).toHaveAttribute('aria-checked', 'true');
    expect(within(rowOf('Rohan Mehta')).getByText('Updating...')).toBeInTheDocument();

    await act(async () =>
      answer.resolve(
        json(
          200,
          UpdateOwnerResponseSchema.parse({
            message: 'Client updated successfully!',
            data: { ...rohan, IsActive: true },
          }),
        ),
      ),
    );
    expect(await screen.findByText('Client status updated successfully!')).toBeInTheDocument();
    expect(switchOf('Rohan Mehta')).toHaveAttribute('aria-checked', 'true');
    expect(switchOf('Rohan Mehta')).toBeEnabled();
    expect(within(rowOf('Rohan Mehta')).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update client status.')).not.toBeInTheDocument();
  });
});

describe('ManageClientsScreen: a save while a search is on its way', () => {
  it('asks for the cancelled search again, so the list does not stay loading for good', async () => {
    const searches: ReturnType<typeof deferred<Response>>[] = [];
    serve({
      list: (url) => {
        if (!url.searchParams.get('search')) return json(200, listBody([asha, rohan], 2));
        const answer = deferred<Response>();
        searches.push(answer);
        return answer.promise;
      },
      update: (body) =>
        json(
          200,
          UpdateOwnerResponseSchema.parse({
            message: 'Client updated successfully!',
            data: { ...rohan, IsVerified: body.IsVerified },
          }),
        ),
    });
    renderScreen();
    await screen.findByRole('row', { name: /Rohan Mehta/ });
    // The loaded page is filtered at once; the edit opens before the server's search has answered.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'Rohan');
    await userEvent.click(within(rowOf('Rohan Mehta')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Client: Rohan Mehta' });
    await waitFor(() => expect(searches).toHaveLength(1));
    await userEvent.click(within(dialog).getByLabelText('Is Verified'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Client updated successfully!')).toBeInTheDocument();

    await waitFor(() => expect(searches).toHaveLength(2));
    await act(async () => searches[1]!.resolve(json(200, listBody([{ ...rohan, IsVerified: false }], 1))));
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.queryByText('Loading clients…')).not.toBeInTheDocument();
    expect(rowOf('Rohan Mehta')).toBeInTheDocument();
  });
});

describe('ManageClientsScreen: the Reset modal (spec §2, §5)', () => {
  async function openReset() {
    const reset = vi.fn((_id: string, _body: unknown) =>
      json(200, { message: 'Agency Owner password reset successfully!' }),
    );
    serve({ list: () => json(200, listBody([asha, rohan], 2)), reset });
    renderScreen();
    await userEvent.click(
      within(await screen.findByRole('row', { name: /Asha Verma/ })).getByRole('button', { name: 'Reset' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password for Asha Verma' });
    return { dialog, reset };
  }

  it("asks for both fields with 'Both fields are required'", async () => {
    const { dialog, reset } = await openReset();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Both fields are required');
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'Badal#Naya2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Both fields are required');
    expect(reset).not.toHaveBeenCalled();
  });

  it("refuses different passwords with 'Passwords do not match'", async () => {
    const { dialog, reset } = await openReset();
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'Badal#Naya2026');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Badal#Naya2027');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(reset).not.toHaveBeenCalled();
  });

  it('sends a matching password, says so and closes', async () => {
    const { dialog, reset } = await openReset();
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'Badal#Naya2026');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'Badal#Naya2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Agency Owner password reset successfully!')).toBeInTheDocument();
    expect(reset).toHaveBeenCalledExactlyOnceWith(ASHA_ID, { new_password: 'Badal#Naya2026' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
