import {
  type CreateSecondaryClientSchema,
  SECONDARY_DOCUMENT_KINDS,
  type SecondaryClient,
  type SecondaryDocumentKind,
  type UpdateSecondaryClientSchema,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentMime, DocumentStore, StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { fullName } from '../../lib/names.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assertMayWorkClient, NOT_FOUND_MESSAGE, workspaceOf } from '../../lib/workspace.ts';
import { toPlanItem } from '../primary-clients/plan-items.ts';
import { plansOf } from '../primary-clients/primary-clients.repository.ts';
import { memberColumns } from './member-columns.ts';
import * as repo from './secondary-clients.repository.ts';

export interface SecondaryClientsDeps {
  db: Db;
  documents: DocumentStore;
  encryptionKey: Buffer;
}

export const MEMBER_NOT_FOUND = NOT_FOUND_MESSAGE.member;
export const PRIMARY_NOT_YOURS = 'Primary Client Id does not name a client of your agency.';

type CreateInput = z.output<typeof CreateSecondaryClientSchema>;
type UpdateInput = z.output<typeof UpdateSecondaryClientSchema>;

const DOCUMENT_COLUMN = {
  aadhaar: 'aadhaarDocumentId',
  pan: 'panDocumentId',
  cheque: 'chequeDocumentId',
  profile_image: 'profileImageDocumentId',
} as const;

const DOCUMENT_LABEL: Record<SecondaryDocumentKind, string> = {
  aadhaar: 'Aadhaar Document',
  pan: 'PAN Document',
  cheque: 'Cheque Document',
  profile_image: 'Profile Image',
};

/** Scans may be images or PDFs; the profile photo is an image (decisions §5: typed by content). */
const ACCEPTED: Record<SecondaryDocumentKind, { mimes: readonly DocumentMime[]; words: string }> = {
  aadhaar: {
    mimes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    words: 'PDF, JPEG, PNG or WebP',
  },
  pan: {
    mimes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    words: 'PDF, JPEG, PNG or WebP',
  },
  cheque: {
    mimes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    words: 'PDF, JPEG, PNG or WebP',
  },
  profile_image: { mimes: ['image/jpeg', 'image/png', 'image/webp'], words: 'JPEG, PNG or WebP image' },
};

async function mustFind(db: Pick<Db, 'select'>, agencyId: string, id: string) {
  const row = await repo.findMember(db, agencyId, id);
  if (!row) throw new AppError('NOT_FOUND', MEMBER_NOT_FOUND);
  return row;
}

/** Never an identity or bank number in the audit log; health data is not copied there either. */
function auditFields(input: UpdateInput) {
  return {
    first_name: input.first_name,
    last_name: input.last_name,
    relationship: input.relationship,
    aadhaar_given: input.aadhaar_number !== null,
    pan_given: input.pan_number !== null,
    cif_given: input.cif_number !== null,
    account_given: input.account_number !== null,
  };
}

async function toSecondaryClient(deps: SecondaryClientsDeps, agencyId: string, row: repo.FamilyRow) {
  const m = row.member;
  const docIds = SECONDARY_DOCUMENT_KINDS.map((k) => m[DOCUMENT_COLUMN[k]]).filter((v): v is string => !!v);
  const docs = await repo.documentRows(deps.db, agencyId, docIds);
  const docOf = (kind: SecondaryDocumentKind) => {
    const docId = m[DOCUMENT_COLUMN[kind]];
    const d = docId ? docs.get(docId) : undefined;
    return d
      ? {
          document_id: d.id,
          mime_type: d.mimeType,
          size_bytes: d.sizeBytes,
          original_name: d.originalName,
          url: `/api/secondary-clients/${m.id}/documents/${kind}`,
        }
      : null;
  };
  const plans = await plansOf(deps.db, agencyId, m.primaryClientId);
  const name = fullName(m.firstName, m.lastName);
  const today = todayInIndia();
  const mine = (p: { secondaryClientId: string | null }) => p.secondaryClientId === m.id;
  const data: SecondaryClient = {
    secondary_client_id: m.id,
    primary_client_id: m.primaryClientId,
    primary_client_name: fullName(row.primaryFirstName, row.primaryLastName),
    first_name: m.firstName,
    last_name: m.lastName,
    full_name: name,
    relationship: m.relationship,
    relation_type: m.relationType,
    date_of_birth: m.dateOfBirth,
    gender: m.gender,
    email: m.email,
    phone: m.phone,
    alternate_phone: m.alternatePhone,
    house_number: m.houseNumber,
    society: m.society,
    locality: m.locality,
    city: m.city,
    state: m.state,
    pincode: m.pincode,
    height_cm: m.heightCm === null ? null : Number(m.heightCm),
    weight_kg: m.weightKg === null ? null : Number(m.weightKg),
    medical_conditions: m.medicalConditions,
    aadhaar_number: maskLast4(m.aadhaarLast4),
    pan_number: maskLast4(m.panLast4),
    cif_number: maskLast4(m.cifLast4),
    account_number: maskLast4(m.accountNumberLast4),
    ifsc_code: m.ifscCode,
    documents: {
      aadhaar: docOf('aadhaar'),
      pan: docOf('pan'),
      cheque: docOf('cheque'),
      profile_image: docOf('profile_image'),
    },
    plans: [
      ...plans.insurance.filter(mine).map((p) => toPlanItem('insurance', p, name, today)),
      ...plans.investment.filter(mine).map((p) => toPlanItem('investment', p, name, today)),
    ],
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
  return data;
}

export async function createSecondaryClient(
  deps: SecondaryClientsDeps,
  subject: TokenSubject,
  input: CreateInput,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const refusal = () =>
    new AppError('NOT_FOUND', PRIMARY_NOT_YOURS, PRIMARY_NOT_YOURS, {
      fields: { primary_client_id: PRIMARY_NOT_YOURS },
    });
  if (!(await repo.primaryExists(deps.db, agencyId, input.primary_client_id))) throw refusal();
  // Another agent's client is refused as another agency's (issue 25 item 3).
  await assertMayWorkClient(deps.db, workspaceOf(subject), input.primary_client_id, refusal);
  return deps.db.transaction(async (tx) => {
    const newId = await repo.insertMember(tx, agencyId, {
      ...memberColumns(input, deps.encryptionKey),
      firstName: input.first_name,
      relationship: input.relationship,
      primaryClientId: input.primary_client_id,
      createdBy: subject.userId,
    });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'secondary_client.create',
      targetType: 'secondary_client',
      targetId: newId,
      clientId: input.primary_client_id,
      detail: { ...auditFields(input), primary_client_id: input.primary_client_id },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const data = await toSecondaryClient({ ...deps, db: tx }, agencyId, await mustFind(tx, agencyId, newId));
    const answer = { status: 'success' as const, message: `${data.full_name} added to the family.`, data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function secondaryClientDetail(deps: SecondaryClientsDeps, subject: TokenSubject, id: string) {
  const agencyId = agencyOf(subject);
  return {
    status: 'success' as const,
    data: await toSecondaryClient(deps, agencyId, await mustFind(deps.db, agencyId, id)),
  };
}

export async function updateSecondaryClient(
  deps: SecondaryClientsDeps,
  subject: TokenSubject,
  id: string,
  input: UpdateInput,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  return deps.db.transaction(async (tx) => {
    await repo.updateMember(tx, agencyId, id, memberColumns(input, deps.encryptionKey));
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'secondary_client.update',
      targetType: 'secondary_client',
      targetId: id,
      clientId: before.member.primaryClientId,
      detail: auditFields(input),
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const data = await toSecondaryClient({ ...deps, db: tx }, agencyId, await mustFind(tx, agencyId, id));
    const answer = { status: 'success' as const, message: `${data.full_name} updated.`, data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function deleteSecondaryClient(
  deps: SecondaryClientsDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  return deps.db.transaction(async (tx) => {
    await repo.updateMember(tx, agencyId, id, { deletedAt: new Date() });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'secondary_client.delete',
      targetType: 'secondary_client',
      targetId: id,
      clientId: row.member.primaryClientId,
      detail: { primary_client_id: row.member.primaryClientId },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      status: 'success' as const,
      message: `${fullName(row.member.firstName, row.member.lastName)} removed.`,
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function uploadSecondaryDocument(
  deps: SecondaryClientsDeps,
  subject: TokenSubject,
  id: string,
  kind: SecondaryDocumentKind,
  file: UploadedFile | undefined,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  const label = DOCUMENT_LABEL[kind];
  if (!file) {
    const message = `${label} is required: send it in the file field.`;
    throw new AppError('BAD_REQUEST', message, message, { fields: { file: message } });
  }
  const accepted = ACCEPTED[kind];
  const mime = checkFileType(file, label, accepted.mimes, accepted.words);
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const saved = await deps.documents.save(tx, {
      agencyId,
      kind,
      bytes: file.bytes,
      mime,
      originalName: file.filename,
      uploadedBy: subject.userId,
    });
    written.push(saved.id);
    await repo.updateMember(tx, agencyId, id, { [DOCUMENT_COLUMN[kind]]: saved.id });
    const old = before.member[DOCUMENT_COLUMN[kind]];
    if (old) await repo.softDeleteDocument(tx, agencyId, old);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'secondary_client.document_upload',
      targetType: 'secondary_client',
      targetId: id,
      clientId: before.member.primaryClientId,
      detail: { kind, document_id: saved.id, mime, size: file.bytes.length },
      ip,
    });
    const data = await toSecondaryClient({ ...deps, db: tx }, agencyId, await mustFind(tx, agencyId, id));
    const answer = { status: 'success' as const, message: `${label} saved.`, data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function secondaryDocument(
  deps: SecondaryClientsDeps,
  subject: TokenSubject,
  id: string,
  kind: SecondaryDocumentKind,
  ip: string,
): Promise<StoredDocument> {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  const docId = row.member[DOCUMENT_COLUMN[kind]];
  const doc = docId ? await deps.documents.read(deps.db, agencyId, docId) : null;
  if (!doc) throw new AppError('NOT_FOUND', `This family member has no ${DOCUMENT_LABEL[kind]}.`);
  // Every download of a client's document is audited: who, whose, what, when (decisions §5).
  await writeAudit(deps.db, {
    ...actorOf(subject),
    agencyId,
    action: 'document.download',
    targetType: 'secondary_client',
    targetId: id,
    clientId: row.member.primaryClientId,
    detail: { document_id: doc.id, kind },
    ip,
  });
  return doc;
}
