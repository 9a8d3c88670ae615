import { PrimaryClientListResponseSchema } from '@portal/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/fixtures/primary-clients.ts';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { agencyClientCounts, primaryClients } from '../../db/schema.ts';
import { searchFilter } from './primary-clients.repository.ts';

// The client search of the Registered Users list (issue 5): trigram-indexed so it stays fast at 100k clients.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const base = '/api/users/primary-clients';
/** For a plan only: no agency holds it. */
const ANY_AGENCY = '00000000-0000-4000-8000-000000000000';

describe('client search', () => {
  it('is answered from the trigram index, not by reading every client', async () => {
    for (const term of ['sharma', '98765 43210', 'DEMO-000']) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = tx
          .select({ id: primaryClients.id })
          .from(primaryClients)
          .where(searchFilter(ANY_AGENCY, term));
        const result = await tx.execute(sql`explain ${query.getSQL()}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(plan).toContain('Bitmap Index Scan on primary_clients_search_trgm_idx');
    }
  });

  it('has searched trigram indexes that take each write at once, leaving no pending list for a search to read', async () => {
    const result = await t.db.execute(sql`select c.relname, c.reloptions::text as options
      from pg_class c join pg_am a on a.oid = c.relam
      where a.amname = 'gin' and c.relname like '%trgm_idx' order by c.relname`);
    expect((result as unknown as { rows: { relname: string; options: string | null }[] }).rows).toEqual(
      [
        'insurance_policies_search_trgm_idx',
        'investment_accounts_search_trgm_idx',
        'owner_accounts_agencies_trgm_idx',
        'owner_accounts_email_trgm_idx',
        'owner_accounts_id_trgm_idx',
        'owner_accounts_name_trgm_idx',
        'primary_clients_search_trgm_idx',
        'secondary_clients_search_trgm_idx',
      ].map((relname) => ({ relname, options: '{fastupdate=false}' })),
    );
  });

  it('finds a phone typed with spaces, keeps fields apart and counts matches past the last page', async () => {
    const { token } = await ownerWithToken(t.app);
    const a = await createClient(t.app, token, {
      first_name: 'Kavya',
      last_name: 'Raghunathan',
      phone: '9812345670',
    });
    const b = await createClient(t.app, token, {
      first_name: 'Kavya',
      last_name: 'Raman',
      phone: '9800011122',
    });
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return PrimaryClientListResponseSchema.parse(res.json());
    };
    const ids = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).items.map((i) => i.primary_client_id);

    expect(await ids('98123 45670')).toEqual([a.primary_client_id]);
    expect(await ids('98123-45670')).toEqual([a.primary_client_id]);
    expect(await ids('  raghunathan  ')).toEqual([a.primary_client_id]);
    // Any case finds any case (the searched text is kept in lower case, migration 0018).
    expect(await ids('RAGHUNATHAN')).toEqual([a.primary_client_id]);
    expect(await ids('rAgHuNaThAn')).toEqual([a.primary_client_id]);
    // The end of the name and the start of the email are different fields: no match across them.
    expect(await ids(`raghunathan ${a.email!.slice(0, 5)}`)).toEqual([]);
    // Too short for a trigram (planned for its term on each call): still every match.
    expect(new Set(await ids('Ka'))).toEqual(new Set([a.primary_client_id, b.primary_client_id]));
    expect((await list('search=kavya&limit=1')).pagination.total).toBe(2);
    const past = await list('search=kavya&limit=1&offset=5');
    expect(past.items).toEqual([]);
    expect(past.pagination.total).toBe(2);
  });

  it("gives the unsearched total from the agency's kept count, equal to counting, through creates and removals", async () => {
    const { token, agency } = await ownerWithToken(t.app);
    const { agencyId } = agency;
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `${base}?${query}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      return PrimaryClientListResponseSchema.parse(res.json());
    };
    expect((await list('limit=10')).pagination.total).toBe(0);
    const made = [];
    for (const first_name of ['Asha', 'Bhavna', 'Chetan', 'Divya'])
      made.push(await createClient(t.app, token, { first_name }));
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${base}/${made[1]!.primary_client_id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    // An edit changes nothing of the count.
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${base}/${made[0]!.primary_client_id}`,
      headers: bearer(token),
      payload: { first_name: 'Asha Rani' },
    });
    expect(edited.statusCode).toBe(200);
    const [counted] = await t.db
      .select({ n: count() })
      .from(primaryClients)
      .where(and(eq(primaryClients.agencyId, agencyId), isNull(primaryClients.deletedAt)));
    const [kept] = await t.db
      .select({ n: agencyClientCounts.clients })
      .from(agencyClientCounts)
      .where(eq(agencyClientCounts.agencyId, agencyId));
    expect(counted!.n).toBe(3);
    expect(kept!.n).toBe(3);
    expect((await list('limit=2')).pagination.total).toBe(3);
    const past = await list('limit=2&offset=10');
    expect(past.items).toEqual([]);
    expect(past.pagination.total).toBe(3);
  });
});
