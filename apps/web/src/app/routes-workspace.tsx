import type { Role } from '@portal/contract';
import type { ScreenRoute } from '../components/layouts/app-shell.tsx';

/**
 * A pathless route whose screens only some roles may use (issue 25): router.tsx gives it the role guard as it
 * patches this table in (a guard imported here split the sign-in route's shared code into more chunks).
 */
export interface GateRoute {
  handle: { roles: readonly Role[] };
  children: ScreenRoute[];
}

// The agency workspace's screens under /dashboard (spec §2): the owner's and staff's (issue 25), a few behind a
// role gate. Loaded on the first visit to a /dashboard/… address (router.tsx, patchRoutesOnNavigation), so this
// table stays out of the sign-in route. They go under the workspace guard router.tsx keeps; importing nothing at
// run time keeps this chunk alone.
// Each names its page title (spec §2 "Page titles by tab"), which the workspace's top bar shows.
export const workspaceRoutes: Array<ScreenRoute | GateRoute> = [
  {
    path: 'users',
    handle: { title: 'Registered Users' },
    lazy: () =>
      import('./routes/workspace/users.tsx').then((m) => ({
        Component: m.RegisteredUsersScreen,
      })),
  },
  {
    // Before 'users/:userId', so "add" is not read as a client id.
    path: 'users/add',
    handle: { title: 'Primary Client' },
    lazy: () =>
      import('./routes/workspace/add-client.tsx').then((m) => ({
        Component: m.AddClientScreen,
      })),
  },
  {
    path: 'users/:userId',
    handle: { title: 'Registered Users' },
    lazy: () =>
      import('./routes/workspace/user-detail.tsx').then((m) => ({
        Component: m.UserDetailScreen,
      })),
  },
  {
    path: 'plans/:planId',
    handle: { title: 'Client Plan Detail' },
    lazy: () =>
      import('./routes/workspace/plan-detail.tsx').then((m) => ({
        Component: m.PlanDetailScreen,
      })),
  },
  {
    path: 'addPlans',
    handle: { title: 'Plans' },
    lazy: () =>
      import('./routes/workspace/add-plans.tsx').then((m) => ({
        Component: m.AddPlansScreen,
      })),
  },
  {
    path: 'secondary',
    handle: { title: 'Secondary Client' },
    lazy: () =>
      import('./routes/workspace/secondary-add.tsx').then((m) => ({
        Component: m.SecondaryAddScreen,
      })),
  },
  {
    path: 'secondary-client/:secondaryClientId',
    handle: { title: 'Secondary Client Details' },
    lazy: () =>
      import('./routes/workspace/secondary-detail.tsx').then((m) => ({
        Component: m.SecondaryDetailScreen,
      })),
  },
  {
    path: 'clients',
    handle: { title: 'Registered Users' },
    lazy: () =>
      import('./routes/workspace/families.tsx').then((m) => ({
        Component: m.FamiliesScreen,
      })),
  },
  {
    // The import of a book from a spreadsheet (issue 26), for every workspace role: an agent's are their own.
    path: 'import',
    handle: { title: 'Import clients' },
    lazy: () =>
      import('./routes/workspace/import.tsx').then((m) => ({
        Component: m.ImportScreen,
      })),
  },
  {
    path: 'import/:id',
    handle: { title: 'Import clients' },
    lazy: () =>
      import('./routes/workspace/import.tsx').then((m) => ({
        Component: m.ImportJobScreen,
      })),
  },
  {
    path: 'renewals',
    handle: { title: 'Renewals' },
    lazy: () =>
      import('./routes/workspace/renewals.tsx').then((m) => ({
        Component: m.RenewalsScreen,
      })),
  },
  {
    // The claims register (issue 28): every workspace role; an agent's are their clients'.
    path: 'claims',
    handle: { title: 'Claims' },
    lazy: () =>
      import('./routes/workspace/claims.tsx').then((m) => ({
        Component: m.ClaimsScreen,
      })),
  },
  {
    path: 'claims/:claimId',
    handle: { title: 'Claim' },
    lazy: () =>
      import('./routes/workspace/claim-detail.tsx').then((m) => ({
        Component: m.ClaimDetailScreen,
      })),
  },
  {
    // The owner's account security: the TOTP second factor (issue 23 item 14).
    path: 'security',
    handle: { title: 'Account Security' },
    lazy: () =>
      import('./routes/workspace/security.tsx').then((m) => ({
        Component: m.WorkspaceSecurityScreen,
      })),
  },
  {
    // Provider companies and the reports: the owner and agency admins (issues 25, 29); not agents.
    handle: { roles: ['AO', 'AA'] },
    children: [
      {
        path: 'insurance',
        handle: { title: 'Insurance Company' },
        lazy: () =>
          import('./routes/workspace/providers.tsx').then((m) => ({
            Component: m.InsuranceCompanyScreen,
          })),
      },
      {
        path: 'investments',
        handle: { title: 'Investment Company' },
        lazy: () =>
          import('./routes/workspace/providers.tsx').then((m) => ({
            Component: m.InvestmentCompanyScreen,
          })),
      },
      {
        // The agency's reports (issue 29): the owner and agency admins; agents have no such screen.
        path: 'reports',
        handle: { title: 'Reports' },
        lazy: () =>
          import('./routes/workspace/reports.tsx').then((m) => ({
            Component: m.ReportsScreen,
          })),
      },
    ],
  },
  {
    // The owner's own screens (decisions §1): the agency profile, the team and the activity log.
    handle: { roles: ['AO'] },
    children: [
      {
        path: 'agency-profile',
        handle: { title: 'Agency Profile' },
        lazy: () =>
          import('./routes/workspace/agency-profile.tsx').then((m) => ({
            Component: m.AgencyProfileScreen,
          })),
      },
      {
        // The owner's staff (issue 25 item 2).
        path: 'team',
        handle: { title: 'Team' },
        lazy: () =>
          import('./routes/workspace/team.tsx').then((m) => ({
            Component: m.TeamScreen,
          })),
      },
      {
        // Who did what (issue 25 item 4).
        path: 'activity',
        handle: { title: 'Activity' },
        lazy: () =>
          import('./routes/workspace/activity.tsx').then((m) => ({
            Component: m.ActivityScreen,
          })),
      },
    ],
  },
];
