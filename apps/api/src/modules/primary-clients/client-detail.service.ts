import { todayInIndia } from '../../lib/dates.ts';
import { fullName } from '../../lib/names.ts';
import { CLIENT_CHANGES, recordStamps } from '../../lib/record-stamps.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { type PlanRow, toPlanItem } from './plan-items.ts';
import * as repo from './primary-clients.repository.ts';
import { mustFind, type PrimaryClientsDeps, toPrimaryClient } from './primary-clients.service.ts';

// User detail (spec §2): the client, their family, their plans and every document of theirs.

export async function primaryClientDetail(deps: PrimaryClientsDeps, subject: TokenSubject, id: string) {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  const client = toPrimaryClient(row);
  const family = await repo.familyOf(deps.db, agencyId, id);
  const plans = await repo.plansOf(deps.db, agencyId, id);
  const today = todayInIndia();
  const names = new Map(family.map((f) => [f.id, fullName(f.firstName, f.lastName)]));
  const toItem = (kind: 'insurance' | 'investment') => (p: PlanRow) =>
    toPlanItem(kind, p, (p.secondaryClientId && names.get(p.secondaryClientId)) || client.full_name, today);

  // Documents: the client's photo, the family members' scans and the plans' PDFs.
  const owners = new Map<
    string,
    {
      belongs_to: 'primary_client' | 'secondary_client' | 'plan';
      owner_id: string;
      owner_name: string;
      url: string | null;
    }
  >();
  if (row.client.avatarDocumentId) {
    owners.set(row.client.avatarDocumentId, {
      belongs_to: 'primary_client',
      owner_id: id,
      owner_name: client.full_name,
      url: client.avatar_url,
    });
  }
  for (const f of family) {
    const docs = {
      aadhaar: f.aadhaarDocumentId,
      pan: f.panDocumentId,
      cheque: f.chequeDocumentId,
      profile_image: f.profileImageDocumentId,
    };
    for (const [kind, docId] of Object.entries(docs)) {
      if (!docId) continue;
      owners.set(docId, {
        belongs_to: 'secondary_client',
        owner_id: f.id,
        owner_name: names.get(f.id)!,
        url: `/api/secondary-clients/${f.id}/documents/${kind}`,
      });
    }
  }
  for (const p of [...plans.insurance, ...plans.investment]) {
    if (!p.documentId) continue;
    owners.set(p.documentId, { belongs_to: 'plan', owner_id: p.id, owner_name: p.number, url: null });
  }
  const docs = await repo.documentsByIds(deps.db, agencyId, [...owners.keys()]);
  const stamps = await recordStamps(deps.db, agencyId, {
    createdBy: row.client.createdBy,
    createdAt: row.client.createdAt,
    targetType: 'primary_client',
    targetId: id,
    changes: CLIENT_CHANGES,
  });
  return {
    status: 'success' as const,
    data: {
      client,
      family_members: family.map((f) => ({
        secondary_client_id: f.id,
        full_name: names.get(f.id)!,
        relationship: f.relationship,
        email: f.email,
        phone: f.phone,
        date_of_birth: f.dateOfBirth,
      })),
      plans: {
        insurance: plans.insurance.map(toItem('insurance')),
        investment: plans.investment.map(toItem('investment')),
      },
      documents: docs
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((d) => ({
          document_id: d.id,
          kind: d.kind,
          ...owners.get(d.id)!,
          mime_type: d.mimeType,
          size_bytes: d.sizeBytes,
          original_name: d.originalName,
          created_at: d.createdAt.toISOString(),
        })),
      ...stamps,
    },
  };
}
