import { ROLE_LABEL, type Role, type WorkspaceRole } from '@portal/contract';
import {
  AlertTriangle,
  BarChart3,
  Building2,
  CalendarClock,
  ChevronDown,
  Crown,
  History,
  LayoutDashboard,
  LineChart,
  Shield,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { cn } from '../../lib/cn.ts';
import { currentClaims } from '../../lib/session.ts';
import { AppShell, navItemClass, ShellNavLink, ShellNavLogout } from './app-shell.tsx';

// The agency workspace frame (spec §2 "Agency workspace layout"). Items appear as their screens exist, and each
// only for the roles that may use its screen (issue 25; the routes are guarded the same way, routes-workspace.tsx).
const EVERYONE: readonly WorkspaceRole[] = ['AO', 'AA', 'AG'];
const MANAGERS: readonly WorkspaceRole[] = ['AO', 'AA'];
const OWNER: readonly WorkspaceRole[] = ['AO'];

export const WORKSPACE_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true, roles: EVERYONE },
  { to: '/dashboard/insurance', label: 'Insurance Company', icon: Building2, end: false, roles: MANAGERS },
  { to: '/dashboard/investments', label: 'Investment Company', icon: LineChart, end: false, roles: MANAGERS },
  { to: '/dashboard/renewals', label: 'Renewals', icon: CalendarClock, end: false, roles: EVERYONE },
  { to: '/dashboard/claims', label: 'Claims', icon: Shield, end: false, roles: EVERYONE },
  { to: '/dashboard/reports', label: 'Reports', icon: BarChart3, end: false, roles: MANAGERS },
  { to: '/dashboard/team', label: 'Team', icon: UserCog, end: false, roles: OWNER },
  { to: '/dashboard/activity', label: 'Activity', icon: History, end: false, roles: OWNER },
  { to: '/dashboard/security', label: 'Account Security', icon: ShieldCheck, end: false, roles: EVERYONE },
] as const;

/** Whether one of the signed-in user's roles may use a screen. */
const mayUse = (roles: readonly Role[], allowed: readonly WorkspaceRole[]) =>
  roles.some((r) => (allowed as readonly Role[]).includes(r));

/** "My Clients" expands into its screens (spec §2); more join it as they are built. */
const MY_CLIENTS_LINKS = [
  { to: '/dashboard/users', label: 'View Users' },
  { to: '/dashboard/users/add', label: 'Add Primary Client' },
  { to: '/dashboard/secondary', label: 'Add Secondary Client' },
  { to: '/dashboard/addPlans', label: 'Add More Plans' },
  { to: '/dashboard/import', label: 'Import clients' },
] as const;

function WorkspaceNav({ roles }: { roles: readonly Role[] }) {
  const { pathname } = useLocation();
  const shown = WORKSPACE_LINKS.filter((l) => mayUse(roles, l.roles));
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
      {shown.slice(0, 1).map(links)}
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
      {shown.slice(1).map(links)}
      {/* Premium Agency (the agency profile, the owner's) sits at the bottom (spec §2). */}
      {mayUse(roles, OWNER) ? (
        <ShellNavLink to="/dashboard/agency-profile" icon={Crown} className="mt-auto">
          Premium Agency
        </ShellNavLink>
      ) : null}
      <ShellNavLogout className={mayUse(roles, OWNER) ? undefined : 'mt-auto'} />
    </>
  );
}

/** Who is signed in, in the top bar (issue 25): several people now work in one agency's workspace. */
function SignedInAs({ name, role }: { name: string; role: Role | undefined }) {
  if (!name) return null;
  return (
    <p
      className="ml-auto flex min-w-0 flex-col items-end text-right leading-tight"
      data-testid="signed-in-as"
    >
      <span className="max-w-[40vw] truncate text-sm font-medium text-slate-900 md:max-w-xs">{name}</span>
      {role ? <span className="text-xs text-slate-500">{ROLE_LABEL[role]}</span> : null}
    </p>
  );
}

/** The workspace (/dashboard/*) of the owner and staff: the app shell with the role's navigation and the title. */
export function WorkspaceLayout() {
  const me = useMe().data;
  const claims = currentClaims();
  // The token's roles decide at once (no wait for /me); the API refuses anything the role may not do anyway.
  const roles = claims?.roles ?? [];
  const role = roles.find((r) => r === 'AO' || r === 'AA' || r === 'AG');
  // The banner while the platform has not yet verified the owner (decisions §3).
  const pending = me?.is_verified === false;
  return (
    <AppShell
      brand={claims?.agencyName || 'Agency Portal'}
      navLabel="Workspace"
      nav={<WorkspaceNav roles={roles} />}
      showTitle
      topBar={<SignedInAs name={me?.full_name ?? claims?.clientName ?? ''} role={role} />}
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
