import type { Readable } from 'node:stream';
import {
  DOCUMENT_MIN_BYTES,
  endpoints,
  type LinkedDocument,
  MSG,
  type PlanType,
  planStatus,
  type SecondaryClientDocuments,
  type SecondaryClientPlan,
  type SecondaryClientResponse,
  type SecondaryDocumentKind,
} from '@portal/contract';
import { writeAudit } from '../../lib/audit.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { displayName } from './client-plans.service.ts';
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
} as const satisfies Record<SecondaryDocumentKind, string>;

/** A member's document that can be served: its row, its file there at its length, at least the minimum size (spec §9). */
async function servable(deps: ClientPortalDeps, agencyId: string, documentId: string | null) {
  if (!documentId) return null;
  const doc = await deps.documents.find(deps.db, agencyId, documentId);
  return doc && doc.sizeBytes >= DOCUMENT_MIN_BYTES ? doc : null;
}

const documentUrl = (id: string, kind: SecondaryDocumentKind) =>
  endpoints.clientSecondaryDocument.path.replace(':id', id).replace(':kind', kind);

/**
 * The family member's documents: each one's type, size and the address of its own download, or null (issue 23
 * item 9). No file is read: the list answered every file whole as base64 before, up to 56 MB a call. Nothing is
 * served here, so nothing is audited; each download is.
 */
export async function secondaryClientDocuments(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  id: string,
): Promise<SecondaryClientDocuments> {
  const { own, row } = await ownSecondary(deps, subject, id);
  const kinds = Object.keys(SECONDARY_DOCUMENTS) as SecondaryDocumentKind[];
  const docs = await Promise.all(
    kinds.map((kind) => servable(deps, own.agencyId, row[SECONDARY_DOCUMENTS[kind]])),
  );
  const out = {} as Record<SecondaryDocumentKind, LinkedDocument | null>;
  kinds.forEach((kind, i) => {
    const doc = docs[i];
    out[kind] = doc ? { mime: doc.mimeType, size: doc.sizeBytes, url: documentUrl(row.id, kind) } : null;
  });
  return out;
}

/**
 * One of the family member's documents as a stream of decrypted chunks (issue 23 item 9), written to the audit log
 * first (decisions §5: who, whose, what, when).
 */
export async function secondaryClientDocument(
  deps: ClientPortalDeps,
  subject: TokenSubject,
  id: string,
  kind: SecondaryDocumentKind,
  ip: string,
): Promise<{ mime: string; size: number; stream: Readable }> {
  const { own, row } = await ownSecondary(deps, subject, id);
  const doc = await servable(deps, own.agencyId, row[SECONDARY_DOCUMENTS[kind]]);
  const stream = doc ? await deps.documents.stream(doc) : null;
  if (!doc || !stream) throw new AppError('NOT_FOUND', MSG.documentMissing);
  try {
    await writeAudit(deps.db, {
      actorUserId: subject.userId,
      actorRole: 'AC',
      agencyId: own.agencyId,
      action: 'document.download',
      targetType: 'secondary_client',
      targetId: row.id,
      clientId: own.primaryClientId,
      detail: { document_id: doc.id, kind, primary_client_id: own.primaryClientId },
      ip,
    });
  } catch (err) {
    stream.destroy();
    throw err;
  }
  return { mime: doc.mimeType, size: doc.sizeBytes, stream };
}
