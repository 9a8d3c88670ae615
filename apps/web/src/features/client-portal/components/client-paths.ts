// The client area's routes (spec §2: /agency-client/dashboard and its children), plus the list of all
// alerts behind 'View all' (decisions §4).
const BASE = '/agency-client/dashboard';

export const clientPaths = {
  home: BASE,
  profile: `${BASE}/profile`,
  plans: `${BASE}/plans`,
  plan: (id: string) => `${BASE}/plans/${encodeURIComponent(id)}`,
  agency: `${BASE}/agency-details`,
  secondaryClients: `${BASE}/secondary-clients`,
  secondaryClient: (id: string) => `${BASE}/secondary-clients/${encodeURIComponent(id)}`,
  alerts: `${BASE}/alerts`,
  claims: `${BASE}/claims`,
  claim: (id: string) => `${BASE}/claims/${encodeURIComponent(id)}`,
} as const;
