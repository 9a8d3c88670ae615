import {
  CLAIM_NOT_FOUND,
  type ClaimChecklist,
  type ClaimKind,
  type ClaimSettings,
  checklistOf,
  ReceiveClaimDocumentFieldsSchema,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { formatIndianDate } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit, type Tx } from '../../lib/stored-files.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { workspaceOf } from '../../lib/workspace.ts';
import * as docs from './claim-documents.repository.ts';
import * as repo from './claims.repository.ts';

// A claim's document checklist (issue 28 item 3, decision 045): the items its kind needs (the contract's
// CLAIM_CHECKLISTS), each received on a day, with its file when one was uploaded (checked by content and stored
// encrypted, as every document), or pending. The access plugin has already kept an agent to their own clients'
// claims (`owns: 'claim'`); row-level security's agent wall stands behind it.

export interface ClaimDocumentsDeps {
  db: Db;
  documents: DocumentStore;
}

const bad = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, message, { fields: { [field]: message } });

const NOT_ON_CHECKLIST = 'This document is not on the checklist of this claim.';

async function claimOrThrow(db: Db | Tx, agencyId: string, claimId: string, lock = false) {
  const claim = await repo.claimById(db, agencyId, claimId, lock);
  if (!claim) throw new AppError('NOT_FOUND', CLAIM_NOT_FOUND);
  return claim;
}

function checklistItem(kind: string, item: string) {
  const found = checklistOf(kind as ClaimKind).find((i) => i.item === item);
  if (!found) throw new AppError('NOT_FOUND', NOT_ON_CHECKLIST);
  return found;
}

async function checklistOfClaim(
  db: Db | Tx,
  agencyId: string,
  claimId: string,
  kind: string,
): Promise<ClaimChecklist> {
  const received = new Map((await docs.receivedOf(db, agencyId, claimId)).map((r) => [r.item, r]));
  return {
    documents: checklistOf(kind as ClaimKind).map((i) => {
      const r = received.get(i.item);
      return {
        item: i.item,
        label: i.label,
        received_on: r?.receivedOn ?? null,
        file: r?.documentId && r.mime ? { name: r.name, mime: r.mime, size: r.size ?? 0 } : null,
      };
    }),
  };
}

export async function claimDocuments(deps: ClaimDocumentsDeps, subject: TokenSubject, claimId: string) {
  const { agencyId } = workspaceOf(subject);
  const claim = await claimOrThrow(deps.db, agencyId, claimId);
  return { status: 'success' as const, data: await checklistOfClaim(deps.db, agencyId, claimId, claim.kind) };
}

export async function receiveClaimDocument(
  deps: ClaimDocumentsDeps,
  subject: TokenSubject,
  claimId: string,
  item: string,
  upload: { fields: Record<string, string>; file: UploadedFile | null },
  today: string,
  ip: string,
) {
  const { agencyId } = workspaceOf(subject);
  const claim = await claimOrThrow(deps.db, agencyId, claimId);
  const entry = checklistItem(claim.kind, item);
  const fields = parseOrThrow(ReceiveClaimDocumentFieldsSchema, upload.fields);
  const receivedOn = fields.received_on ?? today;
  if (receivedOn > today) {
    throw bad('received_on', `Received On cannot be after today (${formatIndianDate(today)}).`);
  }
  if (receivedOn < claim.intimatedOn) {
    throw bad(
      'received_on',
      `Received On cannot be before the claim was intimated (${formatIndianDate(claim.intimatedOn)}).`,
    );
  }
  const mime = upload.file
    ? checkFileType(
        upload.file,
        entry.label,
        ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
        'PDF, PNG, JPEG or WebP',
      )
    : null;
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const locked = await claimOrThrow(tx, agencyId, claimId, true);
    const before = await docs.receivedItem(tx, agencyId, claimId, item);
    let documentId = before?.documentId ?? null;
    if (upload.file && mime) {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: 'claim_document',
        bytes: upload.file.bytes,
        mime,
        originalName: upload.file.filename || null,
        uploadedBy: subject.userId,
      });
      written.push(saved.id);
      if (documentId) await docs.hideDocument(tx, agencyId, documentId);
      documentId = saved.id;
    }
    await docs.upsertReceived(tx, agencyId, {
      claimId,
      primaryClientId: locked.primaryClientId,
      item,
      receivedOn,
      documentId,
      markedBy: subject.userId,
    });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'claim.document_received',
      targetType: 'claim',
      targetId: claimId,
      clientId: locked.primaryClientId,
      detail: { item, received_on: receivedOn, document_id: documentId, replaced: before !== null },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: upload.file ? `${entry.label} uploaded.` : `${entry.label} marked received.`,
      data: await checklistOfClaim(tx, agencyId, claimId, locked.kind),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function clearClaimDocument(
  deps: ClaimDocumentsDeps,
  subject: TokenSubject,
  claimId: string,
  item: string,
  ip: string,
) {
  const { agencyId } = workspaceOf(subject);
  return deps.db.transaction(async (tx) => {
    const claim = await claimOrThrow(tx, agencyId, claimId, true);
    const entry = checklistItem(claim.kind, item);
    const before = await docs.receivedItem(tx, agencyId, claimId, item);
    if (before) {
      await docs.deleteReceived(tx, agencyId, claimId, item);
      if (before.documentId) await docs.hideDocument(tx, agencyId, before.documentId);
    }
    // Audited even when the item was already pending: every write call of the workspace is (decisions §5).
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'claim.document_pending',
      targetType: 'claim',
      targetId: claimId,
      clientId: claim.primaryClientId,
      detail: { item, document_id: before?.documentId ?? null, was_received: before !== null },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: `${entry.label} marked pending.`,
      data: await checklistOfClaim(tx, agencyId, claimId, claim.kind),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

/** An item's uploaded file, streamed and decrypted; each download is audited (decisions §5). */
export async function claimDocumentFile(
  deps: ClaimDocumentsDeps,
  subject: TokenSubject,
  claimId: string,
  item: string,
  ip: string,
) {
  const { agencyId } = workspaceOf(subject);
  const claim = await claimOrThrow(deps.db, agencyId, claimId);
  const entry = checklistItem(claim.kind, item);
  const received = await docs.receivedItem(deps.db, agencyId, claimId, item);
  const missing = () => new AppError('NOT_FOUND', `No file was uploaded for ${entry.label.toLowerCase()}.`);
  if (!received?.documentId) throw missing();
  const file = await deps.documents.find(deps.db, agencyId, received.documentId);
  if (!file) throw missing();
  const stream = await deps.documents.stream(file);
  if (!stream) throw missing();
  try {
    await writeAudit(deps.db, {
      ...actorOf(subject),
      agencyId,
      action: 'document.download',
      targetType: 'claim',
      targetId: claimId,
      clientId: claim.primaryClientId,
      detail: { document_id: file.id, kind: 'claim_document', item },
      ip,
    });
  } catch (err) {
    stream.destroy();
    throw err;
  }
  const number = claim.insurerClaimNumber ?? claimId.slice(0, 8);
  return { mime: file.mimeType, size: file.sizeBytes, stream, name: `claim-${number}-${item}` };
}

export async function claimSettings(deps: { db: Db }, subject: TokenSubject) {
  const { agencyId } = workspaceOf(subject);
  return { status: 'success' as const, data: { stale_days: await docs.staleDays(deps.db, agencyId) } };
}

export async function updateClaimSettings(
  deps: { db: Db },
  subject: TokenSubject,
  input: ClaimSettings,
  ip: string,
) {
  const { agencyId } = workspaceOf(subject);
  return deps.db.transaction(async (tx) => {
    await docs.setStaleDays(tx, agencyId, input.stale_days);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'agency.claim_stale_days',
      targetType: 'agency',
      targetId: agencyId,
      detail: { stale_days: input.stale_days },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: 'Claim reminders saved.',
      data: { stale_days: input.stale_days },
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}
