import { queryClient } from '../../../lib/query-client.ts';
import { currentClaims } from '../../../lib/session.ts';
import { agencyQueryOptions } from './get-agency.ts';
import { alertsQueryOptions } from './get-alerts.ts';
import { profileQueryOptions } from './get-profile.ts';
import { summaryQueryOptions } from './get-summary.ts';

/**
 * The client area's route loaders (app/router.tsx): they ask for a screen's answers as soon as its chunk is here,
 * rather than once React has rendered the shell and the screen (on the dashboard that waited some 450 ms after the
 * last chunk; decision 049). They never wait for an answer: the screen shows its own loading and error states. Only
 * a signed-in client asks; anyone else meets the route guard first, as before.
 */
function signedInAsClient(): boolean {
  return currentClaims()?.roles.includes('AC') ?? false;
}

/** The shell's header: the client's name and photo, the agency's name. */
export function prefetchClientShell(): null {
  if (signedInAsClient()) {
    void queryClient.prefetchQuery(profileQueryOptions());
    void queryClient.prefetchQuery(agencyQueryOptions());
  }
  return null;
}

/** The home's figures and alerts (its profile and agency come with the shell's). */
export function prefetchClientHome(): null {
  if (signedInAsClient()) {
    void queryClient.prefetchQuery(summaryQueryOptions());
    void queryClient.prefetchQuery(alertsQueryOptions());
  }
  return null;
}
