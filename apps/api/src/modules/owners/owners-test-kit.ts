import { randomBytes } from 'node:crypto';
import { ErrorResponseSchema } from '@portal/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  type Account,
  bearer,
  createAdmin,
  createAgencyClient,
  createTestApp,
  PORTAL_HOST,
  type RegisteredAgency,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { agencies, auditLog, ownerAccounts, users } from '../../db/schema.ts';

// What the owners-*.test.ts files share: their app with a signed-in platform admin, the admin's calls,
// and the database reads that check what a call changed (or, when refused, did not change).

export const OWNER_NOT_FOUND = 'No agency owner exists with this id.';
export const OFFSET_MESSAGE = 'Offset must be a whole number of 0 or more.';
export const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100.';
export const NEW_PASSWORD = 'Badal#Naya2026';
/** A route every agency user may call, standing for the agency workspace's routes. */
export const AGENCY_ONLY_PATH = '/api/test/agency-only';

export type Res = Awaited<ReturnType<FastifyInstance['inject']>>;

/** The file's own app and database, with a platform admin signed in on the platform address. */
export async function startAdminApp(): Promise<{ t: TestApp; admin: Account; adminToken: string }> {
  const t = await createTestApp({ ready: false });
  t.app.get(AGENCY_ONLY_PATH, { config: { access: ['AO', 'AC'] } }, async () => ({ ok: true }));
  await t.app.ready();
  const admin = await createAdmin(t);
  const adminToken = await signInToken(t.app, { ...admin, host: PORTAL_HOST });
  return { t, admin, adminToken };
}

export function send(app: FastifyInstance, method: string, url: string, token?: string, payload?: object) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The calls of these tests, on the app `app()` answers when called. */
export function ownerCalls(app: () => FastifyInstance) {
  return {
    listOwners: (token: string, query = '') => send(app(), 'GET', `/api/clients${query}`, token),
    ownerStats: (token: string) => send(app(), 'GET', '/api/clients/stats', token),
    ownerAgencies: (token: string, id: string, query = '') =>
      send(app(), 'GET', `/api/clients/${id}/agencies${query}`, token),
    updateOwner: (token: string, body: object) => send(app(), 'PUT', '/api/clients/update', token, body),
    resetPassword: (token: string, id: string, body: object) =>
      send(app(), 'POST', `/api/clients/${id}/reset-ao-password`, token, body),
    changePassword: (token: string, body: object) =>
      send(app(), 'POST', '/api/auth/change-password', token, body),
    me: (token: string) => send(app(), 'GET', '/api/auth/me', token),
    agencyOnly: (token: string) => send(app(), 'GET', AGENCY_ONLY_PATH, token),
    ownerSignIn: (agency: RegisteredAgency, host = agency.host, password = agency.password) =>
      signIn(app(), { email: agency.email, password, host }),
  };
}

export function expectError(res: Res, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = ErrorResponseSchema.parse(res.json());
  if (message !== undefined) expect(body.message).toBe(message);
  return body;
}

/** Every row the admin's calls could touch; a refused call must leave all of it as it was. */
export async function snapshot(db: Db) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    owners: await db.select().from(ownerAccounts).orderBy(asc(ownerAccounts.id)),
    agencies: await db.select().from(agencies).orderBy(asc(agencies.id)),
    audit: await db.select().from(auditLog).orderBy(asc(auditLog.id)),
  };
}

export async function userRow(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row!;
}

export async function ownerRow(db: Db, ownerId: string) {
  const [row] = await db.select().from(ownerAccounts).where(eq(ownerAccounts.id, ownerId));
  return row!;
}

export function auditOf(db: Db, action: string, targetId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(asc(auditLog.id));
}

/** Another agency of an owner, straight in the database (registration makes only the first). */
export async function insertAgency(
  db: Db,
  ownerId: string,
  values: Partial<typeof agencies.$inferInsert> = {},
) {
  const [row] = await db
    .insert(agencies)
    .values({
      ownerId,
      name: 'Second Branch',
      slug: `branch-${randomBytes(4).toString('hex')}`,
      email: 'branch@example.in',
      phone: '9876543211',
      locality: 'Camp',
      city: 'Pune',
      stateName: 'Maharashtra',
      pincode: '411001',
      ...values,
    })
    .returning();
  return row!;
}

/** A verified agency with its owner and one client, both signed in. */
export async function verifiedAgencyWithClient(t: TestApp) {
  const agency = await registerAgency(t.app);
  await verifyOwner(t.db, agency.ownerId);
  const client = await createAgencyClient(t, agency.agencyId);
  const aoToken = await signInToken(t.app, {
    email: agency.email,
    password: agency.password,
    host: agency.host,
  });
  const acToken = await signInToken(t.app, { ...client, host: agency.host });
  return { agency, client, aoToken, acToken };
}
