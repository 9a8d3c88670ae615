import { ArrowLeft, LayoutDashboard, LogOut, ShieldCheck, Users } from 'lucide-react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ADMIN_SECURITY_PATH } from '../../features/auth/hooks/use-me.ts';
import { Button } from '../ui/button.tsx';
import { AppShell, ShellNavLink } from './app-shell.tsx';
import { useLogout } from './signed-in-layout.tsx';

const LINKS = [
  { to: '/agency-admin/dashboard/overview', label: 'Overview', icon: LayoutDashboard },
  { to: '/agency-admin/dashboard/manage-clients', label: 'Manage Clients', icon: Users },
  { to: '/agency-admin/dashboard/security', label: 'Account Security', icon: ShieldCheck },
];

function AdminNav() {
  // The index shows the overview too (spec §2), so its link is current there as well.
  const onIndex = useLocation().pathname.replace(/\/$/, '') === '/agency-admin/dashboard';
  return LINKS.map(({ to, label, icon }) => (
    <ShellNavLink key={to} to={to} icon={icon} current={onIndex && label === 'Overview'}>
      {label}
    </ShellNavLink>
  ));
}

/**
 * The admin area's screens, once the admin has its required second factor (issue 23 item 14): until then every
 * other call would be refused (403, which ends a session), so only the set-up opens.
 */
function AdminOutlet() {
  const me = useMe();
  const onSecurity = useLocation().pathname.startsWith(ADMIN_SECURITY_PATH);
  if (onSecurity) return <Outlet />;
  if (me.isPending) return null;
  if (me.data?.must_enrol_second_factor === true) return <Navigate to={ADMIN_SECURITY_PATH} replace />;
  return <Outlet />;
}

/** The admin layout of spec §2: sidebar 'Admin Panel', header 'Admin Section', Back to Agency Portal, Logout. */
export function AdminLayout() {
  const navigate = useNavigate();
  const { logout, busy } = useLogout();
  return (
    <AppShell
      brand="Admin Panel"
      navLabel="Admin"
      nav={<AdminNav />}
      // The admin's links are plain links (spec §2 debounces the agency's and the client's navigation).
      debouncedNav={false}
      topBar={
        <>
          <span className="font-semibold text-slate-900">Admin Section</span>
          <div className="ml-auto flex items-center gap-2">
            <Button
              variant="secondary"
              onClick={() => navigate('/dashboard')}
              aria-label="Back to Agency Portal"
            >
              <ArrowLeft className="size-4" aria-hidden />
              <span className="hidden sm:inline">Back to Agency Portal</span>
            </Button>
            <Button variant="ghost" onClick={logout} busy={busy} aria-label="Logout">
              {busy ? null : <LogOut className="size-4" aria-hidden />}
              <span className="hidden sm:inline">Logout</span>
            </Button>
          </div>
        </>
      }
    >
      <AdminOutlet />
    </AppShell>
  );
}
