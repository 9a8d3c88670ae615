import { MSG } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agencyHost,
  createTestApp,
  decodeToken,
  PORTAL_HOST,
  registerAgency,
  signIn,
  type TestApp,
} from '../../../test/helpers.ts';
import { agencies, auditLog, users } from '../../db/schema.ts';
import { DEMO, type FirstStartOptions, firstStart } from './first-start.ts';

// Each test starts from an empty (freshly migrated) database: first start only acts on one.

const opened: TestApp[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});
async function fresh(): Promise<TestApp> {
  const t = await createTestApp();
  opened.push(t);
  return t;
}

const options = (over: Partial<FirstStartOptions> = {}): FirstStartOptions => ({
  adminEmail: 'root@portal.test',
  adminPassword: 'Pehla#Admin2026',
  seedDemo: false,
  portalHost: PORTAL_HOST,
  portalScheme: 'http',
  ...over,
});

async function admins(t: TestApp) {
  return t.db.select().from(users).where(eq(users.role, 'ADMIN'));
}
async function agencyCount(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(agencies);
  return row!.n;
}

describe('firstStart', () => {
  it('creates one admin from ADMIN_EMAIL/ADMIN_PASSWORD who can sign in on the platform address', async () => {
    const t = await fresh();
    const lines = await firstStart(t.db, t.app.services.hasher, options());
    const [admin, ...more] = await admins(t);
    expect(more).toHaveLength(0);
    expect(admin).toMatchObject({ email: 'root@portal.test', isActive: true, agencyId: null });
    expect(lines.join('\n')).toContain('root@portal.test');
    expect(lines.join('\n')).not.toContain('Pehla#Admin2026');
    const res = await signIn(t.app, {
      email: 'root@portal.test',
      password: 'Pehla#Admin2026',
      host: PORTAL_HOST,
    });
    expect(res.statusCode).toBe(200);
    expect(decodeToken(res.json().data.token).payload.roleid).toEqual(['ADMIN']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'system.admin_created'));
    expect(audit).toHaveLength(1);
  });

  it.each(['weak', 'password123', 'Password@123'])('refuses the weak ADMIN_PASSWORD %j', async (password) => {
    const t = await fresh();
    await expect(
      firstStart(t.db, t.app.services.hasher, options({ adminPassword: password })),
    ).rejects.toThrow(/ADMIN_PASSWORD is not acceptable/);
    expect(await admins(t)).toHaveLength(0);
  });

  it('without ADMIN_PASSWORD, prints a one-time password once, and it works', async () => {
    const t = await fresh();
    const lines = await firstStart(t.db, t.app.services.hasher, options({ adminPassword: undefined }));
    const password = /one-time password: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(password).toBeDefined();
    const res = await signIn(t.app, { email: 'root@portal.test', password: password!, host: PORTAL_HOST });
    expect(res.statusCode).toBe(200);
    expect(await firstStart(t.db, t.app.services.hasher, options({ adminPassword: undefined }))).toEqual([]);
  });

  it('seeds no demo agency unless asked', async () => {
    const t = await fresh();
    await firstStart(t.db, t.app.services.hasher, options({ seedDemo: false }));
    expect(await agencyCount(t)).toBe(0);
  });

  it('seeds the demo agency when asked, whose owner and client can sign in on its address', async () => {
    const t = await fresh();
    const lines = await firstStart(t.db, t.app.services.hasher, options({ seedDemo: true }));
    expect(lines.join('\n')).toContain(`http://${DEMO.slug}.${PORTAL_HOST}`);
    const host = agencyHost(DEMO.slug);
    expect(host).toBe('demoagency.portal.test');

    const owner = await signIn(t.app, { email: DEMO.ownerEmail, password: DEMO.ownerPassword, host });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.agency_name).toBe(DEMO.agencyName);
    expect(decodeToken(owner.json().data.token).payload.roleid).toEqual(['AO']);

    const client = await signIn(t.app, { email: DEMO.clientEmail, password: DEMO.clientPassword, host });
    expect(client.statusCode).toBe(200);
    expect(decodeToken(client.json().data.token).payload).toMatchObject({
      roleid: ['AC'],
      agency_name: DEMO.agencyName,
    });

    // The demo client is the agency's: not on the platform address.
    const elsewhere = await signIn(t.app, {
      email: DEMO.clientEmail,
      password: DEMO.clientPassword,
      host: PORTAL_HOST,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe(MSG.loginInvalid);
  });

  it('does not seed the demo into a database that already has agencies', async () => {
    const t = await fresh();
    await firstStart(t.db, t.app.services.hasher, options());
    await registerAgency(t.app);
    await firstStart(t.db, t.app.services.hasher, options({ seedDemo: true }));
    expect(await t.db.select().from(agencies).where(eq(agencies.slug, DEMO.slug))).toHaveLength(0);
  });

  it('is idempotent: a second run creates nothing and prints nothing', async () => {
    const t = await fresh();
    await firstStart(t.db, t.app.services.hasher, options({ seedDemo: true }));
    const before = {
      users: (await t.db.select({ n: count() }).from(users))[0]!.n,
      agencies: await agencyCount(t),
    };
    const again = await firstStart(
      t.db,
      t.app.services.hasher,
      options({ seedDemo: true, adminEmail: 'other@portal.test' }),
    );
    expect(again).toEqual([]);
    expect((await t.db.select({ n: count() }).from(users))[0]!.n).toBe(before.users);
    expect(await agencyCount(t)).toBe(before.agencies);
    expect((await admins(t)).map((a) => a.email)).toEqual(['root@portal.test']);
  });
});
