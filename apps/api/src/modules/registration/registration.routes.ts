import { endpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.ts';
import { type RegistrationDeps, registerAgency } from './registration.service.ts';

export function registrationRoutes(app: FastifyInstance, deps: RegistrationDeps): void {
  addRoute(app, endpoints.registerAgency, ({ req, body }) => registerAgency(deps, body, req.ip));
}
