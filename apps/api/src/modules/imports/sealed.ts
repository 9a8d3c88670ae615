import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { decryptBytes, encryptBytes } from '../../lib/crypto.ts';

// An import's cells at rest (decision 036): an uploaded book holds full PAN and Aadhaar numbers, so its cells are
// kept only sealed, with the key of the identity numbers (lib/crypto.ts, AES-256-GCM): JSON, deflated, encrypted,
// stored as one bytea of iv (12 bytes), tag (16) and data.

const IV = 12;
const TAG = 16;

export function seal(key: Buffer, value: unknown): Buffer {
  // Level 1: most of what deflate saves on repetitive cells, at a fraction of its time for a 20 MB file.
  const packed = deflateRawSync(Buffer.from(JSON.stringify(value), 'utf8'), { level: 1 });
  const sealed = encryptBytes(key, packed);
  return Buffer.concat([
    Buffer.from(sealed.iv, 'base64url'),
    Buffer.from(sealed.tag, 'base64url'),
    sealed.data,
  ]);
}

export function unseal<T>(key: Buffer, bytes: Buffer): T {
  const packed = decryptBytes(key, {
    iv: bytes.subarray(0, IV).toString('base64url'),
    tag: bytes.subarray(IV, IV + TAG).toString('base64url'),
    data: bytes.subarray(IV + TAG),
  });
  const text = inflateRawSync(packed).toString('utf8');
  return JSON.parse(text) as T;
}
