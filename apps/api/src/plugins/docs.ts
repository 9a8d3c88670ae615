import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PORTAL_VERSION } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { IDEMPOTENCY_KEY_HEADER } from '../lib/idempotency.ts';
import { markRoutesPublic } from './public-routes.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The Idempotency-Key header every signed-in write takes (issue 9 item 8), as the document declares it. */
const IDEMPOTENCY_HEADERS = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
      description:
        'Optional. A key of your choosing (a UUID) that makes a retry safe: the same request sent again with it within 24 hours answers the first answer again (header Idempotent-Replayed: true) instead of doing the write twice; another request with the key answers 422, one while the first still runs 409.',
    },
  },
};

/** The OpenAPI document, generated from the contract's schemas; browsable at /api/docs outside production. */
export async function registerDocs(app: FastifyInstance, browsable: boolean): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Agency Portal API', version: PORTAL_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (document) => {
      const out = jsonSchemaTransform(document);
      const methods = [document.route.method].flat().map((m) => String(m).toUpperCase());
      const write = methods.some((m) => WRITES.has(m));
      const config = document.route.config as { access?: string; replayable?: boolean } | undefined;
      if (!write || config?.access === 'public' || config?.replayable === false) return out;
      if (!out.schema || out.schema.hide) return out;
      return { ...out, schema: { ...out.schema, headers: IDEMPOTENCY_HEADERS } };
    },
  });
  if (!browsable) return;
  await app.register(async (scope) => {
    markRoutesPublic(scope);
    await scope.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  });
}
