import type pg from 'pg';

/**
 * The channel on which the database names every user whose session state changed (migration 0010, decision
 * 015): their token version, active flag, role or must-change flag, or, for a client, their own record's link,
 * portal access or removal. Triggers announce it whoever writes: this process, another API process, a cascade.
 */
export const SESSION_CHANNEL = 'portal_sessions';

/**
 * The channel on which the database names every agency whose client-area plan answers changed, or '*' for all
 * (migration 0013, decision 017): a write to plans, providers, services, family members, documents, insured
 * members or primary clients.
 */
export const CLIENT_AREA_CHANNEL = 'portal_client_area';

/**
 * The channel on which the database says '*' whenever what the admin's owner list shows changed (migration 0014,
 * decision 018): an owner's name, verification, e-mail or active flag, an agency's name, an owner added or removed.
 */
export const OWNERS_CHANNEL = 'portal_owners';

/** Every channel the API listens on. */
export const CHANNELS = [SESSION_CHANNEL, CLIENT_AREA_CHANNEL, OWNERS_CHANNEL] as const;

type Listener = (id: string) => void;
const listeners = new Set<Listener>();
const clientAreaListeners = new Set<Listener>();
const ownersListeners = new Set<Listener>();

/**
 * Hears every announcement that reaches this process, from any of its connections. Process-wide on purpose:
 * a connection hears its own transaction's announcements before its COMMIT returns, so whichever pool of this
 * process made a change (the app's, a test's owner pool), every cache in the process has dropped the entry by
 * the time the writer goes on. Announcements of other processes arrive a moment after their commit.
 */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionChange(userId: string): void {
  for (const listener of listeners) listener(userId);
}

/** The same for the client area's answers: told each agency id (or '*') announced on CLIENT_AREA_CHANNEL. */
export function onClientAreaChange(listener: Listener): () => void {
  clientAreaListeners.add(listener);
  return () => clientAreaListeners.delete(listener);
}

/** The same for the owner list's answers: told '*' announced on OWNERS_CHANNEL. */
export function onOwnersChange(listener: Listener): () => void {
  ownersListeners.add(listener);
  return () => ownersListeners.delete(listener);
}

/** Hands one announcement of any channel to its listeners. */
export function announce(channel: string, payload: string): void {
  if (!payload) return;
  if (channel === SESSION_CHANNEL) announceSessionChange(payload);
  else if (channel === CLIENT_AREA_CHANNEL) for (const listener of clientAreaListeners) listener(payload);
  else if (channel === OWNERS_CHANNEL) for (const listener of ownersListeners) listener(payload);
}

/**
 * Listening on a pool's connections: each LISTENs to every channel once, awaited by the pool before the
 * connection's first query (`listen`), and the pool counts how many are listening now. While none is, announcements of other processes
 * would be missed, so `hearing()` is false and caches keep nothing; `onHearingChange` is told each time hearing
 * starts or stops.
 */
export function listenOnPool(
  pool: pg.Pool,
  onHearingChange: () => void,
): { hearing(): boolean; listen(client: pg.PoolClient): Promise<void> } {
  let listening = 0;
  const counted = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client: pg.PoolClient) => {
    client.on('notification', (message) => {
      if (message.payload) announce(message.channel, message.payload);
    });
    client.once('end', () => {
      if (!counted.has(client)) return;
      counted.delete(client);
      listening -= 1;
      if (listening === 0) onHearingChange();
    });
  });
  return {
    hearing: () => listening > 0,
    async listen(client) {
      if (counted.has(client)) return;
      await client.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join('; '));
      counted.add(client);
      listening += 1;
      if (listening === 1) onHearingChange();
    },
  };
}
