import {
  ClaimChecklistResponseSchema,
  ClaimDetailResponseSchema,
  ClaimListResponseSchema,
  ClientClaimDetailSchema,
} from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPolicy, agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import {
  assignClients,
  bearer,
  createStaff,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { multipart, type Part } from '../../../test/multipart.ts';
import { auditLog, documents } from '../../db/schema.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 28 item 3 (decision 045): a claim's document checklist per kind, each item uploaded (checked by content
// and stored encrypted) or marked received on paper, or pending again; what the client sees of it; the walls;
// and the agency's setting of how long a claim may wait in one status.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.7\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n${' '.repeat(120)}`, 'latin1');

async function world() {
  const a = await agencyWithClients(t);
  const host = a.agency.host;
  const token = await signInToken(t.app, { email: a.agency.email, password: a.agency.password, host });
  const meera = await signedInClient(t, a, 'Meera Iyer');
  const health = await addPolicy(t, a, meera.primaryClientId, 'health', { sumAssured: '500000.00' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/claims',
    headers: bearer(token),
    payload: {
      plan_id: health.id,
      kind: 'health_reimbursement',
      intimated_on: addDays(today, -3),
      claimed_amount: '80000',
      details: { hospital: 'Ruby Hall Clinic' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const claim = ClaimDetailResponseSchema.parse(res.json()).data;
  return { a, host, token, meera, claim };
}

const send = (token: string, method: 'POST' | 'DELETE' | 'GET', url: string, parts?: Part[]) => {
  const body = parts ? multipart(parts) : null;
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body?.headers ?? {}) },
    ...(body ? { payload: body.payload } : {}),
  });
};

const checklist = async (token: string, claimId: string) => {
  const res = await send(token, 'GET', `/api/claims/${claimId}/documents`);
  expect(res.statusCode, res.body).toBe(200);
  return ClaimChecklistResponseSchema.parse(res.json()).data.documents;
};

describe("a claim's document checklist", () => {
  it("lists its kind's items as pending, takes uploads and paper copies, and gives the file back", async () => {
    const { token, claim, a } = await world();
    const first = await checklist(token, claim.id);
    expect(first.map((d) => d.label)).toEqual([
      'Claim form',
      'Discharge summary',
      'Final hospital bill',
      'Pharmacy bills',
      'Investigation reports',
      'KYC (PAN and Aadhaar)',
      'Cancelled cheque',
    ]);
    expect(first.every((d) => d.received_on === null && d.file === null)).toBe(true);

    const bill = pdf('final bill of Ruby Hall');
    const up = await send(token, 'POST', `/api/claims/${claim.id}/documents/final_bill`, [
      { name: 'file', filename: 'final-bill.pdf', type: 'application/pdf', bytes: bill },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().message).toBe('Final hospital bill uploaded.');
    const paper = await send(token, 'POST', `/api/claims/${claim.id}/documents/claim_form`, [
      { name: 'received_on', value: addDays(today, -1) },
    ]);
    expect(paper.statusCode, paper.body).toBe(200);
    const after = ClaimChecklistResponseSchema.parse(paper.json()).data.documents;
    expect(after.find((d) => d.item === 'final_bill')).toMatchObject({
      received_on: today,
      file: { name: 'final-bill.pdf', mime: 'application/pdf', size: bill.length },
    });
    expect(after.find((d) => d.item === 'claim_form')).toMatchObject({
      received_on: addDays(today, -1),
      file: null,
    });

    const file = await send(token, 'GET', `/api/claims/${claim.id}/documents/final_bill/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(bill)).toBe(true);
    // Stored encrypted: the bytes on disk are not the file's.
    const [stored] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.agencyId, a.agency.agencyId), eq(documents.kind, 'claim_document')));
    expect(stored?.sizeBytes).toBe(bill.length);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, a.agency.agencyId), eq(auditLog.targetId, claim.id)));
    expect(actions.map((r) => r.action)).toEqual(
      expect.arrayContaining(['claim.document_received', 'document.download']),
    );

    const none = await send(token, 'GET', `/api/claims/${claim.id}/documents/claim_form/file`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No file was uploaded for claim form.');
  });

  it('replaces a file, marks an item pending again, and hides the file it had', async () => {
    const { token, claim } = await world();
    const url = `/api/claims/${claim.id}/documents/pharmacy_bills`;
    await send(token, 'POST', url, [
      { name: 'file', filename: 'one.pdf', type: 'application/pdf', bytes: pdf('one') },
    ]);
    const second = pdf('second, with every bill');
    await send(token, 'POST', url, [
      { name: 'file', filename: 'two.pdf', type: 'application/pdf', bytes: second },
    ]);
    const file = await send(token, 'GET', `${url}/file`);
    expect(file.rawPayload.equals(second)).toBe(true);

    const cleared = await send(token, 'DELETE', url);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().message).toBe('Pharmacy bills marked pending.');
    const item = ClaimChecklistResponseSchema.parse(cleared.json()).data.documents.find(
      (d) => d.item === 'pharmacy_bills',
    );
    expect(item).toMatchObject({ received_on: null, file: null });
    expect((await send(token, 'GET', `${url}/file`)).statusCode).toBe(404);
  });

  it('refuses a file of another type, a day after today or before the intimation, and an item not on the list', async () => {
    const { token, claim } = await world();
    const url = `/api/claims/${claim.id}/documents/kyc`;
    const exe = await send(token, 'POST', url, [
      {
        name: 'file',
        filename: 'kyc.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('MZ not a pdf at all'),
      },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().fields.file).toBe('KYC (PAN and Aadhaar) must be a PDF, PNG, JPEG or WebP file.');
    const future = await send(token, 'POST', url, [{ name: 'received_on', value: addDays(today, 1) }]);
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.received_on).toMatch(/^Received On cannot be after today/);
    const early = await send(token, 'POST', url, [{ name: 'received_on', value: addDays(today, -10) }]);
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.received_on).toMatch(/^Received On cannot be before the claim was intimated/);
    const motorItem = await send(token, 'POST', `/api/claims/${claim.id}/documents/rc_copy`, [
      { name: 'received_on', value: today },
    ]);
    expect(motorItem.statusCode).toBe(404);
    expect(motorItem.json().message).toBe('This document is not on the checklist of this claim.');
    // Nothing was written by the refused calls.
    expect((await checklist(token, claim.id)).every((d) => d.received_on === null)).toBe(true);
  });

  it("shows the client what is received and pending on their claim's page", async () => {
    const { token, claim, meera } = await world();
    await send(token, 'POST', `/api/claims/${claim.id}/documents/discharge_summary`, [
      { name: 'received_on', value: today },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/agency-user/client/claims/${claim.id}`,
      headers: bearer(meera.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = ClientClaimDetailSchema.parse(res.json());
    expect(detail.documents).toContainEqual({
      item: 'discharge_summary',
      label: 'Discharge summary',
      received: true,
    });
    expect(detail.documents).toContainEqual({
      item: 'final_bill',
      label: 'Final hospital bill',
      received: false,
    });
    expect(detail.documents).toHaveLength(7);
  });

  it("is walled: another agency's owner and an agent without the client get the claim's 404", async () => {
    const { claim, a, host } = await world();
    const other = await world();
    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    const agentToken = await signInToken(t.app, { ...agent, host });
    for (const token of [other.token, agentToken]) {
      for (const [method, url, parts] of [
        ['GET', `/api/claims/${claim.id}/documents`],
        ['POST', `/api/claims/${claim.id}/documents/kyc`, [{ name: 'received_on', value: today }]],
        ['DELETE', `/api/claims/${claim.id}/documents/kyc`],
      ] as const) {
        const res = await send(token, method, url, parts ? [...parts] : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});

describe('how long a claim may wait in one status', () => {
  it('is 7 days at first, set by the owner within 1 to 90 days, and shown on the register', async () => {
    const { token, claim } = await world();
    const get = await send(token, 'GET', '/api/claims/settings');
    expect(get.json().data).toEqual({ stale_days: 7 });
    for (const [days, message] of [
      [0, 'Remind After must be at least 1 day.'],
      [91, 'Remind After must be at most 90 days.'],
      [2.5, 'Remind After must be a whole number of days.'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/claims/settings',
        headers: bearer(token),
        payload: { stale_days: days },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/claims/settings',
      headers: bearer(token),
      payload: { stale_days: 14 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const list = ClaimListResponseSchema.parse(
      (await send(token, 'GET', '/api/claims?status=open&limit=10&offset=0')).json(),
    );
    expect(list.stale_days).toBe(14);
    expect(list.items.find((c) => c.id === claim.id)?.days_in_status).toBe(3);
  });
});

describe('an agent assigned the client', () => {
  it('works the checklist of their client’s claim', async () => {
    const { claim, a, host, meera } = await world();
    const agent = await createStaff(t, a.agency.agencyId, 'AG');
    await assignClients(t.db, [meera.primaryClientId], agent.userId);
    const agentToken = await signInToken(t.app, { ...agent, host });
    const res = await send(agentToken, 'POST', `/api/claims/${claim.id}/documents/kyc`, [
      { name: 'received_on', value: today },
    ]);
    expect(res.statusCode, res.body).toBe(200);
  });
});
