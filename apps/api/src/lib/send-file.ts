import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type DocumentMime, EXTENSION, type StoredDocument } from './documents.ts';

// A file in an answer: never sniffed by the browser, never cached (decisions §5).

function privateFile(reply: FastifyReply, mime: string, disposition: string): void {
  reply
    .type(mime)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}

/** A stored document shown inline, named `name` plus its type's extension. */
export function sendDocument(reply: FastifyReply, doc: StoredDocument, name: string): Buffer {
  const ext = EXTENSION[doc.mime as DocumentMime] ?? 'bin';
  privateFile(reply, doc.mime, `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}"`);
  return doc.bytes;
}

/**
 * A stored document streamed inline (issue 23 item 9): its length is known, so the answer says it, and a stream
 * that fails midway (a file that fails its tag) leaves the answer short of it rather than complete.
 */
export function sendDocumentStream(
  reply: FastifyReply,
  doc: { mime: string; size: number },
  stream: Readable,
  name: string,
): Uint8Array {
  const ext = EXTENSION[doc.mime as DocumentMime] ?? 'bin';
  privateFile(reply, doc.mime, `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}"`);
  reply.header('content-length', String(doc.size));
  // Fastify sends a stream as it sends bytes, unserialised; the route's type is the contract's binary answer.
  return stream as unknown as Uint8Array;
}

/**
 * A public image (an agency's logo at its address, decision 028): never sniffed, and cacheable, unlike every other
 * file: a long life when the address names its version (`immutable`), else checked again each time by its ETag.
 */
export function sendPublicImage(
  reply: FastifyReply,
  doc: StoredDocument,
  name: string,
  cache: PublicCache,
): Buffer {
  const ext = EXTENSION[doc.mime as DocumentMime] ?? 'bin';
  reply
    .type(doc.mime)
    .header('content-disposition', `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.${ext}"`)
    .header('x-content-type-options', 'nosniff');
  cachePublicly(reply, cache);
  return doc.bytes;
}

export interface PublicCache {
  etag: string;
  /** The address named the file's current version. */
  versioned: boolean;
}

/** The cache headers of a public file, also on its 304 Not Modified. */
export function cachePublicly(reply: FastifyReply, cache: PublicCache): void {
  reply
    .header('etag', cache.etag)
    .header('cache-control', cache.versioned ? 'public, max-age=31536000, immutable' : 'public, no-cache');
}

/** A PDF saved under its name: an ASCII fallback name and the exact one as RFC 5987 UTF-8. */
export function sendPdf(reply: FastifyReply, file: { bytes: Buffer; filename: string }): Buffer {
  const ascii = file.filename.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  privateFile(
    reply,
    'application/pdf',
    `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
  );
  return file.bytes;
}
