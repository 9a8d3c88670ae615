import { type Endpoint, ErrorResponseSchema } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { IDEMPOTENT_REPLAYED_HEADER, runIdempotent } from './idempotency.ts';

export type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteContext<E extends Endpoint> {
  req: FastifyRequest;
  reply: FastifyReply;
  body: Out<E['body']>;
  query: Out<E['querystring']>;
  params: Out<E['params']>;
}

/**
 * Registers one endpoint of the contract's table: its method, path, schemas and access come from the
 * contract, so a route cannot drift from what the web app and the OpenAPI document say.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      beforePasswordChange: endpoint.beforePasswordChange === true,
      beforeSecondFactor: endpoint.beforeSecondFactor === true,
      replayable: endpoint.replayable !== false,
      ...(endpoint.owns ? { owns: endpoint.owns } : {}),
    },
    // An endpoint that takes JSON (`body`) or the same payload as multipart (`multipart`) checks the JSON
    // body only; a multipart request is read and checked by its handler.
    ...(endpoint.body && endpoint.multipart ? { attachValidation: true } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      response: {
        // A file answer declares its content types (the OpenAPI document would otherwise say JSON).
        [endpoint.status]: endpoint.produces
          ? {
              content: Object.fromEntries(
                endpoint.produces.map((type) => [type, { schema: endpoint.response }]),
              ),
            }
          : endpoint.response,
        '4XX': ErrorResponseSchema,
      },
    },
    handler: async (req, reply) => {
      if (req.validationError && !req.isMultipart()) throw req.validationError;
      const run = () =>
        handler({
          req,
          reply,
          body: req.body as Out<E['body']>,
          query: req.query as Out<E['querystring']>,
          params: req.params as Out<E['params']>,
        });
      const outcome =
        endpoint.replayable === false
          ? { replayed: false as const, body: await run() }
          : await runIdempotent(req, app.services.database.db, endpoint.status, run);
      if (outcome.replayed) {
        reply.status(outcome.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return outcome.body as z.input<E['response']>;
      }
      // A conditional GET the handler answered 304 Not Modified (a public logo's ETag) keeps its status.
      if (reply.statusCode !== 304) reply.status(endpoint.status);
      return outcome.body;
    },
  });
}
