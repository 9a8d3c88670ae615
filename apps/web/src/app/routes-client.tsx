import type { RouteObject } from 'react-router';

// The client area of spec §2 under /agency-client/dashboard, one lazy screen each (issue 6). Loaded on the
// first visit to one of its addresses (router.tsx, patchRoutesOnNavigation).
export const clientRoutes: RouteObject[] = [
  {
    path: 'alerts',
    lazy: () => import('./routes/client/alerts.tsx').then((m) => ({ Component: m.ClientAlertsScreen })),
  },
  {
    path: 'profile',
    lazy: () => import('./routes/client/profile.tsx').then((m) => ({ Component: m.ClientProfileScreen })),
  },
  {
    path: 'plans',
    lazy: () => import('./routes/client/plans.tsx').then((m) => ({ Component: m.ClientPlansScreen })),
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
];
