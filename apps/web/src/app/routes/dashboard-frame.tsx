import { Outlet } from 'react-router';
import { SignedInLayout } from '../../components/layouts/signed-in-layout.tsx';
import { WorkspaceLayout } from '../../components/layouts/workspace-layout.tsx';
import { currentClaims } from '../../lib/session.ts';
import { WelcomeContent } from './welcome.tsx';

/** /dashboard: the agency workspace for an owner; the platform admin, who has no agency, gets the welcome. */
export function DashboardFrame() {
  if (currentClaims()?.roles.includes('AO')) return <WorkspaceLayout />;
  return (
    <SignedInLayout>
      <Outlet />
    </SignedInLayout>
  );
}

/** The /dashboard index (issue 4 replaces it with the dashboard home). */
export function DashboardIndex() {
  const insideWorkspace = currentClaims()?.roles.includes('AO') ?? false;
  return <WelcomeContent showVerification={!insideWorkspace} />;
}
