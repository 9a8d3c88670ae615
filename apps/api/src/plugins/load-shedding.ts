import fastifyUnderPressure from '@fastify/under-pressure';
import { endpoints, MSG } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

/** Only API calls are shed: the health check answers as long as the process lives, the web app's files stay. */
function sheddable(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname.startsWith('/api/') && pathname !== endpoints.health.path;
}

function busy(retryAfterSeconds: number, why: string): AppError {
  return new AppError('SERVICE_UNAVAILABLE', MSG.serviceBusy, `The server is over its ${why} limit.`, {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Load shedding (issue 9): beyond its limits the API answers new API calls 503 with Retry-After and the usual
 * `{ message, detail }` body at once, rather than queueing them until every caller times out. Register it
 * after helmet (so the 503 carries the security headers) and before the access hook (so a shed call costs no
 * token check). Limits come from the config; 0 turns one off.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['shed']): Promise<void> {
  const { retryAfterSeconds } = limits;
  // Event-loop delay and heap, sampled each second by @fastify/under-pressure.
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxHeapUsedBytes: limits.heapUsedBytes,
    retryAfter: retryAfterSeconds,
    pressureHandler: (request, _reply, type) => {
      if (!sheddable(request)) return undefined;
      const why = type === fastifyUnderPressure.TYPE_HEAP_USED_BYTES ? 'memory' : 'event-loop delay';
      return Promise.reject(busy(retryAfterSeconds, why));
    },
  });

  // API calls in progress at once; a call counts until its connection has its answer or is gone.
  if (limits.concurrentRequests > 0) {
    let inFlight = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (!sheddable(request)) return;
      if (inFlight >= limits.concurrentRequests) throw busy(retryAfterSeconds, 'concurrent requests');
      inFlight += 1;
      reply.raw.once('close', () => {
        inFlight -= 1;
      });
    });
  }
}
