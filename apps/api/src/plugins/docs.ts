import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PORTAL_VERSION } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { markRoutesPublic } from './public-routes.ts';

/** The OpenAPI document, generated from the contract's schemas; browsable at /api/docs outside production. */
export async function registerDocs(app: FastifyInstance, browsable: boolean): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Agency Portal API', version: PORTAL_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  if (!browsable) return;
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
