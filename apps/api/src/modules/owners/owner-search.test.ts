import { OwnerListResponseSchema } from '@portal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerCalls, startAdminApp } from '../../../test/fixtures/owners.ts';
import { type RegisteredAgency, registerAgency, type TestApp } from '../../../test/helpers.ts';
import { agencies, ownerAccounts, users } from '../../db/schema.ts';
import { ownerSearchFilter } from './owners.repository.ts';

// The admin's owner search reads the owner table alone (migration 0015): the owner's name, id, and the e-mail and
// agency names copied onto it. Triggers keep the copies true whoever writes, so a search finds an owner by what the
// list shows now.

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

/** A further agency of the owner, written straight to the table (the copy on the owner row follows by trigger). */
async function addAgency(name: string): Promise<string> {
  const word = name.split(' ')[0]!.toLowerCase();
  const [added] = await t.db
    .insert(agencies)
    .values({
      ownerId: owner.ownerId,
      name,
      slug: `${word}-${Date.now().toString(36)}`,
      email: `hello@${word}.in`,
      phone: '9876500000',
      locality: 'Market Road',
      city: 'Ooty',
      stateName: 'Tamil Nadu',
      pincode: '643001',
    })
    .returning({ id: agencies.id });
  return added!.id;
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

    const second = await addAgency('Nilgiri Wealth');
    expect(await found('nilgiri wealth')).toEqual([owner.ownerId]);
    expect(await found('devika covers')).toEqual([owner.ownerId]);
    await t.db.delete(agencies).where(eq(agencies.id, second));
    expect(await found('nilgiri')).toEqual([]);

    await t.db
      .update(ownerAccounts)
      .set({ clientName: 'Devika Iyer' })
      .where(eq(ownerAccounts.id, owner.ownerId));
    expect(await found('iyer')).toEqual([owner.ownerId]);
    expect(await found('subramaniam')).toEqual([]);
  });

  it('shows a match as the list shows the owner: the first agency, the e-mail and both flags as they are now', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, owner.userId));
    await t.db.update(ownerAccounts).set({ isVerified: true }).where(eq(ownerAccounts.id, owner.ownerId));
    const later = await addAgency('Anamalai Shield');
    try {
      const searched = OwnerListResponseSchema.parse(
        (await listOwners(adminToken, '?limit=10&search=iyer')).json(),
      );
      const listed = OwnerListResponseSchema.parse((await listOwners(adminToken, '?limit=100')).json());
      expect(searched.items).toEqual([listed.items.find((o) => o.ClientId === owner.ownerId)]);
      expect(searched.items[0]).toMatchObject({
        ClientName: 'Devika Iyer',
        AgencyName: 'Devika Covers',
        AgencyEmail: 'devika@newdomain.in',
        IsActive: false,
        IsVerified: true,
      });
      expect(searched.pagination.total).toBe(1);
    } finally {
      await t.db.delete(agencies).where(eq(agencies.id, later));
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, owner.userId));
    }
  });

  it("gives a new owner row its user's e-mail and active flag, whoever writes it", async () => {
    const [user] = await t.db
      .insert(users)
      .values({
        role: 'AO',
        email: 'tenzing.bhutia@example.in',
        passwordHash: 'not-a-usable-hash',
        fullName: 'Tenzing Bhutia',
        isActive: false,
      })
      .returning({ id: users.id });
    const [row] = await t.db
      .insert(ownerAccounts)
      .values({ userId: user!.id, clientName: 'Tenzing Bhutia', termsAcceptedAt: new Date() })
      .returning({ id: ownerAccounts.id });
    try {
      const body = OwnerListResponseSchema.parse(
        (await listOwners(adminToken, '?limit=10&search=bhutia')).json(),
      );
      expect(body.items).toEqual([
        expect.objectContaining({
          ClientId: row!.id,
          AgencyEmail: 'tenzing.bhutia@example.in',
          AgencyName: null,
          IsActive: false,
        }),
      ]);
    } finally {
      await t.db.delete(ownerAccounts).where(eq(ownerAccounts.id, row!.id));
      await t.db.delete(users).where(eq(users.id, user!.id));
    }
  });

  it("is answered from the owner table's trigram indexes, not by reading every owner", async () => {
    // A search that could be part of an id also reads the id's index.
    for (const [term, id] of [
      ['sharma', false],
      ['ab12', true],
    ] as const) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = tx.select({ id: ownerAccounts.id }).from(ownerAccounts).where(ownerSearchFilter(term));
        const res = await tx.execute(sql`explain ${query.getSQL()}`);
        return (res as unknown as { rows: Record<string, string>[] }).rows
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      for (const index of ['name', 'email', 'agencies', ...(id ? ['id'] : [])])
        expect(plan).toContain(`Bitmap Index Scan on owner_accounts_${index}_trgm_idx`);
    }
  });
});
