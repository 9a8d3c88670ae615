import { DOCUMENT_MIN_BYTES, MSG, type UpdatePlanSchema } from '@portal/contract';
import type { z } from 'zod';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { DecryptionError } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { planColumns } from './insert-plans.ts';
import * as repo from './plans.repository.ts';
import { PLAN_NOT_FOUND, type PlansDeps, planDetailOf } from './plans.service.ts';

// Editing a client plan, and its PDF: served to the owner, replaced (issue 5 item 6; decision 009).

type UpdatePlan = z.output<typeof UpdatePlanSchema>;

function bad(field: string, message: string) {
  return new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });
}

async function mustFindPlan(deps: PlansDeps, agencyId: string, planId: string) {
  const row = await repo.findPlan(deps.db, agencyId, planId);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  return row;
}

type InsuredMember = {
  insured_member_name: string;
  relationship: string;
  insured_member_dob: string | null;
  insured_member_phone_number: string | null;
};

/** Same rules as creation; the service and holder stay; insured members are replaced as a set. */
export async function updatePlan(
  deps: PlansDeps,
  subject: TokenSubject,
  planId: string,
  input: UpdatePlan,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFindPlan(deps, agencyId, planId);
  if (input.service_code !== row.serviceCode) {
    throw bad(
      'service_code',
      `Service Code cannot change: this plan is ${row.serviceCode}. Remove it and add a new plan instead.`,
    );
  }
  const sub = input.subtype_fields;
  const common = planColumns(input);
  const before = row.plan;
  const changed = Object.entries({
    provider_id: before.providerId !== input.provider_id,
    policy_number:
      (row.kind === 'insurance' ? before.policyNumber : before.accountNumber) !== input.policy_number,
    [row.kind === 'insurance' ? 'premium_amount' : 'amount']:
      (row.kind === 'insurance' ? before.premiumAmount : before.amount) !== input.money,
    start_date: before.startDate !== input.start_date,
    end_date: before.endDate !== input.end_date,
    subtype_fields: JSON.stringify(before.subtypeFields) !== JSON.stringify(sub),
    nominee:
      before.nomineeFullName !== common.nomineeFullName ||
      before.nomineeRelation !== common.nomineeRelation ||
      before.nomineeDob !== common.nomineeDob ||
      before.nomineePhone !== common.nomineePhone ||
      before.nomineeEmail !== common.nomineeEmail,
  })
    .filter(([, v]) => v)
    .map(([k]) => k);

  return deps.db.transaction(async (tx) => {
    const provider = await repo.findProvider(tx, agencyId, input.provider_id);
    if (!provider) throw bad('provider_id', 'Provider Id does not name a provider company of your agency.');
    if (provider.serviceCode !== input.service_code) {
      throw bad(
        'provider_id',
        `Provider Id names a ${provider.serviceCode} provider; this plan is ${input.service_code}.`,
      );
    }
    const updated =
      row.kind === 'insurance'
        ? await repo.updatePolicy(tx, agencyId, planId, {
            ...common,
            policyNumber: input.policy_number,
            premiumAmount: input.money,
            sumAssured: (sub.sum_assured as string | undefined) ?? null,
          })
        : await repo.updateAccount(tx, agencyId, planId, {
            ...common,
            accountNumber: input.policy_number,
            amount: input.money,
          });
    if (!updated) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (row.kind === 'insurance') {
      const members = (sub.insured_members as InsuredMember[] | undefined) ?? [];
      await repo.deleteInsuredMembers(tx, agencyId, planId);
      await repo.insertInsuredMembers(
        tx,
        agencyId,
        planId,
        members.map((m) => ({
          name: m.insured_member_name,
          relationship: m.relationship,
          dateOfBirth: m.insured_member_dob,
          phone: m.insured_member_phone_number,
        })),
      );
    }
    // Which fields changed, never their values: nominees and members are personal data.
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.update',
      targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: before.primaryClientId,
      detail: { primary_client_id: before.primaryClientId, changed },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      status: 'success' as const,
      message: `Plan ${input.policy_number} updated.`,
      data: await planDetailOf({ ...deps, db: tx }, agencyId, planId),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

/** A file name without path separators or control characters, for Content-Disposition. */
function safeName(base: string): string {
  const cleaned = base.replace(/[\\/:*?"<>|\p{Cc}]/gu, '-').trim();
  return `${cleaned || 'plan'}.pdf`;
}

/** The plan's PDF for its agency's owner, saved as the policy or account number; audited (decisions §5). */
export async function planDocumentForOwner(
  deps: PlansDeps,
  subject: TokenSubject,
  planId: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFindPlan(deps, agencyId, planId);
  let doc: Awaited<ReturnType<typeof deps.documents.read>> = null;
  if (row.plan.documentId) {
    try {
      doc = await deps.documents.read(deps.db, agencyId, row.plan.documentId);
    } catch (err) {
      if (!(err instanceof DecryptionError)) throw err;
    }
  }
  // Spec §5: a file under 100 bytes is treated as missing, like in the client's area.
  if (doc?.mime !== 'application/pdf' || doc.bytes.length < DOCUMENT_MIN_BYTES) {
    throw new AppError('NOT_FOUND', MSG.documentMissing);
  }
  const number = row.kind === 'insurance' ? row.plan.policyNumber : row.plan.accountNumber;
  await writeAudit(deps.db, {
    ...actorOf(subject),
    agencyId,
    action: 'document.download',
    targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
    targetId: planId,
    clientId: row.plan.primaryClientId,
    detail: {
      document_id: doc.id,
      kind: row.kind === 'insurance' ? 'policy_pdf' : 'investment_pdf',
      primary_client_id: row.plan.primaryClientId,
      secondary_client_id: row.plan.secondaryClientId,
    },
    ip,
  });
  return { bytes: doc.bytes, filename: safeName(number) };
}

/** A new PDF for the plan; the old document is hidden (kept for the retention period), all in one go. */
export async function replacePlanDocument(
  deps: PlansDeps,
  subject: TokenSubject,
  planId: string,
  file: UploadedFile | undefined,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFindPlan(deps, agencyId, planId);
  if (!file) throw bad('file', 'File is required: send the plan’s PDF in the file field.');
  const mime = checkFileType(file, 'Plan File', ['application/pdf'], 'PDF');
  if (file.bytes.length < DOCUMENT_MIN_BYTES) {
    throw bad(
      'file',
      `Plan File must be at least ${DOCUMENT_MIN_BYTES} bytes: this PDF looks empty or damaged.`,
    );
  }
  const kind = row.kind === 'insurance' ? 'policy_pdf' : 'investment_pdf';
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const saved = await deps.documents.save(tx, {
      agencyId,
      kind,
      bytes: file.bytes,
      mime,
      originalName: file.filename,
      uploadedBy: subject.userId,
    });
    written.push(saved.id);
    const values = { documentId: saved.id };
    const updated =
      row.kind === 'insurance'
        ? await repo.updatePolicy(tx, agencyId, planId, values)
        : await repo.updateAccount(tx, agencyId, planId, values);
    if (!updated) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (row.plan.documentId) await repo.softDeleteDocument(tx, agencyId, row.plan.documentId);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.document_replace',
      targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: row.plan.primaryClientId,
      detail: {
        primary_client_id: row.plan.primaryClientId,
        document_id: saved.id,
        replaced_document_id: row.plan.documentId,
        kind,
        size: file.bytes.length,
      },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      status: 'success' as const,
      message: row.plan.documentId ? 'Plan document replaced.' : 'Plan document added.',
      data: await planDetailOf({ ...deps, db: tx }, agencyId, planId),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}
