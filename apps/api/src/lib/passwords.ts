import { hash, verify } from '@node-rs/argon2';

// argon2id, m=19456 KiB, t=2, p=1 (decisions §3, the OWASP minimum).
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Caps concurrent hashing so a burst of sign-ins cannot starve every other request of CPU. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the same work as a verify, so an unknown email answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<false>;
}

export function createPasswordHasher(concurrency: number): PasswordHasher {
  const gate = new Semaphore(concurrency);
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => gate.run(() => hash(password, OPTIONS)),
    verify: (passwordHash, password) =>
      gate.run(async () => {
        try {
          return await verify(passwordHash, password);
        } catch {
          return false;
        }
      }),
    async verifyDummy(password) {
      dummy ??= hash('dummy-password-for-timing', OPTIONS);
      const dummyHash = await dummy;
      await gate.run(() => verify(dummyHash, password).catch(() => false));
      return false;
    },
  };
}
