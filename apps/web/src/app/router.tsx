import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
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

// Every screen is its own chunk, so the sign-in route loads only what it shows (issue 2 budget).
export const router = createBrowserRouter([
  {
    element: <Root />,
    // Every child is lazy; until the first one arrives the page stays blank rather than flashing.
    HydrateFallback: () => null,
    children: [
      {
        path: paths.root,
        lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthScreen })),
      },
      {
        path: paths.login,
        lazy: () => import('./routes/auth.tsx').then((m) => ({ Component: m.AuthScreen })),
      },
      {
        path: paths.register,
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
        element: <RequireRoles roles={['ADMIN', 'AO', 'AC']} />,
        children: [
          {
            path: paths.changePassword,
            lazy: () =>
              import('./routes/change-password.tsx').then((m) => ({ Component: m.ChangePasswordScreen })),
          },
        ],
      },
      {
        element: <RequireRoles roles={['AO', 'ADMIN']} />,
        children: [
          {
            path: paths.agencyDashboard,
            lazy: () => import('./routes/welcome.tsx').then((m) => ({ Component: m.WelcomeScreen })),
          },
          {
            path: paths.dashboard,
            lazy: () => import('./routes/dashboard-frame.tsx').then((m) => ({ Component: m.DashboardFrame })),
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/dashboard-frame.tsx').then((m) => ({ Component: m.DashboardIndex })),
              },
              {
                element: <RequireRoles roles={['AO']} />,
                children: [
                  {
                    path: 'insurance',
                    lazy: () =>
                      import('./routes/workspace/providers.tsx').then((m) => ({
                        Component: m.InsuranceCompanyScreen,
                      })),
                  },
                  {
                    path: 'users',
                    lazy: () =>
                      import('./routes/workspace/users.tsx').then((m) => ({
                        Component: m.RegisteredUsersScreen,
                      })),
                  },
                  {
                    // Before 'users/:userId', so "add" is not read as a client id.
                    path: 'users/add',
                    lazy: () =>
                      import('./routes/workspace/add-client.tsx').then((m) => ({
                        Component: m.AddClientScreen,
                      })),
                  },
                  {
                    path: 'users/:userId',
                    lazy: () =>
                      import('./routes/workspace/user-detail.tsx').then((m) => ({
                        Component: m.UserDetailScreen,
                      })),
                  },
                  {
                    path: 'plans/:planId',
                    lazy: () =>
                      import('./routes/workspace/plan-detail.tsx').then((m) => ({
                        Component: m.PlanDetailScreen,
                      })),
                  },
                  {
                    path: 'addPlans',
                    lazy: () =>
                      import('./routes/workspace/add-plans.tsx').then((m) => ({
                        Component: m.AddPlansScreen,
                      })),
                  },
                  {
                    path: 'secondary',
                    lazy: () =>
                      import('./routes/workspace/secondary-add.tsx').then((m) => ({
                        Component: m.SecondaryAddScreen,
                      })),
                  },
                  {
                    path: 'secondary-client/:secondaryClientId',
                    lazy: () =>
                      import('./routes/workspace/secondary-detail.tsx').then((m) => ({
                        Component: m.SecondaryDetailScreen,
                      })),
                  },
                  {
                    path: 'clients',
                    lazy: () =>
                      import('./routes/workspace/families.tsx').then((m) => ({
                        Component: m.FamiliesScreen,
                      })),
                  },
                  {
                    path: 'renewals',
                    lazy: () =>
                      import('./routes/workspace/renewals.tsx').then((m) => ({
                        Component: m.RenewalsScreen,
                      })),
                  },
                  {
                    path: 'agency-profile',
                    lazy: () =>
                      import('./routes/workspace/agency-profile.tsx').then((m) => ({
                        Component: m.AgencyProfileScreen,
                      })),
                  },
                  {
                    path: 'investments',
                    lazy: () =>
                      import('./routes/workspace/providers.tsx').then((m) => ({
                        Component: m.InvestmentCompanyScreen,
                      })),
                  },
                ],
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
              import('../components/layouts/admin-layout.tsx').then((m) => ({ Component: m.AdminLayout })),
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/admin/overview.tsx').then((m) => ({ Component: m.AdminOverviewScreen })),
              },
              {
                path: 'overview',
                lazy: () =>
                  import('./routes/admin/overview.tsx').then((m) => ({ Component: m.AdminOverviewScreen })),
              },
              {
                path: 'manage-clients',
                lazy: () =>
                  import('./routes/admin/manage-clients.tsx').then((m) => ({
                    Component: m.ManageClientsScreen,
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
            path: paths.clientDashboard,
            lazy: () => import('./routes/client/shell.tsx').then((m) => ({ Component: m.ClientShellScreen })),
            // The client area of spec §2, one lazy screen each (issue 6).
            children: [
              {
                index: true,
                lazy: () =>
                  import('./routes/client/home.tsx').then((m) => ({ Component: m.ClientHomeScreen })),
              },
              {
                path: 'alerts',
                lazy: () =>
                  import('./routes/client/alerts.tsx').then((m) => ({ Component: m.ClientAlertsScreen })),
              },
              {
                path: 'profile',
                lazy: () =>
                  import('./routes/client/profile.tsx').then((m) => ({ Component: m.ClientProfileScreen })),
              },
              {
                path: 'plans',
                lazy: () =>
                  import('./routes/client/plans.tsx').then((m) => ({ Component: m.ClientPlansScreen })),
              },
              {
                path: 'plans/:id',
                lazy: () =>
                  import('./routes/client/plan-detail.tsx').then((m) => ({
                    Component: m.ClientPlanDetailScreen,
                  })),
              },
              {
                path: 'agency-details',
                lazy: () =>
                  import('./routes/client/agency-details.tsx').then((m) => ({
                    Component: m.ClientAgencyScreen,
                  })),
              },
              {
                path: 'secondary-clients',
                lazy: () =>
                  import('./routes/client/secondary-clients.tsx').then((m) => ({
                    Component: m.ClientSecondaryClientsScreen,
                  })),
              },
              {
                path: 'secondary-clients/:secondaryClientId',
                lazy: () =>
                  import('./routes/client/secondary-client-detail.tsx').then((m) => ({
                    Component: m.ClientSecondaryClientScreen,
                  })),
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
]);
