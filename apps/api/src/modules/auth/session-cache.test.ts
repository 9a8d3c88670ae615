import { MSG, SESSION_EXPIRED_REASON } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../../../test/figures.ts';
import {
  agencyHost,
  bearer,
  createAgencyClient,
  createTestApp,
  onOwnConnection,
  registerAgency,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { primaryClients, users } from '../../db/schema.ts';

// The session cache (issue 8, decision 015): a signed-in call's access check is answered from memory, and every
// change that ends or alters a session reaches it through the database's announcements (migration 0010).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const onPostgres = () => t.database.engine === 'postgres';
const myPlans = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/agency-user/client/my-plans', headers: bearer(token) });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

async function signedInClient() {
  const agency = await registerAgency(t.app);
  await verifyOwner(t.db, agency.ownerId);
  const client = await createAgencyClient(t, agency.agencyId, { portalAccess: true });
  const token = await signInToken(t.app, { ...client, host: agencyHost(agency.slug) });
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, client.email.toLowerCase()));
  return { agency, client, token, userId: user!.id };
}

function errorOf(res: { json(): unknown }): string {
  return (res.json() as { message: string }).message;
}

const elsewhere = <T>(work: (client: pg.Client) => Promise<T>) => onOwnConnection(t, work);

describe('the session cache', () => {
  it('drops a session the moment the database revokes it, whoever wrote the change in this process', async () => {
    const { token, userId } = await signedInClient();
    expect((await myPlans(token)).statusCode).toBe(200);
    expect((await myPlans(token)).statusCode).toBe(200);
    // Straight in the database, past the API's own services.
    await t.db.update(users).set({ tokenVersion: 7 }).where(eq(users.id, userId));
    const res = await myPlans(token);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(SESSION_EXPIRED_REASON);
  });

  it("follows the client's own record: portal access off is 403 and a removed record 404 on the next call", async () => {
    const { token, client } = await signedInClient();
    expect((await myPlans(token)).statusCode).toBe(200);
    await t.db
      .update(primaryClients)
      .set({ portalAccess: false })
      .where(eq(primaryClients.id, client.primaryClientId));
    const off = await myPlans(token);
    expect(off.statusCode).toBe(403);
    expect(errorOf(off)).toBe(MSG.forbidden);
    await t.db
      .update(primaryClients)
      .set({ portalAccess: true })
      .where(eq(primaryClients.id, client.primaryClientId));
    expect((await myPlans(token)).statusCode).toBe(200);
    await t.db
      .update(primaryClients)
      .set({ deletedAt: new Date() })
      .where(eq(primaryClients.id, client.primaryClientId));
    const gone = await myPlans(token);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe(MSG.clientNotFound);
  });

  it('answers a known session without reading the users table (PostgreSQL)', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const { token } = await signedInClient();
    expect((await myPlans(token)).statusCode).toBe(200);
    expect((await myPlans(token)).statusCode).toBe(200);
    // The app's role may not read users for a moment: a call that still reads it fails, one from memory not.
    await elsewhere((c) => c.query('REVOKE SELECT ON users FROM portal_app'));
    try {
      expect((await myPlans(token)).statusCode).toBe(200);
    } finally {
      await elsewhere((c) => c.query('GRANT SELECT ON users TO portal_app'));
    }
  });

  it("hears another process's revocation within moments (PostgreSQL)", async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const { token, userId } = await signedInClient();
    expect((await me(token)).statusCode).toBe(200);
    expect((await myPlans(token)).statusCode).toBe(200);
    await elsewhere((c) => c.query('update users set is_active = false where id = $1', [userId]));
    const started = performance.now();
    let status = 200;
    let tries = 0;
    while (status === 200 && performance.now() - started < 2_000) {
      tries += 1;
      status = (await myPlans(token)).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const ms = performance.now() - started;
    figure(
      '3. Revocation',
      `[security] revocation: a deactivation written by another connection refused ${ms.toFixed(1)} ms after its commit returned, on call ${tries} (2,000 ms allowed)`,
    );
    expect(status).toBe(401);
  });

  it('keeps nothing while no connection listens, so a change made meanwhile is seen (PostgreSQL)', async (ctx) => {
    if (!onPostgres()) ctx.skip();
    const { token, userId } = await signedInClient();
    expect((await myPlans(token)).statusCode).toBe(200);
    expect(t.database.hearing.now()).toBe(true);
    // The server drops every connection of the app (a restart, a failover); the pool notices and stops hearing.
    await elsewhere((c) =>
      c.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and usename = $1`,
        [new URL(t.config.databaseAppUrl!).username],
      ),
    );
    const deadline = performance.now() + 5_000;
    while (t.database.hearing.now() && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(t.database.hearing.now()).toBe(false);
    // Nobody of this process hears this one.
    await elsewhere((c) =>
      c.query('update users set token_version = token_version + 1 where id = $1', [userId]),
    );
    expect((await myPlans(token)).statusCode).toBe(401);
    expect(t.database.hearing.now()).toBe(true);
  });
});
