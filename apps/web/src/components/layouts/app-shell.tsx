import { NAV_DEBOUNCE_MS } from '@portal/contract';
import { LogOut, type LucideIcon, Menu, X } from 'lucide-react';
import { createContext, type MouseEvent, type ReactNode, use, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, type RouteObject, useMatches, useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { BrandMark } from '../ui/brand-mark.tsx';
import * as Dialog from '../ui/dialog.tsx';
import { useUiText } from '../ui/ui-text.tsx';
import { useLogout } from './signed-in-layout.tsx';

// The one frame of the signed-in areas (workspace, admin, client; spec §2): a sidebar on desktop, the same
// navigation in a drawer under 768 px, a top bar and the screen. Each area brings its name, its navigation and
// the pieces of its top bar; the screen's title comes from the route table (`handle: { title }`).

/** What a route of the signed-in areas carries in `handle`: the title of its screen (spec §2 page titles). */
export interface ScreenHandle {
  title: string;
}

/** A route of an area's table (app/routes-*.tsx): every screen names its title. */
export type ScreenRoute = RouteObject & { handle: ScreenHandle };

function titleOf(handle: unknown): string | undefined {
  const title = (handle as Partial<ScreenHandle> | null | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}

/** The title of the screen shown: that of the deepest matched route that names one. */
export function useScreenTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const title = titleOf(matches[i]!.handle);
    if (title !== undefined) return title;
  }
  return undefined;
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

interface ShellNavState {
  /** Debounced navigation shared by every link of one navigation (sidebar or drawer); null when not debounced. */
  go: ReturnType<typeof useDebouncedNavigation> | null;
  /** Closes the drawer after a choice; nothing in the sidebar. */
  onNavigate?: () => void;
}

const ShellNavContext = createContext<ShellNavState>({ go: null });

/** The look of an item of the navigation, current or not. */
export function navItemClass(isActive: boolean, className?: string) {
  return cn(
    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100',
    className,
  );
}

/** A link of an area's navigation: debounced when the area's is, and closing the drawer after a choice. */
export function ShellNavLink({
  to,
  end,
  icon: Icon,
  current,
  className,
  children,
}: {
  to: string;
  end?: boolean;
  icon?: LucideIcon;
  /** Shown as current on another address as well (the admin's index shows the overview). */
  current?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { go, onNavigate } = use(ShellNavContext);
  return (
    <NavLink
      to={to}
      end={end}
      onClick={(event) => {
        go?.(event, to);
        onNavigate?.();
      }}
      className={({ isActive }) => navItemClass(isActive || current === true, className)}
    >
      {Icon ? <Icon className="size-4" aria-hidden /> : null}
      {children}
    </NavLink>
  );
}

/** Logout as the last item of an area's navigation. */
export function ShellNavLogout({ className }: { className?: string }) {
  const { logout, busy } = useLogout();
  const text = useUiText();
  return (
    <button type="button" onClick={logout} disabled={busy} className={navItemClass(false, className)}>
      <LogOut className="size-4" aria-hidden />
      {text.logout}
    </button>
  );
}

function ShellNav({
  label,
  debounced,
  onNavigate,
  children,
}: {
  label: string;
  debounced: boolean;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const go = useDebouncedNavigation();
  return (
    <ShellNavContext value={{ go: debounced ? go : null, onNavigate }}>
      <nav aria-label={label} className="flex flex-1 flex-col gap-1 px-3 pb-4">
        {children}
      </nav>
    </ShellNavContext>
  );
}

function Brand({ name, logo }: { name: string; logo: string | null }) {
  return (
    <div className="flex min-w-0 items-center gap-3 px-6 py-5">
      {logo ? (
        <BrandMark name={name} logoUrl={logo} className="size-8 rounded-md ring-1 ring-slate-200" />
      ) : (
        <img src="/favicon.svg" alt="" className="size-8 shrink-0 rounded-md" />
      )}
      <span className="truncate font-semibold text-slate-900">{name}</span>
    </div>
  );
}

export interface AppShellProps {
  /** The name over the navigation: the agency's, or 'Admin Panel'. */
  brand: string;
  /** The agency's logo beside that name (the client area, issue 24 item 4); the portal's mark without one. */
  brandLogo?: string | null;
  /** The navigation's accessible name ('Workspace', 'Admin', 'Client area'). */
  navLabel: string;
  /** The items of the navigation (ShellNavLink, ShellNavLogout, …), shown in the sidebar and in the drawer. */
  nav: ReactNode;
  /** Whether navigation clicks are debounced (spec §2: the workspace's and the client area's are). */
  debouncedNav?: boolean;
  /** Shows the screen's title as the page heading in the top bar. */
  showTitle?: boolean;
  /** The rest of the top bar, after the menu button (and the title). */
  topBar?: ReactNode;
  /** The top bar stays in view while the page scrolls. */
  stickyTopBar?: boolean;
  /** A notice between the top bar and the screen. */
  banner?: ReactNode;
  /** The screen; the route's by default. */
  children?: ReactNode;
  /** The route's (English) title in the area's language (the client area, issue 30). */
  translateTitle?: (title: string) => string;
}

/** The frame of a signed-in area: sidebar on desktop, a drawer named "Menu" under 768 px, top bar, screen. */
export function AppShell({
  brand,
  brandLogo = null,
  navLabel,
  nav,
  debouncedNav = true,
  showTitle = false,
  topBar,
  stickyTopBar = false,
  banner,
  translateTitle,
  children,
}: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const routeTitle = useScreenTitle();
  const title = routeTitle === undefined || !translateTitle ? routeTitle : translateTitle(routeTitle);
  const text = useUiText();

  useEffect(() => {
    if (title !== undefined) document.title = `${title} · Agency Portal`;
  }, [title]);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-slate-200 bg-white md:flex">
        <Brand name={brand} logo={brandLogo} />
        <ShellNav label={navLabel} debounced={debouncedNav}>
          {nav}
        </ShellNav>
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl md:hidden"
          >
            <Dialog.Title className="sr-only">{text.menu}</Dialog.Title>
            <div className="flex items-center justify-between pr-3">
              <Brand name={brand} logo={brandLogo} />
              <Dialog.Close
                aria-label={text.closeMenu}
                className="rounded-md p-2 text-slate-500 hover:bg-slate-100"
              >
                <X className="size-4" aria-hidden />
              </Dialog.Close>
            </div>
            <ShellNav label={navLabel} debounced={debouncedNav} onNavigate={() => setDrawerOpen(false)}>
              {nav}
            </ShellNav>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-col">
        <header
          className={cn(
            'flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-3 md:px-8',
            stickyTopBar && 'sticky top-0 z-20',
          )}
        >
          <button
            type="button"
            aria-label={text.openMenu}
            onClick={() => setDrawerOpen(true)}
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu className="size-5" aria-hidden />
          </button>
          {showTitle ? <h1 className="text-lg font-semibold text-slate-900">{title}</h1> : null}
          {topBar}
        </header>
        {banner}
        <main className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-8">{children ?? <Outlet />}</main>
      </div>
    </div>
  );
}
