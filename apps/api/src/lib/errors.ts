/** The one error type of the API: a code mapped to an HTTP status, answered as `{ message, detail }`. */
const STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
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
