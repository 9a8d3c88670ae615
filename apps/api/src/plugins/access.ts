import {
  type Access,
  MSG,
  type Owns,
  type Role,
  SECOND_FACTOR_MSG,
  SESSION_DEACTIVATED_DETAIL,
  SESSION_EXPIRED_REASON,
  SESSION_SIGNED_OUT_DETAIL,
} from '@portal/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { agencyScope, inScope, PLATFORM_SCOPE, type TenantScope } from '../db/scope.ts';
import { AppError } from '../lib/errors.ts';
import type { TokenService, TokenSubject } from '../lib/tokens.ts';
import { isAssigned, NOT_FOUND_MESSAGE } from '../lib/workspace.ts';
import { loadSession } from '../modules/auth/session.ts';
import type { SessionCache } from '../modules/auth/session-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (conventions: every route declares it). */
    access?: Access;
    /** Callable while the user must still choose a new password. */
    beforePasswordChange?: boolean;
    /** Callable while the platform admin has not yet set up its required second factor (issue 23 item 14). */
    beforeSecondFactor?: boolean;
    /** Whether the write takes an Idempotency-Key (contract `replayable`); read by the OpenAPI document. */
    replayable?: boolean;
    /** What the path's `:id` names: an agent's call reaches it only when its client is assigned to them. */
    owns?: Owns;
  }
  interface FastifyRequest {
    /** The verified caller; set on every route that is not public. */
    auth: TokenSubject | null;
    /** Whose rows the handler's queries see on PostgreSQL (decision 012); none until the access hook says. */
    tenantScope: TenantScope | null;
  }
}

export class UndeclaredAccessError extends Error {}

/**
 * Every route declares `config.access`; the app refuses to start otherwise. Checked once all routes are
 * known, so plugins that mark their own routes public (docs, web files) are seen as they end up.
 */
export function registerAccess(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; sessions: SessionCache },
): void {
  const routes: RouteOptions[] = [];
  app.decorateRequest('auth', null);
  app.decorateRequest('tenantScope', null);
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((r) => r.config?.access === undefined);
    if (undeclared.length > 0) {
      const list = undeclared.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new UndeclaredAccessError(`Routes without a declared access: ${list}`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // No access on a request means the not-found handler answers it.
    if (access === undefined) return;
    // Anonymous routes (registration, sign-in, a tenant's branding by host) look across agencies.
    if (access === 'public') {
      request.tenantScope = PLATFORM_SCOPE;
      return;
    }
    const header = request.headers.authorization;
    if (!header || !/^Bearer\s+\S+$/i.test(header)) {
      throw new AppError('UNAUTHENTICATED', MSG.unauthenticated, 'A bearer token is required.');
    }
    const subject = await deps.tokens.verify(header.replace(/^Bearer\s+/i, ''));
    if (!subject) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
    // The admin works across agencies; everyone else within the agency of the verified token, and an agent
    // within the clients assigned to them (issue 25).
    const scope = subject.roles.includes('ADMIN')
      ? PLATFORM_SCOPE
      : subject.agencyId
        ? agencyScope(subject.agencyId, subject.roles.includes('AG') ? subject.userId : undefined)
        : null;
    if (!scope) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
    // Revocation (decisions §3): the token's version must still be the user's, and the user active.
    const state = await inScope(scope, () => loadSession(deps.db, deps.sessions, subject));
    if (!state || !subject.roles.includes(state.role)) {
      throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON);
    }
    // The session-ended screen says why (issue 24 item 3): deactivated, or signed out by a logout or a new password.
    if (!state.isActive)
      throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON, SESSION_DEACTIVATED_DETAIL);
    if (state.tokenVersion !== subject.tokenVersion) {
      throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED_REASON, SESSION_SIGNED_OUT_DETAIL);
    }
    if (!(access as readonly Role[]).some((role) => subject.roles.includes(role))) {
      throw new AppError('FORBIDDEN', MSG.forbidden);
    }
    // After an admin reset the user must choose a new password before anything else (decisions §3).
    if (state.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
      throw new AppError('FORBIDDEN', MSG.passwordChangeRequired);
    }
    // The platform admin must have a second factor (decisions §3): until it is set up, only the set-up is open.
    if (state.mustEnrolSecondFactor && !request.routeOptions.config.beforeSecondFactor) {
      throw new AppError('FORBIDDEN', SECOND_FACTOR_MSG.enrolRequired);
    }
    request.auth = subject;
    request.tenantScope = scope;
  });
  // The handler and what it awaits run in the request's scope. Entered here, after the body is read: a
  // body's stream events would not carry an AsyncLocalStorage context entered in onRequest.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.tenantScope) inScope(request.tenantScope, () => done());
    else done();
  });
  // The agent gate (issue 25): an agent's call whose `:id` names a client, family member or plan of a client not
  // assigned to them is answered as one of another agency's would be, before the handler reads anything.
  app.addHook('preHandler', async (request) => {
    const owns = request.routeOptions.config.owns;
    const scope = request.tenantScope;
    if (!owns || scope?.kind !== 'agency' || !scope.agentId) return;
    const id = (request.params as { id?: unknown } | undefined)?.id;
    const mine =
      typeof id === 'string' &&
      (await isAssigned(deps.db, { agencyId: scope.agencyId, agentId: scope.agentId }, owns, id));
    if (!mine) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE[owns]);
  });
}

/** For handlers of non-public routes: the caller, which the access hook guarantees. */
export function caller(request: { auth: TokenSubject | null }): TokenSubject {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MSG.unauthenticated);
  return request.auth;
}
