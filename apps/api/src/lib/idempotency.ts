import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError, uniqueViolation } from './errors.ts';
import { malformedMultipart } from './multipart.ts';

// Idempotency-Key on writes (issue 9 item 8; the IETF httpapi draft and Stripe's semantics): a signed-in
// caller's POST, PUT, PATCH or DELETE sent again with the same key gets the first answer back instead of
// being done twice. The answer is stored with the key, per user, for 24 hours. A route whose write commits
// in one transaction stores the answer in that same transaction (`recordAnswer`), so a crash can never
// leave the write done and its answer lost: a retry after a crash either finds the answer or finds
// nothing done and does it.

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1 to 255 visible ASCII characters: a UUID, a ULID, or anything a client makes up. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const UNIQUE_CONSTRAINT = 'idempotency_keys_user_key_uq';

interface IdempotencyContext {
  key: string;
  userId: string;
  agencyId: string | null;
  method: string;
  path: string;
  status: number;
  /** The request's hash; a multipart request's once its parts are read. */
  fingerprint: string | null;
}

const storage = new AsyncLocalStorage<IdempotencyContext>();
/** Keys whose first request is running in this process. */
const running = new Set<string>();

export type IdempotentOutcome<T> =
  | { replayed: false; body: T }
  | { replayed: true; status: number; body: unknown };

/** JSON with object keys sorted, so the same body hashes the same however its keys were ordered. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * A multipart request is hashed as its handler reads it: every field's name and value and every file's
 * field, name, type and bytes, in order (the boundary, which a client picks at random, is left out).
 */
function hashPartsAsRead(req: FastifyRequest, ctx: IdempotencyContext): void {
  const hash = createHash('sha256').update(`${ctx.method} ${ctx.path}\nmultipart\n`);
  const original = req.parts.bind(req);
  const target = req as unknown as { parts: FastifyRequest['parts'] };
  target.parts = ((options?: Parameters<FastifyRequest['parts']>[0]) => {
    const inner = original(options);
    return (async function* () {
      for await (const part of inner) {
        if (part.type === 'file') {
          const toBuffer = part.toBuffer.bind(part);
          part.toBuffer = async () => {
            const bytes = await toBuffer();
            hash.update(`file\0${part.fieldname}\0${part.filename}\0${part.mimetype}\0${bytes.length}\0`);
            hash.update(bytes);
            return bytes;
          };
        } else {
          const value = String(part.value);
          hash.update(`field\0${part.fieldname}\0${value.length}\0${value}`);
        }
        yield part;
      }
      ctx.fingerprint = hash.digest('hex');
    })();
  }) as FastifyRequest['parts'];
}

async function readAllParts(req: FastifyRequest): Promise<void> {
  for await (const part of req.parts()) {
    if (part.type === 'file') await part.toBuffer();
  }
}

function rowOf(ctx: IdempotencyContext, body: unknown) {
  return {
    userId: ctx.userId,
    agencyId: ctx.agencyId,
    key: ctx.key,
    method: ctx.method,
    path: ctx.path,
    fingerprint: ctx.fingerprint ?? 'multipart-unread',
    status: ctx.status,
    // As JSON: what was sent is what is replayed.
    response: body === undefined ? null : JSON.parse(JSON.stringify(body)),
  };
}

/** The key's stored answer, unless it is older than 24 hours (then it is removed and the key is new). */
async function findStored(db: Db, ctx: IdempotencyContext) {
  const cutoff = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, ctx.userId), eq(idempotencyKeys.key, ctx.key)))
    .limit(1);
  if (row && row.createdAt >= cutoff) return row;
  // The user's expired keys go as they use a key: the table holds at most a day of each user's writes.
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, ctx.userId), lt(idempotencyKeys.createdAt, cutoff)));
  return null;
}

function replayOrRefuse(
  row: typeof idempotencyKeys.$inferSelect,
  ctx: IdempotencyContext,
): IdempotentOutcome<never> {
  if (row.fingerprint !== ctx.fingerprint) {
    const sameRoute = row.method === ctx.method && row.path === ctx.path;
    const message = `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request.`;
    throw new AppError(
      'UNPROCESSABLE',
      message,
      sameRoute
        ? `${message} A retry must send the same body as the first request; use a new key for a new request.`
        : `${message} It was used for ${row.method} ${row.path}; use a new key for a new request.`,
      { fields: { [IDEMPOTENCY_KEY_HEADER]: message } },
    );
  }
  return { replayed: true, status: row.status, body: row.response };
}

/**
 * Runs a route's handler under the request's Idempotency-Key, if it has one: replays the stored answer of
 * an earlier request with the key, refuses a different request with it (422) or one while the first still
 * runs (409), otherwise runs the handler and stores its answer. Errors are not stored: a failed write left
 * nothing behind, so a retry does it again.
 */
export async function runIdempotent<T>(
  req: FastifyRequest,
  db: Db,
  status: number,
  run: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const header = req.headers['idempotency-key'];
  if (header === undefined || !WRITE_METHODS.has(req.method) || !req.auth) {
    return { replayed: false, body: await run() };
  }
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    const message = `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to 255 visible ASCII characters (for example a UUID).`;
    throw new AppError('BAD_REQUEST', message, message, { fields: { [IDEMPOTENCY_KEY_HEADER]: message } });
  }
  const ctx: IdempotencyContext = {
    key: header,
    userId: req.auth.userId,
    agencyId: req.auth.agencyId,
    method: req.method,
    path: req.url,
    status,
    fingerprint: null,
  };
  const slot = `${ctx.userId}\n${ctx.key}`;
  if (running.has(slot)) {
    const message = `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed.`;
    throw new AppError(
      'CONFLICT',
      message,
      `${message} Retry with the same key once it has finished to get its answer.`,
    );
  }
  running.add(slot);
  try {
    if (req.isMultipart()) hashPartsAsRead(req, ctx);
    else
      ctx.fingerprint = createHash('sha256')
        .update(`${ctx.method} ${ctx.path}\n${canonical(req.body)}`)
        .digest('hex');

    const stored = await findStored(db, ctx);
    if (stored) {
      // The body is read to its end before the answer; a malformed one is the caller's 400, not a 500.
      if (ctx.fingerprint === null)
        await readAllParts(req).catch((err) => Promise.reject(malformedMultipart(err)));
      return replayOrRefuse(stored, ctx);
    }
    let body: T;
    try {
      body = await storage.run(ctx, run);
    } catch (err) {
      // Another process committed the same key first: its answer is the answer.
      if (uniqueViolation(err)?.constraint === UNIQUE_CONSTRAINT) {
        const winner = await findStored(db, ctx);
        if (winner) return replayOrRefuse(winner, ctx);
      }
      throw err;
    }
    // Routes that did not store the answer in their own transaction store it now (a file is not kept):
    // sign-out and a password change, whose write revokes the token a retry would carry (decision 013).
    if (Buffer.isBuffer(body)) return { replayed: false, body };
    await db.insert(idempotencyKeys).values(rowOf(ctx, body)).onConflictDoNothing();
    return { replayed: false, body };
  } finally {
    running.delete(slot);
  }
}

/**
 * Stores the answer of the running request's Idempotency-Key in `tx`, the transaction that does its write,
 * so the two commit together. Does nothing for a request without a key. Call it last in the transaction.
 */
export async function recordAnswer(tx: Pick<Db, 'insert'>, body: unknown): Promise<void> {
  const ctx = storage.getStore();
  if (!ctx) return;
  await tx.insert(idempotencyKeys).values(rowOf(ctx, body));
}
