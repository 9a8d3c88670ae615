import { ClientHome } from '../../../features/client-portal/components/client-home.tsx';

/** /agency-client/dashboard: the client's home (spec §2 Client dashboard home). */
export function ClientHomeScreen() {
  return <ClientHome />;
}
