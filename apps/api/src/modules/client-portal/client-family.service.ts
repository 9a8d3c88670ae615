import {
  type EncodedDocument,
  MSG,
  type PlanType,
  planStatus,
  type SecondaryClientDocuments,
  type SecondaryClientPlan,
  type SecondaryClientResponse,
} from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { displayName, readUsable } from './client-plans.service.ts';
import * as repo from './client-portal.repository.ts';
import { type ClientPortalDeps, toSecondaryItem } from './client-portal.service.ts';
import { ownClient } from './own-client.ts';

// The client's family members: one member's details and plans, and their documents (issue 6). Another client's
// family member is absent: 404, the same as an unknown id.

type PlanRow = repo.PlanRow;

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
