import {
  LOGIN_ADDRESS_MAX_FAILURES,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MINUTES,
  REGISTRATIONS_PER_ADDRESS,
  RESET_REQUESTS_PER_ADDRESS,
  RESET_REQUESTS_PER_EMAIL,
  SLUG_CHECKS_PER_ADDRESS,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

// Sign-in throttling (decisions §3 as amended, decision 021), kept in PostgreSQL so every API process shares
// it (decisions §6). Each password check is reserved before the hash, in one statement that counts it
// atomically, so concurrent guesses cannot pass the limit: at most LOGIN_MAX_FAILURES checks per
// (account, address) and LOGIN_ADDRESS_MAX_FAILURES failures per address across accounts in a window.

const WINDOW = sql.raw(`interval '${LOGIN_WINDOW_MINUTES} minutes'`);

export interface ThrottleKey {
  key: string;
  max: number;
}

export interface PasswordKeys {
  /** The account's own count (at the caller's address, for a sign-in). */
  pair: ThrottleKey;
  /** The caller's address across accounts: failures only. Null for a known browser (its own count). */
  address: ThrottleKey | null;
}

/** The keys a known browser's sign-in counts against: that browser and account alone (decisions §3). */
export function deviceKeys(userId: string, deviceId: string): PasswordKeys {
  return { pair: { key: `device:${userId}:${deviceId}`, max: LOGIN_MAX_FAILURES }, address: null };
}

/** The keys of a password check, as `reserveAttempt` takes them. */
export const keyList = (keys: PasswordKeys): ThrottleKey[] =>
  keys.address ? [keys.pair, keys.address] : [keys.pair];

/** One notice a window per account that its password is being guessed (decisions §3). */
export const guessNoticeKey = (userId: string): ThrottleKey => ({ key: `notice:${userId}`, max: 1 });

const addressKey = (ip: string): ThrottleKey => ({ key: `address:${ip}`, max: LOGIN_ADDRESS_MAX_FAILURES });

/** The keys one sign-in counts against: its account at its address, and its address across accounts. */
export function signInKeys(account: string, ip: string): PasswordKeys {
  return { pair: { key: `pair:${account}@${ip}`, max: LOGIN_MAX_FAILURES }, address: addressKey(ip) };
}

/**
 * The keys a password change counts against (issue 23 item 7): the signed-in account itself, wherever it
 * guesses from (it already holds a session), and its address.
 */
export function passwordChangeKeys(userId: string, ip: string): PasswordKeys {
  return { pair: { key: `change:${userId}`, max: LOGIN_MAX_FAILURES }, address: addressKey(ip) };
}

/**
 * The keys a second-factor code counts against (issue 23 item 14, decision 022): the account itself, wherever the
 * codes come from (its password is already known there), so at most LOGIN_MAX_FAILURES codes per account in a
 * window; and the address across accounts.
 */
export function secondFactorKeys(userId: string, ip: string): PasswordKeys {
  return { pair: { key: `totp:${userId}`, max: LOGIN_MAX_FAILURES }, address: addressKey(ip) };
}

/** Registrations from one address in a window (issue 23 item 7): each costs a password hash and an agency. */
export const registrationKey = (ip: string): ThrottleKey => ({
  key: `register:${ip}`,
  max: REGISTRATIONS_PER_ADDRESS,
});

/** Portal-address checks from one address in a window (issue 24 item 5): not a way to list every agency. */
export const slugCheckKey = (ip: string): ThrottleKey => ({
  key: `slug-check:${ip}`,
  max: SLUG_CHECKS_PER_ADDRESS,
});

/**
 * "Forgot password?" requests (issue 24): each may send an e-mail, so per e-mail address (known or not: the
 * limit says nothing of whether an account exists) and per caller's address.
 */
export const resetRequestKeys = (email: string, ip: string): ThrottleKey[] => [
  { key: `reset:${email}`, max: RESET_REQUESTS_PER_EMAIL },
  { key: `reset-address:${ip}`, max: RESET_REQUESTS_PER_ADDRESS },
];

/**
 * Counts one attempt on every key at once (a row lock each, taken in key order, so concurrent calls queue);
 * answers 0 when the attempt may check its password, else the seconds until the fullest key's window ends.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<number> {
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  const values = sql.join(
    sorted.map((k) => sql`(${k.key}, 1, now())`),
    sql`, `,
  );
  // Both drivers answer { rows } (PgQueryResultHKT leaves it untyped).
  const { rows } = (await db.execute(sql`
      insert into login_throttle as t (key, failures, window_started_at) values ${values}
      on conflict (key) do update set
        failures = case when t.window_started_at < now() - ${WINDOW} then 1 else t.failures + 1 end,
        window_started_at = case when t.window_started_at < now() - ${WINDOW} then now() else t.window_started_at end
      returning key, failures, ceil(extract(epoch from (window_started_at + ${WINDOW} - now())))::int as seconds_left`)) as unknown as {
    rows: Array<{ key: string; failures: number; seconds_left: number }>;
  };
  let wait = 0;
  const within: string[] = [];
  for (const row of rows) {
    const max = sorted.find((k) => k.key === row.key)?.max ?? 0;
    if (Number(row.failures) > max) wait = Math.max(wait, Math.max(1, Number(row.seconds_left)));
    else within.push(row.key);
  }
  // A refused attempt checks no password: the keys it did not fill get their count back, so guessing at one
  // account does not use up its address's allowance for everyone else there.
  if (wait > 0 && within.length > 0) {
    await db.execute(sql`
      update login_throttle set failures = greatest(failures - 1, 0)
      where key in (${sql.join(
        within.map((k) => sql`${k}`),
        sql`, `,
      )})`);
  }
  return wait;
}

/**
 * After a right password: the pair's count starts again, and the address gets back the attempt it lent (only
 * failures count there, so a busy office signing in is never limited).
 */
export async function settleSuccess(db: Db, keys: PasswordKeys): Promise<void> {
  if (!keys.address) {
    await db.execute(sql`delete from login_throttle where key = ${keys.pair.key}`);
    return;
  }
  await db.execute(sql`
    with gone as (delete from login_throttle where key = ${keys.pair.key})
    update login_throttle set failures = greatest(failures - 1, 0) where key = ${keys.address.key}`);
}

/** The 429 of a full key: when to try again, in the detail (shown on the screen) and in Retry-After. */
export function throttled(message: string, waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    'TOO_MANY_REQUESTS',
    message,
    `Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    {
      headers: { 'retry-after': String(waitSeconds) },
    },
  );
}

/** Rows whose window has ended say nothing any more: a few are removed at each failure, so the table stays small. */
export async function forgetExpired(db: Db): Promise<void> {
  await db.execute(sql`
    delete from login_throttle where key in (
      select key from login_throttle where window_started_at < now() - ${WINDOW} limit 50)`);
}
