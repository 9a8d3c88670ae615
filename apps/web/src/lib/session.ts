import { isRole, type Role, TOKEN_STORAGE_KEY } from '@portal/contract';
import { jwtDecode } from 'jwt-decode';

// The session is a bearer token in local storage under `token` (spec §4, §9).

export interface SessionClaims {
  sub: string;
  roles: Role[];
  clientName: string;
  agencyId: string | null;
  agencyName: string | null;
  exp: number;
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function removeToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
}

let ending = false;

/**
 * True once the page has cleared the session and is on its way to the session-ended screen: until that
 * full navigation lands, the guard must not send the visitor to '/' for want of a token (a same-document
 * navigation there would cancel the one under way).
 */
export function sessionEnding(): boolean {
  return ending;
}

/** Clears the session and remembers that the page is leaving for the session-ended screen. */
export function markSessionEnding(): void {
  ending = true;
  clearSession();
}

/** Logout clears local and session storage (spec §4). */
export function clearSession(): void {
  localStorage.clear();
  sessionStorage.clear();
}

/**
 * The token's claims as the guard reads them, or null when it cannot be read. Expiry is the server's
 * to decide: an expired token reaches the API, which answers 401, and the session-ended screen follows.
 */
export function readClaims(token: string | null): SessionClaims | null {
  if (!token) return null;
  try {
    const raw = jwtDecode<Record<string, unknown>>(token);
    const roleList = Array.isArray(raw.roleid) ? raw.roleid : [];
    const roles = roleList.map((r) => String(r).toUpperCase()).filter(isRole);
    if (typeof raw.sub !== 'string' || roles.length === 0) return null;
    return {
      sub: raw.sub,
      roles,
      clientName: typeof raw.clientName === 'string' ? raw.clientName : '',
      agencyId: typeof raw.agency_id === 'string' ? raw.agency_id : null,
      agencyName: typeof raw.agency_name === 'string' ? raw.agency_name : null,
      exp: typeof raw.exp === 'number' ? raw.exp : 0,
    };
  } catch {
    return null;
  }
}

export function currentClaims(): SessionClaims | null {
  return readClaims(getToken());
}
