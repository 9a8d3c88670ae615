import type { z } from 'zod';
import { AppError } from './errors.ts';

/**
 * Validates a value the route schemas cannot see (a multipart `payload` field) with a contract schema,
 * answering like the error handler does: 400 `{ message, detail, fields }`, fields keyed by dotted path.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const messages = [...new Set(Object.values(fields))];
  throw new AppError('BAD_REQUEST', messages[0] ?? 'Invalid request.', messages.join(' '), { fields });
}
