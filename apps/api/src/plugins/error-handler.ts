import { MSG } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailable,
  unstorableText,
} from '../lib/errors.ts';
import { applySecurityHeaders } from './security-headers.ts';

interface ErrorBody {
  message: string;
  detail: string;
  fields?: Record<string, string>;
}

// Fastify's own client errors, in words a caller can act on.
const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
};

/**
 * The one error handler (conventions): every error answers `{ message, detail }`, validation errors add
 * `fields` (field → message). Never a stack trace or SQL; server errors are logged and answered generically.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, detail: error.detail };
      if (error.extra.fields) body.fields = error.extra.fields;
      for (const [name, value] of Object.entries(error.extra.headers ?? {})) reply.header(name, value);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const messages = [...new Set(Object.values(fields))];
      return reply
        .status(400)
        .send({ message: messages[0] ?? 'Invalid request.', detail: messages.join(' '), fields });
    }
    const code = (error as { code?: string }).code;
    const known = code ? FASTIFY_CODES[code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message, detail: known.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const message = (error as Error).message || 'Invalid request.';
      return reply.status(status).send({ message, detail: message });
    }
    if (unstorableText(error)) {
      const message = 'The request holds a character that cannot be stored (such as a NUL character).';
      return reply.status(400).send({ message, detail: `${message} Remove it and try again.` });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, detail: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.genericError, detail: MSG.genericError });
  });
}

/**
 * What Fastify meets before a route is found (a path parameter longer than its limit, a malformed
 * percent-encoding), answered `{ message, detail }` like every other error rather than in Fastify's own
 * shape with the whole path echoed back.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  const message =
    status === 414
      ? 'A part of the address is too long.'
      : status < 500
        ? 'The address is not valid.'
        : MSG.genericError;
  // No hook runs before these answers, so helmet's headers are set here (issue 9, item 6: every answer).
  void applySecurityHeaders(request.raw, reply.raw).finally(() =>
    reply.status(status).send({ message, detail: message }),
  );
}
