import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The signed device cookie of decisions §3 (decision 021): a browser that has signed in to an account before
// carries it, and its sign-ins to that account are counted apart from everyone else's, so someone guessing the
// password elsewhere (or behind the same office address) does not lock the real user out. It is signed by
// @fastify/cookie with a secret of the app's own, names the accounts it signed in to, and is sent only to the
// sign-in calls.

export const DEVICE_COOKIE = 'portal_device';
/** The accounts one browser is remembered for, most recent first. */
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Device {
  id: string;
  /** The accounts (user ids) this browser has signed in to. */
  userIds: string[];
}

/** The device the request's cookie names, if its signature holds; null otherwise. */
export function readDevice(req: FastifyRequest): Device | null {
  const raw = req.cookies?.[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [id, list = ''] = unsigned.value.split(':');
  if (!id || !UUID.test(id)) return null;
  const userIds = list.split(',').filter((u) => UUID.test(u));
  return { id, userIds };
}

/** Remembers this browser for `userId` (after a sign-in that opened a session). */
export function rememberDevice(
  reply: FastifyReply,
  device: Device | null,
  userId: string,
  secure: boolean,
): void {
  const id = device?.id ?? randomUUID();
  const userIds = [userId, ...(device?.userIds ?? []).filter((u) => u !== userId)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(DEVICE_COOKIE, `${id}:${userIds.join(',')}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/',
    maxAge: MAX_AGE_SECONDS,
  });
}
