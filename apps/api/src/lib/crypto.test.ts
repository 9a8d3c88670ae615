import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DecryptionError,
  decryptBytes,
  decryptField,
  decryptSealed,
  encryptBytes,
  encryptField,
  last4,
  maskLast4,
} from './crypto.ts';

const key = randomBytes(32);

describe('field encryption', () => {
  it('round-trips and never stores the plain value', () => {
    const stored = encryptField(key, '123456789012');
    expect(stored).not.toContain('123456789012');
    expect(stored.split('.')).toHaveLength(3);
    expect(decryptField(key, stored)).toBe('123456789012');
  });

  it('gives a different ciphertext each time (random iv)', () => {
    expect(encryptField(key, 'ABCDE1234F')).not.toBe(encryptField(key, 'ABCDE1234F'));
  });

  it('refuses another key and a tampered value', () => {
    const stored = encryptField(key, '987654321');
    expect(() => decryptField(randomBytes(32), stored)).toThrow(DecryptionError);
    const [iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => decryptField(key, `${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow(DecryptionError);
    expect(() => decryptField(key, 'not-encrypted')).toThrow(DecryptionError);
  });

  it('round-trips bytes', () => {
    const bytes = randomBytes(1000);
    const enc = encryptBytes(key, bytes);
    expect(enc.data.equals(bytes)).toBe(false);
    expect(decryptBytes(key, enc).equals(bytes)).toBe(true);
    expect(() => decryptBytes(key, { ...enc, tag: encryptBytes(key, bytes).tag })).toThrow(DecryptionError);
  });

  it('opens a sealed file read into a buffer, and refuses another tag, a short file and a long one', async () => {
    const bytes = randomBytes(1024 * 1024);
    const enc = encryptBytes(key, bytes);
    const from = (data: Buffer) => async (into: Buffer) =>
      data.copy(into, 0, 0, Math.min(into.length, data.length));
    const sealed = { iv: enc.iv, tag: enc.tag, size: bytes.length };
    expect((await decryptSealed(key, sealed, from(enc.data))).equals(bytes)).toBe(true);
    const otherTag = { ...sealed, tag: encryptBytes(key, bytes).tag };
    await expect(decryptSealed(key, otherTag, from(enc.data))).rejects.toThrow(DecryptionError);
    await expect(decryptSealed(key, sealed, from(enc.data.subarray(1)))).rejects.toThrow(DecryptionError);
    const longer = Buffer.concat([enc.data, Buffer.from([0])]);
    await expect(decryptSealed(key, sealed, from(longer))).rejects.toThrow(DecryptionError);
    const flipped = Buffer.from(enc.data);
    flipped[500]! ^= 1;
    await expect(decryptSealed(key, sealed, from(flipped))).rejects.toThrow(DecryptionError);
  });
});

describe('masking', () => {
  it('shows only the last 4 characters and not the length', () => {
    expect(maskLast4('123456789012')).toBe('••••9012');
    expect(maskLast4('9012')).toBe('••••9012');
    expect(maskLast4('12')).toBe('••••12');
    expect(maskLast4(null)).toBeNull();
    expect(maskLast4('')).toBeNull();
    expect(last4('ABCDE1234F')).toBe('234F');
  });
});
