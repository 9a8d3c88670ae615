import { ApiError } from '../../../lib/api-client.ts';

/** The API's 404 (unknown, removed or someone else's record). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
