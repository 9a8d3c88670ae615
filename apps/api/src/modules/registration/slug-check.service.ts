import { randomBytes } from 'node:crypto';
import { isReservedSlug, MSG, numberedSlug, type SlugCheck } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { reserveAttempt, slugCheckKey, throttled } from '../../lib/throttle.ts';
import * as repo from './registration.repository.ts';

/** How many numbered slugs (`acme-2` … `acme-21`) one query tries before a random suffix. */
const NUMBERED_CANDIDATES = 20;
const RANDOM_TRIES = 5;

/**
 * A free slug like `slug`: the first of `slug-2`, `slug-3`, … (counting on from a number it already ends in) that no agency has and the platform does not keep,
 * else one with a random suffix. Null only if every try was taken (then the owner types one).
 */
export async function freeSlugLike(db: Db, slug: string): Promise<string | null> {
  // `acme-2` taken suggests `acme-3`, not `acme-2-2`.
  const numberedAlready = /^(.+)-(\d{1,4})$/.exec(slug);
  const base = numberedAlready ? numberedAlready[1]! : slug;
  const first = numberedAlready ? Number(numberedAlready[2]) + 1 : 2;
  const numbered = Array.from({ length: NUMBERED_CANDIDATES }, (_, i) => numberedSlug(base, first + i));
  const taken = await repo.takenSlugs(db, numbered);
  const free = numbered.find((candidate) => !taken.has(candidate) && !isReservedSlug(candidate));
  if (free) return free;
  for (let i = 0; i < RANDOM_TRIES; i += 1) {
    const candidate = `${slug.slice(0, 56).replace(/-+$/, '')}-${randomBytes(3).toString('hex')}`;
    if (!(await repo.slugTaken(db, candidate))) return candidate;
  }
  return null;
}

/**
 * Whether a new agency could have this portal address (issue 24 item 5), and a free one like it when not. The
 * registration form asks as the name is typed; the answer is the same to every caller (signed in or not), and
 * each address may ask SLUG_CHECKS_PER_ADDRESS times a window, so it is no way to list the agencies.
 */
export async function checkSlug(db: Db, slug: string, ip: string): Promise<SlugCheck> {
  const wait = await reserveAttempt(db, [slugCheckKey(ip)]);
  if (wait > 0) throw throttled(MSG.tooManySlugChecks, wait);
  const reason = isReservedSlug(slug) ? 'reserved' : (await repo.slugTaken(db, slug)) ? 'taken' : null;
  if (!reason) return { slug, available: true, reason: null, suggestion: null };
  return { slug, available: false, reason, suggestion: await freeSlugLike(db, slug) };
}
