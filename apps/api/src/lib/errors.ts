/** The one error type of the API: a code mapped to an HTTP status, answered as `{ message, detail }`. */
const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: string = message,
    readonly extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

/** PostgreSQL's unique violation, unwrapped from drizzle's and either driver's error types. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown; message?: unknown };
    if (e.code === '23505') {
      const fromMessage =
        typeof e.message === 'string' ? /constraint "([^"]+)"/.exec(e.message)?.[1] : undefined;
      return { constraint: String(e.constraint ?? fromMessage ?? '') };
    }
    current = e.cause;
  }
  return null;
}

/**
 * PostgreSQL refusing a text it cannot store (22021, a NUL character; 22P05, a character the encoding lacks),
 * unwrapped like uniqueViolation: the caller sent it, so it is their 400, not a 500.
 */
export function unstorableText(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; cause?: unknown };
    if (e.code === '22021' || e.code === '22P05') return true;
    current = e.cause;
  }
  return false;
}

// Errors of a database that cannot be reached right now (a restart, a failover, a network cut): the request
// may succeed if retried shortly, so they answer 503 with Retry-After rather than 500 (issue 9 item 8).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection ended unexpectedly/i,
];

/** Whether `err` (or what it wraps) says the database cannot be reached at the moment. */
export function databaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string)))
      return true;
    // Node's AggregateError of a connect to several addresses (IPv4 and IPv6).
    if (Array.isArray(e.errors) && e.errors.some((inner) => databaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

/** Seconds a caller is told to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable: its database cannot be reached. Please try again in a few seconds.';
