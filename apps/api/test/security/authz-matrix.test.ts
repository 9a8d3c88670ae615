import { randomBytes, randomUUID } from 'node:crypto';
import { type Endpoint, type EndpointName, endpoints, TENANT_HOST_HEADER, XLSX_MIME } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { and, eq, getTableColumns, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { addDays, todayInIndia } from '../../src/lib/dates.ts';
import { createOutboxMailer } from '../../src/lib/mail-outbox.ts';
import { encodePng, pngChunk } from '../../src/lib/png.ts';
import { runReminderJob } from '../../src/modules/renewals/reminder-job.ts';
import { figure } from '../figures.ts';
import { plansCsv } from '../fixtures/imports.ts';
import { pdfOf } from '../fixtures/pdf-bytes.ts';
import { plan, SUBTYPE } from '../fixtures/plans.ts';
import { clientPayload } from '../fixtures/primary-clients.ts';
import { insurancePayload, investmentPayload } from '../fixtures/providers.ts';
import { atIndia } from '../fixtures/renewals.ts';
import { SERVICE_IDS } from '../fixtures/services.ts';
import {
  assignClients,
  bearer,
  createAdmin,
  createAgencyClient,
  createStaff,
  createTestApp,
  PORTAL_HOST,
  type RegisteredAgency,
  registerAgency,
  signInToken,
  type TestApp,
  uniqueIp,
  verifyOwner,
} from '../helpers.ts';
import { multipart, type Part } from '../multipart.ts';
import { pdfText } from '../pdf-text.ts';
import { apiRoutes, documentedRoutes, routerRoutes } from '../routes.ts';
import { auditFigures, auditMark, checkAudited } from './audit-coverage.ts';
import {
  allowedRoles,
  type CallerRole,
  crossReferences,
  expectedStatus,
  type ObjectKind,
  type Permission,
  passesGate,
  permissions,
  type Relation,
} from './permissions.ts';

// The authorization matrix (issue 9, item 1): every route × every kind of caller (anonymous, the platform
// admin, of each of two agencies its owner and two clients with portal accounts, and of agency A its staff
// (issue 25): an agency admin, an agent to whom A's first client is assigned and an agent with no client) × every object
// (the caller's own, another of its agency, one of the other agency, an id naming nothing) gets exactly the
// status of the declarative table in permissions.ts, and another agency's object is answered exactly as no
// object. Every text of each agency's data carries a canary (CANARY-A-n, CANARY-B-n; a client's data
// CANARY-A-C1-n) — names, addresses, nominees, policy numbers, provider names, outbox mails, and the bytes
// of its PDFs and images — and no answer (status line, headers, body, files, base64 inside JSON) and no log
// line (trace level) produced for a caller of one agency may hold a canary of the other, nor one seen by an
// agency client a canary of another client. The reminder job's e-mails and, at the end, every tenant row
// are read for the same canaries.

type Side = 'A' | 'B';
const SIDES: Side[] = ['A', 'B'];
const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');
const LIFE = SERVICE_IDS.life;
const PASSWORD_BASE = 'Matrix#2026';

let canaryCount = 0;
/** Whose data is being written: a client's (1 and 2 have portal accounts, 3 stands for any other) or none. */
let writingFor: number | undefined;
/** A canary of the agency, of one of its clients while writing theirs: CANARY-A-7, CANARY-A-C2-8. */
const canary = (side: Side) =>
  `CANARY-${side}-${writingFor === undefined ? '' : `C${writingFor}-`}${++canaryCount}`;
const canaryPattern = (side: Side) => new RegExp(`CANARY-${side}-(?:C\\d+-)?\\d+`, 'gi');
/** The canaries of an agency's clients other than client `client`. */
const otherClientsCanary = (side: Side, client: number) =>
  new RegExp(`CANARY-${side}-C(?!${client}-)\\d+-\\d+`, 'gi');

/** Runs `write` with the canaries it writes marked as client `client`'s. */
async function asClient<T>(client: number | undefined, write: () => Promise<T>): Promise<T> {
  const before = writingFor;
  writingFor = client;
  try {
    return await write();
  } finally {
    writingFor = before;
  }
}

/** A PNG carrying the canary in a text chunk (uploads keep the bytes as sent). */
const canaryPng = (text: string) =>
  encodePng(2, 2, () => [0x3c, 0x6c, 0x9c], [pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))]);
/** A PDF carrying the canary in a comment, over the 100-byte minimum. */
const canaryPdf = (text: string) => pdfOf(text);
const pdfPart = (name: string, side: Side): Part => ({
  name,
  filename: 'plan.pdf',
  type: 'application/pdf',
  bytes: canaryPdf(canary(side)),
});
const pngPart = (name: string, side: Side): Part => ({
  name,
  filename: 'image.png',
  type: 'image/png',
  bytes: canaryPng(canary(side)),
});

interface Caller {
  label: string;
  role: CallerRole;
  /** The user id of a member of staff (an agent's fresh clients are assigned to them). */
  userId?: string;
  /** An agent with no client assigned: every client's object is out of reach, as another agent's. */
  unassigned?: true;
  /** The agency the caller belongs to (the admin's objects are taken from A's side). */
  side: Side;
  /** Which of the agency's two clients is the caller's own (0 for the owner and the admin). */
  slot: 0 | 1;
  host: string;
  email?: string;
  password?: string;
  token?: string | null;
}

interface World {
  agency: RegisteredAgency;
  ao: Caller;
  clients: [Caller, Caller];
  /** The agency admin and the two agents (agency A only: the staff's reach is within their own agency). */
  staff: Caller[];
  /** An agent who never calls: the one the assignment calls give clients to, so every such call changes hands. */
  assignee: string;
  objects: Record<Exclude<ObjectKind, 'none' | 'login'>, [string, string]>;
  /** Two accounts to sign in with (clients of the agency that are not callers). */
  logins: Array<{ email: string; password: string }>;
}

let t: TestApp;
const logs: string[] = [];
const worlds = {} as Record<Side, World>;
const callers: Caller[] = [];

const res201 = <T>(res: LightMyRequestResponse, what: string): T => {
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: T }>().data;
};

async function tokenOf(c: Caller): Promise<string | undefined> {
  if (c.role === 'anonymous') return undefined;
  c.token ??= await signInToken(t.app, { email: c.email!, password: c.password!, host: c.host });
  return c.token;
}

async function send(c: Caller, opts: InjectOptions): Promise<LightMyRequestResponse> {
  const token = await tokenOf(c);
  return t.app.inject({
    ...opts,
    remoteAddress: uniqueIp(),
    headers: { [TENANT_HOST_HEADER]: c.host, ...(token ? bearer(token) : {}), ...opts.headers },
  });
}

const json = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload === undefined ? {} : { payload }),
});
const form = (method: InjectOptions['method'], url: string, parts: Part[]): InjectOptions => {
  const body = multipart(parts);
  return { method, url, headers: body.headers, payload: body.payload };
};

// ---- Each agency's data, every text a canary of its side ----

function registration(side: Side) {
  const c = canary(side);
  return makeRegistration({
    ClientName: canary(side),
    AgencyName: c,
    AgencyEmail: `${c.toLowerCase()}.${randomBytes(3).toString('hex')}@example.in`,
    Locality: canary(side),
    Society: canary(side),
    City: canary(side),
    CompanyDescription: canary(side),
  });
}

function providerPayload(side: Side, category: 'insurance' | 'investment') {
  const fields = {
    provider_name: canary(side),
    agent_name: canary(side),
    bank_details: { bank_name: canary(side), account_number: '501004567891234' },
  };
  return category === 'insurance' ? insurancePayload(fields) : investmentPayload(fields);
}

function personPayload(side: Side) {
  const c = canary(side);
  return clientPayload({
    first_name: c,
    last_name: canary(side),
    occupation: canary(side),
    emergency_contact_name: canary(side),
    house_number: canary(side),
    society: canary(side),
    locality: canary(side),
    city: canary(side),
    email: `${c.toLowerCase()}.${randomBytes(3).toString('hex')}@example.in`,
  });
}

function familyPayload(side: Side) {
  return {
    first_name: canary(side),
    last_name: canary(side),
    relationship: 'Spouse',
    medical_conditions: canary(side),
    locality: canary(side),
    city: canary(side),
  };
}

/** A life policy ending in 20 days: on the renewals work-list and the client's alerts. */
function lifePlan(side: Side, providerId: string) {
  return plan('life', providerId, {
    policy_number: canary(side),
    end_date: addDays(todayInIndia(), 20),
    subtype_fields: { ...SUBTYPE.life, plan_name: canary(side) },
    nominee: {
      full_name: canary(side),
      relation: 'spouse',
      dob: '1982-01-01',
      phone_number: '9876505678',
      email: 'nominee@example.in',
    },
  });
}

async function createProvider(side: Side, ao: Caller, category: 'insurance' | 'investment') {
  const res = await send(
    ao,
    form('POST', `/api/plans/${category}`, [
      { name: 'payload', value: JSON.stringify(providerPayload(side, category)) },
      pngPart('providerlogourl', side),
    ]),
  );
  return res201<{ provider_id: string }>(res, `${side}'s provider`).provider_id;
}

async function createPrimary(side: Side, ao: Caller, portalPassword?: string) {
  const payload = {
    ...personPayload(side),
    ...(portalPassword ? { portal_access: { enabled: true, initial_password: portalPassword } } : {}),
  };
  const res = await send(ao, json('POST', '/api/users/primary-clients', payload));
  const data = res201<{ primary_client_id: string; email: string }>(res, `${side}'s client`);
  const avatar = await send(
    ao,
    form('POST', `/api/users/primary-clients/${data.primary_client_id}/avatar`, [pngPart('avatar', side)]),
  );
  res201(avatar, `${side}'s client photo`);
  return { id: data.primary_client_id, email: String(payload.email) };
}

async function createSecondary(side: Side, ao: Caller, primaryId: string) {
  const res = await send(
    ao,
    json('POST', '/api/secondary-clients', { primary_client_id: primaryId, ...familyPayload(side) }),
  );
  const id = res201<{ secondary_client_id: string }>(res, `${side}'s family member`).secondary_client_id;
  const doc = await send(
    ao,
    form('POST', `/api/secondary-clients/${id}/documents/aadhaar`, [pdfPart('file', side)]),
  );
  res201(doc, `${side}'s family member's document`);
  return id;
}

async function createPlans(side: Side, ao: Caller, primaryId: string) {
  const w = worlds[side];
  const investment = plan('mutual_funds', w.objects.investmentProvider[0], {
    policy_number: canary(side),
    subtype_fields: { ...SUBTYPE.mutual_funds, scheme: canary(side) },
  });
  const res = await send(
    ao,
    form('POST', '/api/agencies/add-plans-to-existing', [
      { name: 'primary_client_id', value: primaryId },
      {
        name: 'plansData',
        value: JSON.stringify([lifePlan(side, w.objects.insuranceProvider[0]), investment]),
      },
      pdfPart('planFiles', side),
      pdfPart('planFiles', side),
    ]),
  );
  const data = res201<{ insurance: Array<{ plan_id: string }>; investment: Array<{ plan_id: string }> }>(
    res,
    `${side}'s plans`,
  );
  return { policy: data.insurance[0]!.plan_id, account: data.investment[0]!.plan_id };
}

/** A policy's payment with a receipt PDF, for the receipt downloads (decision 041): the payment's id. */
const receiptOf = new Map<string, string>();

async function createReceipt(side: Side, ao: Caller, policyId: string) {
  const res = await send(
    ao,
    form('POST', `/api/plans/${policyId}/premiums`, [
      { name: 'paid_on', value: todayInIndia() },
      { name: 'amount', value: '24500' },
      { name: 'receipt_number', value: canary(side) },
      pdfPart('receipt', side),
    ]),
  );
  if (res.statusCode !== 200) throw new Error(`${side}'s premium paid: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { payments: Array<{ id: string }> } }).data.payments[0]!.id;
}

/** A life claim on a client's policy (issue 28), its claimant a canary of the client whose policy it is. */
async function createClaim(side: Side, ao: Caller, policyId: string) {
  const res = await send(
    ao,
    json('POST', '/api/claims', {
      plan_id: policyId,
      kind: 'life_death',
      intimated_on: todayInIndia(),
      claimed_amount: '500000',
      insurer_claim_number: canary(side),
      details: { claimant: canary(side) },
      note: canary(side),
    }),
  );
  const id = res201<{ id: string }>(res, `${side}'s claim`).id;
  // A checklist item received with its file (decision 045), for the file's download.
  const doc = await send(
    ao,
    form('POST', `/api/claims/${id}/documents/death_certificate`, [pdfPart('file', side)]),
  );
  if (doc.statusCode !== 200) throw new Error(`${side}'s claim document: ${doc.statusCode} ${doc.body}`);
  return id;
}

async function createOutbox(side: Side) {
  const c = canary(side);
  const [row] = await t.db
    .insert(schema.mailOutbox)
    .values({
      agencyId: worlds[side].agency.agencyId,
      kind: 'reminder',
      messageId: `<${randomBytes(8).toString('hex')}@portal.test>`,
      toAddress: `${c.toLowerCase()}@example.in`,
      subject: canary(side),
      textBody: canary(side),
      htmlBody: `<p>${canary(side)}</p>`,
    })
    .returning({ id: schema.mailOutbox.id });
  return row!.id;
}

/** A member of staff who has not accepted their invitation yet (so it may be re-sent or withdrawn). */
async function createInvitee(side: Side) {
  const c = canary(side);
  const staff = await createStaff(t, worlds[side].agency.agencyId, 'AG', {
    email: `${c.toLowerCase()}.${randomBytes(3).toString('hex')}@example.in`,
    fullName: `${c} ${canary(side)}`,
  });
  return staff.userId;
}

/**
 * An import's file (issue 26): an agent's list of two policies of a new client, one held by the spouse, and a row
 * with an end date that is no date (for the errors file); every name and number a canary of the side.
 */
function importPart(side: Side): Part {
  const client = `${canary(side)} ${canary(side)}`;
  const provider = canary(side);
  return {
    name: 'file',
    filename: 'book.csv',
    type: 'text/csv',
    bytes: plansCsv([
      { client, phone: '9876512345', provider, policy: canary(side) },
      {
        client,
        phone: '9876512345',
        provider,
        policy: canary(side),
        heldBy: `${canary(side)} ${canary(side)}`,
      },
      { client, phone: '9876512345', provider, policy: canary(side), end: canary(side) },
    ]),
  };
}

/** Waits until the agency has no import checking, queued or running: one at a time (issue 26 item 6). */
async function settleImports(side: Side) {
  const until = Date.now() + 60_000;
  for (;;) {
    const busy = await t.db
      .select({ id: schema.importJobs.id })
      .from(schema.importJobs)
      .where(
        and(
          eq(schema.importJobs.agencyId, worlds[side].agency.agencyId),
          inArray(schema.importJobs.status, ['checking', 'queued', 'running']),
        ),
      );
    if (busy.length === 0) return;
    if (Date.now() > until) throw new Error(`${side}'s import is still ${busy.length} busy`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An import of the side uploaded by `caller` with its dry run done; committed too when `commit`. */
async function createImport(side: Side, caller: Caller, commit = false): Promise<string> {
  await settleImports(side);
  const id = res201<{ id: string }>(
    await send(caller, form('POST', '/api/imports', [importPart(side)])),
    `${side}'s import`,
  ).id;
  await settleImports(side);
  if (commit) {
    const res = await send(caller, json('POST', `/api/imports/${id}/commit`));
    if (res.statusCode !== 202)
      throw new Error(`${side}'s import commit answered ${res.statusCode}: ${res.body}`);
    await settleImports(side);
  }
  return id;
}

async function createOwner(side: Side) {
  const agency = await registerAgency(t.app, registration(side));
  await verifyOwner(t.db, agency.ownerId);
  return agency;
}

async function seedSide(side: Side) {
  const agency = await createOwner(side);
  const ao: Caller = {
    label: `AO of ${side}`,
    role: 'AO',
    side,
    slot: 0,
    host: agency.host,
    email: agency.email,
    password: agency.password,
  };
  const w = { agency, ao, objects: {} } as World;
  worlds[side] = w;
  res201(await send(ao, form('POST', '/api/agencies/profile/logo', [pngPart('logo', side)])), 'agency logo');
  w.objects.insuranceProvider = [
    await createProvider(side, ao, 'insurance'),
    await createProvider(side, ao, 'insurance'),
  ];
  w.objects.investmentProvider = [
    await createProvider(side, ao, 'investment'),
    await createProvider(side, ao, 'investment'),
  ];
  const clients: Caller[] = [];
  const ids = {
    primary: [] as string[],
    secondary: [] as string[],
    policy: [] as string[],
    account: [] as string[],
    claim: [] as string[],
  };
  for (const slot of [0, 1] as const) {
    const initial = `Grahak#${side}${slot}2026`;
    const primary = await asClient(slot + 1, () => createPrimary(side, ao, initial));
    const client: Caller = {
      label: `AC${slot + 1} of ${side}`,
      role: 'AC',
      side,
      slot,
      host: agency.host,
      email: primary.email,
      password: initial,
    };
    // The initial password must be changed before anything else (decisions §3).
    const changed = await send(
      client,
      json('POST', '/api/auth/change-password', {
        current_password: initial,
        new_password: `${PASSWORD_BASE}${side}${slot}`,
      }),
    );
    client.token = res201<{ token: string }>(changed, 'first password change').token;
    client.password = `${PASSWORD_BASE}${side}${slot}`;
    clients.push(client);
    ids.primary.push(primary.id);
    ids.secondary.push(await asClient(slot + 1, () => createSecondary(side, ao, primary.id)));
    const plans = await asClient(slot + 1, () => createPlans(side, ao, primary.id));
    ids.policy.push(plans.policy);
    receiptOf.set(plans.policy, await asClient(slot + 1, () => createReceipt(side, ao, plans.policy)));
    ids.account.push(plans.account);
    ids.claim.push(await asClient(slot + 1, () => createClaim(side, ao, plans.policy)));
  }
  w.clients = clients as [Caller, Caller];
  w.objects.primary = ids.primary as [string, string];
  w.objects.secondary = ids.secondary as [string, string];
  w.objects.policy = ids.policy as [string, string];
  w.objects.account = ids.account as [string, string];
  w.objects.claim = ids.claim as [string, string];
  w.objects.outbox = [await createOutbox(side), await createOutbox(side)];
  w.staff = side === 'A' ? await createStaffCallers(side, agency) : [];
  w.assignee = (await createStaff(t, agency.agencyId, 'AG')).userId;
  w.objects.owner = [agency.ownerId, agency.ownerId];
  w.objects.staff = [await createInvitee(side), await createInvitee(side)];
  // Import jobs (issue 26): A's first is its agent's with a client (theirs alone), the second the owner's.
  w.objects.importJob = [
    await createImport(side, side === 'A' ? w.staff[1]! : ao),
    await createImport(side, ao),
  ];
  w.logins = [];
  for (const _ of [0, 1]) {
    const password = `${PASSWORD_BASE}L${randomBytes(3).toString('hex')}`;
    const account = await createAgencyClient(t, agency.agencyId, {
      fullName: `${canary(side)} ${canary(side)}`,
      password,
    });
    w.logins.push({ email: account.email, password });
  }
}

/** Agency A's staff (issue 25): an agency admin, an agent working A's first client, and an agent with none. */
async function createStaffCallers(side: Side, agency: RegisteredAgency): Promise<Caller[]> {
  const staff: Caller[] = [];
  for (const [label, role, unassigned] of [
    ['AA', 'AA', false],
    ['AG with client 1', 'AG', false],
    ['AG with no client', 'AG', true],
  ] as const) {
    const password = `${PASSWORD_BASE}${label.replace(/\W/g, '')}`;
    const account = await createStaff(t, agency.agencyId, role, { password });
    staff.push({
      label: `${label} of ${side}`,
      role,
      side,
      slot: 0,
      host: agency.host,
      email: account.email,
      password,
      userId: account.userId,
      ...(unassigned ? { unassigned: true as const } : {}),
    });
  }
  await assignClients(t.db, [worlds[side].objects.primary[0]], staff[1]!.userId!);
  return staff;
}

/** A new object of the kind for a call that will change or remove it, so the shared ones stay. */
/** Calls on a client that need it to have a portal account. */
const NEEDS_PORTAL = new Set<EndpointName>(['setPortalAccess', 'resetPortalPassword', 'deletePrimaryClient']);

async function freshObject(
  kind: ObjectKind,
  side: Side,
  slot: 0 | 1,
  name: EndpointName,
  caller: Caller,
): Promise<string> {
  const w = worlds[side];
  // An agent's call changes a client of theirs: the fresh client is assigned to them (issue 25).
  if (kind === 'primary' && caller.role === 'AG') {
    const id = (
      await asClient(slot + 1, () =>
        createPrimary(side, w.ao, NEEDS_PORTAL.has(name) ? `Grahak#Fresh${side}2026` : undefined),
      )
    ).id;
    await assignClients(t.db, [id], caller.userId!);
    return id;
  }
  switch (kind) {
    case 'owner':
      return (await createOwner(side)).ownerId;
    case 'insuranceProvider':
      return createProvider(side, w.ao, 'insurance');
    case 'investmentProvider':
      return createProvider(side, w.ao, 'investment');
    case 'primary':
      return (
        await asClient(3, () =>
          createPrimary(side, w.ao, NEEDS_PORTAL.has(name) ? `Grahak#Fresh${side}2026` : undefined),
        )
      ).id;
    case 'secondary':
      return asClient(slot + 1, () => createSecondary(side, w.ao, w.objects.primary[slot]));
    case 'policy':
      return (await asClient(slot + 1, () => createPlans(side, w.ao, w.objects.primary[slot]))).policy;
    case 'account':
      return (await asClient(slot + 1, () => createPlans(side, w.ao, w.objects.primary[slot]))).account;
    case 'claim':
      return asClient(slot + 1, () => createClaim(side, w.ao, w.objects.policy[slot]));
    case 'outbox':
      return createOutbox(side);
    case 'importJob':
      // An agent's call changes an import of their own; undo needs one that was committed.
      return createImport(side, caller.role === 'AG' ? caller : w.ao, name === 'undoImport');
    case 'staff': {
      const id = await createInvitee(side);
      // Reactivating changes something (and writes its entry) only for a member who was deactivated.
      if (name === 'reactivateStaff') {
        await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, id));
      }
      return id;
    }
    default:
      throw new Error(`no fresh ${kind}`);
  }
}

// ---- The request of each endpoint, well formed, so an allowed call succeeds ----

interface Cell {
  caller: Caller;
  objectId: string;
  login?: { email: string; password: string };
  /** A second object the body names (crossReferences), in place of the caller's own. */
  ref?: { kind: 'insuranceProvider' | 'secondary'; id: string };
}

const providerOf = (cell: Cell) =>
  cell.ref?.kind === 'insuranceProvider'
    ? cell.ref.id
    : worlds[cell.caller.side].objects.insuranceProvider[0];

function requestOf(name: EndpointName, endpoint: Endpoint, cell: Cell): InjectOptions {
  const side = cell.caller.side;
  const url = endpoint.path
    .replace(':serviceId', LIFE)
    .replace(':kind', 'aadhaar')
    .replace(/:(id|policyId|accountId)/, cell.objectId)
    .replace(':paymentId', receiptOf.get(cell.objectId) ?? randomUUID())
    // A claim's checklist item: one received with its file; the one marked pending again is another.
    .replace(':item', name === 'clearClaimDocument' ? 'claim_form' : 'death_certificate');
  const m = endpoint.method;
  const own = worlds[side];
  switch (name) {
    case 'registerAgency':
      return json(m, url, registration(side));
    case 'checkSlug':
      return json(m, `${url}?slug=${own.agency.slug}`);
    case 'login':
      return json(m, url, cell.login);
    case 'branding':
    case 'brandingLogo':
      return { ...json(m, url), headers: { host: own.agency.host } };
    case 'changePassword':
      return json(m, url, {
        current_password: cell.caller.password ?? 'Nothing#2026x',
        new_password: `${PASSWORD_BASE}${randomBytes(4).toString('hex')}`,
      });
    case 'loginSecondFactor':
      return json(m, url, { challenge: 'not.a.challenge', code: '000000' });
    case 'forgotPassword':
      return json(m, url, { email: `nobody.${randomBytes(4).toString('hex')}@example.com` });
    case 'checkPasswordLink':
      return json(m, url, { token: 'A'.repeat(43) });
    case 'setPasswordWithLink':
      return json(m, url, { token: 'A'.repeat(43), new_password: `${PASSWORD_BASE}1a` });
    case 'confirmSecondFactor':
      return json(m, url, { code: '000000' });
    case 'disableSecondFactor':
      return json(m, url, { current_password: `${PASSWORD_BASE}W`, code: '000000' });
    case 'updateOwner':
      return json(m, url, { ClientId: cell.objectId, IsActive: true, IsVerified: true });
    case 'resetOwnerPassword':
      return json(m, url, { new_password: 'Badal#Naya2026m' });
    case 'createService':
      return json(m, url, {
        code: `matrix_${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`,
        name: 'Pet',
        category: 'insurance',
      });
    case 'createInsuranceProvider':
    case 'updateInsuranceProvider':
    case 'createInvestmentProvider':
    case 'updateInvestmentProvider': {
      const category = /Insurance/.test(name) ? 'insurance' : 'investment';
      return form(m, url, [
        { name: 'payload', value: JSON.stringify(providerPayload(side, category)) },
        pngPart('providerlogourl', side),
      ]);
    }
    case 'updateAgencyProfile': {
      const f = own.agency.form;
      return json(m, url, {
        AgencyName: f.AgencyName,
        AgencyEmail: f.AgencyEmail,
        AgencyPhoneNumber: f.AgencyPhoneNumber,
        AlternatePhoneNumber: f.AlternatePhoneNumber,
        Locality: canary(side),
        Society: canary(side),
        City: canary(side),
        StateName: f.StateName,
        Pincode: f.Pincode,
        YearsInBusiness: f.YearsInBusiness,
        Website: f.Website,
        CompanyDescription: canary(side),
        LicenseNumber: canary(side),
      });
    }
    case 'uploadAgencyLogo':
      return form(m, url, [pngPart('logo', side)]);
    case 'createPrimaryClient':
      return json(m, url, {
        ...personPayload(side),
        ...(cell.ref ? { plans: [lifePlan(side, cell.ref.id)] } : {}),
      });
    case 'updatePrimaryClient': {
      const { portal_access: _, ...fields } = personPayload(side);
      return json(m, url, fields);
    }
    case 'setPortalAccess':
      return json(m, url, { enabled: false });
    case 'resetPortalPassword':
      return json(m, url, { new_password: 'Grahak#Naya2026m' });
    case 'uploadPrimaryClientAvatar':
      return form(m, url, [pngPart('avatar', side)]);
    case 'assignPrimaryClients':
      return json(m, url, { client_ids: [cell.objectId], agent_id: own.assignee });
    case 'createSecondaryClient':
      return json(m, url, { primary_client_id: cell.objectId, ...familyPayload(side) });
    case 'updateSecondaryClient':
      return json(m, url, familyPayload(side));
    case 'uploadSecondaryDocument':
      return form(m, url, [pdfPart('file', side)]);
    case 'addPlansToExisting':
      return form(m, url, [
        { name: 'primary_client_id', value: cell.objectId },
        ...(cell.ref?.kind === 'secondary' ? [{ name: 'secondary_client_id', value: cell.ref.id }] : []),
        { name: 'plansData', value: JSON.stringify([lifePlan(side, providerOf(cell))]) },
        pdfPart('planFiles', side),
      ]);
    case 'updateClientPlan':
      return json(m, url, lifePlan(side, providerOf(cell)));
    case 'replaceClientPlanDocument':
      return form(m, url, [pdfPart('file', side)]);
    case 'markPlanRenewed':
      return form(m, url, [
        { name: 'new_end_date', value: '2046-06-30' },
        { name: 'note', value: canary(side) },
      ]);
    case 'createClaim':
      return json(m, url, {
        plan_id: cell.objectId,
        kind: 'life_maturity',
        intimated_on: todayInIndia(),
        claimed_amount: '250000',
        details: { claimant: canary(side) },
      });
    case 'changeClaimStatus':
      return json(m, url, { to: 'documents_pending', on: todayInIndia(), note: canary(side) });
    case 'receiveClaimDocument':
      return form(m, url, [{ name: 'received_on', value: todayInIndia() }, pdfPart('file', side)]);
    case 'updateClaimSettings':
      return json(m, url, { stale_days: 10 });
    case 'markPremiumPaid':
      return form(m, url, [
        { name: 'paid_on', value: todayInIndia() },
        { name: 'amount', value: '24500' },
        { name: 'receipt_number', value: canary(side) },
      ]);
    case 'markPlanLapsed':
    case 'markPlanContacted':
      return json(m, url, { note: canary(side) });
    case 'updateReminderSettings':
      return json(m, url, { reminder_days: [30, 7] });
    case 'addPlanFollowUp':
      return json(m, url, { next_date: '2046-06-30', note: canary(side) });
    case 'markPlanLost':
      return json(m, url, { reason: 'other', reason_text: canary(side) });
    case 'updateWhatsAppTemplate':
      return json(m, url, {
        kind: 'renewal',
        language: 'en',
        text: `${canary(side)} {client_name}: {plan_number} ends on {date}.`,
      });
    case 'updateClientNotificationPreference':
      return json(m, url, { email_reminders: true, language: 'en' });
    case 'inviteStaff': {
      const c = canary(side);
      return json(m, url, {
        full_name: `${c} ${canary(side)}`,
        email: `${c.toLowerCase()}.${randomBytes(3).toString('hex')}@example.in`,
        role: 'AG',
      });
    }
    case 'changeStaffRole':
      return json(m, url, { role: 'AA' });
    case 'uploadImport':
      return form(m, url, [importPart(side)]);
    case 'setImportMapping':
      return json(m, url, { sheets: [], save: false });
    case 'changeImportHouseholds':
      return json(m, url, { merges: [], splits: [] });
    default:
      return json(m, url);
  }
}

// ---- What a caller saw: the answer whole, files and base64 inside JSON decoded, and the log lines ----

const TEXT_TYPE = /json|text|html|javascript|xml/;

function decodedBase64(value: unknown, out: string[]): void {
  if (typeof value === 'string') {
    const b64 = value.replace(/^data:[^,]*,/, '');
    if (b64.length >= 24 && /^[A-Za-z0-9+/]+=*$/.test(b64))
      out.push(Buffer.from(b64, 'base64').toString('latin1'));
  } else if (Array.isArray(value)) {
    for (const v of value) decodedBase64(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) decodedBase64(v, out);
  }
}

interface Seen {
  answer: string;
  files: string[];
  logLines: string[];
}

/** Every cell's text of an .xlsx answer (the book's export): its zipped bytes would hide a canary. */
async function workbookText(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => {
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.text));
      });
    });
  });
  return cells.join('\n');
}

async function seenIn(res: LightMyRequestResponse, logLines: string[]): Promise<Seen> {
  const type = String(res.headers['content-type'] ?? '');
  const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\n${JSON.stringify(res.headers)}`;
  const files: string[] = [];
  if (type === XLSX_MIME) files.push(await workbookText(res.rawPayload));
  else if (type === 'application/pdf' && res.rawPayload.includes('/ToUnicode')) {
    // A PDF the API wrote (the portfolio statement): its text is glyph ids in compressed streams.
    files.push(res.rawPayload.toString('latin1'), pdfText(res.rawPayload).text);
  } else if (type !== '' && !TEXT_TYPE.test(type)) files.push(res.rawPayload.toString('latin1'));
  else if (/json/.test(type)) decodedBase64(JSON.parse(res.body || 'null'), files);
  return { answer: `${head}\n${res.rawPayload.toString('latin1')}`, files, logLines };
}

// ---- The matrix ----

interface Figures {
  routes: number;
  cells: number;
  unexpectedAllows: string[];
  unexpectedStatuses: string[];
  canaryHits: string[];
  /** Another client's canaries seen by an agency client. */
  clientHits: string[];
  /** Answers of an agency client holding its own canaries. */
  ownClientAnswers: number;
  /** Answers of the agent with a client holding that client's canaries. */
  agentOwnAnswers: number;
  /** Pairs of answers to another agency's object and to an id naming nothing, and those that differ. */
  foreignPairs: number;
  foreignDiffers: string[];
  /** Of those pairs, an agent's: another agent's object against no object (issue 25). */
  agentPairs: number;
  crossCells: number;
  ownCanaries: { answers: number; files: number; logLines: number };
  answersScanned: number;
  filesScanned: number;
  logLinesScanned: number;
}

const figures: Figures = {
  routes: 0,
  cells: 0,
  unexpectedAllows: [],
  unexpectedStatuses: [],
  canaryHits: [],
  clientHits: [],
  ownClientAnswers: 0,
  agentOwnAnswers: 0,
  foreignPairs: 0,
  foreignDiffers: [],
  agentPairs: 0,
  crossCells: 0,
  ownCanaries: { answers: 0, files: 0, logLines: 0 },
  answersScanned: 0,
  filesScanned: 0,
  logLinesScanned: 0,
};

function relationsOf(kind: ObjectKind): Array<Relation | null> {
  if (kind === 'none') return [null];
  if (kind === 'owner') return ['own', 'other', 'missing'];
  return ['own', 'same', 'other', 'missing'];
}

/** Sends one cell's request, checks its status against the table and scans what the caller saw. */
async function call(
  where: string,
  caller: Caller,
  request: InjectOptions,
  want: number,
): Promise<LightMyRequestResponse> {
  const mark = logs.length;
  const res = await send(caller, request);
  // Lines written once the answer is out (the request-completed line) belong to this call too.
  await new Promise((resolve) => setImmediate(resolve));
  const seen = await seenIn(res, logs.slice(mark));
  figures.cells += 1;
  if (res.statusCode !== want) {
    // A server error says why only in the log.
    const error =
      res.statusCode >= 500 ? seen.logLines.find((l) => /"err"/.test(l))?.slice(0, 800) : undefined;
    figures.unexpectedStatuses.push(
      `${where}: ${res.statusCode}, table says ${want} (${res.body.slice(0, 200)})${error ? ` log: ${error}` : ''}`,
    );
    if (want >= 400 && res.statusCode < 400) figures.unexpectedAllows.push(where);
  }
  if (caller.role === 'ADMIN') return res; // the platform admin sees every agency (spec §3).
  figures.answersScanned += 1;
  figures.filesScanned += seen.files.length;
  figures.logLinesScanned += seen.logLines.length;
  const foreign = canaryPattern(otherSide(caller.side));
  const check = (what: string, text: string) => {
    for (const hit of text.match(foreign) ?? []) figures.canaryHits.push(`${hit} in the ${what} of ${where}`);
  };
  check('answer', seen.answer);
  for (const f of seen.files) check('file', f);
  for (const l of seen.logLines) check('log line', l);
  if (caller.role === 'AC' || caller.role === 'AG') {
    // An agency client sees its own data only, nothing of the agency's other clients; an agent (issue 25) the data
    // of the client assigned to them, and an agent with none no client's.
    const ownClient = caller.unassigned ? 0 : caller.slot + 1;
    const others = otherClientsCanary(caller.side, ownClient);
    const own = new RegExp(`CANARY-${caller.side}-C${ownClient}-\\d+`, 'i');
    if (caller.role === 'AC' && [seen.answer, ...seen.files].some((text) => own.test(text))) {
      figures.ownClientAnswers += 1;
    }
    if (caller.role === 'AG' && !caller.unassigned && [seen.answer, ...seen.files].some((t) => own.test(t))) {
      figures.agentOwnAnswers += 1;
    }
    for (const text of [seen.answer, ...seen.files, ...seen.logLines]) {
      for (const hit of text.match(others) ?? []) figures.clientHits.push(`${hit} in what ${where} saw`);
    }
  }
  const mine = () => canaryPattern(caller.side);
  if (mine().test(seen.answer)) figures.ownCanaries.answers += 1;
  if (seen.files.some((f) => mine().test(f))) figures.ownCanaries.files += 1;
  figures.ownCanaries.logLines += seen.logLines.filter((l) => mine().test(l)).length;
  return res;
}

/** An answer as a caller compares it: status and body, with the ids it was asked about written `:id`. */
const answerShape = (res: LightMyRequestResponse, ids: string[]) =>
  `${res.statusCode} ${ids.reduce((body, id) => body.replaceAll(id, ':id'), res.body)}`;

/** The other agency's object must be answered exactly as an id naming nothing (Documenso's 404). */
function compareForeign(
  where: string,
  other: [LightMyRequestResponse, string],
  missing: [LightMyRequestResponse, string],
) {
  figures.foreignPairs += 1;
  const a = answerShape(other[0], [other[1]]);
  const b = answerShape(missing[0], [missing[1]]);
  if (a !== b)
    figures.foreignDiffers.push(
      `${where}: another agency's object ${a.slice(0, 160)}; no object ${b.slice(0, 160)}`,
    );
}

/** The import's calls that start work for the agency's runner: refused while another import is in hand. */
const IMPORT_WRITES = new Set<EndpointName>([
  'uploadImport',
  'setImportMapping',
  'changeImportHouseholds',
  'commitImport',
]);

async function runCell(
  name: EndpointName,
  caller: Caller,
  relation: Relation | null,
  kept: Map<string, [LightMyRequestResponse, string]>,
  query = '',
) {
  const endpoint = endpoints[name] as Endpoint;
  const p = permissions[name] as Permission;
  // An agent with no client reaches no client's object: its "own" is another agent's.
  const want = expectedStatus(p, caller.role, caller.unassigned && relation === 'own' ? 'same' : relation);
  const objectSide = relation === 'other' ? otherSide(caller.side) : caller.side;
  const slot = (relation === 'same' ? 1 - caller.slot : caller.slot) as 0 | 1;
  const cell: Cell = { caller, objectId: '' };
  if (p.object === 'login') {
    // A sign-in that fails gets an account of its own, so failures never add up to a lock-out.
    if (relation === 'missing') {
      cell.login = {
        email: `nobody.${randomBytes(4).toString('hex')}@example.in`,
        password: `${PASSWORD_BASE}N`,
      };
    } else if (want < 300) {
      cell.login = worlds[objectSide].logins[slot]!;
    } else {
      const account = await createAgencyClient(t, worlds[objectSide].agency.agencyId, {
        fullName: `${canary(objectSide)} ${canary(objectSide)}`,
        password: `${PASSWORD_BASE}L${randomBytes(3).toString('hex')}`,
      });
      cell.login = { email: account.email, password: account.password };
    }
    cell.objectId = cell.login!.email;
  } else if (relation === 'missing') {
    cell.objectId = randomUUID();
  } else if (p.object !== 'none') {
    const changes = endpoint.method !== 'GET' && want < 300;
    cell.objectId = changes
      ? await freshObject(p.object, objectSide, slot, name, caller)
      : worlds[objectSide].objects[p.object][slot];
  }
  // What the call writes belongs to the client whose object it is (a new client's when it makes one).
  const fresh = p.object === 'primary' && endpoint.method !== 'GET' && want < 300 && relation !== 'missing';
  const client = ['primary', 'secondary', 'policy', 'account', 'claim'].includes(p.object)
    ? fresh && caller.role !== 'AG'
      ? 3
      : slot + 1
    : name === 'createPrimaryClient'
      ? caller.role === 'AG'
        ? // The new client is the agent's own: client 0 of the agent with none before.
          caller.unassigned
          ? 0
          : caller.slot + 1
        : 3
      : undefined;
  const request = await asClient(client, async () => requestOf(name, endpoint, cell));
  request.url += query.replace('{own}', caller.side).replace('{other}', otherSide(caller.side));
  const where = `${endpoint.method} ${endpoint.path}${query} by ${caller.label}${relation ? ` on ${relation} object` : ''}`;
  // Every write let through leaves an audit entry of its caller (issue 25 item 4): the token before the call,
  // since a logout or a new password replaces it.
  const signedInWrite =
    endpoint.method !== 'GET' && endpoint.access !== 'public' && caller.role !== 'anonymous';
  // An import's writes come when the agency's import in hand is done, as a user's would (one at a time).
  if (IMPORT_WRITES.has(name)) await settleImports(caller.side);
  const writer = signedInWrite ? await tokenOf(caller) : undefined;
  const mark = writer ? await auditMark(t.db) : 0;
  const res = await call(where, caller, request, want);
  if (writer && res.statusCode < 300) await checkAudited(t.db, where, name, endpoint, writer, mark);

  // A session the call ended or renewed.
  if (res.statusCode < 300 && name === 'logout') caller.token = null;
  if (res.statusCode < 300 && name === 'changePassword') {
    caller.password = (request.payload as { new_password: string }).new_password;
    caller.token = res.json<{ data: { token: string } }>().data.token;
  }

  // Another agent's object is answered to an agent exactly as no object, as another agency's is (issue 25).
  if (caller.role === 'AG' && (relation === 'same' || relation === 'missing')) {
    const key = `${name} ${caller.label} same`;
    const pair = kept.get(key);
    if (!pair) kept.set(key, [res, cell.objectId]);
    else if (
      passesGate(p, caller.role) &&
      expectedStatus(p, caller.role, 'same') === expectedStatus(p, caller.role, 'missing')
    ) {
      figures.agentPairs += 1;
      compareForeign(`${endpoint.method} ${endpoint.path} by ${caller.label} (another agent's)`, pair, [
        res,
        cell.objectId,
      ]);
    }
  }
  if (relation === 'other' || relation === 'missing') {
    const key = `${name} ${caller.label}`;
    const pair = kept.get(key);
    if (!pair) kept.set(key, [res, cell.objectId]);
    else if (
      passesGate(p, caller.role) &&
      expectedStatus(p, caller.role, 'other') === expectedStatus(p, caller.role, 'missing')
    ) {
      compareForeign(`${endpoint.method} ${endpoint.path} by ${caller.label}`, pair, [res, cell.objectId]);
    }
  }
}

/** An owner's call on its own object whose body names a second object of another client, agency or none. */
async function runCrossReferences() {
  for (const x of crossReferences) {
    const endpoint = endpoints[x.endpoint] as Endpoint;
    const p = permissions[x.endpoint] as Permission;
    for (const side of SIDES) {
      const w = worlds[side];
      const answers: Array<[LightMyRequestResponse, string]> = [];
      for (const relation of [...(x.same ? (['same'] as const) : []), 'other', 'missing'] as const) {
        const id =
          relation === 'missing'
            ? randomUUID()
            : relation === 'same'
              ? w.objects[x.ref][1]
              : worlds[otherSide(side)].objects[x.ref][0];
        const cell: Cell = {
          caller: w.ao,
          objectId: p.object === 'none' ? '' : w.objects[p.object as 'primary'][0],
          ref: { kind: x.ref, id },
        };
        const where = `${endpoint.method} ${endpoint.path} by ${w.ao.label} naming a ${x.ref} (${relation})`;
        const res = await call(where, w.ao, requestOf(x.endpoint, endpoint, cell), x.status);
        figures.crossCells += 1;
        if (relation !== 'same') answers.push([res, id]);
      }
      compareForeign(
        `${endpoint.method} ${endpoint.path} naming a ${x.ref} by ${w.ao.label}`,
        answers[0]!,
        answers[1]!,
      );
    }
  }
}

let started = 0;
let reminderMails = 0;

beforeAll(async () => {
  started = performance.now();
  t = await createTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void logs.push(line) },
  });
  for (const side of SIDES) await seedSide(side);
  // The reminder job writes each agency's e-mails (to its clients, and its owner's digest) to the outbox
  // from the same tables: they are files agency users read too.
  const job = await runReminderJob(
    // The test's own connection (the tables' owner), as a job outside any request runs.
    { db: t.db, mailer: createOutboxMailer(t.db), portalHost: PORTAL_HOST, portalScheme: 'http' },
    { now: atIndia(todayInIndia(), 10) },
  );
  reminderMails = job.sent;
  const admin = await createAdmin(t);
  callers.push(
    { label: 'anonymous on A', role: 'anonymous', side: 'A', slot: 0, host: worlds.A.agency.host },
    { label: 'ADMIN', role: 'ADMIN', side: 'A', slot: 0, host: PORTAL_HOST, ...admin },
  );
  for (const side of SIDES) callers.push(worlds[side].ao, ...worlds[side].clients, ...worlds[side].staff);
  callers.push({
    label: 'anonymous on B',
    role: 'anonymous',
    side: 'B',
    slot: 0,
    host: worlds.B.agency.host,
  });
}, 240_000);

afterAll(() => t?.close());

describe('the authorization matrix', () => {
  it('has one table: the router, the OpenAPI document and the permission table hold the same routes', async () => {
    const table = (Object.entries(endpoints) as Array<[EndpointName, Endpoint]>)
      .map(([, e]) => `${e.method} ${e.path}`)
      .sort();
    expect(apiRoutes(routerRoutes(t.app))).toEqual(table);
    expect(await documentedRoutes(t.app)).toEqual(table);
    expect(Object.keys(permissions).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, endpoint] of Object.entries(endpoints) as Array<[EndpointName, Endpoint]>) {
      const roles = endpoint.access === 'public' ? 'public' : [...endpoint.access].sort();
      expect(allowedRoles(permissions[name]), name).toEqual(roles);
    }
    figures.routes = table.length;
  });

  it("writes each agency's reminder e-mails with nothing of the other agency", async () => {
    const rows = await t.db.select().from(schema.mailOutbox);
    const hits: string[] = [];
    let reminderToClients = 0;
    for (const row of rows) {
      const side = SIDES.find((s) => worlds[s].agency.agencyId === row.agencyId);
      if (!side) continue;
      const text = [row.toAddress, row.subject, row.textBody, row.htmlBody].join('\n');
      for (const hit of text.match(canaryPattern(otherSide(side))) ?? [])
        hits.push(`${hit} in ${row.subject}`);
      // A reminder to one client (its address carries its tag) holds nothing of another client.
      const client = new RegExp(`canary-${side}-c(\\d+)-`, 'i').exec(row.toAddress)?.[1];
      if (client) {
        reminderToClients += 1;
        for (const hit of text.match(otherClientsCanary(side, Number(client))) ?? []) {
          hits.push(`${hit} in a reminder to client ${client}`);
        }
      }
    }
    const mine = rows.filter((r) => SIDES.some((s) => canaryPattern(s).test(r.textBody))).length;
    figure(
      '1. Authorization matrix',
      `[security] authz matrix: the reminder job sent ${reminderMails} e-mails to the outbox, ${rows.length} outbox rows ` +
        `(${mine} with their agency's canaries, ${reminderToClients} to a client), ` +
        `${hits.length} canary hits of the other agency or of another client`,
    );
    expect(reminderMails).toBeGreaterThan(3);
    expect(reminderToClients).toBeGreaterThan(3);
    expect(hits).toEqual([]);
  });

  it('answers every cell exactly as the table says, and shows no agency anything of the other', async () => {
    const names = Object.keys(permissions) as EndpointName[];
    const kept = new Map<string, [LightMyRequestResponse, string]>();
    for (const name of names) {
      for (const caller of callers) {
        for (const relation of relationsOf(permissions[name].object)) {
          for (const query of ['', ...((permissions[name] as Permission).queries ?? [])]) {
            await runCell(name, caller, relation, kept, query);
          }
        }
      }
    }
    await runCrossReferences();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    figure(
      '1. Authorization matrix',
      `[security] authz matrix: ${figures.routes} routes (router = OpenAPI = table), ${figures.cells} cells, ` +
        `${figures.unexpectedAllows.length} unexpected allows, ${figures.unexpectedStatuses.length} unexpected statuses, ` +
        `${figures.canaryHits.length} canary hits in A answers/headers/logs/files (and B's), ` +
        `${figures.clientHits.length} of another client's canaries seen by an agency client or an agent`,
    );
    figure(
      '1. Authorization matrix',
      `[security] authz matrix: another agency's object answered as no object in ${figures.foreignPairs - figures.foreignDiffers.length} of ${figures.foreignPairs} pairs ` +
        `(${figures.agentPairs} of them an agent's call on another agent's client's object); ` +
        `${figures.crossCells} of the cells name a second object of another client or agency in the body`,
    );
    figure(
      '1. Authorization matrix',
      `[security] authz matrix scanned ${figures.answersScanned} answers of agency callers, ${figures.filesScanned} files, ` +
        `${figures.logLinesScanned} log lines; their own agency's canaries were seen in ${figures.ownCanaries.answers} answers, ` +
        `${figures.ownCanaries.files} files, ${figures.ownCanaries.logLines} log lines ` +
        `(an agency client's own in ${figures.ownClientAnswers} of its answers, the agent's client's in ` +
        `${figures.agentOwnAnswers} of the agent's); ${seconds} s`,
    );
    figure(
      '1. Authorization matrix',
      `[security] authz matrix: ${auditFigures.writes} writes let through, ${auditFigures.misses.length} without an audit entry of their caller, role and client`,
    );
    expect(figures.unexpectedStatuses).toEqual([]);
    expect(figures.unexpectedAllows).toEqual([]);
    expect(figures.canaryHits).toEqual([]);
    expect(figures.clientHits).toEqual([]);
    expect(figures.foreignDiffers).toEqual([]);
    expect(auditFigures.misses).toEqual([]);
    expect(auditFigures.writes).toBeGreaterThan(60);
    // The scan can see a canary: each side's own data reached it, in answers and in files.
    expect(figures.ownCanaries.answers).toBeGreaterThan(50);
    expect(figures.ownCanaries.files).toBeGreaterThan(5);
    expect(figures.ownClientAnswers).toBeGreaterThan(20);
    expect(figures.agentOwnAnswers).toBeGreaterThan(10);
    expect(figures.agentPairs).toBeGreaterThan(20);
  }, 480_000);
  it("holds nothing of one agency in the other's rows once every call has run", async () => {
    // Every tenant table (an agency_id column, or the agencies table itself) read per agency: a call that
    // was refused but wrote anyway, or a write that took the wrong agency, would leave a canary behind.
    let tables = 0;
    let rows = 0;
    const hits: string[] = [];
    for (const table of Object.values(schema)) {
      if (!is(table, PgTable)) continue;
      const columns = getTableColumns(table) as Record<string, Parameters<typeof eq>[0]>;
      const agencyColumn = getTableName(table) === 'agencies' ? columns.id : columns.agencyId;
      if (!agencyColumn) continue;
      tables += 1;
      for (const side of SIDES) {
        const found = await t.db.select().from(table).where(eq(agencyColumn, worlds[side].agency.agencyId));
        rows += found.length;
        const text = JSON.stringify(found);
        for (const hit of text.match(canaryPattern(otherSide(side))) ?? []) {
          hits.push(`${hit} in ${getTableName(table)} of agency ${side}`);
        }
      }
    }
    figure(
      '1. Authorization matrix',
      `[security] authz matrix: afterwards ${rows} rows of ${tables} tenant tables of A and B hold ${hits.length} canaries of the other agency`,
    );
    expect(tables).toBeGreaterThan(10);
    expect(rows).toBeGreaterThan(100);
    expect(hits).toEqual([]);
  });
});
