import { ClaimsRegister } from '../../../features/claims/components/claims-register.tsx';

/** /dashboard/claims: the agency's claims by status and age (issue 28); an agent sees their clients' only. */
export function ClaimsScreen() {
  return <ClaimsRegister />;
}
