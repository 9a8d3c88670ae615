import type { Role } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { getToken, readClaims, removeToken } from '../lib/session.ts';
import { paths } from './paths.ts';

/** The route guard of spec §4: no token → '/', unreadable token → removed and '/', wrong role → /unauthorized. */
export function RequireRoles({ roles }: { roles: readonly Role[] }) {
  const token = getToken();
  if (!token) return <Navigate to={paths.root} replace />;
  const claims = readClaims(token);
  if (!claims) {
    removeToken();
    return <Navigate to={paths.root} replace />;
  }
  if (!claims.roles.some((role) => roles.includes(role))) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
