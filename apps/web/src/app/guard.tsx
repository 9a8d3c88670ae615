import type { Role } from '@portal/contract';
import { Navigate, Outlet } from 'react-router';
import { getToken, readClaims, removeToken, sessionEnding } from '../lib/session.ts';
import { paths } from './paths.ts';

/** The route guard of spec §4: no token → '/' (unless the session is ending), unreadable token → removed and '/', wrong role → /unauthorized. */
export function RequireRoles({ roles }: { roles: readonly Role[] }) {
  const token = getToken();
  // A session the API has just refused is on its way to the session-ended screen: stay blank until it lands.
  if (!token) return sessionEnding() ? null : <Navigate to={paths.root} replace />;
  const claims = readClaims(token);
  if (!claims) {
    removeToken();
    return <Navigate to={paths.root} replace />;
  }
  if (!claims.roles.some((role) => roles.includes(role))) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
