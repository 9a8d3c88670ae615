import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '../../src/db/client.ts';
import {
  agencyClientCounts,
  agencyPlanTotals,
  agencyWorkDays,
  auditLog,
  documents,
  insurancePolicies,
  investmentAccounts,
  mailOutbox,
  primaryClients,
  providers,
  reminderSends,
  renewalEvents,
  secondaryClients,
  users,
} from '../../src/db/schema.ts';
import { agencyScope, inScope, PLATFORM_SCOPE, type TenantScope } from '../../src/db/scope.ts';
import { plansOf, searchFilter } from '../../src/modules/primary-clients/primary-clients.repository.ts';
import { figure } from '../figures.ts';
import {
  type Agency,
  addAccount,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  saveDocument,
  signedInClient,
} from '../fixtures/client-portal.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { TEST_APP_LOGIN } from '../global-setup.ts';
import { assignClients, bearer, createStaff, createTestApp, type TestApp } from '../helpers.ts';

// Issue 9, item 2 (decision 012): row-level security is a second wall behind the application's own
// `agency_id` filters. On PostgreSQL the API's queries run as portal_app — not the tables' owner, no
// BYPASSRLS — and every tenant table has row-level security forced with a policy on agency_id, so a query
// that forgets its agency filter still gets only the rows of the agency in scope. PGlite runs as its single
// superuser, which row-level security never holds: there these tests are skipped.

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  figure(
    '2. Row-level security',
    '[security] rls: skipped on PGlite (its one connection is a superuser, which row-level security does not hold; run with DATABASE_URL)',
  );
}

let t: TestApp;
let a: Agency;
let b: Agency;
let aClient: Awaited<ReturnType<typeof signedInClient>>;
let bClient: Awaited<ReturnType<typeof signedInClient>>;

/** The app's own handle (portal_app on PostgreSQL), in a scope. */
const as = <T>(scope: TenantScope | null, work: (db: Db) => Promise<T>): Promise<T> =>
  // Awaited inside: a Drizzle query runs when awaited, so it must be awaited in the scope.
  scope ? inScope(scope, async () => await work(t.database.db)) : work(t.database.db);

/** The rows of a raw `execute` (node-postgres answers a QueryResult). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The tenant tables a query without an agency filter reads, with their agency column. */
const tables = {
  users: users.agencyId,
  primary_clients: primaryClients.agencyId,
  secondary_clients: secondaryClients.agencyId,
  insurance_policies: insurancePolicies.agencyId,
  investment_accounts: investmentAccounts.agencyId,
  documents: documents.agencyId,
  providers: providers.agencyId,
  audit_log: auditLog.agencyId,
  renewal_events: renewalEvents.agencyId,
  reminder_sends: reminderSends.agencyId,
  mail_outbox: mailOutbox.agencyId,
  agency_client_counts: agencyClientCounts.agencyId,
  agency_plan_totals: agencyPlanTotals.agencyId,
  agency_work_days: agencyWorkDays.agencyId,
} as const;

/** Every row's agency_id of each table, read without any agency filter. */
async function agencyIdsOf(db: Db): Promise<Record<string, (string | null)[]>> {
  const out: Record<string, (string | null)[]> = {};
  for (const [name, column] of Object.entries(tables)) {
    const rows = await db.select({ agencyId: column }).from(column.table);
    out[name] = rows.map((r) => r.agencyId);
  }
  // An owner's user row has no agency_id (only clients' do): named by its id instead.
  const people = await db.select({ id: users.id, agencyId: users.agencyId }).from(users);
  out.users = people.map((r) => r.agencyId ?? `user ${r.id}`);
  return out;
}

describe.skipIf(!onPostgres)('row-level security on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    a = await agencyWithClients(t);
    b = await agencyWithClients(t);
    for (const [agency, name] of [
      [a, 'Meera Iyer'],
      [b, 'Farhan Ali'],
    ] as const) {
      const client = await signedInClient(t, agency, name);
      await addFamilyMember(t, agency, client.primaryClientId, { firstName: 'Zoya' });
      await addPolicy(t, agency, client.primaryClientId, 'motor', {
        documentId: await saveDocument(
          t,
          agency.agency.agencyId,
          'policy_pdf',
          pdfOf('document', 400),
          'application/pdf',
        ),
      });
      await addAccount(t, agency, client.primaryClientId, 'nps');
      if (agency === a) aClient = client;
      else bClient = client;
    }
  });
  afterAll(() => t?.close());

  it('forces a policy on every tenant table, and the API runs as a role that is not the owner and cannot bypass it', async () => {
    // As the owner (t.db): every public table with an agency_id column.
    const census = await t.db.execute(sql`
      select c.relname as "table", c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'agency_id' and not a.attisdropped)
      order by 1`);
    const rows = rowsOf<{ table: string; rls: boolean; forced: boolean; policies: number }>(census);
    const forced = rows.filter((r) => r.rls && r.forced && r.policies > 0);
    // As the API: who its queries run as.
    const role = await as(agencyScope(a.agency.agencyId), async (db) => {
      const r = await db.execute(sql`
        select current_user as name, r.rolbypassrls as bypass, r.rolsuper as superuser,
               (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owns
        from pg_roles r where r.rolname = current_user`);
      return rowsOf<{ name: string; bypass: boolean; superuser: boolean; owns: number }>(r)[0]!;
    });
    figure(
      '2. Row-level security',
      `[security] rls: ${rows.length} tenant tables, ${forced.length} forced with a policy, role ${role.name} bypassrls=${role.bypass} owner=${role.owns > 0}`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(forced.map((r) => r.table)).toEqual(rows.map((r) => r.table));
    expect(role).toEqual({ name: TEST_APP_LOGIN, bypass: false, superuser: false, owns: 0 });
  });

  it('reads the agency and scope of a call once per statement in every tenant policy, not once per row (migration 0019)', async () => {
    const census = await t.db.execute(sql`
      select c.relname as "table" from pg_class c
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
        and exists (select 1 from pg_policy p where p.polrelid = c.oid)
      order by 1`);
    const tables = rowsOf<{ table: string }>(census).map((r) => r.table);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    const perRow: string[] = [];
    for (const table of tables) {
      const plan = await as(agencyScope(a.agency.agencyId), async (db) =>
        rowsOf<Record<string, string>>(await db.execute(sql`explain select 1 from ${sql.identifier(table)}`))
          .map((r) => Object.values(r)[0])
          .join('\n'),
      );
      // Per row, the setting's lookup and its parse into a uuid were 0.45 us: a third of a common search's cost.
      if (!plan.includes('InitPlan') || /Filter:.*current_setting/.test(plan))
        perRow.push(`${table}:\n${plan}`);
    }
    expect(perRow).toEqual([]);
  });

  it('connects as a login role of its own (DATABASE_APP_URL): RESET ROLE or SET ROLE leave it behind the wall', async () => {
    // What injected SQL would try: drop back to the connection's own user, or take the owner's role.
    const who = await as(agencyScope(a.agency.agencyId), (db) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`reset role`);
        return rowsOf<{ session: string; current: string; agencies: number }>(
          await tx.execute(sql`select session_user as session, current_user as current,
            (select count(distinct agency_id)::int from primary_clients) as agencies`),
        )[0]!;
      }),
    );
    expect(who).toEqual({ session: TEST_APP_LOGIN, current: TEST_APP_LOGIN, agencies: 1 });
    const [owner] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_user as name`));
    const takeOwner = await as(agencyScope(a.agency.agencyId), (db) =>
      db.execute(sql`set role ${sql.identifier(owner!.name)}`).then(
        () => 'allowed',
        (err: { cause?: { code?: string }; code?: string }) => err.cause?.code ?? err.code,
      ),
    );
    expect(takeOwner).toBe('42501');
    // And the API will not start with a login that could get past the policies (here: the owner, a superuser).
    const database = await openPostgres(t.config.databaseUrl!, 1, { appUrl: t.config.databaseUrl! });
    await expect(database.migrate().finally(() => database.close())).rejects.toThrow(
      /DATABASE_APP_URL connects as "[^"]+", which is a superuser/,
    );
    process.stdout.write(
      `[security] rls: the API logs in as ${who.session} (not the owner); after RESET ROLE it is still ${who.current} and sees ${who.agencies} agency's clients; SET ROLE to the owner refused\n`,
    );
  });

  it("shows only the scoped agency's rows to a query that has no agency filter", async () => {
    const ownerView = await agencyIdsOf(t.db);
    const seenByA = await as(agencyScope(a.agency.agencyId), agencyIdsOf);
    const seenByB = await as(agencyScope(b.agency.agencyId), agencyIdsOf);
    const countsOf = (view: Record<string, (string | null)[]>, agencyId: string) =>
      Object.fromEntries(
        Object.entries(view).map(([k, ids]) => [k, ids.filter((id) => id === agencyId).length]),
      );
    for (const table of [
      'users',
      'primary_clients',
      'secondary_clients',
      'insurance_policies',
      'investment_accounts',
      'documents',
      'providers',
    ]) {
      // Both agencies have rows here, as the owner sees.
      expect(countsOf(ownerView, a.agency.agencyId)[table], table).toBeGreaterThan(0);
      expect(countsOf(ownerView, b.agency.agencyId)[table], table).toBeGreaterThan(0);
    }
    // Besides its own rows, an agency's scope shows one user without an agency: its own owner's.
    for (const [agency, seen] of [
      [a, seenByA],
      [b, seenByB],
    ] as const) {
      for (const [name, ids] of Object.entries(seen)) {
        expect(
          ids.filter((id) => id !== agency.agency.agencyId),
          `${name}: rows of another agency`,
        ).toEqual(name === 'users' ? [`user ${agency.agency.userId}`] : []);
      }
    }
    expect(countsOf(seenByA, a.agency.agencyId)).toEqual(countsOf(ownerView, a.agency.agencyId));
    expect(countsOf(seenByB, b.agency.agencyId)).toEqual(countsOf(ownerView, b.agency.agencyId));
    // The platform scope (admin, anonymous routes, the reminder job) sees all of them.
    expect(await as(PLATFORM_SCOPE, agencyIdsOf)).toEqual(ownerView);
  });

  it("answers nothing to the app's own repository asked for another agency's client", async () => {
    const asked = async () => {
      const plans = await plansOf(t.database.db, b.agency.agencyId, bClient.primaryClientId);
      return plans.insurance.length + plans.investment.length;
    };
    expect(await as(agencyScope(b.agency.agencyId), asked)).toBe(2);
    expect(await as(agencyScope(a.agency.agencyId), asked)).toBe(0);
  });

  it("refuses to write another agency's rows", async () => {
    const insertForB = (db: Db) =>
      db.insert(secondaryClients).values({
        agencyId: b.agency.agencyId,
        primaryClientId: bClient.primaryClientId,
        firstName: 'Intruder',
        relationship: 'Brother',
      });
    await expect(as(agencyScope(a.agency.agencyId), insertForB)).rejects.toMatchObject({
      cause: { code: '42501' },
    });
    // Moving A's row to B is refused too (WITH CHECK), and B's rows are out of reach of update and delete.
    await expect(
      as(agencyScope(a.agency.agencyId), (db) =>
        db
          .update(secondaryClients)
          .set({ agencyId: b.agency.agencyId })
          .where(eq(secondaryClients.agencyId, a.agency.agencyId)),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    const touched = await as(agencyScope(a.agency.agencyId), async (db) => {
      const updated = await db
        .update(primaryClients)
        .set({ firstName: 'Changed' })
        .where(eq(primaryClients.agencyId, b.agency.agencyId))
        .returning({ id: primaryClients.id });
      const deleted = await db
        .delete(mailOutbox)
        .where(eq(mailOutbox.agencyId, b.agency.agencyId))
        .returning({ id: mailOutbox.id });
      return updated.length + deleted.length;
    });
    expect(touched).toBe(0);
    const [bRow] = await t.db
      .select()
      .from(primaryClients)
      .where(eq(primaryClients.id, bClient.primaryClientId));
    expect(bRow?.firstName).toBe('Farhan');
    // In B's own scope the same insert goes through.
    await as(agencyScope(b.agency.agencyId), insertForB);
  });

  it('shows no tenant row at all outside a scope, and no scope carries over on the pooled connections', async () => {
    const none = await as(null, agencyIdsOf);
    expect(Object.values(none).flat()).toEqual([]);
    // Many checkouts in mixed scopes on the pool of 4: each sees only its own agency, the unscoped nothing.
    const checks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => {
        const scope = i % 3 === 0 ? a : i % 3 === 1 ? b : null;
        return as(scope ? agencyScope(scope.agency.agencyId) : null, async (db) => {
          const rows = await db.select({ agencyId: primaryClients.agencyId }).from(primaryClients);
          return rows.every((r) => r.agencyId === scope?.agency.agencyId) && (scope ? rows.length > 0 : true);
        });
      }),
    );
    expect(checks.every(Boolean)).toBe(true);
  });

  it("keeps the client dashboard working through the wall, each client seeing their own agency's figures", async () => {
    for (const client of [aClient, bClient]) {
      const summary = await t.app.inject({
        method: 'GET',
        url: '/api/agency-user/client/dashboard/summary',
        headers: bearer(client.token),
      });
      expect(summary.statusCode, summary.body).toBe(200);
      const alerts = await t.app.inject({
        method: 'GET',
        url: '/api/agency-user/upcoming-alerts',
        headers: bearer(client.token),
      });
      expect(alerts.statusCode, alerts.body).toBe(200);
    }
  });

  it("shows an agent only their assigned clients' rows and refuses writes outside them (migration 0024)", async () => {
    // A second client of A with a member and plans, assigned to nobody; Meera Iyer (A's first) to the agent.
    const other = await signedInClient(t, a, 'Rohan Kulkarni');
    await addFamilyMember(t, a, other.primaryClientId, { firstName: 'Ira', lastName: 'Kulkarni' });
    await addPolicy(t, a, other.primaryClientId, 'health');
    await addAccount(t, a, other.primaryClientId, 'mutual_funds');
    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    await assignClients(t.db, [aClient.primaryClientId], agent.userId);
    const agentScope = agencyScope(a.agency.agencyId, agent.userId);
    const clientIdsIn = async (scope: TenantScope) =>
      as(scope, async (db) => ({
        clients: (await db.select({ id: primaryClients.id }).from(primaryClients)).map((r) => r.id),
        members: (await db.select({ id: secondaryClients.primaryClientId }).from(secondaryClients)).map(
          (r) => r.id,
        ),
        policies: (await db.select({ id: insurancePolicies.primaryClientId }).from(insurancePolicies)).map(
          (r) => r.id,
        ),
        accounts: (await db.select({ id: investmentAccounts.primaryClientId }).from(investmentAccounts)).map(
          (r) => r.id,
        ),
      }));
    const owner = await clientIdsIn(agencyScope(a.agency.agencyId));
    expect(owner.clients).toEqual(expect.arrayContaining([aClient.primaryClientId, other.primaryClientId]));
    expect(owner.policies).toContain(other.primaryClientId);
    const seen = await clientIdsIn(agentScope);
    for (const [table, ids] of Object.entries(seen)) {
      expect(ids.length, table).toBeGreaterThan(0);
      expect(new Set(ids), table).toEqual(new Set([aClient.primaryClientId]));
    }
    // Writes: a member for the other client, a client assigned elsewhere, and taking the other client over.
    await expect(
      as(agentScope, (db) =>
        db.insert(secondaryClients).values({
          agencyId: a.agency.agencyId,
          primaryClientId: other.primaryClientId,
          firstName: 'Intruder',
          relationship: 'Brother',
        }),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    const taken = await as(agentScope, (db) =>
      db
        .update(primaryClients)
        .set({ assignedAgentId: agent.userId })
        .where(eq(primaryClients.id, other.primaryClientId))
        .returning({ id: primaryClients.id }),
    );
    expect(taken).toEqual([]);
    await expect(
      as(agentScope, (db) =>
        db
          .update(primaryClients)
          .set({ assignedAgentId: null })
          .where(eq(primaryClients.id, aClient.primaryClientId)),
      ),
    ).rejects.toMatchObject({ cause: { code: '42501' } });
    // The plans of the agent's own client go on reading as before.
    const plans = await as(agentScope, (db) =>
      plansOf(db, a.agency.agencyId, aClient.primaryClientId).then(
        (p) => p.insurance.length + p.investment.length,
      ),
    );
    expect(plans).toBe(2);
    console.log(
      `[security] rls: an agent's scope shows 1 of ${owner.clients.length} clients of its agency, their members and plans only; writes outside them refused`,
    );
  });

  it('answers searches from their trigram indexes through the wall, not by reading every row (migrations 0009 and 0018)', async () => {
    // LIKE: the client search (migration 0018). ILIKE (migration 0009) stays marked for any search under a policy;
    // the admin's owner search uses it on the owner table, which has none.
    const fns = rowsOf<{ name: string; leakproof: boolean }>(
      await t.db.execute(
        sql`select proname as name, proleakproof as leakproof from pg_proc
          where oid in ('texticlike(text, text)'::regprocedure, 'textlike(text, text)'::regprocedure)
          order by proname`,
      ),
    );
    expect(fns).toEqual([
      { name: 'texticlike', leakproof: true },
      { name: 'textlike', leakproof: true },
    ]);
    // The plan PostgreSQL picks for the app role (seq scans priced out: the test agencies are tiny).
    const planOf = (scope: TenantScope, query: ReturnType<typeof sql>) =>
      as(scope, (db) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`))
            .map((r) => Object.values(r)[0])
            .join('\n');
        }),
      );
    const clientSearch = sql`select ${primaryClients.id} from ${primaryClients} where ${searchFilter(a.agency.agencyId, 'sharma')}`;
    expect(await planOf(agencyScope(a.agency.agencyId), clientSearch)).toContain(
      'Bitmap Index Scan on primary_clients_search_trgm_idx',
    );
    // And the index does not open the wall: A's client Meera Iyer is found in A's scope, not in B's, even by a
    // search that names A (its family and plan parts included).
    const search = (agency: Agency, term = 'iyer', named = a) =>
      as(agencyScope(agency.agency.agencyId), (db) =>
        db
          .select({ agencyId: primaryClients.agencyId })
          .from(primaryClients)
          .where(searchFilter(named.agency.agencyId, term)),
      );
    expect((await search(a)).map((r) => r.agencyId)).toEqual([a.agency.agencyId]);
    expect(await search(b)).toEqual([]);
    // Both agencies' clients have a family member Zoya (issue 24 item 11): each agency finds only its own.
    expect((await search(b, 'zoya', b)).map((r) => r.agencyId)).toEqual([b.agency.agencyId]);
    expect(await search(b, 'zoya', a)).toEqual([]);
    console.log(
      "[security] rls: ILIKE and LIKE are leakproof; the client search runs as the API's login role in an agency scope on its trigram index",
    );
  });
});
