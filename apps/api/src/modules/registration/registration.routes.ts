import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { type RegistrationDeps, registerAgency } from './registration.service.ts';
import { checkSlug } from './slug-check.service.ts';

export function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps): void {
  addRoute(app, endpoints.registerAgency, ({ req, body }) => registerAgency(deps, body, req.ip));
  addRoute(app, endpoints.checkSlug, ({ req, query }) => checkSlug(deps.db, query.slug, req.ip));
}
