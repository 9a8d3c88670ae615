import type { ScreenRoute } from '../components/layouts/app-shell.tsx';

// The client area of spec §2 under /agency-client/dashboard, one lazy screen each (issue 6). Loaded on the
// first visit to one of its addresses (router.tsx, patchRoutesOnNavigation). Each names its title (the
// document's title, set by the app shell).
export const clientRoutes: ScreenRoute[] = [
  {
    path: 'alerts',
    handle: { title: 'Upcoming Alerts' },
    lazy: () => import('./routes/client/alerts.tsx').then((m) => ({ Component: m.ClientAlertsScreen })),
  },
  {
    path: 'profile',
    handle: { title: 'My Profile' },
    lazy: () => import('./routes/client/profile.tsx').then((m) => ({ Component: m.ClientProfileScreen })),
  },
  {
    path: 'plans',
    handle: { title: 'My Plans' },
    lazy: () => import('./routes/client/plans.tsx').then((m) => ({ Component: m.ClientPlansScreen })),
  },
  {
    path: 'plans/:id',
    handle: { title: 'Plan Details' },
    lazy: () =>
      import('./routes/client/plan-detail.tsx').then((m) => ({
        Component: m.ClientPlanDetailScreen,
      })),
  },
  {
    path: 'claims',
    handle: { title: 'My Claims' },
    lazy: () => import('./routes/client/claims.tsx').then((m) => ({ Component: m.ClientClaimsScreen })),
  },
  {
    path: 'claims/:id',
    handle: { title: 'Claim Details' },
    lazy: () =>
      import('./routes/client/claim-detail.tsx').then((m) => ({
        Component: m.ClientClaimDetailScreen,
      })),
  },
  {
    path: 'agency-details',
    handle: { title: 'My Agency Details' },
    lazy: () =>
      import('./routes/client/agency-details.tsx').then((m) => ({
        Component: m.ClientAgencyScreen,
      })),
  },
  {
    path: 'secondary-clients',
    handle: { title: 'Secondary Clients' },
    lazy: () =>
      import('./routes/client/secondary-clients.tsx').then((m) => ({
        Component: m.ClientSecondaryClientsScreen,
      })),
  },
  {
    path: 'secondary-clients/:secondaryClientId',
    handle: { title: 'Secondary Client Details' },
    lazy: () =>
      import('./routes/client/secondary-client-detail.tsx').then((m) => ({
        Component: m.ClientSecondaryClientScreen,
      })),
  },
];
