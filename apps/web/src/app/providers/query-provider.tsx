import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';

/**
 * The layout route around every signed-in area (router.tsx): it gives their screens the query cache. It is a
 * lazy chunk of its own, so TanStack Query stays out of the sign-in route's JavaScript (issue 2 budget).
 */
export function QueryProviderLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
