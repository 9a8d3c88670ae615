import { isWorkspaceRole } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { WorkspaceLayout } from '../../components/layouts/workspace-layout.tsx';
import { DashboardHome } from '../../features/workspace/components/dashboard-home.tsx';
import { currentClaims } from '../../lib/session.ts';

// The platform admin's welcome loads for them only: the workspace's routes, near their 200 kB budget, carry none
// of it (issue 30 made room this way for the client area's shared words).
const WelcomeContent = lazy(() => import('./welcome.tsx').then((m) => ({ default: m.WelcomeContent })));

/** /dashboard: the agency workspace for an owner or their staff; the platform admin, who has no agency, gets the welcome. */
export function DashboardFrame() {
  if (isWorkspaceRole(currentClaims()?.roles ?? [])) return <WorkspaceLayout />;
  return (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  );
}

/** The /dashboard index: the workspace's dashboard home; the admin's welcome. */
export function DashboardIndex() {
  if (isWorkspaceRole(currentClaims()?.roles ?? [])) return <DashboardHome />;
  return (
    <Suspense fallback={null}>
      <WelcomeContent showVerification />
    </Suspense>
  );
}
