import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whose rows the database shows (issue 9, decision 012). On PostgreSQL every tenant table has row-level
 * security forced with a policy on agency_id; each query's connection carries the scope of the code that
 * runs it: one agency, or the platform (admin routes, anonymous routes that resolve an agency by host,
 * the reminder job, first start). Code outside any scope sees no tenant row at all.
 */
export type TenantScope =
  /** `agentId`: an agent's call (issue 25), which sees only the clients assigned to them. */
  | { readonly kind: 'agency'; readonly agencyId: string; readonly agentId?: string }
  | { readonly kind: 'platform' };

export const PLATFORM_SCOPE: TenantScope = Object.freeze({ kind: 'platform' });

export const agencyScope = (agencyId: string, agentId?: string): TenantScope =>
  Object.freeze(agentId ? { kind: 'agency', agencyId, agentId } : { kind: 'agency', agencyId });

const storage = new AsyncLocalStorage<TenantScope>();

/** Runs `work` (and everything it awaits or starts) in `scope`. */
export function inScope<T>(scope: TenantScope, work: () => T): T {
  return storage.run(scope, work);
}

export function currentScope(): TenantScope | undefined {
  return storage.getStore();
}

export interface ScopeSettings {
  agencyId: string;
  scope: string;
  agentId: string;
}

/**
 * The settings the policies read: `app.agency_id`, `app.scope` and `app.agent_id` (empty when not in a scope,
 * and the agent's id empty for everyone but an agent).
 */
export function scopeSettings(scope: TenantScope | undefined): ScopeSettings {
  if (!scope) return { agencyId: '', scope: '', agentId: '' };
  return scope.kind === 'platform'
    ? { agencyId: '', scope: 'platform', agentId: '' }
    : { agencyId: scope.agencyId, scope: 'agency', agentId: scope.agentId ?? '' };
}
