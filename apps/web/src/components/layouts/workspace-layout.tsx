import {
  AlertTriangle,
  Building2,
  CalendarClock,
  ChevronDown,
  Crown,
  History,
  LayoutDashboard,
  LineChart,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { cn } from '../../lib/cn.ts';
import { currentClaims } from '../../lib/session.ts';
import { AppShell, navItemClass, ShellNavLink, ShellNavLogout } from './app-shell.tsx';

// The agency workspace frame (spec §2 "Agency workspace layout"). Items appear as their screens exist.
export const WORKSPACE_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/insurance', label: 'Insurance Company', icon: Building2, end: false },
  { to: '/dashboard/investments', label: 'Investment Company', icon: LineChart, end: false },
  { to: '/dashboard/renewals', label: 'Renewals', icon: CalendarClock, end: false },
  { to: '/dashboard/activity', label: 'Activity', icon: History, end: false },
  { to: '/dashboard/security', label: 'Account Security', icon: ShieldCheck, end: false },
] as const;

/** "My Clients" expands into its screens (spec §2); more join it as they are built. */
const MY_CLIENTS_LINKS = [
  { to: '/dashboard/users', label: 'View Users' },
  { to: '/dashboard/users/add', label: 'Add Primary Client' },
  { to: '/dashboard/secondary', label: 'Add Secondary Client' },
  { to: '/dashboard/addPlans', label: 'Add More Plans' },
] as const;

function WorkspaceNav() {
  const { pathname } = useLocation();
  const [clientsOpen, setClientsOpen] = useState(() =>
    MY_CLIENTS_LINKS.some((l) => pathname.startsWith(l.to)),
  );
  const links = ({ to, label, icon, end }: (typeof WORKSPACE_LINKS)[number]) => (
    <ShellNavLink key={to} to={to} end={end} icon={icon}>
      {label}
    </ShellNavLink>
  );
  return (
    <>
      {WORKSPACE_LINKS.slice(0, 1).map(links)}
      <button
        type="button"
        aria-expanded={clientsOpen}
        onClick={() => setClientsOpen((open) => !open)}
        className={navItemClass(false)}
      >
        <Users className="size-4" aria-hidden />
        My Clients
        <ChevronDown
          className={cn('ml-auto size-4 transition-transform', clientsOpen && 'rotate-180')}
          aria-hidden
        />
      </button>
      {clientsOpen
        ? MY_CLIENTS_LINKS.map(({ to, label }) => (
            <ShellNavLink
              key={to}
              to={to}
              // A client's record stays under View Users; the add form is its own link.
              end={to === '/dashboard/users' && pathname.startsWith('/dashboard/users/add')}
              className="pl-10"
            >
              {label}
            </ShellNavLink>
          ))
        : null}
      {WORKSPACE_LINKS.slice(1).map(links)}
      {/* Premium Agency (the agency profile) sits at the bottom (spec §2). */}
      <ShellNavLink to="/dashboard/agency-profile" icon={Crown} className="mt-auto">
        Premium Agency
      </ShellNavLink>
      <ShellNavLogout />
    </>
  );
}

/** The owner's workspace (/dashboard/*): the app shell with the workspace's navigation and the screen's title. */
export function WorkspaceLayout() {
  // The banner while the platform has not yet verified the owner (decisions §3).
  const pending = useMe().data?.is_verified === false;
  return (
    <AppShell
      brand={currentClaims()?.agencyName || 'Agency Portal'}
      navLabel="Workspace"
      nav={<WorkspaceNav />}
      showTitle
      banner={
        pending ? (
          <div
            role="status"
            className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:px-8"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <p>
              <span className="font-medium">Verification pending.</span> You can set up your agency meanwhile;
              your clients can sign in once the platform has verified it.
            </p>
          </div>
        ) : null
      }
    />
  );
}
