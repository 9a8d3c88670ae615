import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Hearing } from '../db/client.ts';

/** Kept answers, at most; past that the memory starts over. About 2 kB each for a client with a few plans. */
const MAX_ANSWERS = 10_000;

/** Subscribes to the announcements that drop kept answers (session-changes.ts); returns the unsubscribe. */
export type ChangeSource = (listener: (scope: string) => void) => () => void;

/**
 * Answers as they were sent, so a repeat call costs no database round trip and no serialisation (issue 8):
 * the client area's answers made of plans (decision 017), the workspace's client list and the admin's owner
 * list (decision 018). Kept per scope (an agency id, or one scope for the platform's owner list), for one
 * calendar day (a plan's status, an alert, the premium summed depend on the day). Every kept answer of a scope
 * is dropped when the database announces a change to what such answers are made of in that scope (`changes`),
 * all of them on '*', and everything whenever this process stops hearing the announcements. An answer whose
 * making raced a change is not kept: `put` takes the generation `begin` gave before the reads.
 */
export class AnswerCache {
  /** By scope, then by the answer's key (which names the caller where the answer is theirs alone). */
  readonly #answers = new Map<string, Map<string, string>>();
  /** Answers being made now, by scope, day and key, with the generation they began at (`keptAnswer`). */
  readonly #making = new Map<string, { generation: number; json: Promise<string> }>();
  #size = 0;
  #generation = 0;
  #day = '';
  readonly #hearing: Hearing;
  readonly #unsubscribe: (() => void)[];

  constructor(hearing: Hearing, changes: ChangeSource) {
    this.#hearing = hearing;
    this.#unsubscribe = [
      changes((agencyId) => {
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

  /**
   * The answer for `key` being made now, if its making began after the last change; else `make` is started and
   * shared with every call for the same answer until it is done (a burst of the same search runs it once).
   */
  sharedMaking(agencyId: string, day: string, key: string, make: () => Promise<string>): Promise<string> {
    const id = `${agencyId}\n${day}\n${key}`;
    const running = this.#making.get(id);
    if (running && running.generation === this.#generation) return running.json;
    const entry = { generation: this.#generation, json: make() };
    this.#making.set(id, entry);
    const done = () => {
      if (this.#making.get(id) === entry) this.#making.delete(id);
    };
    entry.json.then(done, done);
    return entry.json;
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
 * route's serializer does: `z.encode`, then JSON) and keeps it; calls that ask for it while it is being made wait
 * for that one making. A request with `Cache-Control: no-cache` (a hard
 * reload; the bench's first-visit figure) is made anew, and what it made is kept. The reply goes out as that JSON
 * text, so Fastify does not serialise it again. Typed as the answer for the route's handler.
 */
export async function keptAnswer<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  cache: AnswerCache,
  where: { agencyId: string; day: string; key: string },
  schema: z.ZodType,
  make: () => Promise<T>,
): Promise<T> {
  const fresh = wantsFresh(req);
  let json = fresh ? undefined : cache.get(where.agencyId, where.day, where.key);
  if (json === undefined) {
    const makeAndKeep = async () => {
      const generation = cache.begin();
      const made = JSON.stringify(z.encode(schema, await make()));
      cache.put(where.agencyId, where.day, where.key, made, generation);
      return made;
    };
    // Calls for an answer already being made wait for it, but a hard reload reads anew.
    json = await (fresh
      ? makeAndKeep()
      : cache.sharedMaking(where.agencyId, where.day, where.key, makeAndKeep));
  }
  reply.type('application/json; charset=utf-8');
  return json as T;
}

/** The key of a list's page: everything of the query that shapes the answer (`offset` is echoed in it). */
export function pageKey(query: {
  limit: number;
  offset: number;
  search?: string | undefined;
  after?: string | undefined;
  before?: string | undefined;
}): string {
  return `page ${query.limit} ${query.offset} ${query.after ?? ''} ${query.before ?? ''} ${query.search ?? ''}`;
}
