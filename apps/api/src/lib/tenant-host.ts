/** What the X-Tenant-Host header names (decisions §2). */
export type TenantHost = { kind: 'platform' } | { kind: 'agency'; slug: string } | { kind: 'unknown' };

function hostname(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The port is ignored: tenancy is decided by the name alone. */
export function parseTenantHost(header: string | undefined, portalHost: string): TenantHost {
  if (!header) return { kind: 'unknown' };
  const name = hostname(header);
  const portal = hostname(portalHost);
  if (name === portal) return { kind: 'platform' };
  const suffix = `.${portal}`;
  if (name.endsWith(suffix)) {
    const slug = name.slice(0, -suffix.length);
    if (/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug)) return { kind: 'agency', slug };
  }
  return { kind: 'unknown' };
}
