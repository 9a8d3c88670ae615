import {
  CLAIM_PENDING,
  type ClaimKind,
  type ClaimStatus,
  type ClientClaim,
  type ClientClaimDetail,
  type ClientClaimList,
  checklistOf,
} from '@portal/contract';
import { AppError } from '../../lib/errors.ts';
import { fullName } from '../../lib/names.ts';
import * as claimDocs from '../claims/claim-documents.repository.ts';
import * as claimsRepo from '../claims/claims.repository.ts';
import { claimOf } from '../claims/claims.service.ts';
import type { ClientPortalDeps } from './client-portal.service.ts';
import type { OwnClient } from './own-client.ts';

// The client's claims (issue 28 item 5): their household's, their own and their family members', read-only.
// Another client's claim, another agency's or none is the same 404 as a plan that is not theirs.

/** The words of the 404 for a claim that is not the client's household's. */
export const CLIENT_CLAIM_NOT_FOUND = 'No claim found';

type HouseholdRow = Awaited<ReturnType<typeof claimsRepo.householdClaims>>[number];

function clientClaimOf(row: HouseholdRow, today: string): ClientClaim {
  const { client_name, primary_client_id, ...claim } = claimOf(row, today);
  return {
    ...claim,
    insured_name: row.memberFirst !== null ? fullName(row.memberFirst, row.memberLast) : client_name,
    pending: CLAIM_PENDING[claim.status as ClaimStatus] ?? null,
  };
}

export async function clientClaims(
  deps: ClientPortalDeps,
  own: OwnClient,
  today: string,
): Promise<ClientClaimList> {
  const rows = await claimsRepo.householdClaims(deps.db, own.agencyId, own.primaryClientId);
  return { claims: rows.map((r) => clientClaimOf(r, today)) };
}

export async function clientClaimDetail(
  deps: ClientPortalDeps,
  own: OwnClient,
  claimId: string,
  today: string,
): Promise<ClientClaimDetail> {
  const [row] = await claimsRepo.householdClaims(deps.db, own.agencyId, own.primaryClientId, { claimId });
  if (!row) throw new AppError('NOT_FOUND', CLIENT_CLAIM_NOT_FOUND);
  const [events, received] = await Promise.all([
    claimsRepo.eventsOf(deps.db, own.agencyId, claimId),
    claimDocs.receivedOf(deps.db, own.agencyId, claimId),
  ]);
  const have = new Set(received.map((r) => r.item));
  return {
    ...clientClaimOf(row, today),
    events: events.map((e) => ({
      id: e.id,
      from_status: e.fromStatus as ClaimStatus | null,
      to_status: e.toStatus as ClaimStatus,
      on: e.on,
      note: e.note,
      at: e.at.toISOString(),
    })),
    documents: checklistOf(row.kind as ClaimKind).map((i) => ({
      item: i.item,
      label: i.label,
      received: have.has(i.item),
    })),
  };
}
