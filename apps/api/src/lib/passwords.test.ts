import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from './passwords.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('password hasher (hashing threads)', () => {
  const hasher = createPasswordHasher(2);

  it('hashes with argon2id and verifies the password, and only it', async () => {
    const stored = await hasher.hash('Suraksha#2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('Suraksha#2026');
    expect(await hasher.verify(stored, 'Suraksha#2026')).toBe(true);
    expect(await hasher.verify(stored, 'suraksha#2026')).toBe(false);
  });

  it('answers false, not an error, for a stored value that is no hash', async () => {
    expect(await hasher.verify('not-a-hash', 'Suraksha#2026')).toBe(false);
    expect(await hasher.verify('', '')).toBe(false);
  });

  it('answers each of a burst with its own result, more calls than threads', async () => {
    const one = await hasher.hash('first-Password1');
    const two = await hasher.hash('second-Password2');
    const calls = Array.from({ length: 7 }, (_, i) =>
      i % 2 === 0
        ? hasher.verify(one, i % 4 === 0 ? 'first-Password1' : 'wrong')
        : hasher.verify(two, i % 3 === 0 ? 'second-Password2' : 'wrong'),
    );
    expect(await Promise.all(calls)).toEqual([true, false, false, true, true, false, false]);
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('keeps a script alive until its hash is made (an idle thread does not hold the process)', async () => {
    const script = `
      import { createPasswordHasher } from ${JSON.stringify(path.join(here, 'passwords.ts'))};
      const hasher = createPasswordHasher(1);
      const stored = await hasher.hash('Script#Pass1');
      console.log(await hasher.verify(stored, 'Script#Pass1'));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 20_000 },
    );
    // Killed after 20 s had it waited out the threads' 30 s of idleness.
    expect(stdout.trim()).toBe('true');
  });
});
