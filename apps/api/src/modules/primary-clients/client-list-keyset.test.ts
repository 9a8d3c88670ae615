import { ErrorResponseSchema, PrimaryClientListResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.ts';

// Keyset pagination of the workspace's Registered Users (issue 8): Next and Previous seek from the page's
// cursors in the (agency, created) index, so a deep page costs what the first does.

let t: TestApp;
let token: string;
let otherToken: string;
/** Client ids newest first, as the list shows them; the first four are named Kavya. */
let newestFirst: string[];
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await ownerWithToken(t.app));
  ({ token: otherToken } = await ownerWithToken(t.app));
  const made: string[] = [];
  for (let i = 0; i < 7; i++) {
    const c = await createClient(t.app, token, { first_name: i % 2 === 0 ? 'Kavya' : 'Rohan' });
    made.push(c.primary_client_id);
  }
  await createClient(t.app, otherToken, { first_name: 'Kavya' });
  await createClient(t.app, otherToken, { first_name: 'Kavya' });
  newestFirst = made.reverse();
});
afterAll(() => t?.close());

const base = '/api/users/primary-clients';

async function list(query: string, as = token) {
  const res = await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers: bearer(as) });
  expect(res.statusCode).toBe(200);
  return PrimaryClientListResponseSchema.parse(res.json());
}

/** Every page by next_cursor, then back from the last by prev_cursor. */
async function cursorWalk(limit: number, search = '') {
  const q = `limit=${limit}${search ? `&search=${search}` : ''}`;
  const pages: string[][] = [];
  let page = await list(q);
  const total = page.pagination.total;
  pages.push(page.items.map((i) => i.primary_client_id));
  expect(page.pagination.prev_cursor).toBeNull();
  while (page.pagination.next_cursor) {
    page = await list(`${q}&after=${page.pagination.next_cursor}`);
    expect(page.pagination.total).toBe(total);
    pages.push(page.items.map((i) => i.primary_client_id));
  }
  const back: string[][] = [page.items.map((i) => i.primary_client_id)];
  while (page.pagination.prev_cursor) {
    page = await list(`${q}&before=${page.pagination.prev_cursor}`);
    back.unshift(page.items.map((i) => i.primary_client_id));
  }
  return { pages, back, total };
}

describe('the client list by cursor', () => {
  it('pages through every client by next_cursor and back by prev_cursor, in the order of the page numbers', async () => {
    const { pages, back, total } = await cursorWalk(3);
    expect(total).toBe(7);
    expect(pages).toEqual([newestFirst.slice(0, 3), newestFirst.slice(3, 6), newestFirst.slice(6)]);
    expect(back).toEqual(pages);
    const byOffset = await list('limit=3&offset=3');
    expect(byOffset.items.map((i) => i.primary_client_id)).toEqual(pages[1]);
  });

  it("pages a search by cursor with the total of every match, never another agency's clients", async () => {
    const kavyas = newestFirst.filter((_, i) => i % 2 === 0);
    const { pages, back, total } = await cursorWalk(3, 'kavya');
    expect(total).toBe(4);
    expect(pages).toEqual([kavyas.slice(0, 3), kavyas.slice(3)]);
    expect(back).toEqual(pages);
  });

  it('seeks from the cursor whatever offset is echoed, and a removed client leaves no gap or repeat', async () => {
    const first = await list('limit=3');
    const after = first.pagination.next_cursor!;
    const echoed = await list(`limit=3&offset=30&after=${after}`);
    expect(echoed.items.map((i) => i.primary_client_id)).toEqual(newestFirst.slice(3, 6));
    expect(echoed.pagination.offset).toBe(30);
    // A client on the next page is removed while page 1 is on screen: Next shows the rest of the list from there.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${newestFirst[4]}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    const next = await list(`limit=3&after=${after}`);
    expect(next.items.map((i) => i.primary_client_id)).toEqual([
      newestFirst[3],
      newestFirst[5],
      newestFirst[6],
    ]);
    expect(next.pagination).toMatchObject({ total: 6, next_cursor: null });
  });

  it("reads another agency's cursor as a place in the caller's own list only", async () => {
    // Their clients were added after all of the caller's: after their newest comes the caller's whole list.
    const theirs = await list('limit=1', otherToken);
    const page = await list(`limit=10&after=${theirs.pagination.next_cursor}`);
    expect(page.items.map((i) => i.primary_client_id)).toEqual(
      newestFirst.filter((id) => id !== newestFirst[4]),
    );
  });

  it.each([
    ['after=abc', 'after', 'Cursor must be a next_cursor or prev_cursor of an earlier page.'],
    ['before=123_not-a-uuid', 'before', 'Cursor must be a next_cursor or prev_cursor of an earlier page.'],
  ])('answers 400 naming the field for ?%s', async (query, field, message) => {
    const res = await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).fields).toEqual({ [field]: message });
  });
});
