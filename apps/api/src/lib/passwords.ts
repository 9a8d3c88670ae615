import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MSG } from '@portal/contract';
import { AppError } from './errors.ts';

// argon2id, m=19456 KiB, t=2, p=1 (decisions §3, the OWASP minimum).
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** A hasher thread leaves when it has had nothing to do for this long, and comes back with the next password. */
const IDLE_MS = 30_000;

/**
 * What each hashing thread runs: one job after another from its queue, each to the end, so the thread never waits on
 * the event loop between two sign-ins (issue 8: with the gate on the event loop, the one hashing thread sat idle 14 %
 * of the time while the loop was busy with other requests, and sign-in measured 79–94 % of the argon2 ceiling).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', (job) => {
  let value;
  try {
    value = job.op === 'hash' ? argon2.hashSync(job.password, workerData.options) : argon2.verifySync(job.hash, job.password);
  } catch {
    value = job.op === 'hash' ? null : false;
  }
  parentPort.postMessage({ id: job.id, value });
});
`;

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

interface Pending {
  resolve: (value: string | boolean | null) => void;
  reject: (error: Error) => void;
}

/** One thread of the pool and the jobs it has been given. */
class HashThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private idleTimer: NodeJS.Timeout | undefined;

  get load(): number {
    return this.pending.size;
  }

  run(id: number, job: Job): Promise<string | boolean | null> {
    const worker = this.start();
    clearTimeout(this.idleTimer);
    // A job in flight keeps the process alive (a script awaiting a hash); an idle thread does not.
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // Plain CommonJS without the process's flags: no loader to start, and no `--input-type=module` to misread it.
      execArgv: [],
      workerData: { argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'), options: OPTIONS },
    });
    worker.on('message', ({ id, value }: { id: number; value: string | boolean | null }) => {
      const job = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) this.idle(worker);
      job?.resolve(value);
    });
    const gone = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      clearTimeout(this.idleTimer);
      const jobs = [...this.pending.values()];
      this.pending.clear();
      for (const job of jobs) job.reject(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`password hashing thread exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private idle(worker: Worker) {
    worker.unref();
    this.idleTimer = setTimeout(() => {
      if (this.worker === worker && this.pending.size === 0) {
        this.worker = undefined;
        void worker.terminate();
      }
    }, IDLE_MS);
    this.idleTimer.unref();
  }
}

/**
 * Caps concurrent hashing so a burst of sign-ins cannot starve every other request of CPU: `limit` threads, each
 * hashing one password at a time; a job goes to the thread with the fewest waiting.
 */
class HashPool {
  private readonly threads: HashThread[];
  private nextId = 0;
  constructor(limit: number) {
    this.threads = Array.from({ length: limit }, () => new HashThread());
  }
  run(job: Job): Promise<string | boolean | null> {
    let chosen = this.threads[0]!;
    for (const thread of this.threads) if (thread.load < chosen.load) chosen = thread;
    this.nextId += 1;
    return chosen.run(this.nextId, job);
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, so an unknown email answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<false>;
  /**
   * The same hasher for a call from `address`: past `perAddress` hashes of that address waiting or running at
   * once, a call is refused with 429 rather than queued (issue 23 item 7).
   */
  forAddress(address: string): PasswordHasher;
}

function tooManyAtOnce(): AppError {
  return new AppError('TOO_MANY_REQUESTS', MSG.tooManyAtOnce, MSG.tooManyAtOnce, {
    headers: { 'retry-after': '1' },
  });
}

export function createPasswordHasher(concurrency: number, perAddress = 0): PasswordHasher {
  const pool = new HashPool(concurrency);
  let dummy: Promise<string> | undefined;
  const hash = async (password: string) => {
    const value = await pool.run({ op: 'hash', password });
    if (typeof value !== 'string') throw new Error('password hashing failed');
    return value;
  };
  const verify = async (passwordHash: string, password: string) =>
    (await pool.run({ op: 'verify', hash: passwordHash, password })) === true;
  const verifyDummy = async (password: string): Promise<false> => {
    dummy ??= hash('dummy-password-for-timing').catch((error: unknown) => {
      dummy = undefined;
      throw error;
    });
    await verify(await dummy, password);
    return false;
  };
  // Hashes of each address waiting or running in this process.
  const inFlight = new Map<string, number>();
  const gated =
    (address: string) =>
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const held = inFlight.get(address) ?? 0;
      if (perAddress > 0 && held >= perAddress) throw tooManyAtOnce();
      inFlight.set(address, held + 1);
      try {
        return await fn(...args);
      } finally {
        const left = (inFlight.get(address) ?? 1) - 1;
        if (left > 0) inFlight.set(address, left);
        else inFlight.delete(address);
      }
    };
  const hasher: PasswordHasher = {
    hash,
    verify,
    verifyDummy,
    forAddress(address) {
      const gate = gated(address);
      // Through the hasher's own methods, so the view does what the hasher does.
      return {
        hash: gate((password: string) => hasher.hash(password)),
        verify: gate((passwordHash: string, password: string) => hasher.verify(passwordHash, password)),
        verifyDummy: gate((password: string) => hasher.verifyDummy(password)),
        forAddress: hasher.forAddress,
      };
    },
  };
  return hasher;
}
