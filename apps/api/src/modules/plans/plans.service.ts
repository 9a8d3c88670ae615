import {
  AddPlansPayloadSchema,
  type ClientPlanItem,
  type ParsedPlan,
  type WorkspacePlanDetail,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { planStatus } from '../primary-clients/primary-clients.service.ts';
import { agencyOf } from '../providers/providers.service.ts';
import * as repo from './plans.repository.ts';

export interface PlansDeps {
  db: Db;
  documents: DocumentStore;
}

export const PLAN_NOT_FOUND = 'No plan of your agency’s clients exists with this id.';

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

function bad(field: string, message: string, code: 'BAD_REQUEST' | 'NOT_FOUND' = 'BAD_REQUEST') {
  return new AppError(code, message, message, { fields: { [field]: message } });
}

/** Which uploaded file belongs to which plan: `file_index` when any plan names one, else files in order. */
export function matchFiles(plans: ParsedPlan[], files: UploadedFile[]): Array<UploadedFile | null> {
  const indexed = plans.some((p) => p.file_index !== null);
  if (!indexed) {
    if (files.length > 0 && files.length !== plans.length) {
      throw bad(
        'planFiles',
        `planFiles holds ${files.length} file(s) for ${plans.length} plan(s): send one PDF per plan in order, or give each plan with a PDF a file_index.`,
      );
    }
    return plans.map((_p, i) => files[i] ?? null);
  }
  const used = new Set<number>();
  return plans.map((p, i) => {
    if (p.file_index === null) return null;
    const file = files[p.file_index];
    if (!file) throw bad(`plans.${i}.file_index`, `File Index ${p.file_index} names no file in planFiles.`);
    if (used.has(p.file_index)) {
      throw bad(`plans.${i}.file_index`, `File Index ${p.file_index} is already used by another plan.`);
    }
    used.add(p.file_index);
    return file;
  });
}

/**
 * Writes plans in the caller's transaction, in order: the provider is checked, the PDF stored, the plan
 * and its insured members inserted. Any failure throws; the caller's transaction then stores nothing and
 * the caller removes the files listed in `written`.
 */
export async function insertPlans(
  deps: PlansDeps,
  tx: repo.Tx,
  input: {
    agencyId: string;
    userId: string;
    primaryClientId: string;
    secondaryClientId: string | null;
    plans: ParsedPlan[];
    files: Array<UploadedFile | null>;
    written: string[];
  },
) {
  const ids: Array<{ kind: 'insurance' | 'investment'; id: string }> = [];
  for (const [i, plan] of input.plans.entries()) {
    const provider = await repo.findProvider(tx, input.agencyId, plan.provider_id);
    if (!provider) {
      throw bad(`plans.${i}.provider_id`, 'Provider Id does not name a provider company of your agency.');
    }
    if (provider.serviceCode !== plan.service_code) {
      throw bad(
        `plans.${i}.provider_id`,
        `Provider Id names a ${provider.serviceCode} provider; this plan is ${plan.service_code}.`,
      );
    }
    const file = input.files[i];
    let documentId: string | null = null;
    if (file) {
      const mime = checkFileType(file, `Plan File ${i + 1}`, ['application/pdf'], 'PDF');
      const saved = await deps.documents.save(tx, {
        agencyId: input.agencyId,
        kind: plan.category === 'insurance' ? 'policy_pdf' : 'investment_pdf',
        bytes: file.bytes,
        mime,
        originalName: file.filename,
        uploadedBy: input.userId,
      });
      input.written.push(saved.id);
      documentId = saved.id;
    }
    const sub = plan.subtype_fields;
    const planName =
      (sub.plan_name as string | undefined) ??
      (sub.scheme as string | undefined) ??
      (sub.scheme_name as string | undefined) ??
      null;
    const common = {
      primaryClientId: input.primaryClientId,
      secondaryClientId: input.secondaryClientId,
      providerId: plan.provider_id,
      serviceId: provider.serviceId,
      planName,
      startDate: plan.start_date,
      endDate: plan.end_date,
      subtypeFields: sub,
      nomineeFullName: plan.nominee?.full_name ?? null,
      nomineeRelation: plan.nominee?.relation ?? null,
      nomineeDob: plan.nominee?.dob ?? null,
      nomineePhone: plan.nominee?.phone_number ?? null,
      nomineeEmail: plan.nominee?.email ?? null,
      documentId,
      createdBy: input.userId,
    };
    if (plan.category === 'insurance') {
      const id = await repo.insertPolicy(tx, input.agencyId, {
        ...common,
        policyNumber: plan.policy_number,
        premiumAmount: plan.money,
        sumAssured: (sub.sum_assured as string | undefined) ?? null,
      });
      const members =
        (sub.insured_members as
          | Array<{
              insured_member_name: string;
              relationship: string;
              insured_member_dob: string | null;
              insured_member_phone_number: string | null;
            }>
          | undefined) ?? [];
      await repo.insertInsuredMembers(
        tx,
        input.agencyId,
        id,
        members.map((m) => ({
          name: m.insured_member_name,
          relationship: m.relationship,
          dateOfBirth: m.insured_member_dob,
          phone: m.insured_member_phone_number,
        })),
      );
      ids.push({ kind: 'insurance', id });
    } else {
      const id = await repo.insertAccount(tx, input.agencyId, {
        ...common,
        accountNumber: plan.policy_number,
        amount: plan.money,
      });
      ids.push({ kind: 'investment', id });
    }
  }
  return ids;
}

export interface PlansUpload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

function parseJsonField(fields: Record<string, string>, name: string): unknown {
  const text = fields[name];
  if (text === undefined) throw bad(name, `${name} is required: the plans as a JSON array.`);
  try {
    return JSON.parse(text);
  } catch {
    throw bad(name, `${name} must be valid JSON.`);
  }
}

export async function addPlansToExisting(
  deps: PlansDeps,
  subject: TokenSubject,
  upload: PlansUpload,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const payload = parseOrThrow(AddPlansPayloadSchema, {
    primary_client_id: upload.fields.primary_client_id,
    secondary_client_id: upload.fields.secondary_client_id,
    plans: parseJsonField(upload.fields, 'plansData'),
  });
  if (!(await repo.findHolder(deps.db, agencyId, payload.primary_client_id))) {
    throw bad('primary_client_id', 'Primary Client Id does not name a client of your agency.', 'NOT_FOUND');
  }
  if (
    payload.secondary_client_id &&
    !(await repo.findMemberOf(deps.db, agencyId, payload.primary_client_id, payload.secondary_client_id))
  ) {
    throw bad(
      'secondary_client_id',
      'Secondary Client Id does not name a family member of this client.',
      'NOT_FOUND',
    );
  }
  const files = matchFiles(payload.plans, upload.files);
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
      const created = await insertPlans(deps, tx, {
        agencyId,
        userId: subject.userId,
        primaryClientId: payload.primary_client_id,
        secondaryClientId: payload.secondary_client_id,
        plans: payload.plans,
        files,
        written,
      });
      await writeAudit(tx, {
        actorUserId: subject.userId,
        actorRole: 'AO',
        agencyId,
        action: 'plans.add',
        targetType: 'primary_client',
        targetId: payload.primary_client_id,
        detail: {
          secondary_client_id: payload.secondary_client_id,
          plans: created,
          documents: written.length,
        },
        ip,
      });
      // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
      const items: WorkspacePlanDetail[] = [];
      for (const p of created) items.push(await planDetailOf({ ...deps, db: tx }, agencyId, p.id));
      const pick = (kind: 'insurance' | 'investment'): ClientPlanItem[] =>
        items.filter((p) => p.plan_kind === kind);
      const answer = {
        status: 'success' as const,
        message: created.length === 1 ? '1 plan added.' : `${created.length} plans added.`,
        data: { insurance: pick('insurance'), investment: pick('investment') },
      };
      await recordAnswer(tx, answer);
      return answer;
    });
  } catch (err) {
    await deps.documents.discard(agencyId, written);
    throw err;
  }
}

export async function planDetailOf(
  deps: PlansDeps,
  agencyId: string,
  planId: string,
): Promise<WorkspacePlanDetail> {
  const row = await repo.findPlan(deps.db, agencyId, planId);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const p = row.plan;
  const primaryName = fullName(row.primaryFirstName, row.primaryLastName);
  const members = row.kind === 'insurance' ? await repo.insuredMembersOf(deps.db, agencyId, p.id) : [];
  const doc = p.documentId ? await repo.findDocument(deps.db, agencyId, p.documentId) : null;
  const hasNominee = p.nomineeFullName !== null;
  return {
    plan_kind: row.kind,
    plan_id: p.id,
    ...(row.kind === 'insurance'
      ? { policy_id: p.id, premium_amount: p.premiumAmount }
      : { account_id: p.id, amount: p.amount }),
    provider_id: p.providerId,
    provider_name: row.providerName,
    service_code: row.serviceCode,
    service_name: row.serviceName,
    plan_name: p.planName,
    policy_number: row.kind === 'insurance' ? p.policyNumber : p.accountNumber,
    start_date: p.startDate,
    end_date: p.endDate,
    status: planStatus(p.endDate, todayInIndia()),
    secondary_client_id: p.secondaryClientId,
    holder_name: row.memberFirstName ? fullName(row.memberFirstName, row.memberLastName) : primaryName,
    document_available: doc !== null,
    primary_client_id: p.primaryClientId,
    primary_client_name: primaryName,
    client_code: row.clientCode,
    nominee: hasNominee
      ? {
          full_name: p.nomineeFullName,
          relation: p.nomineeRelation,
          dob: p.nomineeDob,
          phone_number: p.nomineePhone,
          email: p.nomineeEmail,
        }
      : null,
    subtype_fields: p.subtypeFields,
    insured_members: members.map((m) => ({
      insured_member_name: m.name,
      relationship: m.relationship,
      insured_member_dob: m.dateOfBirth,
      insured_member_phone_number: m.phone,
    })),
    document: doc
      ? {
          document_id: doc.id,
          mime_type: doc.mimeType,
          size_bytes: doc.sizeBytes,
          original_name: doc.originalName,
        }
      : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function planDetail(deps: PlansDeps, subject: TokenSubject, planId: string) {
  return { status: 'success' as const, data: await planDetailOf(deps, agencyOf(subject), planId) };
}

export async function deletePlan(deps: PlansDeps, subject: TokenSubject, planId: string, ip: string) {
  const agencyId = agencyOf(subject);
  const row = await repo.findPlan(deps.db, agencyId, planId);
  if (!row) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const number = row.kind === 'insurance' ? row.plan.policyNumber : row.plan.accountNumber;
  return deps.db.transaction(async (tx) => {
    await repo.softDeletePlan(tx, agencyId, row.kind, planId);
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: 'plan.delete',
      targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      detail: { primary_client_id: row.plan.primaryClientId, number },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = { status: 'success' as const, message: `Plan ${number} removed.` };
    await recordAnswer(tx, answer);
    return answer;
  });
}
