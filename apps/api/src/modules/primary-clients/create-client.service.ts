import { actorOf, writeAudit } from '../../lib/audit.ts';
import { IMAGE_MIMES } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { fullName } from '../../lib/names.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { workspaceOf } from '../../lib/workspace.ts';
import { insertPlans, matchFiles } from '../plans/insert-plans.ts';
import { profileColumns } from './client-columns.ts';
import * as repo from './primary-clients.repository.ts';
import {
  auditProfile,
  type CreateInput,
  emailTaken,
  mustFind,
  type PrimaryClientsDeps,
  toPrimaryClient,
} from './primary-clients.service.ts';

// Add Primary Client: the client, their portal account, photo, plans and the plans' PDFs, all or nothing.

/** The files of a multipart create: the plans' PDFs in the order sent and an optional photo. */
export interface CreateClientFiles {
  planFiles: UploadedFile[];
  avatar: UploadedFile | null;
}

export async function createPrimaryClient(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  input: CreateInput,
  ip: string,
  upload: CreateClientFiles = { planFiles: [], avatar: null },
) {
  const agencyId = agencyOf(subject);
  const portal = input.portal_access;
  if (upload.planFiles.length > 0 && !input.plans) {
    const message = 'planFiles were sent without plans: add the plans to the payload or leave the files out.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { planFiles: message } });
  }
  // Checked before anything is written; the plans' PDFs are checked one by one as their plans are stored.
  const files = input.plans ? matchFiles(input.plans, upload.planFiles) : [];
  const avatarMime = upload.avatar
    ? checkFileType(upload.avatar, 'Avatar', IMAGE_MIMES, 'PNG, JPEG or WebP image')
    : null;
  // Hashing is slow: done before the transaction so the agency's client sequence is not held meanwhile.
  const passwordHash =
    portal.enabled && portal.initial_password ? await deps.hasher.hash(portal.initial_password) : null;
  try {
    return await storeFilesThenCommit(deps, agencyId, async (tx, written) => {
      const clientCode = await repo.nextClientCode(tx, agencyId);
      const userId =
        portal.enabled && passwordHash && input.email
          ? await repo.insertPortalUser(tx, agencyId, {
              email: input.email,
              passwordHash,
              fullName: fullName(input.first_name, input.last_name),
              phone: input.phone,
            })
          : null;
      const newId = await repo.insertClient(tx, agencyId, {
        ...profileColumns(input, deps.encryptionKey),
        firstName: input.first_name,
        clientCode,
        userId,
        portalAccess: userId !== null,
        createdBy: subject.userId,
        // A client an agent adds is theirs (issue 25 item 3); the owner's and admins' are nobody's until assigned.
        assignedAgentId: workspaceOf(subject).agentId,
      });
      if (upload.avatar && avatarMime) {
        const saved = await deps.documents.save(tx, {
          agencyId,
          kind: 'avatar',
          bytes: upload.avatar.bytes,
          mime: avatarMime,
          originalName: upload.avatar.filename,
          uploadedBy: subject.userId,
        });
        written.push(saved.id);
        await repo.updateClient(tx, agencyId, newId, { avatarDocumentId: saved.id });
      }
      // The client's plans and their PDFs in the same transaction: a bad plan or file leaves no client
      // behind either.
      const plans = input.plans
        ? await insertPlans(deps, tx, {
            agencyId,
            userId: subject.userId,
            primaryClientId: newId,
            secondaryClientId: null,
            plans: input.plans,
            files,
            written,
          })
        : [];
      await writeAudit(tx, {
        ...actorOf(subject),
        agencyId,
        action: 'primary_client.create',
        targetType: 'primary_client',
        targetId: newId,
        clientId: newId,
        detail: {
          ...auditProfile(input),
          client_code: clientCode,
          portal_access: userId !== null,
          plans,
          documents: written.length,
        },
        ip,
      });
      // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
      const data = toPrimaryClient(await mustFind(tx, agencyId, newId));
      const answer = {
        status: 'success' as const,
        message: `${data.full_name} added as ${data.client_code}.`,
        data,
      };
      await recordAnswer(tx, answer);
      return answer;
    });
  } catch (err) {
    throw emailTaken(err) ?? err;
  }
}
