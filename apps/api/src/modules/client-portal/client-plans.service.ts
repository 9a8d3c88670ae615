import {
  DOCUMENT_MIN_BYTES,
  type InsurancePlanItem,
  type InvestmentPlanItem,
  MSG,
  type MyPlans,
  type Nominee,
  PLAN_HOLDER_SELF,
  type PlanDetail,
  type PlanType,
  planStatus,
  premiumDuesOf,
  RECEIPT_MISSING,
} from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { DecryptionError } from '../../lib/crypto.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentFile, StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import type { AnswerCache } from '../../lib/kept-answers.ts';
import { fullName } from '../../lib/names.ts';
import { openReceipt, paymentsOfPlan, receiptFileName } from '../../lib/premium-payments.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './client-portal.repository.ts';
import type { ClientPortalDeps } from './client-portal.service.ts';
import { type OwnClient, ownClient } from './own-client.ts';
import { subtypeFields } from './plan-rules.ts';

// The client's plans and their documents (issue 6); family members' details and documents are in
// client-family.service.ts. Another client's plan or document is absent: 404, the same as an unknown id.

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
    // Issue 27: the next due date, where the plan stands and the premiums paid (read-only; no staff names).
    premium: premiumDuesOf(
      {
        category: kind,
        serviceCode: row.serviceCode.toLowerCase(),
        startDate: row.plan.startDate ?? row.plan.endDate ?? today,
        endDate: row.plan.endDate,
        subtypeFields: row.plan.subtypeFields ?? {},
        nextDueDate: row.plan.nextDueDate,
        money: row.money,
      },
      today,
    ),
    premium_payments: await paymentsOfPlan(deps.db, own.agencyId, row.plan.id, false),
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
      clientId: own.primaryClientId,
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

/**
 * The receipt PDF of a premium paid on one of the signed-in client's own plans (decision 041), streamed and
 * decrypted; another client's plan is answered as no plan. Audited as every download of the client area is.
 */
export async function premiumReceipt(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  planId: string,
  paymentId: string,
  ip: string,
) {
  const own = await ownClient(deps.db, subject);
  const { kind, row } = await findEitherPlan(deps, own, planId);
  const receipt = await openReceipt(deps.db, deps.documents, own.agencyId, row.plan.id, paymentId);
  if (!receipt) throw new AppError('NOT_FOUND', RECEIPT_MISSING);
  try {
    await writeAudit(deps.db, {
      actorUserId: subject.userId,
      actorRole: 'AC',
      agencyId: own.agencyId,
      action: 'document.download',
      targetType: kind === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: row.plan.id,
      clientId: own.primaryClientId,
      detail: {
        document_id: receipt.file.id,
        kind: 'premium_receipt',
        payment_id: paymentId,
        primary_client_id: own.primaryClientId,
      },
      ip,
    });
  } catch (err) {
    receipt.stream.destroy();
    throw err;
  }
  return {
    mime: receipt.file.mimeType,
    size: receipt.file.sizeBytes,
    stream: receipt.stream,
    name: receiptFileName(receipt.receiptNumber),
  };
}
