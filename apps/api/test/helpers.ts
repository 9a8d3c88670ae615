import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RegistrationInput, type RegistrationResponse, TENANT_HOST_HEADER } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { eq, getTableName, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { generate, generateSecret } from 'otplib';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { ownerAccounts, primaryClients, providers, secondaryClients, users } from '../src/db/schema.ts';
import { decryptField, encryptField } from '../src/lib/crypto.ts';
import { appUrl, databaseUrl } from './global-setup.ts';
import { describeHits, LeakWatch } from './leak-scanner.ts';

export { fullAadhaars } from './leak-scanner.ts';

// The API test harness: each createTestApp() gets its own database copied from the golden one, and each
// test creates its own agency through these helpers. Nothing here is shared or mutable between tests.

export const PORTAL_HOST = 'portal.test';
export const TEST_TOKEN_SECRET = 'test-token-secret-that-is-long-enough-0123456789';
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
const NO_WEB_BUILD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.tmp/no-web-build');

export const agencyHost = (slug: string) => `${slug}.${PORTAL_HOST}`;

export interface TestApp {
  app: FastifyInstance;
  /**
   * The tests' own handle for arranging and checking rows: on PostgreSQL the database owner's, which row-level
   * security does not hold (decision 012); the app's queries go through `database.db` as portal_app.
   */
  db: Db;
  database: Database;
  config: Config;
  /** What the app answered and logged and the secrets its test sent, scanned when it closes (issue 9, item 7). */
  tripwire: LeakWatch;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Environment variables on top of the test defaults. */
  env?: Record<string, string>;
  /** Wait for `app.ready()` (default). False leaves the app open for more routes, as the access test needs. */
  ready?: boolean;
  /**
   * Log lines of the app go here too (with LOG_LEVEL in `env`). Every app logs at `debug` into the tripwire
   * unless `env` names another LOG_LEVEL.
   */
  logStream?: { write(line: string): void };
  /** Only for the tripwire's self-test: leaks this app plants are counted apart from the suite's hits. */
  plantedLeaks?: boolean;
}

interface DatabaseCopy {
  database: Database;
  /** The same database as its owner (PostgreSQL) or the same handle (PGlite). */
  owner: Database;
  url: string | undefined;
  /** The same database as the app's own login role (PostgreSQL). */
  appUrl: string | undefined;
  drop(): Promise<void>;
}

let goldenBlob: Blob | undefined;

async function copyGolden(): Promise<DatabaseCopy> {
  const golden = inject('golden');
  if (golden.engine === 'pglite') {
    goldenBlob ??= new Blob([readFileSync(golden.file)]);
    const database = await openPglite('memory://', goldenBlob);
    return { database, owner: database, url: undefined, appUrl: undefined, drop: async () => {} };
  }
  const name = `${golden.prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: golden.serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${golden.database}"`);
  const url = databaseUrl(golden.serverUrl, name);
  const app = appUrl(golden.serverUrl, name);
  const database = await openPostgres(url, 4, { appUrl: app });
  const owner = await openPostgres(url, 2, { as: 'owner' });
  return {
    database,
    owner,
    url,
    appUrl: app,
    drop: async () => {
      await owner.close().catch(() => {});
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** The environment every test app starts from; `DATABASE_URL` is the copy's on PostgreSQL. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    PORTAL_HOST,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // Whether apps/web has been built must not change what the API tests see.
    WEB_DIST: NO_WEB_BUILD,
    ...overrides,
  };
}

/** An app on its own copy of the migrated golden database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const copy = await copyGolden();
  try {
    const config = loadConfig(
      testEnv({
        LOG_LEVEL: 'debug',
        ...(copy.url ? { DATABASE_URL: copy.url, DATABASE_APP_URL: copy.appUrl! } : {}),
        ...options.env,
      }),
    );
    const tripwire = new LeakWatch();
    const app = await buildApp(config, {
      database: copy.database,
      logger: false,
      logStream: {
        write(line) {
          tripwire.log(line);
          options.logStream?.write(line);
        },
      },
    });
    watchInjections(app, tripwire);
    if (options.ready !== false) await app.ready();
    let closed = false;
    return {
      app,
      db: copy.owner.db,
      database: copy.database,
      config,
      tripwire,
      async close() {
        if (closed) return;
        closed = true;
        await seedStoredSecrets(copy.owner.db, config.encryptionKey, tripwire);
        await app.close().catch(() => {});
        await copy.database.close();
        await copy.drop();
        const hits = tripwire.scan();
        recordTripwire(tripwire, hits.length, options.plantedLeaks === true);
        if (hits.length > 0) throw new Error(describeHits(hits));
      },
    };
  } catch (err) {
    await copy.database.close().catch(() => {});
    await copy.drop().catch(() => {});
    throw err;
  }
}

/**
 * The sensitive-data tripwire of the whole API suite (issue 9, item 7; decisions §5): every answer (headers,
 * and the body when it is text) of every test app is kept with the secrets each request sent, and scanned
 * with the app's log lines when it closes (test/leak-scanner.ts).
 */
function watchInjections(app: FastifyInstance, tripwire: LeakWatch): void {
  const original = app.inject.bind(app) as (o: InjectOptions) => Promise<LightMyRequestResponse>;
  const watched = async (opts: InjectOptions | string) => {
    const o: InjectOptions = typeof opts === 'string' ? { url: opts } : opts;
    tripwire.noteRequest(o);
    const res = await original(o);
    tripwire.noteAnswer(o, res);
    return res;
  };
  (app as unknown as { inject: typeof watched }).inject = watched;
}

/**
 * The PANs, CIFs and account numbers the test stored, through the API or a test kit's insert: decrypted from
 * their columns before the copy is dropped, they must show in no answer and no log line either.
 */
async function seedStoredSecrets(db: Db, key: Buffer, tripwire: LeakWatch): Promise<void> {
  const columns = [
    ['PAN', primaryClients, primaryClients.panEnc],
    ['PAN', secondaryClients, secondaryClients.panEnc],
    ['CIF', secondaryClients, secondaryClients.cifEnc],
    ['account number', secondaryClients, secondaryClients.accountNumberEnc],
    ['account number', providers, providers.bankAccountNumberEnc],
  ] as const;
  const read = async () => {
    for (const [kind, table, column] of columns) {
      const rows = await db.select({ value: column }).from(table).where(isNotNull(column));
      for (const { value } of rows) {
        try {
          tripwire.seedAs(kind, `${kind} stored in ${getTableName(table)}`, decryptField(key, value!));
        } catch {
          // A test's deliberately broken ciphertext: nothing to look for.
        }
      }
    }
  };
  let timer: NodeJS.Timeout | undefined;
  // A test that stopped its database leaves nothing to read; the tripwire still scans what was sent.
  await Promise.race([read(), new Promise((resolve) => (timer = setTimeout(resolve, 5_000)))])
    .catch(() => {})
    .finally(() => clearTimeout(timer));
}

interface TripwireFigures {
  apps: number;
  answers: number;
  logLines: number;
  hits: number;
  planted: number;
  seeds: string[];
}

/** Adds one closed app's figures to this worker's file; the global teardown sums the files of the run. */
function recordTripwire(tripwire: LeakWatch, hits: number, planted: boolean): void {
  const dir = runDir();
  if (!dir) return;
  const figures: TripwireFigures = {
    apps: 1,
    answers: tripwire.answers,
    logLines: tripwire.logLines,
    hits: planted ? 0 : hits,
    planted: planted ? hits : 0,
    seeds: tripwire.seedDigests(),
  };
  appendFileSync(path.join(dir, `tripwire-${process.pid}.jsonl`), `${JSON.stringify(figures)}\n`);
}

function runDir(): string | undefined {
  try {
    return inject('runDir');
  } catch {
    return undefined;
  }
}

let ipCounter = 0;

/** A fresh client address, so the per-address sign-in throttle of one test never reaches another. */
/**
 * Runs `work` on a PostgreSQL connection of its own, not one of the app's pool: as another API process or a psql
 * session would write (the caches' tests: decisions 015 and 017). PostgreSQL only.
 */
export async function onOwnConnection<T>(
  t: Pick<TestApp, 'config'>,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function uniqueIp(): string {
  ipCounter += 1;
  const n = (process.pid % 200) * 65536 + ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface RegisteredAgency {
  form: RegistrationInput;
  email: string;
  password: string;
  /** The owner account (the admin's "client", spec §3) and its user. */
  ownerId: string;
  userId: string;
  agencyId: string;
  slug: string;
  host: string;
  portalUrl: string;
}

export function postRegistration(app: FastifyInstance, form: unknown, remoteAddress = uniqueIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/agencies/register-client',
    payload: form as object,
    remoteAddress,
  });
}

/** Registers a new agency (unverified owner) through the API. */
export async function registerAgency(
  app: FastifyInstance,
  overrides: Partial<RegistrationInput> = {},
): Promise<RegisteredAgency> {
  const form = makeRegistration(overrides);
  const res = await postRegistration(app, form);
  if (res.statusCode !== 201) throw new Error(`registration answered ${res.statusCode}: ${res.body}`);
  const { data } = res.json<RegistrationResponse>();
  const [owner] = await app.services.database.db
    .select({ userId: ownerAccounts.userId })
    .from(ownerAccounts)
    .where(eq(ownerAccounts.id, data.client_id));
  return {
    form,
    email: form.AgencyEmail!.toLowerCase(),
    password: form.AgencyPassword!,
    ownerId: data.client_id,
    userId: owner!.userId,
    agencyId: data.agency_id,
    slug: data.slug,
    host: agencyHost(data.slug),
    portalUrl: data.portal_url,
  };
}

export interface SignInInput {
  email: string;
  password: string;
  /** The X-Tenant-Host header; omitted when undefined. */
  host: string | undefined;
  remoteAddress?: string;
}

export function signIn(app: FastifyInstance, input: SignInInput): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/agencies/client-login',
    headers: input.host === undefined ? {} : { [TENANT_HOST_HEADER]: input.host },
    payload: { email: input.email, password: input.password },
    remoteAddress: input.remoteAddress ?? uniqueIp(),
  });
}

/**
 * The TOTP keys of the admins createAdmin made (issue 23 item 14), by e-mail: signInToken answers their code step.
 * A test signs in as its admin many times within one 30 s step, and a used step is refused (replay), so the
 * helper forgets the used step first; replay itself is tested with real accounts in second-factor.test.ts.
 */
const secondFactors = new Map<string, { secret: string; userId: string; db: Db }>();

/** Signs in and answers the token (through the code step for an admin of createAdmin); throws on failure. */
export async function signInToken(app: FastifyInstance, input: SignInInput): Promise<string> {
  const res = await signIn(app, input);
  if (res.statusCode !== 200) throw new Error(`sign-in answered ${res.statusCode}: ${res.body}`);
  const body = res.json<{ status: string; data: { token?: string; challenge?: string } }>();
  if (body.status !== 'second_factor_required') return body.data.token!;
  const known = secondFactors.get(input.email.toLowerCase());
  if (!known) throw new Error(`sign-in of ${input.email} asks for a code, and no key of it is known`);
  await known.db.update(users).set({ totpLastStep: null }).where(eq(users.id, known.userId));
  const second = await app.inject({
    method: 'POST',
    url: '/api/auth/second-factor/login',
    payload: { challenge: body.data.challenge, code: await generate({ secret: known.secret }) },
    remoteAddress: input.remoteAddress ?? uniqueIp(),
  });
  if (second.statusCode !== 200)
    throw new Error(`the code step answered ${second.statusCode}: ${second.body}`);
  return second.json<{ data: { token: string } }>().data.token;
}

/** What the platform admin does to an owner account, straight in the database. */
export async function verifyOwner(db: Db, ownerId: string): Promise<void> {
  await db
    .update(ownerAccounts)
    .set({ isVerified: true, verifiedAt: new Date() })
    .where(eq(ownerAccounts.id, ownerId));
}

export interface Account {
  userId: string;
  email: string;
  password: string;
}

const uniqueTag = () => randomBytes(5).toString('hex');

/** An agency client (AC) with a primary client record, created in the database with the real hasher. */
export async function createAgencyClient(
  t: Pick<TestApp, 'app' | 'db'>,
  agencyId: string,
  options: { email?: string; password?: string; portalAccess?: boolean; fullName?: string } = {},
): Promise<Account & { primaryClientId: string }> {
  const tag = uniqueTag();
  const email = options.email ?? `client.${tag}@example.in`;
  const password = options.password ?? 'Suraksha#2026c';
  const fullName = options.fullName ?? 'Meera Iyer';
  const [user] = await t.db
    .insert(users)
    .values({
      role: 'AC',
      agencyId,
      email,
      passwordHash: await t.app.services.hasher.hash(password),
      fullName,
    })
    .returning({ id: users.id });
  const [client] = await t.db
    .insert(primaryClients)
    .values({
      agencyId,
      userId: user!.id,
      clientCode: `T-${tag.toUpperCase()}`,
      firstName: fullName.split(' ')[0]!,
      lastName: fullName.split(' ').slice(1).join(' ') || null,
      email,
      // As every client had before issue 24 item 7, so their investments need nothing more.
      panEnc: encryptField(t.app.services.config.encryptionKey, 'ABCDE1234F'),
      panLast4: '234F',
      portalAccess: options.portalAccess ?? true,
    })
    .returning({ id: primaryClients.id });
  return { userId: user!.id, primaryClientId: client!.id, email, password };
}

/**
 * A member of an agency's staff (issue 25): an agency admin (AA) or an agent (AG), created in the database with
 * the real hasher, as an accepted invitation leaves them.
 */
export async function createStaff(
  t: Pick<TestApp, 'app' | 'db'>,
  agencyId: string,
  role: 'AA' | 'AG',
  options: { email?: string; password?: string; fullName?: string } = {},
): Promise<Account> {
  const email = options.email ?? `${role.toLowerCase()}.${uniqueTag()}@example.in`;
  const password = options.password ?? 'Suraksha#2026s';
  const [user] = await t.db
    .insert(users)
    .values({
      role,
      agencyId,
      email,
      passwordHash: await t.app.services.hasher.hash(password),
      fullName: options.fullName ?? (role === 'AA' ? 'Kavita Rao' : 'Arjun Mehta'),
    })
    .returning({ id: users.id });
  return { userId: user!.id, email, password };
}

/** Assigns primary clients to an agent (or to nobody), as the owner's assignment would. */
export async function assignClients(db: TestApp['db'], clientIds: string[], agentId: string | null) {
  await db
    .update(primaryClients)
    .set({ assignedAgentId: agentId })
    .where(inArray(primaryClients.id, clientIds));
}

/**
 * A platform admin, with its required second factor on (issue 23 item 14): a known TOTP key, stored encrypted as
 * the set-up would, which signInToken uses. `secondFactor: false` makes one that has not set it up yet.
 */
export async function createAdmin(
  t: Pick<TestApp, 'app' | 'db'>,
  options: { email?: string; password?: string; secondFactor?: boolean } = {},
): Promise<Account & { totpSecret: string | null }> {
  const email = options.email ?? `admin.${uniqueTag()}@portal.test`;
  const password = options.password ?? 'Niyantran#2026a';
  const secret = options.secondFactor === false ? null : generateSecret();
  const [user] = await t.db
    .insert(users)
    .values({
      role: 'ADMIN',
      email,
      passwordHash: await t.app.services.hasher.hash(password),
      fullName: 'Platform Admin',
      ...(secret
        ? {
            totpSecretEnc: encryptField(t.app.services.config.encryptionKey, secret),
            totpEnabledAt: new Date(),
          }
        : {}),
    })
    .returning({ id: users.id });
  if (secret) secondFactors.set(email.toLowerCase(), { secret, userId: user!.id, db: t.db });
  return { userId: user!.id, email, password, totpSecret: secret };
}

/** The header and claims of a token, unverified (what the web app's jwt-decode sees). */
export function decodeToken(token: string) {
  return { header: decodeProtectedHeader(token), payload: decodeJwt(token) };
}

/** One account of every role: an admin, a verified agency's owner and one of its clients, with their host. */
export async function createAccountOfEveryRole(t: Pick<TestApp, 'app' | 'db'>) {
  const admin = await createAdmin(t);
  const agency = await registerAgency(t.app);
  await verifyOwner(t.db, agency.ownerId);
  const client = await createAgencyClient(t, agency.agencyId);
  const agencyAdmin = await createStaff(t, agency.agencyId, 'AA');
  const agent = await createStaff(t, agency.agencyId, 'AG');
  // The agent works the agency's client (issue 25).
  await assignClients(t.db, [client.primaryClientId], agent.userId);
  return {
    agency,
    accounts: {
      ADMIN: { ...admin, host: PORTAL_HOST },
      AO: { userId: agency.userId, email: agency.email, password: agency.password, host: agency.host },
      AC: { ...client, host: agency.host },
      AA: { ...agencyAdmin, host: agency.host },
      AG: { ...agent, host: agency.host },
    },
  };
}
