import {
  CLAIM_KIND_LABELS,
  CLAIM_NOT_FOUND,
  CLAIM_STATUS_LABELS,
  CLAIM_TRANSITIONS,
  CLIENT_CLAIMS_MAX,
  type Claim,
  type ClaimDetail,
  type ClaimKind,
  type ClaimListQuery,
  type ClaimStatus,
  type ClaimStatusChange,
  type CreateClaim,
  claimAmountProblem,
  claimKindsOf,
  claimTransitionProblem,
  deductedOf,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../db/keyset.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { daysBetween, formatIndianDate } from '../../lib/dates.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { fullName } from '../../lib/names.ts';
import type { Tx } from '../../lib/stored-files.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assertMayWorkClient, assignedOnly, NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import * as docs from './claim-documents.repository.ts';
import * as repo from './claims.repository.ts';

// The claims register (issue 28, decision 043): a claim intimated on one of the agency's insurance policies and
// followed through the workflow of the contract's CLAIM_TRANSITIONS to settlement. An agent reaches the claims of
// their own clients only: the access plugin's gate (`owns: 'claim'` and `'plan'`) for ids in the path, the
// service for the plan named in a body, row-level security's agent wall behind both.

export interface ClaimsDeps {
  db: Db;
}

const PLAN_NOT_FOUND = NOT_FOUND_MESSAGE.plan;

const bad = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });

export function claimOf(row: repo.ClaimRow, today: string): Claim {
  return {
    id: row.id,
    plan_id: row.planId,
    plan_number: row.planNumber,
    service_code: row.serviceCode,
    provider_name: row.providerName,
    primary_client_id: row.primaryClientId,
    client_name: fullName(row.clientFirst, row.clientLast),
    secondary_client_id: row.secondaryClientId,
    kind: row.kind as ClaimKind,
    kind_label: CLAIM_KIND_LABELS[row.kind as ClaimKind] ?? row.kind,
    status: row.status as ClaimStatus,
    status_label: CLAIM_STATUS_LABELS[row.status as ClaimStatus] ?? row.status,
    intimated_on: row.intimatedOn,
    age_days: Math.max(0, daysBetween(row.intimatedOn, today)),
    status_on: row.statusOn,
    days_in_status: Math.max(0, daysBetween(row.statusOn, today)),
    insurer_claim_number: row.insurerClaimNumber,
    claimed_amount: row.claimedAmount,
    approved_amount: row.approvedAmount,
    settled_amount: row.settledAmount,
    deducted_amount: row.deductedAmount,
    deductions: row.deductions,
    rejection_reason: row.rejectionReason,
    details: row.details,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function detailOf(db: Db | Tx, agencyId: string, claimId: string, today: string): Promise<ClaimDetail> {
  const row = await repo.claimById(db, agencyId, claimId);
  if (!row) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  const events = await repo.eventsOf(db, agencyId, claimId);
  return {
    ...claimOf(row, today),
    events: events.map((e) => ({
      id: e.id,
      from_status: e.fromStatus as ClaimStatus | null,
      to_status: e.toStatus as ClaimStatus,
      on: e.on,
      note: e.note,
      by: e.by,
      at: e.at.toISOString(),
    })),
    next_statuses: [...CLAIM_TRANSITIONS[row.status as ClaimStatus]],
  };
}

export async function claimDetail(deps: ClaimsDeps, subject: TokenSubject, claimId: string, today: string) {
  const ws = workspaceOf(subject);
  return { status: 'success' as const, data: await detailOf(deps.db, ws.agencyId, claimId, today) };
}

export async function listClaims(
  deps: ClaimsDeps,
  subject: TokenSubject,
  query: ClaimListQuery,
  today: string,
) {
  const ws = workspaceOf(subject);
  const limit = Number(query.limit);
  const offset = Number(query.offset);
  const place = { offset, after: query.after, before: query.before };
  const [{ rows, total }, staleDays] = await Promise.all([
    repo.listClaims(
      deps.db,
      ws.agencyId,
      { status: query.status, search: query.search || undefined, assigned: assignedOnly(ws) },
      place,
      limit,
    ),
    docs.staleDays(deps.db, ws.agencyId),
  ]);
  const page = pageOf(rows, limit, place);
  return {
    items: page.rows.map((r) => claimOf(r, today)),
    pagination: { total, limit, offset, next_cursor: page.nextCursor, prev_cursor: page.prevCursor },
    stale_days: staleDays,
  };
}

export async function planClaims(deps: ClaimsDeps, subject: TokenSubject, planId: string, today: string) {
  const ws = workspaceOf(subject);
  const plan = await repo.claimPlan(deps.db, ws.agencyId, planId);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const rows = await repo.claimsOfPlan(deps.db, ws.agencyId, planId);
  return { data: { claims: rows.map((r) => claimOf(r, today)), kinds: [...claimKindsOf(plan.serviceCode)] } };
}

/** A client record's claims: its household's (the client's and their family's plans'), newest first. */
export async function clientClaims(deps: ClaimsDeps, subject: TokenSubject, clientId: string, today: string) {
  const ws = workspaceOf(subject);
  // Another agency's client, a removed one or none: the same words (an agent's others are the gate's).
  if (!(await repo.hasClient(deps.db, ws.agencyId, clientId))) {
    throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE.client);
  }
  const { rows, total } = await repo.claimsOfClient(deps.db, ws.agencyId, clientId, CLIENT_CLAIMS_MAX);
  return { data: { claims: rows.map((r) => claimOf(r, today)), total } };
}

export async function createClaim(
  deps: ClaimsDeps,
  subject: TokenSubject,
  input: CreateClaim,
  today: string,
  ip: string,
) {
  const ws = workspaceOf(subject);
  const agencyId = ws.agencyId;
  // An investment account, another agency's plan or another agent's client's: the same words (decision 031).
  const plan = await repo.claimPlan(deps.db, agencyId, input.plan_id);
  if (!plan) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  await assertMayWorkClient(
    deps.db,
    ws,
    plan.primaryClientId,
    () => new AppError('NOT_FOUND', PLAN_NOT_FOUND),
  );
  const kinds = claimKindsOf(plan.serviceCode);
  if (!kinds.includes(input.kind)) {
    throw bad(
      'kind',
      `Claim Kind must be one of ${kinds.map((k) => CLAIM_KIND_LABELS[k]).join(', ')} for this policy.`,
    );
  }
  if (input.intimated_on > today) {
    throw bad('intimated_on', `Intimated On cannot be after today (${formatIndianDate(today)}).`);
  }
  return deps.db.transaction(async (tx) => {
    const claimId = await repo.insertClaim(tx, agencyId, {
      planType: 'insurance',
      planId: plan.id,
      primaryClientId: plan.primaryClientId,
      secondaryClientId: plan.secondaryClientId,
      kind: input.kind,
      status: 'intimated',
      intimatedOn: input.intimated_on,
      statusOn: input.intimated_on,
      insurerClaimNumber: input.insurer_claim_number ?? null,
      claimedAmount: input.claimed_amount ?? null,
      details: input.details as Record<string, string>,
      createdBy: subject.userId,
    });
    await repo.insertEvent(tx, agencyId, {
      claimId,
      primaryClientId: plan.primaryClientId,
      fromStatus: null,
      toStatus: 'intimated',
      on: input.intimated_on,
      note: input.note ?? null,
      actorUserId: subject.userId,
    });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'claim.intimated',
      targetType: 'claim',
      targetId: claimId,
      clientId: plan.primaryClientId,
      detail: {
        plan_id: plan.id,
        kind: input.kind,
        intimated_on: input.intimated_on,
        claimed_amount: input.claimed_amount ?? null,
      },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: 'Claim intimated.',
      data: await detailOf(tx, agencyId, claimId, today),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function changeClaimStatus(
  deps: ClaimsDeps,
  subject: TokenSubject,
  claimId: string,
  input: ClaimStatusChange,
  today: string,
  ip: string,
) {
  const ws = workspaceOf(subject);
  const agencyId = ws.agencyId;
  if (input.on > today) throw bad('on', `Date cannot be after today (${formatIndianDate(today)}).`);
  return deps.db.transaction(async (tx) => {
    const claim = await repo.claimById(tx, agencyId, claimId, true);
    if (!claim) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
    const from = claim.status as ClaimStatus;
    const problem = claimTransitionProblem(from, input.to);
    if (problem) throw new AppError('CONFLICT', problem);
    if (input.on < claim.statusOn) {
      throw bad('on', `Date cannot be before the claim's last step (${formatIndianDate(claim.statusOn)}).`);
    }
    const amounts = claimAmountProblem(
      input,
      { claimed_amount: claim.claimedAmount, approved_amount: claim.approvedAmount },
      claim.sumAssured,
    );
    if (amounts) throw bad(amounts.field, amounts.message);
    const deductions = input.deductions && input.deductions.length > 0 ? input.deductions : undefined;
    await repo.updateClaim(tx, agencyId, claimId, {
      status: input.to,
      statusOn: input.on,
      ...(input.insurer_claim_number ? { insurerClaimNumber: input.insurer_claim_number } : {}),
      ...(input.approved_amount !== undefined ? { approvedAmount: input.approved_amount } : {}),
      ...(input.settled_amount !== undefined ? { settledAmount: input.settled_amount } : {}),
      ...(deductions ? { deductions, deductedAmount: deductedOf(deductions) } : {}),
      ...(input.to === 'rejected' ? { rejectionReason: input.rejection_reason ?? null } : {}),
    });
    const note = input.note ?? (input.to === 'rejected' ? (input.rejection_reason ?? null) : null);
    await repo.insertEvent(tx, agencyId, {
      claimId,
      primaryClientId: claim.primaryClientId,
      fromStatus: from,
      toStatus: input.to,
      on: input.on,
      note,
      actorUserId: subject.userId,
    });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'claim.status',
      targetType: 'claim',
      targetId: claimId,
      clientId: claim.primaryClientId,
      detail: {
        from,
        to: input.to,
        on: input.on,
        approved_amount: input.approved_amount ?? null,
        settled_amount: input.settled_amount ?? null,
        deducted_amount: deductions ? deductedOf(deductions) : null,
        rejection_reason: input.rejection_reason ?? null,
      },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: `Claim moved to ${CLAIM_STATUS_LABELS[input.to].toLowerCase()}.`,
      data: await detailOf(tx, agencyId, claimId, today),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}
