import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAgency, type TestApp } from '../../test/helpers.ts';
import { jpegBytes, PDF_BYTES, pngBytes, WEBP_BYTES } from '../../test/images.ts';
import { documents } from '../db/schema.ts';
import { createDocumentStore, sniffMime } from './documents.ts';

describe('sniffMime', () => {
  it('reads the type from the content', () => {
    expect(sniffMime(pngBytes())).toBe('image/png');
    expect(sniffMime(jpegBytes())).toBe('image/jpeg');
    expect(sniffMime(WEBP_BYTES)).toBe('image/webp');
    expect(sniffMime(PDF_BYTES)).toBe('application/pdf');
    expect(sniffMime(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffMime(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffMime(Buffer.alloc(0))).toBeNull();
  });
});

describe('the document store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('writes encrypted bytes and a row, and reads them back for the same agency only', async () => {
    const a = await registerAgency(t.app);
    const b = await registerAgency(t.app);
    const store = createDocumentStore({ dir: null, key: t.config.encryptionKey });
    try {
      const bytes = pngBytes(4, 4);
      const { id } = await store.save(t.db, {
        agencyId: a.agencyId,
        kind: 'provider_logo',
        bytes,
        mime: 'image/png',
        originalName: 'logo.png',
      });
      const [row] = await t.db.select().from(documents).where(eq(documents.id, id));
      expect(row).toMatchObject({ agencyId: a.agencyId, mimeType: 'image/png', sizeBytes: bytes.length });
      expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
      const onDisk = readFileSync(path.join(store.dir, ...row!.storageKey.split('/')));
      expect(onDisk.equals(bytes)).toBe(false);
      expect(onDisk.includes(Buffer.from('IHDR'))).toBe(false);

      const back = await store.read(t.db, a.agencyId, id);
      expect(back?.bytes.equals(bytes)).toBe(true);
      expect(back?.mime).toBe('image/png');
      expect(await store.read(t.db, b.agencyId, id)).toBeNull();
      expect(readdirSync(path.join(store.dir, a.agencyId))).toEqual([id]);
    } finally {
      store.close();
    }
    expect(existsSync(store.dir)).toBe(false);
  });
});
