import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The query cache around every signed-in area (router.tsx, SignedInAreas). A lazy chunk of its own, so
 * TanStack Query stays out of the sign-in route's JavaScript (issue 2 budget).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
