import type { RouteObject } from 'react-router';

// The agency workspace's screens under /dashboard (spec §2), owner only. Loaded on the first visit to a
// /dashboard/… address (router.tsx, patchRoutesOnNavigation), so this table stays out of the sign-in route.
// They go under the owner-only guard router.tsx keeps; importing nothing at run time keeps this chunk alone.
export const workspaceRoutes: RouteObject[] = [
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
    // The owner's account security: the TOTP second factor (issue 23 item 14).
    path: 'security',
    lazy: () =>
      import('./routes/workspace/security.tsx').then((m) => ({
        Component: m.WorkspaceSecurityScreen,
      })),
  },
  {
    path: 'investments',
    lazy: () =>
      import('./routes/workspace/providers.tsx').then((m) => ({
        Component: m.InvestmentCompanyScreen,
      })),
  },
];
