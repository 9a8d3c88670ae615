import type { Branding } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The brand of the address the browser is on (issue 24 item 4, decision 028): an agency's name and logo on its
// sign-in page. Loaded by the sign-in routes' loader, in parallel with their chunk, so the page is drawn once
// with its final text (no shift) and without the query cache (decision 024: the route's budget).

/** What the page shows when the address's brand cannot be had: the generic portal. */
export const GENERIC_BRANDING: Branding = { address: 'unknown', agency: null };

/** The sign-in page waits this long for the brand at most, then shows the generic portal. */
export const BRANDING_WAIT_MS = 2500;

export async function fetchBranding(): Promise<Branding> {
  try {
    return await apiCall('branding', { quiet: true, signal: AbortSignal.timeout(BRANDING_WAIT_MS) });
  } catch {
    return GENERIC_BRANDING;
  }
}

/** The loader of '/', '/login' and '/register'. */
export function brandingLoader(): Promise<Branding> {
  return fetchBranding();
}
