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
 * after helmet (so the 503 carries the security headers). Pressure is checked on arrival (a shed call costs no
 * token check); the calls in progress are counted once a call's body has arrived (decision 020). Limits come
 * from the config; 0 turns one off.
 */
export async function registerLoadShedding(app: FastifyInstance, limits: Config['shed']): Promise<void> {
  const { retryAfterSeconds } = limits;
  // Event-loop delay, heap and resident memory, sampled each second by @fastify/under-pressure.
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.eventLoopDelayMs,
    maxHeapUsedBytes: limits.heapUsedBytes,
    maxRssBytes: limits.rssBytes,
    retryAfter: retryAfterSeconds,
    pressureHandler: (request, _reply, type) => {
      if (!sheddable(request)) return undefined;
      const why =
        type === fastifyUnderPressure.TYPE_HEAP_USED_BYTES
          ? 'memory'
          : type === fastifyUnderPressure.TYPE_RSS_BYTES
            ? 'resident memory'
            : 'event-loop delay';
      return Promise.reject(busy(retryAfterSeconds, why));
    },
  });

  // API calls in progress at once. A call counts from the moment its whole body has arrived (a multipart
  // upload: once it has been read, `admitCall` below) until its connection has its answer or is gone: a client
  // that sends headers and never finishes its body holds no place others need (issue 23 item 4); the server's
  // header, request and idle timeouts close it.
  let inFlight = 0;
  app.decorate('load', () => ({
    calls_in_progress: inFlight,
    calls_limit: limits.concurrentRequests,
    shedding:
      (limits.concurrentRequests > 0 && inFlight >= limits.concurrentRequests) || app.isUnderPressure(),
  }));
  app.decorateRequest('admitCall', null);
  if (limits.concurrentRequests > 0) {
    app.addHook('preHandler', async (request, reply) => {
      if (!sheddable(request)) return;
      let admitted = false;
      request.admitCall = () => {
        if (admitted) return;
        if (inFlight >= limits.concurrentRequests) throw busy(retryAfterSeconds, 'concurrent requests');
        admitted = true;
        inFlight += 1;
        reply.raw.once('close', () => {
          inFlight -= 1;
        });
      };
      if (!request.isMultipart()) request.admitCall();
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /api/health reports of the load: calls in progress, their limit, and whether calls are shed now. */
    load(): { calls_in_progress: number; calls_limit: number; shedding: boolean };
  }
  interface FastifyRequest {
    /**
     * Counts a multipart call among the calls in progress once its parts are read (its body has arrived),
     * or sheds it with 503 when the limit is reached. Null when nothing is counted.
     */
    admitCall: (() => void) | null;
  }
}
