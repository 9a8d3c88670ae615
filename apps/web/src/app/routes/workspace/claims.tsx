import { MANAGER_ROLES } from '@portal/contract';
import { ClaimsRegister } from '../../../features/claims/components/claims-register.tsx';
import { currentClaims } from '../../../lib/session.ts';

/**
 * /dashboard/claims: the agency's claims by status and age (issue 28); an agent sees their clients' only. The
 * owner and agency admins also set how long a claim may wait in one status (decision 045).
 */
export function ClaimsScreen() {
  const roles = currentClaims()?.roles ?? [];
  const manages = roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r));
  return <ClaimsRegister manages={manages} />;
}
