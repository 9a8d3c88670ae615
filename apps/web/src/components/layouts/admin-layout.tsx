import { ArrowLeft, LayoutDashboard, LogOut, Menu, ShieldCheck, Users, X } from 'lucide-react';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { ADMIN_SECURITY_PATH } from '../../features/auth/hooks/use-me.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import * as Dialog from '../ui/dialog.tsx';
import { useLogout } from './signed-in-layout.tsx';

const LINKS = [
  { to: '/agency-admin/dashboard/overview', label: 'Overview', icon: LayoutDashboard },
  { to: '/agency-admin/dashboard/manage-clients', label: 'Manage Clients', icon: Users },
  { to: '/agency-admin/dashboard/security', label: 'Account Security', icon: ShieldCheck },
];

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  // The index shows the overview too (spec §2), so its link is current there as well.
  const onIndex = useLocation().pathname.replace(/\/$/, '') === '/agency-admin/dashboard';
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1 px-3">
      {LINKS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
              isActive || (onIndex && label === 'Overview')
                ? 'bg-primary-50 text-primary-800'
                : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
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
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden border-r border-slate-200 bg-white md:block">
        <div className="flex items-center gap-3 px-6 py-5">
          <img src="/favicon.svg" alt="" className="size-8 rounded-md" />
          <span className="font-semibold text-slate-900">Admin Panel</span>
        </div>
        <SidebarNav />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-xl md:hidden"
          >
            <div className="flex items-center justify-between px-6 py-5">
              <Dialog.Title className="font-semibold text-slate-900">Admin Panel</Dialog.Title>
              <Dialog.Close
                aria-label="Close menu"
                className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </div>
            <SidebarNav onNavigate={() => setDrawerOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
          <div className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Open menu"
              onClick={() => setDrawerOpen(true)}
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            >
              <Menu className="size-5" aria-hidden />
            </button>
            <span className="font-semibold text-slate-900">Admin Section</span>
          </div>
          <div className="flex items-center gap-2">
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
        </header>
        <main className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-8">
          <AdminOutlet />
        </main>
      </div>
    </div>
  );
}
