import type { ClientAgency, ClientProfile } from '@portal/contract';
import {
  Building2,
  ChevronDown,
  ClipboardList,
  FileText,
  LayoutDashboard,
  LogOut,
  Mail,
  Phone,
  User,
  Users,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AppShell, ShellNavLink, ShellNavLogout } from '../../../components/layouts/app-shell.tsx';
import { useLogout } from '../../../components/layouts/signed-in-layout.tsx';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentClaims } from '../../../lib/session.ts';
import { useAgency } from '../api/get-agency.ts';
import { useOwnAvatar } from '../api/get-own-avatar.ts';
import { useProfile } from '../api/get-profile.ts';
import { clientPaths } from './client-paths.ts';
import { initials } from './plan-rules.ts';

// The client area shell (spec §2 "Client area shell"): sidebar with Dashboard, My Plans, My Claims (issue 28),
// Secondary Clients and Logout; a drawer under 768 px; a top bar with 'Hello, {name}', the avatar or initial and a
// dropdown with email, phone and Logout that Escape or an outside click closes. The frame is the app shell's; the screens'
// titles are on their routes (app/routes-client.tsx).

const LINKS = [
  { to: clientPaths.home, label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: clientPaths.plans, label: 'My Plans', icon: FileText, end: false },
  { to: clientPaths.claims, label: 'My Claims', icon: ClipboardList, end: false },
  { to: clientPaths.secondaryClients, label: 'Secondary Clients', icon: Users, end: false },
] as const;

function ClientNav() {
  return (
    <>
      {LINKS.map(({ to, label, icon, end }) => (
        <ShellNavLink key={to} to={to} end={end} icon={icon}>
          {label}
        </ShellNavLink>
      ))}
      <ShellNavLogout className="mt-auto" />
    </>
  );
}

export function Avatar({
  name,
  src,
  size = 'small',
}: {
  name: string;
  src: string | null;
  size?: 'small' | 'large';
}) {
  const box = size === 'large' ? 'size-16 text-xl' : 'size-9 text-sm';
  return src ? (
    <img src={src} alt="" className={cn(box, 'shrink-0 rounded-full object-cover ring-1 ring-slate-200')} />
  ) : (
    <span
      aria-hidden
      className={cn(
        box,
        'flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-800',
      )}
    >
      {initials(name)}
    </span>
  );
}

function UserMenu({
  profile,
  name,
  avatar,
}: {
  profile: ClientProfile | null;
  name: string;
  avatar: string | null;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { logout, busy } = useLogout();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Account menu"
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-1 rounded-full p-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <Avatar name={name} src={avatar} />
        <ChevronDown
          className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')}
          aria-hidden
        />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white py-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 pb-3">
            <p className="truncate font-medium text-slate-900">{name}</p>
            <p className="mt-1 flex items-center gap-2 truncate text-sm text-slate-600">
              <Mail className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{profile?.email || 'Not provided'}</span>
            </p>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
              <Phone className="size-4 shrink-0" aria-hidden />
              {profile?.phonenumber || 'Not provided'}
            </p>
          </div>
          <div className="flex flex-col py-1">
            <Link
              to={clientPaths.profile}
              className="flex items-center gap-3 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <User className="size-4" aria-hidden /> My Profile
            </Link>
            <Link
              to={clientPaths.agency}
              className="flex items-center gap-3 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <Building2 className="size-4" aria-hidden /> My Agency Details
            </Link>
            <button
              type="button"
              onClick={logout}
              disabled={busy}
              className="flex items-center gap-3 px-4 py-2 text-left text-sm text-red-700 hover:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden /> Logout
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The agency's mark in the top bar under 768 px, where the sidebar's name and logo are in the closed drawer
 * (issue 24 item 4). Its box is there while the agency loads, so nothing moves when it arrives.
 */
function TopBarAgency({ agency, pending }: { agency: ClientAgency | undefined; pending: boolean }) {
  if (agency) {
    return (
      <BrandMark
        name={agency.name}
        logoUrl={agency.logo_url}
        label={agency.name}
        className="size-8 rounded-md text-sm ring-1 ring-slate-200 md:hidden"
      />
    );
  }
  return pending ? <span aria-hidden className="size-8 shrink-0 md:hidden" /> : null;
}

/** /agency-client/dashboard/*: the agency client's frame around every client screen. */
export function ClientShell() {
  const profile = useProfile().data ?? null;
  const agencyQuery = useAgency();
  const agency = agencyQuery.data;
  const avatar = useOwnAvatar(profile?.has_avatar ? profile.primaryclientid : null);
  const name = profile?.fullName || currentClaims()?.clientName || '';

  return (
    <AppShell
      brand={agency?.name || currentClaims()?.agencyName || 'Agency Portal'}
      brandLogo={agency?.logo_url ?? null}
      navLabel="Client area"
      nav={<ClientNav />}
      stickyTopBar
      topBar={
        <>
          <TopBarAgency agency={agency} pending={agencyQuery.isPending} />
          <p className="min-w-0 flex-1 truncate font-medium text-slate-900">
            {name ? `Hello, ${name}` : 'Hello'}
          </p>
          <UserMenu profile={profile} name={name} avatar={avatar} />
        </>
      }
    />
  );
}
