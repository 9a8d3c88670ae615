import {
  AgencyDashboardResponseSchema,
  ClaimDetailResponseSchema,
  ClaimListResponseSchema,
  MSG,
  PrimaryClientListResponseSchema,
  StaffListResponseSchema,
  WorkspacePlanDetailResponseSchema,
} from '@portal/contract';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  agencyHost,
  bearer,
  createTestApp,
  decodeToken,
  PORTAL_HOST,
  registerAgency,
  signIn,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import {
  agencies,
  auditLog,
  claimEvents,
  claims,
  documents,
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  primaryClients,
  secondaryClients,
  services,
  users,
} from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import { sniffMime } from '../../lib/documents.ts';
import { DEMO_STAFF } from './demo-staff.ts';
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

/** With the document store: the demo agency's providers, families and plans too. */
const withDocuments = (t: TestApp, over: Partial<FirstStartOptions> = {}) =>
  options({
    seedDemo: true,
    documents: t.app.services.documents,
    encryptionKey: t.config.encryptionKey,
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
    await firstStart(t.db, t.app.services.hasher, withDocuments(t));
    const counts = async () => ({
      users: (await t.db.select({ n: count() }).from(users))[0]!.n,
      agencies: await agencyCount(t),
      clients: (await t.db.select({ n: count() }).from(primaryClients))[0]!.n,
      members: (await t.db.select({ n: count() }).from(secondaryClients))[0]!.n,
      policies: (await t.db.select({ n: count() }).from(insurancePolicies))[0]!.n,
      accounts: (await t.db.select({ n: count() }).from(investmentAccounts))[0]!.n,
      documents: (await t.db.select({ n: count() }).from(documents))[0]!.n,
      claims: (await t.db.select({ n: count() }).from(claims))[0]!.n,
      claimEvents: (await t.db.select({ n: count() }).from(claimEvents))[0]!.n,
    });
    const before = await counts();
    expect(before.clients).toBeGreaterThan(1);
    const again = await firstStart(
      t.db,
      t.app.services.hasher,
      withDocuments(t, { adminEmail: 'other@portal.test' }),
    );
    expect(again).toEqual([]);
    expect(await counts()).toEqual(before);
    expect((await admins(t)).map((a) => a.email)).toEqual(['root@portal.test']);
  });
});

describe('the demo agency’s staff (issue 25 item 7)', () => {
  it('prints an agency admin and two agents, who sign in with their roles; each agent has clients', async () => {
    const t = await fresh();
    const lines = (await firstStart(t.db, t.app.services.hasher, withDocuments(t))).join('\n');
    const host = agencyHost(DEMO.slug);
    for (const staff of DEMO_STAFF) {
      expect(lines).toContain(`${staff.email} / ${staff.password} at http://${host}`);
      const res = await signIn(t.app, { email: staff.email, password: staff.password, host });
      expect(res.statusCode, staff.email).toBe(200);
      expect(decodeToken(res.json().data.token).payload.roleid).toEqual([staff.role]);
    }
    const token = await signInToken(t.app, { email: DEMO.ownerEmail, password: DEMO.ownerPassword, host });
    const team = StaffListResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/team', headers: bearer(token) })).json(),
    ).data;
    expect(team.map((m) => [m.full_name, m.role, m.status, m.assigned_clients])).toEqual([
      ['Arjun Nair', 'AG', 'active', 2],
      ['Kavita Rao', 'AA', 'active', 0],
      ['Sneha Kulkarni', 'AG', 'active', 2],
    ]);
  });
});

describe('the demo agency’s claims (issue 28 item 8)', () => {
  it('has a settled cashless claim, a reimbursement waiting for documents and a rejected motor claim', async () => {
    const t = await fresh();
    await firstStart(t.db, t.app.services.hasher, withDocuments(t));
    const host = agencyHost(DEMO.slug);
    const token = await signInToken(t.app, { email: DEMO.ownerEmail, password: DEMO.ownerPassword, host });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const list = ClaimListResponseSchema.parse((await get('/api/claims')).json());
    const byKind = Object.fromEntries(list.items.map((c) => [c.kind, c]));
    expect(list.items.map((c) => [c.kind, c.status, c.client_name]).sort()).toEqual([
      ['health_cashless', 'settled', 'Priya Sharma'],
      ['health_reimbursement', 'documents_pending', expect.any(String)],
      ['motor_own_damage', 'rejected', 'Priya Sharma'],
    ]);
    expect(byKind.health_cashless).toMatchObject({
      claimed_amount: '212000.00',
      approved_amount: '198500.00',
      settled_amount: '198500.00',
      deducted_amount: '13500.00',
    });
    expect(byKind.motor_own_damage!.rejection_reason).toMatch(/licence had expired/);
    expect(byKind.health_reimbursement!.secondary_client_id).not.toBeNull();

    // Each with its timeline, oldest first, from the intimation to where it is; none dated after today.
    const today = todayInIndia();
    for (const [kind, steps] of [
      ['health_cashless', ['intimated', 'submitted', 'approved', 'settled']],
      ['health_reimbursement', ['intimated', 'documents_pending']],
      ['motor_own_damage', ['intimated', 'submitted', 'rejected']],
    ] as const) {
      const detail = ClaimDetailResponseSchema.parse(
        (await get(`/api/claims/${byKind[kind]!.id}`)).json(),
      ).data;
      expect(
        detail.events.map((e) => e.to_status),
        kind,
      ).toEqual(steps);
      expect(detail.events.every((e) => e.on <= today)).toBe(true);
      expect(detail.events.map((e) => e.on)).toEqual(detail.events.map((e) => e.on).sort());
    }
    const home = AgencyDashboardResponseSchema.parse((await get('/api/agencies/dashboard')).json()).data;
    expect(home).toMatchObject({ open_claims: 2, claims_documents_pending: 1 });
  });
});

describe('the demo agency’s clients, families and plans (first start with a document store)', () => {
  it('gives several clients families and plans of all eight services, with readable documents', async () => {
    const t = await fresh();
    const started = performance.now();
    await firstStart(t.db, t.app.services.hasher, withDocuments(t));
    // One transaction on first start: quick enough that nobody waits for the demo.
    expect(performance.now() - started).toBeLessThan(15_000);
    const host = agencyHost(DEMO.slug);
    const token = await signInToken(t.app, { email: DEMO.ownerEmail, password: DEMO.ownerPassword, host });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

    // The Registered Users list: Priya Sharma first (the most recent), then clients with families and plans.
    const list = PrimaryClientListResponseSchema.parse((await get('/api/users/primary-clients')).json());
    expect(list.pagination.total).toBe(6);
    expect(list.items[0]).toMatchObject({
      client_code: 'DEMOAGENCY-00001',
      full_name: 'Priya Sharma',
      family_count: 2,
      plan_count: 7,
      portal_access: true,
    });
    expect(list.items.map((c) => c.client_code).sort()).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `DEMOAGENCY-0000${n}`),
    );
    expect(list.items.filter((c) => c.family_count > 0).length).toBeGreaterThanOrEqual(4);

    // Plans of all eight services, each with its PDF, which decrypts to a real PDF.
    const agency = (await t.db.select().from(agencies).where(eq(agencies.slug, DEMO.slug)))[0]!;
    const plans = [
      ...(await t.db
        .select({
          id: insurancePolicies.id,
          code: services.code,
          end: insurancePolicies.endDate,
          doc: insurancePolicies.documentId,
          kind: services.category,
        })
        .from(insurancePolicies)
        .innerJoin(services, eq(services.id, insurancePolicies.serviceId))
        .where(eq(insurancePolicies.agencyId, agency.id))),
      ...(await t.db
        .select({
          id: investmentAccounts.id,
          code: services.code,
          end: investmentAccounts.endDate,
          doc: investmentAccounts.documentId,
          kind: services.category,
        })
        .from(investmentAccounts)
        .innerJoin(services, eq(services.id, investmentAccounts.serviceId))
        .where(eq(investmentAccounts.agencyId, agency.id))),
    ];
    expect(new Set(plans.map((p) => p.code))).toEqual(
      new Set(['life', 'health', 'motor', 'travel', 'home', 'mutual_funds', 'nps', 'postoffice']),
    );
    for (const p of plans) {
      expect(p.doc, `plan ${p.id} has a document`).not.toBeNull();
      const res = await get(`/api/client-plans/${p.id}/document`);
      expect(res.statusCode).toBe(200);
      expect(sniffMime(res.rawPayload)).toBe('application/pdf');
      expect(res.rawPayload.toString('latin1')).toMatch(/%%EOF\n$/);
    }

    // Premium dues (issue 27): a monthly policy in grace, a half-yearly one lapsed within revival, a yearly one paid
    // up, a post-office RD with every instalment paid and a SIP without an end date, as the plans' details answer.
    const dues = [];
    for (const p of plans) {
      const detail = await get(`/api/plans/${p.id}/details`);
      dues.push(WorkspacePlanDetailResponseSchema.parse(detail.json()).data);
    }
    const states = dues.map((d) => `${d.service_code} ${d.premium.premium_mode} ${d.premium.state}`);
    expect(states).toEqual(
      expect.arrayContaining([
        'life Monthly grace',
        'life Half-yearly lapsed',
        'life Yearly due',
        'life Yearly paid_up',
        'postoffice Monthly paid_up',
        'mutual_funds Monthly due',
      ]),
    );
    const lapsedLife = dues.find((d) => d.service_code === 'life' && d.premium.state === 'lapsed');
    expect(lapsedLife?.premium.revival_until).not.toBeNull();
    expect(dues.some((d) => d.service_code === 'mutual_funds' && d.end_date === null)).toBe(true);

    // Dated from today: some expired, some ending within 60 days, some investments maturing within 60 days.
    const today = todayInIndia();
    const in60 = addDays(today, 60);
    const ending = plans.filter((p) => p.end !== null && p.end >= today && p.end <= in60);
    expect(plans.filter((p) => p.end !== null && p.end < today).length).toBeGreaterThanOrEqual(3);
    expect(ending.filter((p) => p.kind === 'insurance').length).toBeGreaterThanOrEqual(4);
    expect(ending.filter((p) => p.kind === 'investment').length).toBeGreaterThanOrEqual(2);

    // Health policies name the people they cover.
    const health = plans.filter((p) => p.code === 'health');
    expect(health.length).toBeGreaterThanOrEqual(2);
    for (const h of health) {
      const members = await t.db.select().from(insuredMembers).where(eq(insuredMembers.policyId, h.id));
      expect(members.length).toBeGreaterThan(0);
    }

    // Family members' documents are served with their real type.
    const withDocs = await t.db
      .select()
      .from(secondaryClients)
      .where(and(eq(secondaryClients.agencyId, agency.id), isNotNull(secondaryClients.aadhaarDocumentId)));
    expect(withDocs.length).toBeGreaterThanOrEqual(2);
    const kinds = {
      aadhaar: 'aadhaarDocumentId',
      pan: 'panDocumentId',
      cheque: 'chequeDocumentId',
      profile_image: 'profileImageDocumentId',
    } as const;
    let served = 0;
    for (const m of await t.db
      .select()
      .from(secondaryClients)
      .where(eq(secondaryClients.agencyId, agency.id))) {
      for (const [kind, column] of Object.entries(kinds)) {
        if (!m[column]) continue;
        const res = await get(`/api/secondary-clients/${m.id}/documents/${kind}`);
        expect(res.statusCode).toBe(200);
        expect(['image/png', 'application/pdf']).toContain(sniffMime(res.rawPayload));
        served += 1;
      }
    }
    expect(served).toBeGreaterThanOrEqual(8);
    // A new client added now takes the next code.
    expect(agency.nextClientSeq).toBe(7);
  });

  it('keeps Priya Sharma’s sign-in, code and first plans, and gives her a family with documents', async () => {
    const t = await fresh();
    await firstStart(t.db, t.app.services.hasher, withDocuments(t));
    const host = agencyHost(DEMO.slug);
    const client = await signIn(t.app, { email: DEMO.clientEmail, password: DEMO.clientPassword, host });
    expect(client.statusCode).toBe(200);
    const token = await signInToken(t.app, { email: DEMO.ownerEmail, password: DEMO.ownerPassword, host });
    const [priya] = await t.db
      .select()
      .from(primaryClients)
      .where(eq(primaryClients.clientCode, 'DEMOAGENCY-00001'));
    expect(priya).toMatchObject({ firstName: 'Priya', lastName: 'Sharma', email: DEMO.clientEmail });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/users/primary-clients/${priya!.id}`,
      headers: bearer(token),
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.body;
    for (const text of [
      'Jeevan Anand',
      'HDFC Flexi Cap Fund',
      'Family Health Optima',
      'Sukanya Samriddhi Account',
    ]) {
      expect(body).toContain(text);
    }
    const family = await t.db
      .select()
      .from(secondaryClients)
      .where(eq(secondaryClients.primaryClientId, priya!.id));
    expect(family.map((m) => `${m.firstName} ${m.relationship}`).sort()).toEqual([
      'Ananya Daughter',
      'Arjun Spouse',
    ]);
    for (const m of family) {
      expect(m.aadhaarDocumentId ?? m.panDocumentId).not.toBeNull();
    }
    // No full PAN or account number in the answer (decisions §5).
    expect(body).not.toContain('BQWPS5521K');
    expect(body).not.toContain('50100456789012');
  });
});
