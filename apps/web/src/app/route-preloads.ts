// Which lazy chunks a page's first load needs, by address: the build (vite.config.ts, routePreloads) turns each
// entry's modules into their chunks and every chunk those import, and the server names them in the page's HTML as
// modulepreload links (apps/api/src/plugins/web.ts). The browser then fetches them with the entry script, where
// the router would ask for them only once the entry had run: on the client dashboard that was some 40 chunks
// requested from 560 ms on, the last arriving near 1 s (Lighthouse, issue 30; decision 049). A module named here
// that the build does not find fails the build. The server uses the first entry that matches.
export interface RoutePreload {
  /** The address, exactly, or (ending in '/') every address under it. */
  path: string;
  /** Source modules under apps/web, as the router imports them lazily. */
  modules: readonly string[];
}

const QUERY_PROVIDER = 'src/app/providers/query-provider.tsx';
const CLIENT_SHELL = 'src/app/routes/client/shell.tsx';
const DASHBOARD_FRAME = 'src/app/routes/dashboard-frame.tsx';

export const ROUTE_PRELOADS: readonly RoutePreload[] = [
  // The client's home: what a client sees first after signing in.
  {
    path: '/agency-client/dashboard',
    modules: [QUERY_PROVIDER, CLIENT_SHELL, 'src/app/routes/client/home.tsx'],
  },
  { path: '/agency-client/dashboard/', modules: [QUERY_PROVIDER, CLIENT_SHELL, 'src/app/routes-client.tsx'] },
  { path: '/dashboard', modules: [QUERY_PROVIDER, DASHBOARD_FRAME] },
  { path: '/dashboard/', modules: [QUERY_PROVIDER, DASHBOARD_FRAME, 'src/app/routes-workspace.tsx'] },
  { path: '/login', modules: ['src/app/routes/auth.tsx'] },
];

/**
 * What a first load in Hindi needs besides (issue 30), named in the page of a browser whose language hint says
 * Hindi (LANGUAGE_HINT_COOKIE): the words' chunk, and the Devanagari font's files, matched by name.
 */
export const HINDI_PRELOAD = {
  modules: ['src/i18n/hindi-messages.ts'],
  fonts: /noto-sans-devanagari-devanagari-(400|600)-normal-[\w-]+\.woff2$/,
} as const;
