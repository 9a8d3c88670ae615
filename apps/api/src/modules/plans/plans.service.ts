import {
  AddPlansPayloadSchema,
  type ClientPlanItem,
  holdsInvestment,
  PAN_FOR_INVESTMENTS_MESSAGE,
  planStatus,
  premiumDuesOf,
  type WorkspacePlanDetail,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { fullName } from '../../lib/names.ts';
import { PLAN_CHANGES, recordStamps } from '../../lib/record-stamps.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { assertMayWorkClient, NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import { bad, insertPlans, matchFiles } from './insert-plans.ts';
import * as repo from './plans.repository.ts';

export interface PlansDeps {
  db: Db;
  documents: DocumentStore;
}

export const PLAN_NOT_FOUND = NOT_FOUND_MESSAGE.plan;

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
  const refusal = () =>
    bad('primary_client_id', 'Primary Client Id does not name a client of your agency.', 'NOT_FOUND');
  const holder = await repo.findHolder(deps.db, agencyId, payload.primary_client_id);
  if (!holder) throw refusal();
  // Another agent's client is refused as another agency's (issue 25 item 3); its members with it.
  await assertMayWorkClient(deps.db, workspaceOf(subject), payload.primary_client_id, refusal);
  // A client's own investment needs their PAN for KYC; family members' identifiers stay optional.
  if (!payload.secondary_client_id && !holder.hasPan && holdsInvestment(payload.plans)) {
    throw bad('pan_number', `${PAN_FOR_INVESTMENTS_MESSAGE} Add it on the client’s record first.`);
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
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
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
      ...actorOf(subject),
      agencyId,
      action: 'plans.add',
      targetType: 'primary_client',
      targetId: payload.primary_client_id,
      clientId: payload.primary_client_id,
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
  const stamps = await recordStamps(deps.db, agencyId, {
    createdBy: p.createdBy,
    createdAt: p.createdAt,
    targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
    targetId: p.id,
    changes: PLAN_CHANGES,
  });
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
    status: planStatus(p.endDate, p.status, todayInIndia()),
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
    ...stamps,
    premium: premiumDuesOf(
      {
        category: row.kind,
        serviceCode: row.serviceCode,
        startDate: p.startDate ?? p.endDate ?? p.createdAt.toISOString().slice(0, 10),
        endDate: p.endDate,
        subtypeFields: p.subtypeFields,
        nextDueDate: p.nextDueDate,
        money: row.kind === 'insurance' ? p.premiumAmount : p.amount,
      },
      todayInIndia(),
    ),
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
      ...actorOf(subject),
      agencyId,
      action: 'plan.delete',
      targetType: row.kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: row.plan.primaryClientId,
      detail: { primary_client_id: row.plan.primaryClientId, number },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = { status: 'success' as const, message: `Plan ${number} removed.` };
    await recordAnswer(tx, answer);
    return answer;
  });
}
