import type { Role } from '@portal/contract';
import type { Hearing } from '../../db/client.ts';
import { onSessionChange } from '../../db/session-changes.ts';

/** What the access check of a signed-in call needs of the database (decisions §3: revocation). */
export interface SessionState {
  tokenVersion: number;
  isActive: boolean;
  role: Role;
  mustChangePassword: boolean;
  /** A platform admin without its required second factor: only the set-up is open (issue 23 item 14). */
  mustEnrolSecondFactor?: boolean;
}

/** A client's own record as far as every call of the client area needs it: which one, and whether open. */
export interface OwnClientRef {
  id: string;
  portalAccess: boolean;
}

export interface SessionEntry {
  state: SessionState;
  /** For a client (AC): their own record in the token's agency, or null when they have none. */
  client?: OwnClientRef | null;
}

const MAX_ENTRIES = 20_000;

/**
 * The session state of recent callers, so a signed-in call costs no database round trip of its own (issue 8,
 * decision 015). An entry is dropped when the database announces a change of its user (migration 0010:
 * triggers on users and primary_clients), and everything is dropped whenever this process stops hearing the
 * announcements. A read that raced a change is not kept: `put` takes the generation `begin` gave before the
 * read, and any announcement since makes it stale.
 */
export class SessionCache {
  /** By user id, then by the token's agency ('' for none). */
  readonly #entries = new Map<string, Map<string, SessionEntry>>();
  #size = 0;
  #generation = 0;
  readonly #hearing: Hearing;
  readonly #unsubscribe: (() => void)[];

  constructor(hearing: Hearing) {
    this.#hearing = hearing;
    this.#unsubscribe = [
      onSessionChange((userId) => {
        this.#generation += 1;
        this.#size -= this.#entries.get(userId)?.size ?? 0;
        this.#entries.delete(userId);
      }),
      hearing.subscribe(() => this.#dropAll()),
    ];
  }

  get(userId: string, agencyId: string | null): SessionEntry | undefined {
    return this.#hearing.now() ? this.#entries.get(userId)?.get(agencyId ?? '') : undefined;
  }

  /** The generation to hand to `put` for a read that starts now. */
  begin(): number {
    return this.#generation;
  }

  put(userId: string, agencyId: string | null, entry: SessionEntry, generation: number): void {
    if (generation !== this.#generation || !this.#hearing.now()) return;
    if (this.#size >= MAX_ENTRIES) this.#dropAll();
    let byAgency = this.#entries.get(userId);
    if (!byAgency) {
      byAgency = new Map();
      this.#entries.set(userId, byAgency);
    }
    if (!byAgency.has(agencyId ?? '')) this.#size += 1;
    byAgency.set(agencyId ?? '', entry);
  }

  #dropAll(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#size = 0;
  }

  close(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    this.#dropAll();
  }
}
