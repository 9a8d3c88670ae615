import { isWorkspaceRole } from '@portal/contract';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import type { StoredDocument } from '../../lib/documents.ts';
import { IMAGE_MIMES } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './primary-clients.repository.ts';
import {
  CLIENT_NOT_FOUND,
  mustFind,
  type PrimaryClientsDeps,
  toPrimaryClient,
} from './primary-clients.service.ts';

// A client's photo: replaced by the owner, served to the owner and to the client themselves.

export async function uploadAvatar(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  file: UploadedFile | undefined,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  if (!file) {
    const message = 'Avatar is required: send the photo in the avatar field.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { avatar: message } });
  }
  const mime = checkFileType(file, 'Avatar', IMAGE_MIMES, 'PNG, JPEG or WebP image');
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const saved = await deps.documents.save(tx, {
      agencyId,
      kind: 'avatar',
      bytes: file.bytes,
      mime,
      originalName: file.filename,
      uploadedBy: subject.userId,
    });
    written.push(saved.id);
    await repo.updateClient(tx, agencyId, id, { avatarDocumentId: saved.id });
    if (before.client.avatarDocumentId) {
      await repo.softDeleteDocument(tx, agencyId, before.client.avatarDocumentId);
    }
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'primary_client.avatar_upload',
      targetType: 'primary_client',
      targetId: id,
      clientId: id,
      detail: { document_id: saved.id, mime, size: file.bytes.length },
      ip,
    });
    const answer = {
      status: 'success' as const,
      message: 'Photo updated.',
      data: toPrimaryClient(await mustFind(tx, agencyId, id)),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function avatar(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
): Promise<StoredDocument> {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  // An agency client sees their own photo only; anyone else's looks absent, like another agency's (issue 6).
  // The workspace (owner and staff) reaches it; an agent only a client of theirs, which the agent gate checked.
  const workspace = isWorkspaceRole(subject.roles);
  if (!workspace && (row.client.userId !== subject.userId || !row.client.portalAccess)) {
    throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
  }
  const doc = row.client.avatarDocumentId
    ? await deps.documents.read(deps.db, agencyId, row.client.avatarDocumentId)
    : null;
  if (!doc) throw new AppError('NOT_FOUND', 'This client has no photo.');
  // Every download of a client's document is audited (decisions §5).
  await writeAudit(deps.db, {
    ...actorOf(subject),
    agencyId,
    action: 'document.download',
    targetType: 'primary_client',
    targetId: id,
    clientId: id,
    detail: { document_id: doc.id, kind: 'avatar' },
    ip,
  });
  return doc;
}
