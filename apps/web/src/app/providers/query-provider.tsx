import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The query cache around every signed-in area (router.tsx, SignedInAreas). A lazy chunk of its own, so
 * TanStack Query stays out of the sign-in route's JavaScript (issue 2 budget). When the signed-in areas go
 * (a logout, a session that ended), the cache goes with them, after their screens have unmounted: the next
 * person to sign in on this browser never sees this one's answers, and no screen still shown refetches
 * without a token (which would end on the session-ended screen).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(() => () => queryClient.clear(), []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
