import {
  type AddFollowUpInput,
  LOST_REASON_LABELS,
  type LostReason,
  type PlanFollowUps,
} from '@portal/contract';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as followRepo from './follow-ups.repository.ts';
import { formatDay } from './reminder-messages.ts';
import * as repo from './renewals.repository.ts';
import {
  answerInTransaction,
  bad,
  PLAN_NOT_FOUND,
  planOrThrow,
  type RenewalsDeps,
} from './renewals.service.ts';

// Follow-ups and lost plans (issue 27 item 4, decision 039). A follow-up is a note and the next date to call the
// client again; a lost plan is lapsed (a policy) or closed (an investment) like "Mark lapsed", with the reason
// kept in plan_losses, so it leaves the work-list, no more reminders go out for it and the totals drop it at once.
// The plan comes through the access plugin's agent gate (`owns: 'plan'`) and row-level security's agent wall.

const targetOf = (type: repo.PlanType) => (type === 'insurance' ? 'insurance_policy' : 'investment_account');

async function followUpsAnswer(
  db: RenewalsDeps['db'],
  agencyId: string,
  planId: string,
  status: string,
  openFollowUp: string | null,
) {
  const [items, loss] = await Promise.all([
    followRepo.followUpsOf(db, agencyId, planId),
    followRepo.lossOf(db, agencyId, planId),
  ]);
  const data: PlanFollowUps = {
    follow_ups: items.map((f) => ({
      id: f.id,
      next_date: f.nextDate,
      note: f.note,
      by: f.by,
      at: f.at.toISOString(),
    })),
    // The open one (decision 042): a contact on or after its date, a payment or a renewal closes it.
    next_follow_up: openFollowUp,
    // A plan renewed after it was lost is the agency's again: the old reason no longer describes it.
    lost:
      loss && status !== 'active' && status !== 'renewed'
        ? { reason: loss.reason, reason_text: loss.reasonText, by: loss.by, at: loss.at.toISOString() }
        : null,
  };
  return { data };
}

export async function planFollowUps(deps: RenewalsDeps, subject: TokenSubject, planId: string) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  return followUpsAnswer(deps.db, agencyId, planId, plan.status, plan.followUpDate);
}

export async function addFollowUp(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  input: { next_date: string; note: string } & AddFollowUpInput,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  if (input.next_date < today) {
    throw bad('next_date', `Next follow-up date must be today (${formatDay(today)}) or later.`);
  }
  if (plan.status !== 'active') {
    throw new AppError('CONFLICT', `This plan is marked ${plan.status}; follow-ups are for active plans.`);
  }
  return deps.db.transaction(async (tx) => {
    await followRepo.insertFollowUp(tx, agencyId, {
      planType: plan.type,
      planId,
      primaryClientId: plan.primaryClientId,
      nextDate: input.next_date,
      note: input.note,
      actorUserId: subject.userId,
    });
    // The plan sits on the work-list on this day too, if it is sooner than its due (decision 042).
    await repo.updatePlan(tx, agencyId, plan.type, planId, { followUpDate: input.next_date });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.follow_up',
      targetType: targetOf(plan.type),
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: { next_date: input.next_date },
      ip,
    });
    const answer = await followUpsAnswer(tx, agencyId, planId, plan.status, input.next_date);
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function markLost(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  input: { reason: LostReason; reason_text: string | null },
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockPlan(tx, agencyId, plan.type, planId);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (locked.status !== 'active') {
      throw new AppError('CONFLICT', `This plan is already marked ${locked.status}.`);
    }
    const status = plan.type === 'insurance' ? 'lapsed' : 'closed';
    const why = `Lost: ${LOST_REASON_LABELS[input.reason]}${input.reason_text ? ` (${input.reason_text})` : ''}`;
    await repo.updatePlan(tx, agencyId, plan.type, planId, { status, followUpDate: null });
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'lapsed',
      note: why,
      previousEndDate: locked.endDate,
      actorUserId: subject.userId,
    });
    await followRepo.upsertLoss(tx, agencyId, {
      planType: plan.type,
      planId,
      primaryClientId: plan.primaryClientId,
      reason: input.reason,
      reasonText: input.reason_text,
      actorUserId: subject.userId,
    });
    await repo.cancelPendingSends(
      tx,
      agencyId,
      planId,
      'The plan was marked lost before this reminder went out.',
    );
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.lost',
      targetType: targetOf(plan.type),
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: { reason: input.reason, reason_text: input.reason_text, status },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}
