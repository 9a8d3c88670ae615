// Constants of spec §9 and decisions §2–§3. One place, used by the API and the web app alike.
export const PORTAL_VERSION = '2.4';
export const TOKEN_STORAGE_KEY = 'token';
export const SESSION_EXPIRED_REASON = 'Your session has expired or is invalid.';
export const SESSION_EXPIRED_DEFAULT = 'Your session has expired. Please log in again.';
/**
 * The reasons the session-ended screen shows (decisions §4, session-ended reasons): only the portal's own. Any
 * other `?reason=` shows the default, so a link cannot put its words on the portal's page (issue 23 item 12).
 */
export const SESSION_ENDED_REASONS: readonly string[] = [
  SESSION_EXPIRED_REASON,
  SESSION_EXPIRED_DEFAULT,
  // The `detail` of a 401 that knows more (issue 24 item 3).
  'You have been signed out on this device, for example because you signed out or changed your password on another one. Please sign in again.',
  'This account has been deactivated. Please contact support.',
];
/** Why a valid token no longer opens a session, in a 401's `detail` (the message stays SESSION_EXPIRED_REASON). */
export const SESSION_SIGNED_OUT_DETAIL = SESSION_ENDED_REASONS[2]!;
export const SESSION_DEACTIVATED_DETAIL = SESSION_ENDED_REASONS[3]!;
/** The text the session-ended screen shows for the reason in its address. */
export const sessionEndedText = (reason: string | null | undefined): string =>
  reason && SESSION_ENDED_REASONS.includes(reason) ? reason : SESSION_EXPIRED_DEFAULT;
export const DEFAULT_PAGE_SIZE = 10;
export const RECENT_CLIENTS_ROWS = 5;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const REGISTRATION_STEPS = 3;
export const REGISTRATION_REDIRECT_MS = 2000;
export const COUNTRY_ID_INDIA = 1;
export const INSERTED_BY_SYSTEM = 'SYSTEM';
export const TOAST_AUTO_CLOSE_MS = 2000;
export const TOAST_DEDUPE_MS = 2000;
export const MOBILE_BREAKPOINT_PX = 768;
export const NAV_DEBOUNCE_MS = 400;
export const DOCUMENT_MIN_BYTES = 100;
export const DOCUMENT_FETCH_TIMEOUT_MS = 30_000;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MASK_VISIBLE_CHARS = 4;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
/** Failed sign-ins from one address across accounts in a window (credential stuffing; decisions §3). */
export const LOGIN_ADDRESS_MAX_FAILURES = 50;
/** Agencies registered from one address in a window of LOGIN_WINDOW_MINUTES (issue 23 item 7). */
export const REGISTRATIONS_PER_ADDRESS = 10;
/**
 * Portal-address checks from one address in a window (issue 24 item 5): the registration form asks as the
 * agency name is typed, once typing pauses; this leaves room for many names, not for listing every agency.
 */
export const SLUG_CHECKS_PER_ADDRESS = 150;
/** "Forgot password?" requests in a window (issue 24): per e-mail address, and per caller's address. */
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_ADDRESS = 20;
/** Sign-in sends the browser's host so the API knows which agency portal it is on (decisions §2). */
export const TENANT_HOST_HEADER = 'x-tenant-host';
export const RESERVED_SLUGS = ['www', 'api', 'admin', 'app', 'static'] as const;
/**
 * A hint the web app keeps beside its language choice (issue 30, decision 049): the server names the Hindi words'
 * chunk and the Devanagari font in the page of a browser that sends `hi`, so they load with the entry script. It
 * decides nothing else; the app's own choice (local storage, the client's preference) does.
 */
export const LANGUAGE_HINT_COOKIE = 'portal_language';
