import {
  DOCUMENT_MIN_BYTES,
  type EncodedDocument,
  type InsurancePlanItem,
  type InvestmentPlanItem,
  MSG,
  type MyPlans,
  type Nominee,
  PLAN_HOLDER_SELF,
  type PlanDetail,
  type PlanType,
  planStatus,
  type SecondaryClientDocuments,
  type SecondaryClientPlan,
  type SecondaryClientResponse,
} from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { DecryptionError, maskLast4 } from '../../lib/crypto.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentFile, StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import type { AnswerCache } from '../../lib/kept-answers.ts';
import { fullName } from '../../lib/names.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './client-portal.repository.ts';
import { type ClientPortalDeps, toSecondaryItem } from './client-portal.service.ts';
import { type OwnClient, ownClient } from './own-client.ts';
import { subtypeFields } from './plan-rules.ts';

// The client's plans, their documents, and family members' details and documents (issue 6).
// Another client's plan, document or family member is absent: 404, the same as an unknown id.

type PlanRow = repo.PlanRow;
type PlanLine = repo.PlanLine;

/** The plan's own name, else the one in its per-service fields, else the service's name. */
export function displayName(row: PlanLine): string {
  const fromFields = row.plan.subtypeFields?.plan_name;
  return (
    row.plan.planName?.trim() ||
    (typeof fromFields === 'string' && fromFields.trim()) ||
    row.serviceName ||
    row.number
  );
}

function common(row: PlanLine, today: string) {
  // A family member of another primary client never shows: the holder join names this client.
  const held = row.holderFirst !== null;
  return {
    provider_name: row.providerName,
    service_code: row.serviceCode,
    policy_number: row.number,
    start_date: row.plan.startDate,
    end_date: row.plan.endDate,
    status: planStatus(row.plan.endDate, row.plan.status, today),
    plan_name: displayName(row),
    holder: held ? fullName(row.holderFirst!, row.holderLast) : PLAN_HOLDER_SELF,
    secondary_client_id: held ? row.plan.secondaryClientId : null,
    document_available: row.documentUsable,
  };
}

export function toInsuranceItem(row: PlanLine, today: string): InsurancePlanItem {
  return { plan_type: 'insurance', policy_id: row.plan.id, premium_amount: row.money, ...common(row, today) };
}

export function toInvestmentItem(row: PlanLine, today: string): InvestmentPlanItem {
  return { plan_type: 'investment', account_id: row.plan.id, amount: row.money, ...common(row, today) };
}

function nominee(row: PlanRow): Nominee | null {
  const p = row.plan;
  if (!p.nomineeFullName?.trim()) return null;
  return {
    full_name: p.nomineeFullName,
    relation: p.nomineeRelation,
    dob: p.nomineeDob,
    phone_number: p.nomineePhone,
    email: p.nomineeEmail,
  };
}

/** The signed-in client's plans (`own`: `ownClient` of the caller). */
export async function myPlans(deps: ClientPortalDeps, own: OwnClient, today: string): Promise<MyPlans> {
  const { insurance, investment } = await repo.listAllPlans(deps.db, own.agencyId, own.primaryClientId);
  return {
    insurance_plans: insurance.map((r) => toInsuranceItem(r, today)),
    investment_plans: investment.map((r) => toInvestmentItem(r, today)),
  };
}

/** The client's plan of either kind by its id (policy id or account id, spec §2 Plan details). */
async function findEitherPlan(deps: ClientPortalDeps, own: OwnClient, id: string) {
  const row = await repo.findAnyPlan(deps.db, own.agencyId, own.primaryClientId, id);
  if (!row) throw new AppError('NOT_FOUND', MSG.planNotFound);
  return { kind: row.kind, row };
}

/** One of the signed-in client's plans in full (`own`: `ownClient` of the caller). */
export async function planDetails(
  deps: ClientPortalDeps,
  own: OwnClient,
  id: string,
  today: string,
): Promise<PlanDetail> {
  const { kind, row } = await findEitherPlan(deps, own, id);
  const insured =
    row.serviceCode.toLowerCase() === 'health'
      ? (await repo.listInsuredMembers(deps.db, own.agencyId, row.plan.id)).map((m) => ({
          insured_member_name: m.name,
          relationship: m.relationship,
          insured_member_dob: m.dateOfBirth,
          insured_member_phone_number: m.phone,
        }))
      : undefined;
  const detail = {
    nominee: nominee(row),
    subtype_fields: subtypeFields(row.serviceCode, row.plan.subtypeFields ?? {}, {
      sumAssured: row.sumAssured,
      ...(insured ? { insuredMembers: insured } : {}),
    }),
  };
  return kind === 'insurance'
    ? { ...toInsuranceItem(row, today), ...detail }
    : { ...toInvestmentItem(row, today), ...detail };
}

/** A stored document the client may be served: readable, not corrupt, at least the minimum size (spec §9). */
async function usable(read: () => Promise<StoredDocument | null>) {
  try {
    const doc = await read();
    if (!doc || doc.bytes.length < DOCUMENT_MIN_BYTES) return null;
    return doc;
  } catch (err) {
    if (err instanceof DecryptionError) return null;
    throw err;
  }
}

async function readUsable(deps: ClientPortalDeps, agencyId: string, documentId: string | null) {
  return documentId ? usable(() => deps.documents.read(deps.db, agencyId, documentId)) : null;
}

/** The same for a document row the plan's query already read (a download: no second lookup). */
function openUsable(deps: ClientPortalDeps, file: DocumentFile) {
  return usable(() => deps.documents.open(file));
}

/** What a plan's download needs of its row: where the file is and how it is sealed, the name, the audit's ids. */
interface DownloadTarget {
  file: DocumentFile;
  planId: string;
  documentId: string | null;
  secondaryClientId: string | null;
  filename: string;
}

async function downloadTarget(
  deps: ClientPortalDeps,
  own: OwnClient,
  kind: PlanType,
  id: string,
): Promise<DownloadTarget> {
  const row = await repo.findPlan(deps.db, own.agencyId, own.primaryClientId, kind, id);
  if (!row) throw new AppError('NOT_FOUND', MSG.planNotFound);
  // The plan's row already says whether its document is a usable PDF.
  const file = row.documentFile;
  if (!row.documentUsable || !file?.id || !file.storageKey)
    throw new AppError('NOT_FOUND', MSG.documentMissing);
  const base = kind === 'insurance' ? row.number : displayName(row);
  return {
    file: file as DocumentFile,
    planId: row.plan.id,
    documentId: row.plan.documentId,
    secondaryClientId: row.holderFirst !== null ? row.plan.secondaryClientId : null,
    filename: `${base}.pdf`,
  };
}

/**
 * The plan's PDF, saved as the policy number or the plan name (spec §7); each download is audited. Where its file
 * is, is kept per client and plan with the client area's answers (decision 017: dropped on any write to the agency's
 * plans or documents), so a repeat download reads no plan row (issue 8); the access check and the audit entry are
 * made on every call.
 */
export async function planDocument(
  deps: ClientPortalDeps & { answers?: AnswerCache; today?: () => string },
  subject: TokenSubject,
  kind: PlanType,
  id: string,
  ip: string,
): Promise<{ bytes: Buffer; filename: string }> {
  const own = await ownClient(deps.db, subject);
  const where = {
    agencyId: own.agencyId,
    day: deps.today?.() ?? todayInIndia(),
    key: `download ${own.primaryClientId} ${kind} ${id}`,
  };
  const kept = deps.answers?.get(where.agencyId, where.day, where.key);
  let target: DownloadTarget;
  if (kept) {
    target = JSON.parse(kept) as DownloadTarget;
  } else {
    const generation = deps.answers?.begin();
    target = await downloadTarget(deps, own, kind, id);
    if (generation !== undefined)
      deps.answers?.put(where.agencyId, where.day, where.key, JSON.stringify(target), generation);
  }
  // The audit entry is written while the file is read and decrypted (issue 8), not after. Only a file gone or
  // corrupt on disk since can still make the answer a 404, and then the entry records the attempt.
  const [doc] = await Promise.all([
    openUsable(deps, target.file),
    writeAudit(deps.db, {
      actorUserId: subject.userId,
      actorRole: 'AC',
      agencyId: own.agencyId,
      action: 'document.download',
      targetType: kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: target.planId,
      detail: {
        document_id: target.documentId,
        kind: kind === 'insurance' ? 'policy_pdf' : 'investment_pdf',
        primary_client_id: own.primaryClientId,
        secondary_client_id: target.secondaryClientId,
      },
      ip,
    }),
  ]);
  if (doc?.mime !== 'application/pdf') throw new AppError('NOT_FOUND', MSG.documentMissing);
  return { bytes: doc.bytes, filename: target.filename };
}

async function ownSecondary(deps: ClientPortalDeps, subject: TokenSubject, id: string) {
  const own = await ownClient(deps.db, subject);
  const row = await repo.findSecondaryClient(deps.db, own.agencyId, own.primaryClientId, id);
  if (!row) throw new AppError('NOT_FOUND', MSG.secondaryClientNotFound);
  return { own, row };
}

const numberOrNull = (v: string | null) => (v === null ? null : Number(v));

export async function secondaryClientDetail(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  id: string,
  today: string,
): Promise<SecondaryClientResponse> {
  const { own, row: s } = await ownSecondary(deps, subject, id);
  const [heldPolicies, heldAccounts, insuredUnder] = await Promise.all([
    repo.plansHeldBy(deps.db, own.agencyId, own.primaryClientId, 'insurance', s.id),
    repo.plansHeldBy(deps.db, own.agencyId, own.primaryClientId, 'investment', s.id),
    repo.policiesInsuring(deps.db, own.agencyId, own.primaryClientId, s.id),
  ]);
  const plans: SecondaryClientPlan[] = [];
  const seen = new Set<string>();
  const add = (rows: PlanRow[], type: PlanType, role: SecondaryClientPlan['role']) => {
    for (const r of rows) {
      if (seen.has(r.plan.id)) continue;
      seen.add(r.plan.id);
      plans.push({
        plan_id: r.plan.id,
        plan_type: type,
        plan_name: displayName(r),
        service_category: type,
        service_code: r.serviceCode,
        provider_name: r.providerName,
        policy_number: r.number,
        status: planStatus(r.plan.endDate, r.plan.status, today),
        role,
      });
    }
  };
  add(heldPolicies, 'insurance', 'holder');
  add(heldAccounts, 'investment', 'holder');
  add(insuredUnder, 'insurance', 'insured');
  return {
    secondary_client: {
      ...toSecondaryItem(s),
      email: s.email,
      alternatephonenumber: s.alternatePhone,
      relation_type: s.relationType,
      date_of_birth: s.dateOfBirth,
      gender: s.gender,
      housenumber: s.houseNumber,
      society: s.society,
      locality: s.locality,
      city: s.city,
      state: s.state,
      pincode: s.pincode,
      height: numberOrNull(s.heightCm),
      weight: numberOrNull(s.weightKg),
      anymedicalcondition: s.medicalConditions,
      // Only the stored last 4 characters are read: the full numbers never leave the database (decisions §5).
      aadharnumber: maskLast4(s.aadhaarLast4),
      pannumber: maskLast4(s.panLast4),
      cifnumber: maskLast4(s.cifLast4),
      accountnumber: maskLast4(s.accountNumberLast4),
      ifsccode: s.ifscCode,
    },
    plans,
  };
}

const SECONDARY_DOCUMENTS = {
  aadhaar: 'aadhaarDocumentId',
  pan: 'panDocumentId',
  cheque: 'chequeDocumentId',
  profile_image: 'profileImageDocumentId',
} as const;

/** The family member's documents as base64; each one served is written to the audit log (decisions §5). */
export async function secondaryClientDocuments(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
): Promise<SecondaryClientDocuments> {
  const { own, row } = await ownSecondary(deps, subject, id);
  const out: Record<string, EncodedDocument | null> = {};
  for (const [kind, column] of Object.entries(SECONDARY_DOCUMENTS)) {
    const doc = await readUsable(deps, own.agencyId, row[column]);
    out[kind] = doc ? { mime: doc.mime, data: doc.bytes.toString('base64') } : null;
    if (doc) {
      await writeAudit(deps.db, {
        actorUserId: subject.userId,
        actorRole: 'AC',
        agencyId: own.agencyId,
        action: 'document.download',
        targetType: 'secondary_client',
        targetId: row.id,
        detail: { document_id: doc.id, kind, primary_client_id: own.primaryClientId },
        ip,
      });
    }
  }
  return out as SecondaryClientDocuments;
}
