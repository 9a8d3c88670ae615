import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { MSG, WorkspacePlanDetailResponseSchema, WorkspacePlanUpdateResponseSchema } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfOf } from '../../../test/fixtures/pdf-bytes.ts';
import {
  addOnePlan,
  ownerWithClient,
  pdfFile,
  plan,
  SUBTYPE,
  uploadPlanDocument,
} from '../../../test/fixtures/plans.ts';
import { PAN } from '../../../test/fixtures/primary-clients.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { auditLog, documents, insuredMembers } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const detailOf = async (token: string, id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/plans/${id}/details`, headers: bearer(token) });
  return res.statusCode === 200 ? WorkspacePlanDetailResponseSchema.parse(res.json()).data : null;
};

const put = (token: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/client-plans/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });

const getDocument = (token: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/client-plans/${id}/document`, headers: bearer(token) });

const auditOf = (agencyId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.agencyId, agencyId), eq(auditLog.action, action)));

/**
 * A fault injected in the real database: inserts into `table` matching `when` (SQL on NEW) fail. Answers
 * the function that removes it again.
 */
async function refuseInserts(table: string, when: string) {
  const name = `refuse_${table}`;
  await t.db.execute(
    sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${when} THEN RAISE EXCEPTION 'refused by test'; END IF;
        RETURN NEW;
      END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER ${name} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
  );
  return async () => {
    await t.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
    await t.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
  };
}

function filesOf(agencyId: string): string[] {
  try {
    return readdirSync(path.join(t.app.services.documents.dir, agencyId));
  } catch {
    return [];
  }
}

describe('editing a plan', () => {
  it('replaces the fields, removes a nominee left out, audits which fields changed, and answers the plan', async () => {
    const s = await ownerWithClient(t.app, ['life']);
    const id = await addOnePlan(t.app, s, 'life', { overrides: { policy_number: 'LIC-100' } });
    const res = await put(s.token, id, {
      ...plan('life', s.providers.life!),
      policy_number: 'LIC-100-A',
      premium_amount: '31,250.5',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      subtype_fields: { ...SUBTYPE.life, sum_assured: '2500000', plan_name: 'Jeevan Umang' },
      nominee: null,
    });
    expect(res.statusCode).toBe(200);
    const answer = WorkspacePlanUpdateResponseSchema.parse(res.json());
    expect(answer.message).toBe('Plan LIC-100-A updated.');
    expect(answer.data).toMatchObject({
      policy_number: 'LIC-100-A',
      premium_amount: '31250.50',
      plan_name: 'Jeevan Umang',
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      status: 'Expired',
      nominee: null,
    });
    expect(answer.data.subtype_fields).toMatchObject({
      sum_assured: '2500000.00',
      plan_name: 'Jeevan Umang',
    });
    expect(await detailOf(s.token, id)).toEqual(answer.data);

    const [audit] = await auditOf(s.agency.agencyId, 'plan.update');
    expect(audit).toMatchObject({ targetType: 'insurance_policy', targetId: id, actorRole: 'AO' });
    expect(audit!.detail).toEqual({
      primary_client_id: s.client.primary_client_id,
      changed: ['policy_number', 'premium_amount', 'start_date', 'end_date', 'subtype_fields', 'nominee'],
    });
    // The nominee's details and the client's PAN appear in no answer and no audit entry (decisions §5).
    const text = JSON.stringify([res.json(), audit]);
    for (const secret of ['9876505678', 'ravi@example.in', PAN]) expect(text).not.toContain(secret);
  });

  it('replaces a health policy’s insured members as a set, in the order given', async () => {
    const s = await ownerWithClient(t.app, ['health']);
    const id = await addOnePlan(t.app, s, 'health');
    const members = [
      { insured_member_name: 'Anaya Iyer', relationship: 'daughter', insured_member_dob: '2015-08-09' },
    ];
    const res = await put(s.token, id, {
      ...plan('health', s.providers.health!),
      subtype_fields: { ...SUBTYPE.health, insured_members: members },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.insured_members).toEqual([
      {
        insured_member_name: 'Anaya Iyer',
        relationship: 'daughter',
        insured_member_dob: '2015-08-09',
        insured_member_phone_number: null,
      },
    ]);
    const rows = await t.db.select().from(insuredMembers).where(eq(insuredMembers.policyId, id));
    expect(rows.map((r) => r.name)).toEqual(['Anaya Iyer']);

    const none = await put(s.token, id, {
      ...plan('health', s.providers.health!),
      subtype_fields: { ...SUBTYPE.health, insured_members: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields['subtype_fields.insured_members']).toBe(
      'Insured Members must name at least one person covered.',
    );
  });

  it('edits an investment account with its amount', async () => {
    const s = await ownerWithClient(t.app, ['postoffice']);
    const id = await addOnePlan(t.app, s, 'postoffice');
    const res = await put(s.token, id, {
      ...plan('postoffice', s.providers.postoffice!),
      policy_number: 'NSC-7788',
      amount: 0,
      subtype_fields: { ...SUBTYPE.postoffice, roi: 7.1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ account_id: id, policy_number: 'NSC-7788', amount: '0.00' });
    expect(res.json().data.subtype_fields.roi).toBe(7.1);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const s = await ownerWithClient(t.app, ['life', 'motor', 'nps']);
    const other = await ownerWithClient(t.app, ['life']);
    const id = await addOnePlan(t.app, s, 'life');
    const before = await detailOf(s.token, id);
    const life = (o: Record<string, unknown>) => ({ ...plan('life', s.providers.life!), ...o });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [life({ end_date: '2020-01-01' }), 'end_date', 'End Date must be on or after the Start Date.'],
      [
        life({ premium_amount: '-5' }),
        'premium_amount',
        'Premium Amount must be an amount in rupees of 0 or more, with at most 2 decimals.',
      ],
      [
        life({ subtype_fields: { ...SUBTYPE.life, plan_name: '' } }),
        'subtype_fields.plan_name',
        'Plan Name is required.',
      ],
      [
        life({ subtype_fields: { ...SUBTYPE.life, sum_assured: -1 } }),
        'subtype_fields.sum_assured',
        'Sum Assured must be an amount in rupees of 0 or more, with at most 2 decimals.',
      ],
      [life({ start_date: '2025-02-30' }), 'start_date', 'Start Date must be a date in the form YYYY-MM-DD.'],
      [life({ policy_number: '  ' }), 'policy_number', 'Policy Number is required.'],
      [
        life({ nominee: { full_name: 'Ravi', relation: '' } }),
        'nominee.relation',
        'Nominee Relation is required.',
      ],
      [
        life({ provider_id: s.providers.motor }),
        'provider_id',
        'Provider Id names a motor provider; this plan is life.',
      ],
      [
        life({ provider_id: other.providers.life }),
        'provider_id',
        'Provider Id does not name a provider company of your agency.',
      ],
      [
        { ...plan('nps', s.providers.nps!) },
        'service_code',
        'Service Code cannot change: this plan is life. Remove it and add a new plan instead.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(s.token, id, payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field], field).toBe(message);
    }
    expect(await detailOf(s.token, id)).toEqual(before);
    expect(await auditOf(s.agency.agencyId, 'plan.update')).toHaveLength(0);
  });

  it('changes nothing when the database refuses a write half-way (one transaction)', async () => {
    const s = await ownerWithClient(t.app, ['health']);
    const id = await addOnePlan(t.app, s, 'health', { overrides: { policy_number: 'HLT-1' } });
    const before = await detailOf(s.token, id);
    // A fault injected in the real database: the new members' insert fails after the plan row was updated.
    const restore = await refuseInserts('insured_members', `NEW.insured_member_name = 'Refused Member'`);
    try {
      const res = await put(s.token, id, {
        ...plan('health', s.providers.health!),
        policy_number: 'HLT-2',
        premium_amount: '99999',
        subtype_fields: {
          ...SUBTYPE.health,
          insured_members: [{ insured_member_name: 'Refused Member', relationship: 'self' }],
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('refused by test');
    } finally {
      await restore();
    }
    expect(await detailOf(s.token, id)).toEqual(before);
    expect(await auditOf(s.agency.agencyId, 'plan.update')).toHaveLength(0);
  });
});

describe('a plan’s document for the owner', () => {
  it('serves the PDF as an attachment named by the number, nosniff and no-store, and audits it', async () => {
    const s = await ownerWithClient(t.app, ['mutual_funds']);
    const bytes = pdfOf('statement');
    const id = await addOnePlan(t.app, s, 'mutual_funds', {
      overrides: { policy_number: '1234567/89' },
      file: pdfFile('statement', bytes),
    });
    const res = await getDocument(s.token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="1234567-89.pdf"; filename*=UTF-8''1234567-89.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const audit = await auditOf(s.agency.agencyId, 'document.download');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'investment_account', targetId: id, actorRole: 'AO' });
    expect(audit[0]!.detail).toMatchObject({
      kind: 'investment_pdf',
      primary_client_id: s.client.primary_client_id,
    });
  });

  it('answers the spec’s message when the plan has no document or one under 100 bytes', async () => {
    const s = await ownerWithClient(t.app, ['life']);
    const none = await addOnePlan(t.app, s, 'life');
    const tiny = await addOnePlan(t.app, s, 'life', {
      file: { filename: 'tiny.pdf', type: 'application/pdf', bytes: PDF_BYTES },
    });
    for (const id of [none, tiny]) {
      const res = await getDocument(s.token, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.documentMissing);
    }
    expect(await auditOf(s.agency.agencyId, 'document.download')).toHaveLength(0);
  });
});

describe('replacing a plan’s document', () => {
  it('stores the new PDF, hides the old one, audits, and serves the new one', async () => {
    const s = await ownerWithClient(t.app, ['life']);
    const id = await addOnePlan(t.app, s, 'life', { file: pdfFile('old') });
    const oldId = (await detailOf(s.token, id))!.document!.document_id;
    const fresh = pdfOf('new policy schedule');
    const res = await uploadPlanDocument(t.app, s.token, id, pdfFile('schedule', fresh));
    expect(res.statusCode).toBe(200);
    const answer = WorkspacePlanUpdateResponseSchema.parse(res.json());
    expect(answer.message).toBe('Plan document replaced.');
    expect(answer.data.document).toMatchObject({ original_name: 'schedule.pdf', size_bytes: fresh.length });
    expect(answer.data.document!.document_id).not.toBe(oldId);
    const [old] = await t.db.select().from(documents).where(eq(documents.id, oldId));
    expect(old!.deletedAt).not.toBeNull();
    const served = await getDocument(s.token, id);
    expect(served.rawPayload.equals(fresh)).toBe(true);
    const [audit] = await auditOf(s.agency.agencyId, 'plan.document_replace');
    expect(audit!.detail).toMatchObject({
      document_id: answer.data.document!.document_id,
      replaced_document_id: oldId,
      kind: 'policy_pdf',
    });

    const first = await addOnePlan(t.app, s, 'life');
    const added = await uploadPlanDocument(t.app, s.token, first, pdfFile('first'));
    expect(added.json().message).toBe('Plan document added.');
    expect(added.json().data.document_available).toBe(true);
  });

  it('refuses files that are not PDFs by content, too small, too large or missing, naming the field', async () => {
    const s = await ownerWithClient(t.app, ['life']);
    const id = await addOnePlan(t.app, s, 'life', { file: pdfFile('kept') });
    const before = await detailOf(s.token, id);
    const files = filesOf(s.agency.agencyId);
    const html = Buffer.from(`<!doctype html><html><body>${'x'.repeat(200)}</body></html>`);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 1)]);
    const huge = Buffer.concat([pdfOf('huge'), Buffer.alloc(10 * 1024 * 1024)]);
    const cases: Array<[Parameters<typeof uploadPlanDocument>[3], number, string]> = [
      [
        { filename: 'policy.pdf', type: 'application/pdf', bytes: html },
        400,
        'Plan File must be a PDF file.',
      ],
      [{ filename: 'policy.pdf', type: 'application/pdf', bytes: exe }, 400, 'Plan File must be a PDF file.'],
      [
        { filename: 'photo.png', type: 'image/png', bytes: pngBytes(4, 4, 300) },
        400,
        'Plan File must be a PDF file.',
      ],
      [
        { filename: 'policy.pdf', type: 'application/pdf', bytes: PDF_BYTES },
        400,
        'Plan File must be at least 100 bytes: this PDF looks empty or damaged.',
      ],
      [
        { filename: 'policy.pdf', type: 'application/pdf', bytes: huge },
        413,
        'Plan File must be at most 10 MiB.',
      ],
      [undefined, 400, 'File is required: send the plan’s PDF in the file field.'],
    ];
    for (const [file, status, message] of cases) {
      const res = await uploadPlanDocument(t.app, s.token, id, file);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().fields.file, message).toBe(message);
    }
    expect(await detailOf(s.token, id)).toEqual(before);
    expect(filesOf(s.agency.agencyId)).toEqual(files);
  });

  it('keeps the old document and leaves no file behind when the database refuses half-way', async () => {
    const s = await ownerWithClient(t.app, ['life']);
    const oldBytes = pdfOf('old');
    const id = await addOnePlan(t.app, s, 'life', { file: pdfFile('old', oldBytes) });
    const before = await detailOf(s.token, id);
    const files = filesOf(s.agency.agencyId);
    const docsBefore = await t.db.select().from(documents).where(eq(documents.agencyId, s.agency.agencyId));
    // The audit entry, the transaction's last write, is refused after the new file, row and link exist.
    const restore = await refuseInserts('audit_log', `NEW.action = 'plan.document_replace'`);
    try {
      const res = await uploadPlanDocument(t.app, s.token, id, pdfFile('new'));
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await detailOf(s.token, id)).toEqual(before);
    expect(filesOf(s.agency.agencyId)).toEqual(files);
    const docsAfter = await t.db.select().from(documents).where(eq(documents.agencyId, s.agency.agencyId));
    expect(docsAfter).toEqual(docsBefore);
    expect((await getDocument(s.token, id)).rawPayload.equals(oldBytes)).toBe(true);
  });
});

describe('another agency and the roles', () => {
  it('answers 404 for another agency’s plan or an unknown id, and changes nothing', async () => {
    const mine = await ownerWithClient(t.app, ['life']);
    const theirs = await ownerWithClient(t.app, ['life']);
    const id = await addOnePlan(t.app, theirs, 'life', { file: pdfFile('theirs') });
    const before = await detailOf(theirs.token, id);
    for (const target of [id, randomUUID()]) {
      const edit = await put(mine.token, target, plan('life', mine.providers.life!));
      expect(edit.statusCode).toBe(404);
      expect(edit.json().message).toBe('No plan of your agency’s clients exists with this id.');
      expect((await getDocument(mine.token, target)).statusCode).toBe(404);
      expect((await uploadPlanDocument(t.app, mine.token, target, pdfFile('mine'))).statusCode).toBe(404);
    }
    expect(await detailOf(theirs.token, id)).toEqual(before);
    expect(await auditOf(mine.agency.agencyId, 'document.download')).toHaveLength(0);
    expect(filesOf(mine.agency.agencyId)).toEqual([]);
  });

  it('turns away ADMIN and AC with 403 and the anonymous with 401', async () => {
    const { accounts } = await createAccountOfEveryRole(t);
    const id = randomUUID();
    const calls: Array<['GET' | 'POST' | 'PUT', string]> = [
      ['PUT', `/api/client-plans/${id}`],
      ['GET', `/api/client-plans/${id}/document`],
      ['POST', `/api/client-plans/${id}/document`],
    ];
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, accounts[role]);
      for (const [method, url] of calls) {
        expect((await t.app.inject({ method, url, headers: bearer(token) })).statusCode).toBe(403);
      }
    }
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });
});
