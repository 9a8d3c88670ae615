import {
  apiPaths,
  type EndpointName,
  type endpoints,
  MSG,
  SESSION_ENDED_REASONS,
  SESSION_EXPIRED_REASON,
  TENANT_HOST_HEADER,
} from '@portal/contract';
import type { z } from 'zod';
import { getToken, markSessionEnding } from './session.ts';
import { notify } from './toast.ts';

// The one way the web app calls the API (spec §7, §8): JSON under /api, the bearer token when one is
// stored, error toasts with the server's message, and the 401/403 rule that ends the session.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail: string | null,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

/** Calls whose 401/403 must not end a session (spec §4, §8): the sign-in and registration calls. */
const SESSIONLESS: readonly EndpointName[] = [
  'login',
  'loginSecondFactor',
  'registerAgency',
  'checkSlug',
  'forgotPassword',
  'checkPasswordLink',
  'setPasswordWithLink',
];
/** Calls that name the portal address the browser is on (decisions §2). */
const ON_HOST: readonly EndpointName[] = ['login', 'forgotPassword'];

type Out<T> = T extends z.ZodType ? z.output<T> : never;
type In<T> = T extends z.ZodType ? z.input<T> : never;

export interface CallOptions<E> {
  body?: E extends { body: infer B } ? In<B> : never;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Leave error toasts to the caller (forms that show their own). */
  quiet?: boolean;
  /** A multipart body (file uploads), instead of `body`. */
  form?: FormData;
}

function buildUrl(
  path: string,
  params?: Record<string, string>,
  query?: Record<string, string | number | undefined>,
) {
  let url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  if (search.size > 0) url += `?${search}`;
  return url;
}

export function endSession(reason: string = SESSION_EXPIRED_REASON): void {
  markSessionEnding();
  window.location.assign(`/session-expired?reason=${encodeURIComponent(reason)}`);
}

/** Sends one call and answers the raw response when it is a success; errors follow spec §8. */
async function send(name: EndpointName, options: CallOptions<unknown>, accept: string): Promise<Response> {
  const endpoint = apiPaths[name];
  const headers: Record<string, string> = { accept };
  let body: BodyInit | undefined;
  if (options.form) {
    // The browser sets the multipart boundary itself.
    body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (ON_HOST.includes(name)) headers[TENANT_HOST_HEADER] = window.location.host;

  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, options.params, options.query), {
      method: endpoint.method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (!options.quiet) notify('error', MSG.genericError);
    throw new ApiError(0, MSG.genericError, null, {});
  }
  if (response.ok) return response;

  const payload: unknown = await response.json().catch(() => null);
  const answer = (payload ?? {}) as { message?: unknown; detail?: unknown; fields?: unknown };
  const message = typeof answer.message === 'string' && answer.message ? answer.message : MSG.genericError;
  const detail = typeof answer.detail === 'string' ? answer.detail : null;
  const fields =
    answer.fields && typeof answer.fields === 'object' ? (answer.fields as Record<string, string>) : {};
  const error = new ApiError(response.status, message, detail, fields);

  if ((response.status === 401 || response.status === 403) && !SESSIONLESS.includes(name)) {
    // A user who must first choose a new password is sent to do so, not told their session ended (issue 24, 3).
    if (response.status === 403 && message === MSG.passwordChangeRequired) {
      window.location.assign('/change-password');
      throw error;
    }
    notify('error', MSG.sessionExpiredToast);
    // The screen says why when the API knows (a logout elsewhere, a new password, a deactivated account).
    endSession(detail && SESSION_ENDED_REASONS.includes(detail) ? detail : undefined);
    throw error;
  }
  if (!options.quiet) notify('error', message);
  throw error;
}

export async function apiCall<N extends EndpointName>(
  name: N,
  options: CallOptions<(typeof endpoints)[N]> = {},
): Promise<Out<(typeof endpoints)[N]['response']>> {
  const response = await send(name, options as CallOptions<unknown>, 'application/json');
  return (await response.json().catch(() => null)) as Out<(typeof endpoints)[N]['response']>;
}

/** A call that answers bytes (logos, documents), with the same session and error rules. */
export async function apiBlob(name: EndpointName, options: CallOptions<unknown> = {}): Promise<Blob> {
  const response = await send(name, options, '*/*');
  return response.blob();
}

/**
 * A call that answers a long stream (the book's export, issue 26): the response itself, so the caller can read
 * its body as it arrives and show progress; the same session and error rules as every call.
 */
export function apiResponse(name: EndpointName, options: CallOptions<unknown> = {}): Promise<Response> {
  return send(name, options, '*/*');
}
