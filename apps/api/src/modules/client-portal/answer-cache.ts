import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hearing } from '../../db/client.ts';
import { onClientAreaChange } from '../../db/session-changes.ts';

/** Kept answers, at most; past that the memory starts over. About 2 kB each for a client with a few plans. */
const MAX_ANSWERS = 10_000;

/**
 * The client area's answers made of plans (the dashboard's summary and alerts, "my plans", a plan's details) as
 * they were sent, so a client's repeat visit costs no database round trip and no serialisation (issue 8, decision
 * 017). Kept per agency, for one calendar day (a plan's status, an alert, the premium summed depend on the day). Every kept answer of an agency is dropped when the database announces
 * a change to what such answers are made of in that agency (migration 0013), all of them on '*' (the service
 * catalogue, a truncate), and everything whenever this process stops hearing the announcements. An answer whose
 * making raced a change is not kept: `put` takes the generation `begin` gave before the reads.
 */
export class ClientAnswerCache {
  /** By agency id, then by the answer's key (which names the client). */
  readonly #answers = new Map<string, Map<string, string>>();
  #size = 0;
  #generation = 0;
  #day = '';
  readonly #hearing: Hearing;
  readonly #unsubscribe: (() => void)[];

  constructor(hearing: Hearing) {
    this.#hearing = hearing;
    this.#unsubscribe = [
      onClientAreaChange((agencyId) => {
        this.#generation += 1;
        if (agencyId === '*') {
          this.#dropAll();
          return;
        }
        this.#size -= this.#answers.get(agencyId)?.size ?? 0;
        this.#answers.delete(agencyId);
      }),
      hearing.subscribe(() => this.#dropAll()),
    ];
  }

  get(agencyId: string, day: string, key: string): string | undefined {
    if (day !== this.#day || !this.#hearing.now()) return undefined;
    return this.#answers.get(agencyId)?.get(key);
  }

  /** The generation to hand to `put` for an answer whose reads start now. */
  begin(): number {
    return this.#generation;
  }

  put(agencyId: string, day: string, key: string, json: string, generation: number): void {
    if (generation !== this.#generation || !this.#hearing.now()) return;
    // A new day: yesterday's answers (a plan's status) are of no use any more.
    if (day !== this.#day) {
      this.#dropAll();
      this.#day = day;
    }
    if (this.#size >= MAX_ANSWERS) this.#dropAll();
    let kept = this.#answers.get(agencyId);
    if (!kept) {
      kept = new Map();
      this.#answers.set(agencyId, kept);
    }
    if (!kept.has(key)) this.#size += 1;
    kept.set(key, json);
  }

  #dropAll(): void {
    this.#generation += 1;
    this.#answers.clear();
    this.#size = 0;
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#dropAll();
  }
}

/** A request that asks for a fresh answer (`Cache-Control: no-cache`, as a browser's hard reload sends). */
function wantsFresh(req: FastifyRequest): boolean {
  const control = req.headers['cache-control'];
  return typeof control === 'string' && /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(control);
}

/**
 * Sends the kept answer for `key`, else makes it, checks and encodes it with the endpoint's response schema (as the
 * route's serializer does: `z.encode`, then JSON) and keeps it. A request with `Cache-Control: no-cache` (a hard
 * reload; the bench's first-visit figure) is made anew, and what it made is kept. The reply goes out as that JSON
 * text, so Fastify does not serialise it again. Typed as the answer for the route's handler.
 */
export async function keptAnswer<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: ClientAnswerCache,
  where: { agencyId: string; day: string; key: string },
  schema: z.ZodType,
  make: () => Promise<T>,
): Promise<T> {
  let json = wantsFresh(req) ? undefined : cache.get(where.agencyId, where.day, where.key);
  if (json === undefined) {
    const generation = cache.begin();
    json = JSON.stringify(z.encode(schema, await make()));
    cache.put(where.agencyId, where.day, where.key, json, generation);
  }
  reply.type('application/json; charset=utf-8');
  return json as T;
}
