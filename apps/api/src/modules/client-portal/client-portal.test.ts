import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  AlertsResponseSchema,
  ClientAgencySchema,
  ClientProfileSchema,
  ClientSummarySchema,
  ErrorResponseSchema,
  MSG,
  MyPlansSchema,
  PlanDetailSchema,
  SecondaryClientDocumentsSchema,
  SecondaryClientListSchema,
  SecondaryClientResponseSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agency,
  addAccount,
  addFamilyMember,
  addPolicy,
  agencyWithClients,
  richClient,
  SECRET,
  saveDocument,
  signedInClient,
} from '../../../test/fixtures/client-portal.ts';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { pngBytes } from '../../../test/images.ts';
import { auditLog, primaryClients, secondaryClients, users } from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';

let t: TestApp;
let a: Agency;
let b: Agency;
let rich: Awaited<ReturnType<typeof richClient>>;
let other: Awaited<ReturnType<typeof signedInClient>>;
let otherPolicy: { id: string };
let otherFamily: string;
let foreign: Awaited<ReturnType<typeof signedInClient>>;
let foreignPolicy: { id: string };
let foreignAccount: { id: string };
let foreignFamily: string;

/** Every answer body of this file, searched at the end for full identifiers (decisions §5). */
const bodies: string[] = [];
const get = async (token: string, url: string): Promise<LightMyRequestResponse> => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  bodies.push(res.body);
  return res;
};
const expect404 = async (token: string, url: string, message: string) => {
  const res = await get(token, url);
  expect(res.statusCode).toBe(404);
  expect(ErrorResponseSchema.parse(res.json()).message).toBe(message);
};

beforeAll(async () => {
  t = await createTestApp();
  a = await agencyWithClients(t);
  b = await agencyWithClients(t);
  rich = await richClient(t, a);
  other = await signedInClient(t, a, 'Sanjay Gupta');
  otherFamily = await addFamilyMember(t, a, other.primaryClientId, {
    firstName: 'Neha',
    relationship: 'Wife',
  });
  otherPolicy = await addPolicy(t, a, other.primaryClientId, 'life', {
    documentId: await saveDocument(
      t,
      a.agency.agencyId,
      'policy_pdf',
      pdfOf('document', 400),
      'application/pdf',
    ),
  });
  foreign = await signedInClient(t, b, 'Farhan Ali');
  foreignFamily = await addFamilyMember(t, b, foreign.primaryClientId, { firstName: 'Zoya' });
  foreignPolicy = await addPolicy(t, b, foreign.primaryClientId, 'motor', {
    documentId: await saveDocument(
      t,
      b.agency.agencyId,
      'policy_pdf',
      pdfOf('document', 400),
      'application/pdf',
    ),
  });
  foreignAccount = await addAccount(t, b, foreign.primaryClientId, 'nps');
});
afterAll(() => t?.close());

describe('GET /api/agency-user/client/dashboard/summary', () => {
  it("counts the client's own plans and family, and sums the premium of Active policies exactly", async () => {
    const res = await get(rich.me.token, '/api/agency-user/client/dashboard/summary');
    expect(res.statusCode).toBe(200);
    // life 24000.50 + health 18000.00 + travel (ends today) 1500.00; motor ended yesterday, home has none.
    expect(ClientSummarySchema.parse(res.json())).toEqual({
      total_plans: 8,
      total_secondary_clients: 2,
      total_premium: '43500.50',
      claims_this_year: 0,
    });
  });

  it('is all zeros for a client with nothing yet', async () => {
    const fresh = await signedInClient(t, a);
    const res = await get(fresh.token, '/api/agency-user/client/dashboard/summary');
    expect(res.json()).toEqual({
      total_plans: 0,
      total_secondary_clients: 0,
      total_premium: '0.00',
      claims_this_year: 0,
    });
  });
});

describe('GET /api/agency-user/client/profile', () => {
  it('answers the spec fields and real values where the earlier portal had placeholders', async () => {
    await t.db
      .update(primaryClients)
      .set({
        phone: '9822000001',
        dateOfBirth: '1986-03-21',
        gender: 'Female',
        occupation: 'Architect',
        houseNumber: 'A-401',
        locality: 'Kothrud',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411038',
        panLast4: '234F',
        emergencyContactName: 'Rahul Iyer',
        emergencyContactPhone: '9811100002',
      })
      .where(eq(primaryClients.id, rich.me.primaryClientId));
    const res = await get(rich.me.token, '/api/agency-user/client/profile');
    expect(res.statusCode).toBe(200);
    const body = ClientProfileSchema.parse(res.json());
    const [user] = await t.db.select().from(users).where(eq(users.id, rich.me.userId));
    expect(body).toMatchObject({
      fullName: 'Meera Iyer',
      email: rich.me.email,
      phonenumber: '9822000001',
      address: 'A-401, Kothrud, Pune, Maharashtra - 411038',
      primaryclientid: rich.me.primaryClientId,
      agencyid: a.agency.agencyId,
      date_of_birth: '1986-03-21',
      nationality: 'Indian',
      status: 'Active',
      last_login: user!.lastLoginAt!.toISOString(),
      emergency_contact: { name: 'Rahul Iyer', phone: '9811100002' },
      pannumber: '••••234F',
      aadharnumber: null,
      has_avatar: false,
    });
    expect(body.clientcode).toMatch(/^T-/);
    // 15 of the 16 counted fields are filled (no Aadhaar).
    expect(body.profile_completeness).toBe(94);
  });

  it('answers 404 once the agency removed the client', async () => {
    const gone = await signedInClient(t, a);
    await t.db
      .update(primaryClients)
      .set({ deletedAt: new Date() })
      .where(eq(primaryClients.id, gone.primaryClientId));
    await expect404(gone.token, '/api/agency-user/client/profile', MSG.clientNotFound);
    await expect404(gone.token, '/api/agency-user/client/my-plans', MSG.clientNotFound);
  });
  it("answers 403 once the agency turned the client's portal access off", async () => {
    const off = await signedInClient(t, a);
    await t.db
      .update(primaryClients)
      .set({ portalAccess: false })
      .where(eq(primaryClients.id, off.primaryClientId));
    const res = await get(off.token, '/api/agency-user/client/my-plans');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden, detail: MSG.portalAccessOff });
  });
});

describe('GET /api/agency-user/client/my-agency-details', () => {
  it("answers the token's agency", async () => {
    const res = await get(rich.me.token, '/api/agency-user/client/my-agency-details');
    expect(res.statusCode).toBe(200);
    const f = a.agency.form;
    expect(ClientAgencySchema.parse(res.json())).toEqual({
      name: f.AgencyName,
      email: f.AgencyEmail,
      phonenumber: f.AgencyPhoneNumber,
      website: f.Website || null,
      license_number: null,
      address: expect.stringContaining(String(f.City)),
      // No logo uploaded (the logo's address is tested in branding.test.ts).
      logo_url: null,
    });
    const foreignRes = await get(foreign.token, '/api/agency-user/client/my-agency-details');
    expect(foreignRes.json().name).toBe(b.agency.form.AgencyName);
  });
});

describe('GET /api/agency-user/client/my-plans', () => {
  it("lists only the client's own plans with spec list fields, holder and status", async () => {
    const res = await get(rich.me.token, '/api/agency-user/client/my-plans');
    expect(res.statusCode).toBe(200);
    const body = MyPlansSchema.parse(res.json());
    expect(body.insurance_plans).toHaveLength(5);
    expect(body.investment_plans).toHaveLength(3);
    const life = body.insurance_plans.find((p) => p.policy_id === rich.life.id);
    expect(life).toEqual({
      plan_type: 'insurance',
      policy_id: rich.life.id,
      provider_name: expect.stringContaining('LIFE Provider'),
      service_code: 'life',
      policy_number: 'LIC/2024/0001',
      premium_amount: '24000.50',
      start_date: '2024-04-01',
      end_date: addDays(rich.today, 400),
      status: 'Active',
      plan_name: 'Jeevan Anand',
      holder: 'Self',
      secondary_client_id: null,
      document_available: true,
    });
    const health = body.insurance_plans.find((p) => p.policy_id === rich.health.id)!;
    expect(health).toMatchObject({
      holder: 'Rahul Iyer',
      secondary_client_id: rich.spouse,
      plan_name: 'Optima Secure',
    });
    expect(health.document_available).toBe(false);
    const status = Object.fromEntries(body.insurance_plans.map((p) => [p.service_code, p.status]));
    // Ended yesterday: Expired; ends today: still Active until the day is over (spec §4).
    expect(status).toEqual({
      life: 'Active',
      health: 'Active',
      motor: 'Expired',
      travel: 'Active',
      home: 'Active',
    });
    const po = body.investment_plans.find((p) => p.account_id === rich.po.id)!;
    expect(po).toMatchObject({ holder: 'Kavya Iyer', amount: '20000.00', service_code: 'postoffice' });
    const all = JSON.stringify(body);
    expect(all).not.toContain(otherPolicy.id);
    expect(all).not.toContain(foreignPolicy.id);
  });
});

describe('GET /api/agency-user/client/plans/:id/details', () => {
  it('answers a policy with nominee and only its service fields', async () => {
    const res = await get(rich.me.token, `/api/agency-user/client/plans/${rich.life.id}/details`);
    expect(res.statusCode).toBe(200);
    const body = PlanDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      plan_type: 'insurance',
      policy_id: rich.life.id,
      document_available: true,
      nominee: {
        full_name: 'Arjun Iyer',
        relation: 'Son',
        dob: '2005-06-15',
        phone_number: '9876500001',
        email: 'arjun@example.in',
      },
    });
    // sum_assured comes from the policy's column; a stray stored key is not answered.
    expect(res.json().subtype_fields).toEqual({
      sum_assured: '1000000.00',
      mode: 'Yearly',
      term: 20,
      ppt: 15,
    });
  });

  it('answers a health policy with its insured members', async () => {
    const res = await get(rich.me.token, `/api/agency-user/client/plans/${rich.health.id}/details`);
    expect(res.json().subtype_fields).toEqual({
      cover_type: 'Family Floater',
      sum_assured: '500000',
      plan_name: 'Optima Secure',
      term: 1,
      insured_members: [
        {
          insured_member_name: 'Kavya Iyer',
          relationship: 'Daughter',
          insured_member_dob: null,
          insured_member_phone_number: null,
        },
        {
          insured_member_name: 'Rahul Iyer',
          relationship: 'Spouse',
          insured_member_dob: '1985-02-10',
          insured_member_phone_number: '9811100002',
        },
      ],
    });
  });

  it('answers an investment account by its id, and null when there is no nominee', async () => {
    const po = await get(rich.me.token, `/api/agency-user/client/plans/${rich.po.id}/details`);
    expect(PlanDetailSchema.parse(po.json())).toMatchObject({
      plan_type: 'investment',
      account_id: rich.po.id,
      amount: '20000.00',
      subtype_fields: { account_number: 'PO12345', scheme_name: 'NSC', term: 5, roi: 7.7 },
    });
    const home = await get(rich.me.token, `/api/agency-user/client/plans/${rich.home.id}/details`);
    expect(home.json()).toMatchObject({
      nominee: null,
      premium_amount: null,
      end_date: null,
      subtype_fields: {},
    });
  });

  it("answers 404 for another client's, another agency's and an unknown plan; 400 for a malformed id", async () => {
    for (const id of [
      otherPolicy.id,
      foreignPolicy.id,
      foreignAccount.id,
      '7f1d1c2e-0000-4000-8000-000000000000',
    ]) {
      await expect404(rich.me.token, `/api/agency-user/client/plans/${id}/details`, MSG.planNotFound);
    }
    const bad = await get(rich.me.token, '/api/agency-user/client/plans/not-a-uuid/details');
    expect(bad.statusCode).toBe(400);
  });
});

describe('plan documents', () => {
  const downloads = async (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.action, 'document.download')));

  it('answers the policy PDF saved as the policy number, audited once', async () => {
    const before = (await downloads(rich.me.userId)).length;
    const res = await get(rich.me.token, `/api/agency-user/policies/${rich.life.id}/document`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="LIC_2024_0001.pdf"; filename*=UTF-8''LIC%2F2024%2F0001.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(pdfOf('document', 500))).toBe(true);
    const rows = await downloads(rich.me.userId);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorRole: 'AC',
      agencyId: a.agency.agencyId,
      targetType: 'insurance_policy',
      targetId: rich.life.id,
      detail: { document_id: rich.lifeDoc, kind: 'policy_pdf', primary_client_id: rich.me.primaryClientId },
    });
  });

  it('answers the investment PDF saved as the plan name', async () => {
    const res = await get(rich.me.token, `/api/agency-user/investments/${rich.mf.id}/document`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Bluechip Growth.pdf"; filename*=UTF-8''Bluechip%20Growth.pdf`,
    );
  });

  it('answers 404 with the spec message when there is no document, or it is under 100 bytes', async () => {
    await expect404(
      rich.me.token,
      `/api/agency-user/policies/${rich.health.id}/document`,
      MSG.documentMissing,
    );
    const c = await signedInClient(t, a);
    const tiny = await addPolicy(t, a, c.primaryClientId, 'life', {
      documentId: await saveDocument(
        t,
        a.agency.agencyId,
        'policy_pdf',
        pdfOf('document', 99),
        'application/pdf',
      ),
    });
    await expect404(c.token, `/api/agency-user/policies/${tiny.id}/document`, MSG.documentMissing);
    const detail = await get(c.token, `/api/agency-user/client/plans/${tiny.id}/details`);
    expect(detail.json().document_available).toBe(false);
    const exact = await addPolicy(t, a, c.primaryClientId, 'life', {
      documentId: await saveDocument(
        t,
        a.agency.agencyId,
        'policy_pdf',
        pdfOf('document', 100),
        'application/pdf',
      ),
    });
    expect((await get(c.token, `/api/agency-user/policies/${exact.id}/document`)).statusCode).toBe(200);
  });

  it("answers 404 for another client's or agency's document and for a policy id on the investment path", async () => {
    const before = (await downloads(rich.me.userId)).length;
    await expect404(rich.me.token, `/api/agency-user/policies/${otherPolicy.id}/document`, MSG.planNotFound);
    await expect404(
      rich.me.token,
      `/api/agency-user/policies/${foreignPolicy.id}/document`,
      MSG.planNotFound,
    );
    await expect404(rich.me.token, `/api/agency-user/investments/${rich.life.id}/document`, MSG.planNotFound);
    expect((await downloads(rich.me.userId)).length).toBe(before);
  });
});

describe('secondary clients', () => {
  it("lists the client's family members only", async () => {
    const res = await get(rich.me.token, '/api/agency-user/client/secondary-clients');
    expect(res.statusCode).toBe(200);
    expect(SecondaryClientListSchema.parse(res.json())).toEqual([
      {
        secondaryclientid: rich.child,
        firstname: 'Kavya',
        lastname: 'Iyer',
        secondaryclientemail: null,
        relationship: 'Daughter',
        phonenumber: null,
      },
      {
        secondaryclientid: rich.spouse,
        firstname: 'Rahul',
        lastname: 'Iyer',
        secondaryclientemail: 'rahul@example.in',
        relationship: 'Spouse',
        phonenumber: '9811100002',
      },
    ]);
  });

  it('answers the detail with identifiers masked to the last 4, and the plans they hold or are insured under', async () => {
    const res = await get(rich.me.token, `/api/agency-user/secondary-client/${rich.spouse}`);
    expect(res.statusCode).toBe(200);
    const body = SecondaryClientResponseSchema.parse(res.json());
    expect(body.secondary_client).toMatchObject({
      secondaryclientid: rich.spouse,
      relation_type: 'Husband',
      housenumber: '12B',
      society: 'Green Acres',
      pincode: '411045',
      height: 176.5,
      weight: 72,
      anymedicalcondition: 'None',
      aadharnumber: '••••2346',
      pannumber: '••••234F',
      cifnumber: '••••7766',
      accountnumber: '••••1234',
      ifsccode: 'HDFC0001234',
    });
    expect(body.plans).toEqual([
      {
        plan_id: rich.health.id,
        plan_type: 'insurance',
        plan_name: 'Optima Secure',
        service_category: 'insurance',
        service_code: 'health',
        provider_name: expect.any(String),
        policy_number: rich.health.policyNumber,
        status: 'Active',
        role: 'holder',
      },
    ]);
    const child = SecondaryClientResponseSchema.parse(
      (await get(rich.me.token, `/api/agency-user/secondary-client/${rich.child}`)).json(),
    );
    expect(child.secondary_client).toMatchObject({
      aadharnumber: null,
      pannumber: null,
      accountnumber: null,
    });
    expect(child.plans.map((p) => [p.plan_id, p.role])).toEqual([
      [rich.po.id, 'holder'],
      [rich.health.id, 'insured'],
    ]);
  });

  it('lists the documents with their type, size and download address, and null for the missing', async () => {
    const base = `/api/agency-user/secondary-client/${rich.spouse}/documents`;
    const res = await get(rich.me.token, base);
    expect(res.statusCode).toBe(200);
    const body = SecondaryClientDocumentsSchema.parse(res.json());
    expect(body.aadhaar).toEqual({ mime: 'application/pdf', size: 300, url: `${base}/aadhaar` });
    expect(body.pan).toEqual({ mime: 'image/png', size: pngBytes(2, 2, 200).length, url: `${base}/pan` });
    expect(body.cheque).toBeNull();
    expect(body.profile_image).toMatchObject({ mime: 'image/png', url: `${base}/profile_image` });
    // Nothing was served: a list is not a download.
    const audited = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'secondary_client'), eq(auditLog.targetId, rich.spouse)));
    expect(await audited()).toEqual([]);
    const none = await get(rich.me.token, `/api/agency-user/secondary-client/${rich.child}/documents`);
    expect(none.json()).toEqual({ aadhaar: null, pan: null, cheque: null, profile_image: null });
  });

  it('streams each document by its own call, as a private file, and audits each download', async () => {
    const base = `/api/agency-user/secondary-client/${rich.spouse}/documents`;
    const aadhaar = await get(rich.me.token, `${base}/aadhaar`);
    expect(aadhaar.statusCode).toBe(200);
    expect(aadhaar.rawPayload.equals(pdfOf('document', 300))).toBe(true);
    expect(aadhaar.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '300',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(aadhaar.headers['content-disposition']).toBe(`inline; filename="aadhaar-${rich.spouse}.pdf"`);
    const pan = await get(rich.me.token, `${base}/pan`);
    expect(pan.rawPayload.equals(pngBytes(2, 2, 200))).toBe(true);
    expect(pan.headers['content-type']).toBe('image/png');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'secondary_client'), eq(auditLog.targetId, rich.spouse)));
    expect(rows.map((r) => [r.action, r.detail?.kind])).toEqual([
      ['document.download', 'aadhaar'],
      ['document.download', 'pan'],
    ]);
    expect(rows.every((r) => r.actorUserId === rich.me.userId)).toBe(true);
    // No cheque: 404 with the spec's words, and nothing audited.
    await expect404(rich.me.token, `${base}/cheque`, MSG.documentMissing);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, rich.spouse))).toHaveLength(2);
  });

  it('cuts a download short when its file fails its tag: never a whole answer of altered bytes', async () => {
    // A client of its own, so the rich client's family and totals stay as the other tests expect them.
    const owner = await signedInClient(t, a, 'Tara Menon');
    const member = await addFamilyMember(t, a, owner.primaryClientId, { firstName: 'Tara' });
    const bytes = pdfOf('tampered', 200_000);
    const docId = await saveDocument(t, a.agency.agencyId, 'aadhaar', bytes, 'application/pdf');
    await t.db
      .update(secondaryClients)
      .set({ aadhaarDocumentId: docId })
      .where(eq(secondaryClients.id, member));
    // One bit of the sealed file flipped on disk, as someone with the disk but not the key could.
    const file = path.join(t.app.services.documents.dir, a.agency.agencyId, docId);
    const sealed = readFileSync(file);
    sealed[1000] = (sealed[1000] ?? 0) ^ 1;
    writeFileSync(file, sealed);
    // The answer is destroyed before it completes (a browser sees a failed download), never ended whole.
    await expect(
      t.app.inject({
        url: `/api/agency-user/secondary-client/${member}/documents/aadhaar`,
        headers: bearer(owner.token),
      }),
    ).rejects.toThrow(/destroyed before completion/);
  });

  it("answers 404 for another client's or agency's family member", async () => {
    for (const id of [otherFamily, foreignFamily]) {
      await expect404(rich.me.token, `/api/agency-user/secondary-client/${id}`, MSG.secondaryClientNotFound);
      await expect404(
        rich.me.token,
        `/api/agency-user/secondary-client/${id}/documents`,
        MSG.secondaryClientNotFound,
      );
    }
    await expect404(
      other.token,
      `/api/agency-user/secondary-client/${rich.spouse}`,
      MSG.secondaryClientNotFound,
    );
  });
});

describe('GET /api/agency-user/upcoming-alerts', () => {
  it("answers the client's alerts by decisions §4, soonest first", async () => {
    const res = await get(rich.me.token, '/api/agency-user/upcoming-alerts');
    expect(res.statusCode).toBe(200);
    const { alerts } = AlertsResponseSchema.parse(res.json());
    expect(alerts.map((x) => [x.alert_type, x.reference_id, x.alert_date])).toEqual([
      ['insurance', rich.motor.id, addDays(rich.today, -1)],
      ['insurance', rich.travel.id, rich.today],
      ['other', rich.home.id, rich.today],
      ['insurance', rich.health.id, addDays(rich.today, 45)],
      ['investment', rich.mf.id, addDays(rich.today, 90)],
    ]);
    for (const x of alerts.filter((x) => x.alert_type === 'insurance'))
      expect(x.action_hint).toContain('expiring');
    expect(alerts.find((x) => x.alert_type === 'investment')?.action_hint).toContain('maturity');
    expect(alerts[3]).toMatchObject({ plan_name: 'Optima Secure', title: 'Policy renewal due' });
    const others = await get(other.token, '/api/agency-user/upcoming-alerts');
    // The other client's one life policy has no end date and no nominee.
    expect(others.json().alerts.map((x: { reference_id: string }) => x.reference_id)).toEqual([
      otherPolicy.id,
    ]);
  });
});

describe('masking across every answer', () => {
  it('never answers a full PAN, CIF, account or Aadhaar number', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      for (const secret of Object.values(SECRET)) expect(body).not.toContain(secret);
    }
  });
});
