import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import {
  appendFile,
  open as openFile,
  readdir,
  readFile,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import { decryptingStream, decryptSealed, encryptBytes } from './crypto.ts';

// The document store (decisions §5): bytes are type-checked by content, encrypted with AES-256-GCM and
// written under the documents directory; the `documents` row holds the type, size, hash, iv and tag.

export type DocumentKind = (typeof documents.$inferInsert)['kind'];
export type DocumentMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

export const IMAGE_MIMES: readonly DocumentMime[] = ['image/png', 'image/jpeg', 'image/webp'];

/** The type a file really is, read from its first bytes; null for anything else. */
export function sniffMime(bytes: Buffer): DocumentMime | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

export const EXTENSION: Record<DocumentMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface SaveDocumentInput {
  agencyId: string;
  kind: DocumentKind;
  bytes: Buffer;
  /** The sniffed type; callers check it against what they accept first. */
  mime: DocumentMime;
  originalName?: string | null;
  uploadedBy?: string | null;
}

export interface StoredDocument {
  id: string;
  mime: string;
  size: number;
  originalName: string | null;
  bytes: Buffer;
}

/** The columns of a document row that locate and unseal its file. */
export type DocumentFile = Pick<
  typeof documents.$inferSelect,
  'id' | 'storageKey' | 'encryptionIv' | 'encryptionTag' | 'mimeType' | 'sizeBytes' | 'originalName'
>;

export interface DocumentStore {
  readonly dir: string;
  /** Writes the encrypted file, then its row (in `db`, which may be a transaction). */
  save(db: Pick<Db, 'insert'>, input: SaveDocumentInput): Promise<{ id: string }>;
  /** The decrypted document of the agency, or null when it is not the agency's or is gone. */
  read(db: Db, agencyId: string, documentId: string): Promise<StoredDocument | null>;
  /** The decrypted file of a document row the caller has already read (and checked is the agency's). */
  open(row: DocumentFile): Promise<StoredDocument | null>;
  /**
   * The row of a document of the agency whose file is there with its recorded length, or null: what a list
   * needs to say a document exists, without reading it.
   */
  find(db: Db, agencyId: string, documentId: string): Promise<DocumentFile | null>;
  /**
   * The file of a row (checked to be the agency's) decrypted as a stream of 64 KiB chunks (issue 23 item 9), or
   * null when it is gone or not its recorded length. The tag is checked at the end: a file that fails it ends the
   * stream with an error.
   */
  stream(row: DocumentFile): Promise<Readable | null>;
  /**
   * After a crash (issue 9 item 8): removes the files that processes no longer running wrote for
   * transactions that never committed, as their journals list them. Run at start, before listening.
   */
  recover(db: Db): Promise<{ removed: number; journals: number }>;
  /** Removes the files of documents whose rows were rolled back (a write that failed after saving them). */
  discard(agencyId: string, documentIds: readonly string[]): Promise<void>;
  /** Removes a temporary directory the store created itself. */
  close(): void;
}

/** Whether the process `pid` still runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Storage keys are `{agency uuid}/{document uuid}`; anything else in a journal is not ours to remove. */
const STORAGE_KEY = /^[0-9a-f-]{36}\/[0-9a-f-]{36}$/;
/** Keys looked up per query while recovering. */
const RECOVER_BATCH = 500;
/** A streamed download reads and decrypts this much at a time. */
const STREAM_CHUNK_BYTES = 64 * 1024;

export function createDocumentStore(options: { dir: string | null; key: Buffer }): DocumentStore {
  const temporary = options.dir === null;
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'portal-documents-'));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileOf = (storageKey: string) => path.join(dir, ...storageKey.split('/'));
  // A file is written before its row, and the row commits with the caller's transaction: a process killed
  // in between leaves a file no row names. Each process first appends the file's key to its own journal,
  // so whoever starts next can tell which files of a process that is gone may be such orphans.
  const journalDir = path.join(dir, '.journal');
  mkdirSync(journalDir, { recursive: true, mode: 0o700 });
  const journal = path.join(journalDir, `${process.pid}-${Date.now()}-${randomUUID().slice(0, 8)}.log`);

  const open = async (row: DocumentFile): Promise<StoredDocument | null> => {
    let file: Awaited<ReturnType<typeof openFile>>;
    try {
      file = await openFile(fileOf(row.storageKey), 'r');
    } catch {
      return null;
    }
    try {
      // GCM keeps the length: the file holds exactly as many bytes as the document (documents.size_bytes).
      const bytes = await decryptSealed(
        options.key,
        { iv: row.encryptionIv, tag: row.encryptionTag, size: row.sizeBytes },
        async (into) => {
          let filled = 0;
          while (filled < into.length) {
            const { bytesRead } = await file.read(into, filled, into.length - filled, filled);
            if (bytesRead === 0) break;
            filled += bytesRead;
          }
          return filled;
        },
      );
      return { id: row.id, mime: row.mimeType, size: row.sizeBytes, originalName: row.originalName, bytes };
    } finally {
      await file.close();
    }
  };

  const findRow = async (db: Db, agencyId: string, documentId: string) => {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.agencyId, agencyId), eq(documents.id, documentId), isNull(documents.deletedAt)))
      .limit(1);
    return row ?? null;
  };

  return {
    dir,
    async find(db, agencyId, documentId) {
      const row = await findRow(db, agencyId, documentId);
      if (!row) return null;
      const size = await stat(fileOf(row.storageKey)).then(
        (s) => s.size,
        () => -1,
      );
      return size === row.sizeBytes ? row : null;
    },
    async stream(row) {
      let file: Awaited<ReturnType<typeof openFile>>;
      try {
        file = await openFile(fileOf(row.storageKey), 'r');
      } catch {
        return null;
      }
      if ((await file.stat()).size !== row.sizeBytes) {
        await file.close();
        return null;
      }
      // The file handle closes when the stream ends or is destroyed (a client that leaves mid-download).
      const sealed = file.createReadStream({ highWaterMark: STREAM_CHUNK_BYTES });
      const decipher = decryptingStream(options.key, { iv: row.encryptionIv, tag: row.encryptionTag });
      return pipeline(sealed, decipher, () => {});
    },
    async discard(agencyId, documentIds) {
      await Promise.all(documentIds.map((id) => unlink(fileOf(`${agencyId}/${id}`)).catch(() => {})));
    },
    async save(db, input) {
      const id = randomUUID();
      const storageKey = `${input.agencyId}/${id}`;
      const file = fileOf(storageKey);
      const enc = encryptBytes(options.key, input.bytes);
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      await appendFile(journal, `${storageKey}\n`, { mode: 0o600 });
      // Written whole under a temporary name, so a reader never sees half a file.
      await writeFile(`${file}.part`, enc.data, { mode: 0o600 });
      await rename(`${file}.part`, file);
      try {
        await db.insert(documents).values({
          id,
          agencyId: input.agencyId,
          kind: input.kind,
          mimeType: input.mime,
          sizeBytes: input.bytes.length,
          sha256: createHash('sha256').update(input.bytes).digest('hex'),
          originalName: input.originalName ?? null,
          storageKey,
          encryptionIv: enc.iv,
          encryptionTag: enc.tag,
          uploadedBy: input.uploadedBy ?? null,
        });
      } catch (err) {
        await unlink(file).catch(() => {});
        throw err;
      }
      return { id };
    },
    async read(db, agencyId, documentId) {
      const row = await findRow(db, agencyId, documentId);
      return row ? open(row) : null;
    },
    open,
    async recover(db) {
      let removed = 0;
      let journals = 0;
      for (const name of await readdir(journalDir)) {
        const file = path.join(journalDir, name);
        if (file === journal) continue;
        const pid = Number(/^(\d+)-/.exec(name)?.[1]);
        // A journal of a live process (not this one: a pid is reused by a restarted container) is in use.
        if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) continue;
        const text = await readFile(file, 'utf8').catch(() => '');
        const keys = [...new Set(text.split('\n').filter((k) => STORAGE_KEY.test(k)))];
        for (let i = 0; i < keys.length; i += RECOVER_BATCH) {
          const batch = keys.slice(i, i + RECOVER_BATCH);
          const rows = await db
            .select({ storageKey: documents.storageKey })
            .from(documents)
            .where(inArray(documents.storageKey, batch));
          const kept = new Set(rows.map((r) => r.storageKey));
          for (const key of batch) {
            if (kept.has(key)) continue;
            for (const orphan of [fileOf(key), `${fileOf(key)}.part`]) {
              await unlink(orphan).then(
                () => {
                  removed += 1;
                },
                () => {},
              );
            }
          }
        }
        await unlink(file).catch(() => {});
        journals += 1;
      }
      return { removed, journals };
    },
    close() {
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
