import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database shows (issue 9, decision 012). On PostgreSQL every tenant table has row-level
 * security forced with a policy on agency_id; each query's connection carries the scope of the code that
 * runs it: one agency, or the platform (admin routes, anonymous routes that resolve an agency by host,
 * the reminder job, first start). Code outside any scope sees no tenant row at all.
 */
export type TenantScope =
  | { readonly kind: 'agency'; readonly agencyId: string }
  | { readonly kind: 'platform' };

export const PLATFORM_SCOPE: TenantScope = Object.freeze({ kind: 'platform' });

export const agencyScope = (agencyId: string): TenantScope => Object.freeze({ kind: 'agency', agencyId });

const storage = new AsyncLocalStorage<TenantScope>();

/** Runs `work` (and everything it awaits or starts) in `scope`. */
export function inScope<T>(scope: TenantScope, work: () => T): T {
  return storage.run(scope, work);
}

export function currentScope(): TenantScope | undefined {
  return storage.getStore();
}

/** The two settings the policies read: `app.agency_id` and `app.scope` (empty when not in a scope). */
export function scopeSettings(scope: TenantScope | undefined): { agencyId: string; scope: string } {
  if (!scope) return { agencyId: '', scope: '' };
  return scope.kind === 'platform'
    ? { agencyId: '', scope: 'platform' }
    : { agencyId: scope.agencyId, scope: 'agency' };
}
