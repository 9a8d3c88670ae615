import { OwnerListResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredAgency, registerAgency, type TestApp } from '../../../test/helpers.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';
import { ownerCalls, startAdminApp } from './owners-test-kit.ts';

// The admin's owner search reads one kept column (migration 0015): the owner's name, e-mail, agency names and id.
// Triggers keep the copies true whoever writes, so a search finds an owner by what the list shows now.

let t: TestApp;
let adminToken: string;
let owner: RegisteredAgency;
beforeAll(async () => {
  ({ t, adminToken } = await startAdminApp());
  owner = await registerAgency(t.app, {
    ClientName: 'Devika Subramaniam',
    AgencyName: 'Subramaniam Assurance',
    AgencyEmail: 'devika.s@assure.in',
  });
});
afterAll(() => t?.close());

const { listOwners } = ownerCalls(() => t.app);

async function found(search: string): Promise<string[]> {
  const res = await listOwners(adminToken, `?limit=100&search=${encodeURIComponent(search)}`);
  expect(res.statusCode).toBe(200);
  return OwnerListResponseSchema.parse(res.json()).items.map((o) => o.ClientId);
}

describe('the owner search', () => {
  it('finds a registered owner by part of the name, e-mail, agency name or id, and not across two of them', async () => {
    for (const term of ['subraman', 'DEVIKA.S@ASS', 'assurance', owner.ownerId.slice(9, 23)])
      expect(await found(term)).toEqual([owner.ownerId]);
    // The end of the name and the start of the e-mail are different fields.
    expect(await found('subramaniam devika')).toEqual([]);
    expect(await found('subramaniamdevika')).toEqual([]);
  });

  it("follows the owner's new e-mail and every change of their agencies", async () => {
    await t.db.update(users).set({ email: 'devika@newdomain.in' }).where(eq(users.id, owner.userId));
    expect(await found('newdomain')).toEqual([owner.ownerId]);
    expect(await found('assure.in')).toEqual([]);

    await t.db.update(agencies).set({ name: 'Devika Covers' }).where(eq(agencies.id, owner.agencyId));
    expect(await found('devika covers')).toEqual([owner.ownerId]);
    expect(await found('assurance')).toEqual([]);

    const [second] = await t.db
      .insert(agencies)
      .values({
        ownerId: owner.ownerId,
        name: 'Nilgiri Wealth',
        slug: `nilgiri-${Date.now().toString(36)}`,
        email: 'hello@nilgiri.in',
        phone: '9876500000',
        locality: 'Coonoor Road',
        city: 'Ooty',
        stateName: 'Tamil Nadu',
        pincode: '643001',
      })
      .returning({ id: agencies.id });
    expect(await found('nilgiri wealth')).toEqual([owner.ownerId]);
    expect(await found('devika covers')).toEqual([owner.ownerId]);
    await t.db.delete(agencies).where(eq(agencies.id, second!.id));
    expect(await found('nilgiri')).toEqual([]);

    await t.db
      .update(ownerAccounts)
      .set({ clientName: 'Devika Iyer' })
      .where(eq(ownerAccounts.id, owner.ownerId));
    expect(await found('iyer')).toEqual([owner.ownerId]);
    expect(await found('subramaniam')).toEqual([]);
  });

  it('is answered from the trigram index of the kept column, not by reading every owner', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = tx
        .select({ id: ownerAccounts.id })
        .from(ownerAccounts)
        .where(sql`${ownerAccounts.searchText} ilike '%sharma%'`);
      const result = await tx.execute(sql`explain ${query.getSQL()}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(plan).toContain('Bitmap Index Scan on owner_accounts_search_trgm_idx');
  });
});
