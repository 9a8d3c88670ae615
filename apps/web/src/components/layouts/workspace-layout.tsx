import { NAV_DEBOUNCE_MS } from '@portal/contract';
import {
  AlertTriangle,
  Building2,
  CalendarClock,
  ChevronDown,
  Crown,
  LayoutDashboard,
  LineChart,
  LogOut,
  Menu,
  ShieldCheck,
  Users,
  X,
} from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../../features/auth/api/get-me.ts';
import { cn } from '../../lib/cn.ts';
import { currentClaims } from '../../lib/session.ts';
import * as Dialog from '../ui/dialog.tsx';
import { useLogout } from './signed-in-layout.tsx';

// The agency workspace frame (spec §2 "Agency workspace layout"). Items appear as their screens exist.
export const WORKSPACE_LINKS = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/insurance', label: 'Insurance Company', icon: Building2, end: false },
  { to: '/dashboard/investments', label: 'Investment Company', icon: LineChart, end: false },
  { to: '/dashboard/renewals', label: 'Renewals', icon: CalendarClock, end: false },
  { to: '/dashboard/security', label: 'Account Security', icon: ShieldCheck, end: false },
] as const;

/** "My Clients" expands into its screens (spec §2); more join it as they are built. */
const MY_CLIENTS_LINKS = [
  { to: '/dashboard/users', label: 'View Users' },
  { to: '/dashboard/users/add', label: 'Add Primary Client' },
  { to: '/dashboard/secondary', label: 'Add Secondary Client' },
  { to: '/dashboard/addPlans', label: 'Add More Plans' },
] as const;

/** Page titles by tab (spec §2). */
const TITLES: [RegExp, string][] = [
  [/^\/dashboard\/?$/, 'Dashboard'],
  [/^\/dashboard\/users\/add/, 'Primary Client'],
  [/^\/dashboard\/users\/[^/]+/, 'Registered Users'],
  [/^\/dashboard\/users/, 'Registered Users'],
  // The family view of the same clients (issue 5); the spec names no title of its own for it.
  [/^\/dashboard\/clients/, 'Registered Users'],
  [/^\/dashboard\/insurance/, 'Insurance Company'],
  [/^\/dashboard\/investments/, 'Investment Company'],
  [/^\/dashboard\/secondary-client\//, 'Secondary Client Details'],
  [/^\/dashboard\/secondary/, 'Secondary Client'],
  [/^\/dashboard\/agency-profile/, 'Agency Profile'],
  [/^\/dashboard\/renewals/, 'Renewals'],
  [/^\/dashboard\/security/, 'Account Security'],
  [/^\/dashboard\/plans\//, 'Client Plan Detail'],
  [/^\/dashboard\/addPlans/, 'Plans'],
];

export function workspaceTitle(pathname: string): string {
  return TITLES.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'Dashboard';
}

/** Navigation clicks closer together than NAV_DEBOUNCE_MS are ignored (spec §2, §9). */
export function useDebouncedNavigation() {
  const navigate = useNavigate();
  const last = useRef(0);
  return (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    event.preventDefault();
    const now = Date.now();
    if (now - last.current < NAV_DEBOUNCE_MS) return;
    last.current = now;
    navigate(to);
  };
}

function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const go = useDebouncedNavigation();
  const { logout, busy } = useLogout();
  const { pathname } = useLocation();
  const [clientsOpen, setClientsOpen] = useState(() =>
    MY_CLIENTS_LINKS.some((l) => pathname.startsWith(l.to)),
  );
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
      isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100',
    );
  return (
    <nav aria-label="Workspace" className="flex flex-1 flex-col gap-1 px-3 pb-4">
      {WORKSPACE_LINKS.slice(0, 1).map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={(event) => {
            go(event, to);
            onNavigate?.();
          }}
          className={linkClass}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </NavLink>
      ))}
      <button
        type="button"
        aria-expanded={clientsOpen}
        onClick={() => setClientsOpen((open) => !open)}
        className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
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
            <NavLink
              key={to}
              to={to}
              // A client's record stays under View Users; the add form is its own link.
              end={to === '/dashboard/users' && pathname.startsWith('/dashboard/users/add')}
              onClick={(event) => {
                go(event, to);
                onNavigate?.();
              }}
              className={(state) => cn(linkClass(state), 'pl-10')}
            >
              {label}
            </NavLink>
          ))
        : null}
      {WORKSPACE_LINKS.slice(1).map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          onClick={(event) => {
            go(event, to);
            onNavigate?.();
          }}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
              isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </NavLink>
      ))}
      {/* Premium Agency (the agency profile) sits at the bottom (spec §2). */}
      <NavLink
        to="/dashboard/agency-profile"
        onClick={(event) => {
          go(event, '/dashboard/agency-profile');
          onNavigate?.();
        }}
        className={({ isActive }) =>
          cn(
            'mt-auto flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
            isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100',
          )
        }
      >
        <Crown className="size-4" aria-hidden />
        Premium Agency
      </NavLink>
      <button
        type="button"
        onClick={logout}
        disabled={busy}
        className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        <LogOut className="size-4" aria-hidden />
        Logout
      </button>
    </nav>
  );
}

function Brand() {
  const agencyName = currentClaims()?.agencyName || 'Agency Portal';
  return (
    <div className="flex min-w-0 items-center gap-3 px-6 py-5">
      <img src="/favicon.svg" alt="" className="size-8 shrink-0 rounded-md" />
      <span className="truncate font-semibold text-slate-900">{agencyName}</span>
    </div>
  );
}

/** The owner's workspace (/dashboard/*): sidebar on desktop, a drawer under 768 px. */
export function WorkspaceLayout() {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The banner while the platform has not yet verified the owner (decisions §3).
  const pending = useMe().data?.is_verified === false;
  const title = workspaceTitle(pathname);

  useEffect(() => {
    document.title = `${title} · Agency Portal`;
  }, [title]);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-slate-200 bg-white md:flex">
        <Brand />
        <SidebarNav />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl md:hidden"
          >
            <Dialog.Title className="sr-only">Menu</Dialog.Title>
            <div className="flex items-center justify-between pr-3">
              <Brand />
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
        <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3 md:px-8">
          <button
            type="button"
            aria-label="Open menu"
            onClick={() => setDrawerOpen(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu className="size-5" aria-hidden />
          </button>
          <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        </header>
        {pending ? (
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
        ) : null}
        <main className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
