import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { bookSheet } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type BookWriter, csvBookWriter, xlsxBookWriter } from './book-writers.ts';

// Issue 26 item 9: the export never runs ahead of its reader by more than a bounded amount. `room()` is what the
// service awaits between pages: it must wait while nobody reads, go on once the reader takes the bytes, and not
// hang when the reader has gone.

/** Rows of text that deflate cannot shrink much, until the writer's stream says it is full. */
async function fill(writer: BookWriter, begin = true): Promise<number> {
  if (begin) writer.beginSheet(bookSheet('clients'));
  const out = writer.out as unknown as { writableNeedDrain: boolean };
  let rows = 0;
  while (!out.writableNeedDrain && rows < 200_000) {
    for (let i = 0; i < 200; i += 1) {
      writer.row({ client_code: `C-${rows}`, first_name: randomBytes(48).toString('hex') });
      rows += 1;
    }
    // Let the zip's deflate, which runs on the thread pool, hand its bytes on.
    await sleep(1);
  }
  return rows;
}

describe.each([
  ['.xlsx', xlsxBookWriter],
  ['.csv', csvBookWriter],
])('the book writer (%s)', (_kind, make) => {
  it('waits for a reader that does not read, and goes on once it does', async () => {
    const writer = make();
    const rows = await fill(writer);
    expect(rows).toBeLessThan(200_000);
    let room = false;
    const waiting = writer.room().then(() => {
      room = true;
    });
    await sleep(100);
    expect(room).toBe(false);
    writer.out.resume();
    await waiting;
    expect(room).toBe(true);
  });

  it('does not wait for a reader that has gone', async () => {
    const writer = make();
    await fill(writer);
    const waiting = writer.room();
    writer.out.destroy();
    await expect(waiting).resolves.toBeUndefined();
  });
});

it('leaves no listener behind after waiting for many pages', async () => {
  const writer = xlsxBookWriter();
  // The zip's own pipe into the stream listens to it too.
  const listeners = () => writer.out.listenerCount('close') + writer.out.listenerCount('drain');
  let before = 0;
  for (let page = 0; page < 3; page += 1) {
    await fill(writer, page === 0);
    if (page === 0) before = listeners();
    const waiting = writer.room();
    writer.out.resume();
    await waiting;
    writer.out.pause();
  }
  expect(listeners()).toBeLessThanOrEqual(before);
});
