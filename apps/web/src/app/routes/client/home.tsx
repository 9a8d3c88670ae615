import { ClientHome } from '../../../features/client-portal/components/client-home.tsx';

export { prefetchClientHome as clientHomeLoader } from '../../../features/client-portal/api/prefetch.ts';

/** /agency-client/dashboard: the client's home (spec §2 Client dashboard home). */
export function ClientHomeScreen() {
  return <ClientHome />;
}
