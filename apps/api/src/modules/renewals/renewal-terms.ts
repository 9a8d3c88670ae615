import { duplicatePolicyMessage } from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import * as repo from './renewals.repository.ts';
import { bad, PLAN_NOT_FOUND } from './renewals.service.ts';

// A renewed policy's new term (decision 041): premium, policy number and insurer, checked and compared with the
// plan's, so that "Mark renewed" writes and records only what changed.

export interface TermChange {
  plan: { premiumAmount?: string; policyNumber?: string; providerId?: string };
  event: Partial<
    Record<
      | 'previousPremium'
      | 'newPremium'
      | 'previousPolicyNumber'
      | 'newPolicyNumber'
      | 'previousProviderId'
      | 'newProviderId',
      string | null
    >
  >;
  /** What changed, old and new, for the activity log (ids for the insurer, as the plan's own entries name it). */
  audit: Record<string, string | null>;
}

export const NO_CHANGE: TermChange = { plan: {}, event: {}, audit: {} };

/**
 * The new term of a renewed policy (decision 041): only what differs from the plan is changed and recorded. The
 * insurer must be the agency's, for the plan's service; the policy number (new, or the old one with a new insurer)
 * must not be another policy's with the same insurer.
 */
export async function newTerms(
  tx: repo.Tx,
  agencyId: string,
  planId: string,
  asked: { new_premium?: string; new_policy_number?: string; new_provider_id?: string },
): Promise<TermChange> {
  const current = await repo.policyTerms(tx, agencyId, planId);
  if (!current) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
  const change: TermChange = { plan: {}, event: {}, audit: {} };
  if (asked.new_premium !== undefined && asked.new_premium !== current.premium) {
    change.plan.premiumAmount = asked.new_premium;
    change.event.previousPremium = current.premium;
    change.event.newPremium = asked.new_premium;
    change.audit.previous_premium = current.premium;
    change.audit.new_premium = asked.new_premium;
  }
  let providerId = current.providerId;
  let providerName = current.providerName;
  if (asked.new_provider_id !== undefined && asked.new_provider_id !== current.providerId) {
    const provider = await repo.agencyProvider(tx, agencyId, asked.new_provider_id);
    if (!provider) {
      throw bad('new_provider_id', 'New Insurer does not name an insurance company of your agency.');
    }
    if (provider.serviceCode !== current.serviceCode) {
      throw bad(
        'new_provider_id',
        `New Insurer names a ${provider.serviceCode} provider; this plan is ${current.serviceCode}.`,
      );
    }
    providerId = provider.id;
    providerName = provider.name;
    change.plan.providerId = provider.id;
    change.event.previousProviderId = current.providerId;
    change.event.newProviderId = provider.id;
    change.audit.previous_provider_id = current.providerId;
    change.audit.new_provider_id = provider.id;
  }
  let policyNumber = current.policyNumber;
  if (asked.new_policy_number !== undefined && asked.new_policy_number !== current.policyNumber) {
    policyNumber = asked.new_policy_number;
    change.plan.policyNumber = policyNumber;
    change.event.previousPolicyNumber = current.policyNumber;
    change.event.newPolicyNumber = policyNumber;
    change.audit.previous_policy_number = current.policyNumber;
    change.audit.new_policy_number = policyNumber;
  }
  if (
    (change.plan.policyNumber !== undefined || change.plan.providerId !== undefined) &&
    (await repo.policyNumberTaken(tx, agencyId, planId, policyNumber, providerId))
  ) {
    const field = change.plan.policyNumber !== undefined ? 'new_policy_number' : 'new_provider_id';
    throw bad(field, duplicatePolicyMessage(policyNumber, providerName));
  }
  return change;
}
