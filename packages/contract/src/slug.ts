import { RESERVED_SLUGS } from './constants.ts';

/**
 * The agency's portal slug: its name lowercased with spaces removed (spec §4), reduced to [a-z0-9-]
 * (decisions §2). May be empty for a name with no Latin letters or digits; callers reject that.
 * Cut to 63 before trimming hyphens, so the cut never leaves one at the end (a DNS label cannot).
 */
export function slugify(agencyName: string): string {
  return agencyName
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .slice(0, 63)
    .replace(/^-+|-+$/g, '');
}

export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug);
}

/** `{scheme}://{slug}.{portalHost}` (decisions §2). */
export function portalUrlFor(slug: string, portalHost: string, scheme: string): string {
  return `${scheme}://${slug}.${portalHost}`;
}

/** A DNS label's length limit: the slug is the first label of the portal's host name. */
export const SLUG_MAX_LENGTH = 63;
// Lower-case Latin letters and digits in groups joined by single hyphens: what `slugify` can produce.
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * What is wrong with a portal address the owner typed (decisions §2's slug rules), naming the field as the
 * caller shows it; null when it follows the rules. A reserved slug follows them: it is unavailable, not malformed.
 */
export function slugRuleError(slug: string, field: string): string | null {
  if (slug === '') return `${field} is required.`;
  if (slug.length > SLUG_MAX_LENGTH) return `${field} must be at most ${SLUG_MAX_LENGTH} characters.`;
  if (!SLUG_RE.test(slug)) {
    return `${field} may use only lower-case English letters, digits and single hyphens, and must start and end with a letter or digit.`;
  }
  return null;
}

/** `base` with the suffix `-{n}`, cut so the whole stays a valid slug (`acme` → `acme-2`). */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}
