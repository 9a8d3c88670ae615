import { MeResponseSchema, type Role } from '@portal/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import {
  createMemoryRouter,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  RouterProvider,
  useLocation,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { profile } from '../features/client-portal/components/fixtures.test-kit.ts';
import { tokenFor } from '../test/jwt.ts';

// The screens' titles come from the real route table (router.tsx and the tables it loads on navigation,
// routes-workspace.tsx and routes-client.tsx), read by the real area layouts; only the screens themselves are
// stand-ins. The table is taken from router.tsx's call to createBrowserRouter, which makes no browser router here.

const table = vi.hoisted(() => ({
  routes: [] as RouteObject[],
  patchRoutesOnNavigation: undefined as PatchRoutesOnNavigationFunction | undefined,
}));

vi.mock('react-router', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-router')>();
  return {
    ...actual,
    createBrowserRouter: (routes: RouteObject[], options: { patchRoutesOnNavigation?: never }) => {
      table.routes = routes;
      table.patchRoutesOnNavigation = options.patchRoutesOnNavigation;
      return {} as never;
    },
  };
});

await import('./router.tsx');

function Screen() {
  return <p data-testid="screen">{useLocation().pathname}</p>;
}

/** The table with every screen (a lazy route without children) replaced by a stand-in; layouts and guards stay. */
function withStandIns(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    if (route.children) return { ...route, children: withStandIns(route.children) } as RouteObject;
    if (!route.lazy) return route;
    const { lazy: _screen, ...rest } = route;
    return { ...rest, element: <Screen /> } as RouteObject;
  });
}

// One router for the file: router.tsx patches each area's table into it once, on the first visit.
const router = createMemoryRouter(withStandIns(table.routes), {
  initialEntries: ['/terms'],
  patchRoutesOnNavigation: (args) =>
    table.patchRoutesOnNavigation?.({
      ...args,
      patch: (routeId, children) => args.patch(routeId, withStandIns(children)),
    }),
});

function signInAs(role: Role) {
  localStorage.setItem('token', tokenFor([role], role === 'ADMIN' ? { agency_name: null } : {}));
  const me = MeResponseSchema.parse({
    user_id: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
    email: 'asha@verma.in',
    full_name: 'Asha Verma',
    roles: [role],
    agency_id: role === 'ADMIN' ? null : '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
    agency_name: role === 'ADMIN' ? null : 'Verma Insurance',
    agency_slug: role === 'ADMIN' ? null : 'vermainsurance',
    is_verified: true,
    must_change_password: false,
    must_enrol_second_factor: false,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const body = url.endsWith('/api/auth/me') ? me : url.endsWith('/client/profile') ? profile() : null;
      return body
        ? new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    }),
  );
}

async function visit(path: string) {
  await act(() => router.navigate(path));
  await waitFor(() => expect(screen.getByTestId('screen').textContent).toBe(path));
}

function renderApp() {
  render(<RouterProvider router={router} />);
}

describe('screen titles from the route table', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    document.title = '';
  });

  it('titles every workspace screen as spec §2 names it, in the top bar and the document', async () => {
    signInAs('AO');
    renderApp();
    const id = '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e';
    const titles: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/dashboard/users', 'Registered Users'],
      ['/dashboard/users/add', 'Primary Client'],
      [`/dashboard/users/${id}`, 'Registered Users'],
      ['/dashboard/clients', 'Registered Users'],
      ['/dashboard/insurance', 'Insurance Company'],
      ['/dashboard/investments', 'Investment Company'],
      ['/dashboard/secondary', 'Secondary Client'],
      [`/dashboard/secondary-client/${id}`, 'Secondary Client Details'],
      ['/dashboard/agency-profile', 'Agency Profile'],
      ['/dashboard/renewals', 'Renewals'],
      ['/dashboard/security', 'Account Security'],
      [`/dashboard/plans/${id}`, 'Client Plan Detail'],
      ['/dashboard/addPlans', 'Plans'],
      ['/dashboard/activity', 'Activity'],
      ['/dashboard/team', 'Team'],
      ['/dashboard/import', 'Import clients'],
      [`/dashboard/import/${id}`, 'Import clients'],
    ];
    for (const [path, title] of titles) {
      await visit(path);
      expect(screen.getByRole('heading', { level: 1 }), path).toHaveTextContent(title);
      await waitFor(() => expect(document.title, path).toBe(`${title} · Agency Portal`));
    }
  });

  it("titles every client screen in the document's title", async () => {
    signInAs('AC');
    renderApp();
    const titles: [string, string][] = [
      ['/agency-client/dashboard', 'Dashboard'],
      ['/agency-client/dashboard/alerts', 'Upcoming Alerts'],
      ['/agency-client/dashboard/profile', 'My Profile'],
      ['/agency-client/dashboard/plans', 'My Plans'],
      ['/agency-client/dashboard/plans/abc', 'Plan Details'],
      ['/agency-client/dashboard/claims', 'My Claims'],
      ['/agency-client/dashboard/claims/abc', 'Claim Details'],
      ['/agency-client/dashboard/agency-details', 'My Agency Details'],
      ['/agency-client/dashboard/secondary-clients', 'Secondary Clients'],
      ['/agency-client/dashboard/secondary-clients/x', 'Secondary Client Details'],
    ];
    for (const [path, title] of titles) {
      await visit(path);
      await waitFor(() => expect(document.title, path).toBe(`${title} · Agency Portal`));
    }
    // The client area's top bar greets rather than titles.
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("titles every admin screen in the document's title", async () => {
    signInAs('ADMIN');
    renderApp();
    const titles: [string, string][] = [
      ['/agency-admin/dashboard', 'Admin Dashboard Overview'],
      ['/agency-admin/dashboard/overview', 'Admin Dashboard Overview'],
      ['/agency-admin/dashboard/manage-clients', 'Manage Clients'],
      ['/agency-admin/dashboard/security', 'Account security'],
    ];
    for (const [path, title] of titles) {
      await visit(path);
      await waitFor(() => expect(document.title, path).toBe(`${title} · Agency Portal`));
    }
  });

  it("keeps each role to its screens (issue 25): staff's provider, profile, team and activity addresses are unauthorized", async () => {
    const gated: Array<[Role, string, boolean]> = [
      ['AG', '/dashboard/team', false],
      ['AG', '/dashboard/agency-profile', false],
      ['AG', '/dashboard/insurance', false],
      ['AG', '/dashboard/renewals', true],
      ['AG', '/dashboard/activity', false],
      ['AA', '/dashboard/team', false],
      ['AA', '/dashboard/activity', false],
      ['AA', '/dashboard/agency-profile', false],
      ['AA', '/dashboard/investments', true],
      ['AG', '/dashboard/import', true],
      ['AA', '/dashboard/import', true],
    ];
    // The file's one router still shows the last test's admin screen: leave it before anything mounts.
    signInAs('AG');
    await act(() => router.navigate('/terms'));
    renderApp();
    for (const [role, path, allowed] of gated) {
      signInAs(role);
      await act(() => router.navigate(path));
      if (allowed) await waitFor(() => expect(screen.getByTestId('screen').textContent, path).toBe(path));
      else
        await waitFor(() => expect(router.state.location.pathname, `${role} ${path}`).toBe('/unauthorized'));
      vi.unstubAllGlobals();
    }
  });
});
