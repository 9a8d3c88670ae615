import { ROLES, type Role, WORKSPACE_ROLES } from '@portal/contract';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { brandingLoader } from '../features/auth/api/get-branding.ts';
import { RequireRoles } from './guard.tsx';
import { paths } from './paths.ts';
import { Toasts } from './toasts.tsx';

function Root() {
  return (
    <>
      <Outlet />
      <Toasts />
      <ScrollRestoration />
    </>
  );
}

/**
 * The query cache of the signed-in areas, loaded with the first of their screens. Its chunk imports nothing of
 * the router (the Outlet is the entry's), so the router is not split out of the entry and the sign-in route
 * keeps its budget (issue 2: 120 kB). It is the route's own lazy part, so the router loads it alongside the
 * screen's chunks before it renders: a React.lazy provider suspended the first render instead, and React then
 * held the screen back for its 300 ms reveal throttle (the client dashboard painted nothing until 1.6 s; decision 049).
 */
async function signedInAreas(): Promise<Pick<RouteObject, 'Component'>> {
  const { QueryProvider } = await import('./providers/query-provider.tsx');
  return {
    Component: function SignedInAreas() {
      return (
        <QueryProvider>
          <Outlet />
        </QueryProvider>
      );
    },
  };
}

const WORKSPACE_ROUTE_ID = 'workspace';
const CLIENT_AREA_ROUTE_ID = 'client-area';

/**
 * The route tables of the signed-in areas load on the first visit to one of their addresses (React Router's
 * lazy route discovery): until then an address like /dashboard/users matches only the '*' route, which makes
 * the router ask patchRoutesOnNavigation for more. This keeps every role's table out of the sign-in route's
 * JavaScript (decision 005, issue 8: routes split by role).
 */
const areas = [
  {
    prefix: `${paths.dashboard}/`,
    parentId: WORKSPACE_ROUTE_ID,
    load: () => import('./routes-workspace.tsx').then((m) => m.workspaceRoutes),
  },
  {
    prefix: `${paths.clientDashboard}/`,
    parentId: CLIENT_AREA_ROUTE_ID,
    load: () => import('./routes-client.tsx').then((m) => m.clientRoutes),
  },
];
const patchedAreas = new Set<string>();

/**
 * A pathless route of an area's table that names the roles of its screens (`handle.roles`, routes-workspace.tsx)
 * gets the role guard here: an address of a screen the role may not use is /unauthorized (issue 25).
 */
function withRoleGuards(routes: readonly object[]): RouteObject[] {
  return routes.map((route) => {
    const r = route as RouteObject;
    const roles = (r.handle as { roles?: readonly Role[] } | undefined)?.roles;
    if (!roles || !r.children) return r;
    return {
      ...r,
      element: <RequireRoles roles={roles} />,
      children: withRoleGuards(r.children),
    } as RouteObject;
  });
}

// Every screen is its own chunk, so the sign-in route loads only what it shows (issue 2 budget). The sign-in
// routes' static loader asks for the address's brand while their chunk loads (decision 028). The screens of
// the signed-in areas name their title in `handle` (components/layouts/app-shell.tsx shows it); those of the
// workspace and the client area are in routes-workspace.tsx and routes-client.tsx.
export const router = createBrowserRouter(
  [
    {
      element: <Root />,
      // Every child is lazy; until the first one arrives the page stays blank rather than flashing.
      HydrateFallback: () => null,
      children: [
        {
          path: paths.root,
          loader: brandingLoader,
          lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthScreen })),
        },
        {
          path: paths.login,
          loader: brandingLoader,
          lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthScreen })),
        },
        {
          path: paths.register,
          loader: brandingLoader,
          lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthScreen })),
        },
        {
          path: paths.sessionExpired,
          lazy: () =>
            import('./routes/session-expired.tsx').then((m) => ({ Component: m.SessionExpiredScreen })),
        },
        {
          path: paths.unauthorized,
          lazy: () => import('./routes/unauthorized.tsx').then((m) => ({ Component: m.UnauthorizedScreen })),
        },
        {
          path: paths.terms,
          lazy: () => import('./routes/terms.tsx').then((m) => ({ Component: m.TermsScreen })),
        },
        {
          // Every signed-in area reads through one query cache; its chunk never loads with the sign-in route.
          lazy: signedInAreas,
          children: [
            // Before sign-in, yet read through the query cache: a forgotten password, a one-time link (issue 24).
            {
              path: paths.forgotPassword,
              lazy: () =>
                import('./routes/forgot-password.tsx').then((m) => ({ Component: m.ForgotPasswordScreen })),
            },
            {
              path: paths.setPassword,
              lazy: () =>
                import('./routes/set-password.tsx').then((m) => ({ Component: m.SetPasswordScreen })),
            },
            {
              element: <RequireRoles roles={ROLES} />,
              children: [
                {
                  path: paths.changePassword,
                  lazy: () =>
                    import('./routes/change-password.tsx').then((m) => ({
                      Component: m.ChangePasswordScreen,
                    })),
                },
              ],
            },
            {
              element: <RequireRoles roles={[...WORKSPACE_ROLES, 'ADMIN']} />,
              children: [
                {
                  path: paths.agencyDashboard,
                  lazy: () => import('./routes/welcome.tsx').then((m) => ({ Component: m.WelcomeScreen })),
                },
                {
                  path: paths.dashboard,
                  lazy: () =>
                    import('./routes/dashboard-frame.tsx').then((m) => ({ Component: m.DashboardFrame })),
                  children: [
                    {
                      index: true,
                      handle: { title: 'Dashboard' },
                      lazy: () =>
                        import('./routes/dashboard-frame.tsx').then((m) => ({ Component: m.DashboardIndex })),
                    },
                    // The workspace's screens (owner and staff, issue 25); their table arrives with
                    // routes-workspace.tsx (see areas above).
                    {
                      id: WORKSPACE_ROUTE_ID,
                      element: <RequireRoles roles={WORKSPACE_ROLES} />,
                      children: [],
                    },
                  ],
                },
              ],
            },
            {
              element: <RequireRoles roles={['ADMIN']} />,
              children: [
                {
                  path: paths.adminDashboard,
                  lazy: () =>
                    import('../components/layouts/admin-layout.tsx').then((m) => ({
                      Component: m.AdminLayout,
                    })),
                  children: [
                    {
                      index: true,
                      handle: { title: 'Admin Dashboard Overview' },
                      lazy: () =>
                        import('./routes/admin/overview.tsx').then((m) => ({
                          Component: m.AdminOverviewScreen,
                        })),
                    },
                    {
                      path: 'overview',
                      handle: { title: 'Admin Dashboard Overview' },
                      lazy: () =>
                        import('./routes/admin/overview.tsx').then((m) => ({
                          Component: m.AdminOverviewScreen,
                        })),
                    },
                    {
                      path: 'manage-clients',
                      handle: { title: 'Manage Clients' },
                      lazy: () =>
                        import('./routes/admin/manage-clients.tsx').then((m) => ({
                          Component: m.ManageClientsScreen,
                        })),
                    },
                    {
                      // The admin's second factor, which it must have (issue 23 item 14).
                      path: 'security',
                      handle: { title: 'Account security' },
                      lazy: () =>
                        import('./routes/admin/security.tsx').then((m) => ({
                          Component: m.AdminSecurityScreen,
                        })),
                    },
                  ],
                },
              ],
            },
            {
              element: <RequireRoles roles={['AC']} />,
              children: [
                {
                  id: CLIENT_AREA_ROUTE_ID,
                  path: paths.clientDashboard,
                  // Each screen's loader asks for its answers as soon as its chunk is here (decision 049).
                  lazy: () =>
                    import('./routes/client/shell.tsx').then((m) => ({
                      Component: m.ClientShellScreen,
                      loader: m.clientShellLoader,
                    })),
                  // The client area's other screens arrive with routes-client.tsx (see areas above).
                  children: [
                    {
                      index: true,
                      handle: { title: 'Dashboard' },
                      lazy: () =>
                        import('./routes/client/home.tsx').then((m) => ({
                          Component: m.ClientHomeScreen,
                          loader: m.clientHomeLoader,
                        })),
                    },
                  ],
                },
              ],
            },
          ],
        },
        {
          path: '*',
          lazy: () => import('./routes/not-found.tsx').then((m) => ({ Component: m.NotFoundScreen })),
        },
      ],
    },
  ],
  {
    async patchRoutesOnNavigation({ path, patch }) {
      const area = areas.find((a) => path.startsWith(a.prefix) && !patchedAreas.has(a.parentId));
      if (!area) return;
      const routes = await area.load();
      if (patchedAreas.has(area.parentId)) return;
      patchedAreas.add(area.parentId);
      patch(area.parentId, withRoleGuards(routes));
    },
  },
);
