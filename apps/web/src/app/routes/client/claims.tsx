import { MyClaims } from '../../../features/client-portal/components/my-claims.tsx';

/** /agency-client/dashboard/claims: My Claims (issue 28 item 5). */
export function ClientClaimsScreen() {
  return <MyClaims />;
}
