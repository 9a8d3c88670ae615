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
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AppShell, ShellNavLink, ShellNavLogout } from '../../../components/layouts/app-shell.tsx';
import { useLogout } from '../../../components/layouts/signed-in-layout.tsx';
import { BrandMark } from '../../../components/ui/brand-mark.tsx';
import { ClientUiText } from '../../../i18n/client-i18n.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentClaims } from '../../../lib/session.ts';
import { useAgency } from '../api/get-agency.ts';
import { useOwnAvatar } from '../api/get-own-avatar.ts';
import { useProfile } from '../api/get-profile.ts';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';
import { initials } from './plan-rules.ts';

// The client area shell (spec §2 "Client area shell"): sidebar with Dashboard, My Plans, My Claims (issue 28),
// Secondary Clients and Logout; a drawer under 768 px; a top bar with 'Hello, {name}', the avatar or initial and a
// dropdown with email, phone and Logout that Escape or an outside click closes. The frame is the app shell's; the screens'
// titles are on their routes (app/routes-client.tsx).

const LINKS = [
  { to: clientPaths.home, label: 'nav.dashboard', icon: LayoutDashboard, end: true },
  { to: clientPaths.plans, label: 'nav.plans', icon: FileText, end: false },
  { to: clientPaths.claims, label: 'nav.claims', icon: ClipboardList, end: false },
  { to: clientPaths.secondaryClients, label: 'nav.secondaryClients', icon: Users, end: false },
] as const;

/** The routes' English titles (app/routes-client.tsx) and their keys, for the document's title. */
const TITLE_KEYS: Record<string, string> = {
  Dashboard: 'nav.dashboard',
  'Upcoming Alerts': 'titles.alerts',
  'My Profile': 'titles.profile',
  'My Plans': 'nav.plans',
  'Plan Details': 'titles.plan',
  'My Claims': 'nav.claims',
  'Claim Details': 'titles.claim',
  'My Agency Details': 'titles.agency',
  'Secondary Clients': 'nav.secondaryClients',
  'Secondary Client Details': 'titles.secondaryClient',
};

function ClientNav() {
  const t = useClientT();
  return (
    <>
      {LINKS.map(({ to, label, icon, end }) => (
        <ShellNavLink key={to} to={to} end={end} icon={icon}>
          {t(label)}
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
  const t = useClientT();
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
        aria-label={t('shell.accountMenu')}
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
              <span className="truncate">{profile?.email || t('notProvided')}</span>
            </p>
            <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
              <Phone className="size-4 shrink-0" aria-hidden />
              {profile?.phonenumber || t('notProvided')}
            </p>
          </div>
          <div className="flex flex-col py-1">
            <Link
              to={clientPaths.profile}
              className="flex items-center gap-3 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <User className="size-4" aria-hidden /> {t('titles.profile')}
            </Link>
            <Link
              to={clientPaths.agency}
              className="flex items-center gap-3 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <Building2 className="size-4" aria-hidden /> {t('titles.agency')}
            </Link>
            <button
              type="button"
              onClick={logout}
              disabled={busy}
              className="flex items-center gap-3 px-4 py-2 text-left text-sm text-red-700 hover:bg-red-50"
            >
              <LogOut className="size-4" aria-hidden /> {t('common:logout')}
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

/**
 * /agency-client/dashboard/*: the agency client's frame around every client screen, in the client's language;
 * `languageSwitch` is the top bar's switch (composed in app/, where the client's saved preference is at hand).
 */
export function ClientShell({ languageSwitch }: { languageSwitch?: ReactNode }) {
  return (
    <ClientUiText>
      <ClientFrame languageSwitch={languageSwitch} />
    </ClientUiText>
  );
}

function ClientFrame({ languageSwitch }: { languageSwitch?: ReactNode }) {
  const t = useClientT();
  const profile = useProfile().data ?? null;
  const agencyQuery = useAgency();
  const agency = agencyQuery.data;
  const avatar = useOwnAvatar(profile?.has_avatar ? profile.primaryclientid : null);
  const name = profile?.fullName || currentClaims()?.clientName || '';

  return (
    <AppShell
      brand={agency?.name || currentClaims()?.agencyName || 'Agency Portal'}
      brandLogo={agency?.logo_url ?? null}
      navLabel={t('shell.navLabel')}
      translateTitle={(title) => (TITLE_KEYS[title] ? t(TITLE_KEYS[title]) : title)}
      nav={<ClientNav />}
      stickyTopBar
      topBar={
        <>
          <TopBarAgency agency={agency} pending={agencyQuery.isPending} />
          <p className="min-w-0 flex-1 truncate font-medium text-slate-900">
            {name ? t('shell.hello', { name }) : t('shell.helloAlone')}
          </p>
          {languageSwitch}
          <UserMenu profile={profile} name={name} avatar={avatar} />
        </>
      }
    />
  );
}
