import { TOKEN_STORAGE_KEY } from '@portal/contract';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { markSessionEnding } from '../lib/session.ts';
import { tokenFor } from '../test/jwt.ts';
import { renderWithQuery } from '../test/render.tsx';
import { RequireRoles } from './guard.tsx';
import { paths } from './paths.ts';

// The guard inside a router shaped like the app's: stand-in screens name where the user ended up.
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: paths.root, element: <h1>Sign in screen</h1> },
      { path: paths.unauthorized, element: <h1>Unauthorized screen</h1> },
      {
        element: <RequireRoles roles={['AO', 'ADMIN']} />,
        children: [{ path: paths.agencyDashboard, element: <h1>Agency dashboard</h1> }],
      },
      {
        element: <RequireRoles roles={['AC']} />,
        children: [{ path: paths.clientDashboard, element: <h1>Client dashboard</h1> }],
      },
    ],
    { initialEntries: [path] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
});

describe('RequireRoles (spec §4 route guard)', () => {
  it("sends a visitor without a token to '/'", async () => {
    const router = renderAt(paths.agencyDashboard);
    expect(await screen.findByRole('heading', { name: 'Sign in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Agency dashboard')).not.toBeInTheDocument();
  });

  it.each([
    ['is not a JWT', 'not-a-token'],
    ['carries no known role', tokenFor(['AUDITOR'])],
  ])("removes a token that %s and sends the visitor to '/'", async (_, token) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const router = renderAt(paths.agencyDashboard);
    expect(await screen.findByRole('heading', { name: 'Sign in screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('sends a signed-in user without the role to /unauthorized and keeps the token', async () => {
    const token = tokenFor(['AC']);
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
    const router = renderAt(paths.agencyDashboard);
    expect(await screen.findByRole('heading', { name: 'Unauthorized screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it.each([
    [['AO'], paths.agencyDashboard, 'Agency dashboard'],
    [['ADMIN'], paths.agencyDashboard, 'Agency dashboard'],
    [['ac'], paths.clientDashboard, 'Client dashboard'],
    [['AC', 'AO'], paths.clientDashboard, 'Client dashboard'],
  ])('lets roleid %j into %s', async (roles, path, heading) => {
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor(roles));
    const router = renderAt(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  // Last: the flag lasts for the page's life, as it does in the browser until the session-ended screen loads.
  it("stays blank, not '/', while a refused session is on its way to the session-ended screen", async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, tokenFor(['AO']));
    markSessionEnding();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const router = renderAt(paths.agencyDashboard);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe(paths.agencyDashboard);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });
});
