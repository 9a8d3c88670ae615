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
