import { createCipheriv, createDecipheriv, type DecipherGCM, randomBytes } from 'node:crypto';
import { MASK_VISIBLE_CHARS } from '@portal/contract';

// Field encryption for PAN, CIF and bank account numbers (decisions §5): AES-256-GCM with the configured
// key, stored in the `*_enc` text columns as `iv.tag.data` in base64url (db/schema.ts).

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

export class DecryptionError extends Error {}

export function encryptField(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptField(key: Buffer, stored: string): string {
  const parts = stored.split('.');
  if (parts.length !== 3) throw new DecryptionError('Not an encrypted field.');
  const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptionError('The field could not be decrypted with this key.');
  }
}

/** Encrypts a whole buffer (documents); the iv and tag are kept apart from the bytes. */
export function encryptBytes(key: Buffer, bytes: Buffer): { iv: string; tag: string; data: Buffer } {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  const data = Buffer.concat([cipher.update(bytes), cipher.final()]);
  return { iv: iv.toString('base64url'), tag: cipher.getAuthTag().toString('base64url'), data };
}

/** Decrypts what `encryptBytes` sealed, on the calling thread, in one `update` (the tag is checked by `final`). */
export function decryptBytes(key: Buffer, enc: { iv: string; tag: string; data: Buffer }): Buffer {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(enc.iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(enc.tag, 'base64url'));
    const bytes = decipher.update(enc.data);
    const rest = decipher.final(); // checks the tag; empty for GCM, so the 1 MiB is not copied again
    return rest.length > 0 ? Buffer.concat([bytes, rest]) : bytes;
  } catch {
    throw new DecryptionError('The document could not be decrypted with this key.');
  }
}

/**
 * A stream that decrypts what `encryptBytes` sealed, chunk by chunk as it is read (issue 23 item 9: a download
 * holds a chunk, not the document). GCM checks its tag only at the end: a file altered on disk fails there, and
 * the stream ends in an error instead of ending, so the answer is cut short and never arrives whole.
 */
export function decryptingStream(key: Buffer, enc: { iv: string; tag: string }): DecipherGCM {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(enc.iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(enc.tag, 'base64url'));
  return decipher;
}

/**
 * Reads `size` bytes of a file sealed by `encryptBytes` and decrypts them (issue 8). One byte more than expected is
 * read, so a longer file shows; a file of another length, or one that fails the tag, is a DecryptionError. The
 * decryption runs on the calling thread in one `update`: WebCrypto on libuv's thread pool copied the 1 MiB in and
 * out and measured 44–60 % of raw streaming against 55–80 % for this (bench set, interleaved runs, 22 Nov).
 */
export async function decryptSealed(
  key: Buffer,
  enc: { iv: string; tag: string; size: number },
  read: (into: Buffer) => Promise<number>,
): Promise<Buffer> {
  const sealed = Buffer.allocUnsafe(enc.size + 1);
  const got = await read(sealed);
  if (got !== enc.size) throw new DecryptionError('The document file does not have its recorded length.');
  return decryptBytes(key, { iv: enc.iv, tag: enc.tag, data: sealed.subarray(0, enc.size) });
}

/**
 * The last 4 characters behind four bullets, whatever the length, so the mask does not tell the length
 * either; null or empty stays null (spec §5: screens show a dash). Works on the full value or its last 4.
 */
export function maskLast4(value: string | null | undefined): string | null {
  if (!value) return null;
  return `••••${value.slice(-MASK_VISIBLE_CHARS)}`;
}

/** What is stored beside the ciphertext for masking without decrypting. */
export function last4(value: string): string {
  return value.slice(-MASK_VISIBLE_CHARS);
}
