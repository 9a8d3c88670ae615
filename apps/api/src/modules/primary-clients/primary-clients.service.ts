import {
  CLIENT_EMAIL_TAKEN,
  type ClientPlanItem,
  type CreatePrimaryClientWithPlansSchema,
  DEFAULT_PAGE_SIZE,
  type PrimaryClient,
  type PrimaryClientListQuerySchema,
  type UpdatePrimaryClientSchema,
} from '@portal/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { encryptField, last4, maskLast4 } from '../../lib/crypto.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { type DocumentStore, IMAGE_MIMES, type StoredDocument } from '../../lib/documents.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { insertPlans, matchFiles } from '../plans/plans.service.ts';
import { agencyOf } from '../providers/providers.service.ts';
import * as repo from './primary-clients.repository.ts';

export interface PrimaryClientsDeps {
  db: Db;
  documents: DocumentStore;
  hasher: PasswordHasher;
  encryptionKey: Buffer;
}

export const CLIENT_NOT_FOUND = 'No client of your agency exists with this id.';

type CreateInput = z.output<typeof CreatePrimaryClientWithPlansSchema>;
type UpdateInput = z.output<typeof UpdatePrimaryClientSchema>;
type ListQuery = z.output<typeof PrimaryClientListQuerySchema>;

const fullName = (first: string, last: string | null) => [first, last].filter(Boolean).join(' ');

/** Spec §4: Expired when the end date (to the end of that day, in India) has passed, else Active. */
export function planStatus(endDate: string | null, today = todayInIndia()): 'Active' | 'Expired' {
  return endDate !== null && endDate < today ? 'Expired' : 'Active';
}

export type PlanRow = Awaited<ReturnType<typeof repo.plansOf>>['insurance'][number];

/** A plan as lists show it (spec §3 plan list item), with its status (spec §4). */
export function toPlanItem(
  kind: 'insurance' | 'investment',
  p: PlanRow,
  holderName: string,
  today = todayInIndia(),
): ClientPlanItem {
  return {
    plan_kind: kind,
    plan_id: p.id,
    ...(kind === 'insurance'
      ? { policy_id: p.id, premium_amount: p.money }
      : { account_id: p.id, amount: p.money }),
    provider_id: p.providerId,
    provider_name: p.providerName,
    service_code: p.serviceCode,
    plan_name: p.planName,
    policy_number: p.number,
    start_date: p.startDate,
    end_date: p.endDate,
    status: planStatus(p.endDate, today),
    secondary_client_id: p.secondaryClientId,
    holder_name: holderName,
    document_available: p.documentId !== null,
  };
}

export function toPrimaryClient(row: repo.ClientRow): PrimaryClient {
  const c = row.client;
  return {
    primary_client_id: c.id,
    client_code: c.clientCode,
    first_name: c.firstName,
    last_name: c.lastName,
    full_name: fullName(c.firstName, c.lastName),
    date_of_birth: c.dateOfBirth,
    gender: c.gender,
    nationality: c.nationality,
    occupation: c.occupation,
    email: c.email,
    phone: c.phone,
    alternate_phone: c.alternatePhone,
    emergency_contact_name: c.emergencyContactName,
    emergency_contact_phone: c.emergencyContactPhone,
    house_number: c.houseNumber,
    society: c.society,
    locality: c.locality,
    city: c.city,
    state: c.state,
    pincode: c.pincode,
    pan_number: maskLast4(c.panLast4),
    aadhaar_number: maskLast4(c.aadhaarLast4),
    portal_access: c.portalAccess,
    portal_email: row.portalEmail,
    must_change_password: row.mustChangePassword ?? false,
    avatar_url: c.avatarDocumentId ? `/api/users/primary-clients/${c.id}/avatar` : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

async function mustFind(db: Pick<Db, 'select'>, agencyId: string, id: string) {
  const row = await repo.findClient(db, agencyId, id);
  // Another agency's client and a removed one look the same: absent.
  if (!row) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
  return row;
}

function emailTaken(err: unknown): AppError | null {
  const unique = uniqueViolation(err);
  if (unique?.constraint !== 'users_agency_email_uq') return null;
  return new AppError('CONFLICT', CLIENT_EMAIL_TAKEN, CLIENT_EMAIL_TAKEN, {
    fields: { email: CLIENT_EMAIL_TAKEN },
  });
}

function profileColumns(input: UpdateInput | CreateInput, key: Buffer) {
  const values: Partial<repo.ClientValues> = {
    firstName: input.first_name,
    lastName: input.last_name,
    dateOfBirth: input.date_of_birth,
    gender: input.gender,
    nationality: input.nationality ?? 'Indian',
    occupation: input.occupation,
    email: input.email,
    phone: input.phone,
    alternatePhone: input.alternate_phone,
    emergencyContactName: input.emergency_contact_name,
    emergencyContactPhone: input.emergency_contact_phone,
    houseNumber: input.house_number,
    society: input.society,
    locality: input.locality,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
  };
  // Only the last 4 digits of Aadhaar are ever stored (decisions §5); PAN is encrypted beside its last 4.
  if (input.aadhaar_number) values.aadhaarLast4 = last4(input.aadhaar_number);
  if (input.pan_number) {
    values.panEnc = encryptField(key, input.pan_number);
    values.panLast4 = last4(input.pan_number);
  }
  return values;
}

/** What an audit entry may carry: never an identity number, only whether one was given (decisions §5). */
function auditProfile(input: UpdateInput | CreateInput) {
  const { pan_number, aadhaar_number, ...rest } = input;
  const safe: Record<string, unknown> = { ...rest };
  delete safe.portal_access;
  delete safe.plans;
  return { ...safe, pan_given: pan_number !== null, aadhaar_given: aadhaar_number !== null };
}

export async function listPrimaryClients(deps: PrimaryClientsDeps, subject: TokenSubject, query: ListQuery) {
  const page = {
    offset: query.offset ?? 0,
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    search: query.search,
    after: query.after,
    before: query.before,
  };
  const { rows, total, nextCursor, prevCursor } = await repo.listClients(deps.db, agencyOf(subject), page);
  return {
    items: rows.map((r) => ({
      primary_client_id: r.id,
      client_code: r.clientCode,
      full_name: fullName(r.firstName, r.lastName),
      email: r.email,
      phone: r.phone,
      family_count: Number(r.familyCount),
      plan_count: Number(r.planCount),
      portal_access: r.portalAccess,
      created_at: r.createdAt.toISOString(),
    })),
    pagination: {
      total,
      limit: page.limit,
      offset: page.offset,
      next_cursor: nextCursor,
      prev_cursor: prevCursor,
    },
  };
}

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
  const written: string[] = [];
  try {
    return await deps.db.transaction(async (tx) => {
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
        actorUserId: subject.userId,
        actorRole: 'AO',
        agencyId,
        action: 'primary_client.create',
        targetType: 'primary_client',
        targetId: newId,
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
    await deps.documents.discard(agencyId, written);
    throw emailTaken(err) ?? err;
  }
}

export async function updatePrimaryClient(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  input: UpdateInput,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  if (before.client.userId && !input.email) {
    const message = 'Email is required while the client has a portal account.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { email: message } });
  }
  try {
    return await deps.db.transaction(async (tx) => {
      await repo.updateClient(tx, agencyId, id, profileColumns(input, deps.encryptionKey));
      // The portal account signs in with the client's email and shows their name.
      if (before.client.userId && input.email) {
        await repo.updatePortalUser(tx, agencyId, before.client.userId, {
          email: input.email,
          fullName: fullName(input.first_name, input.last_name),
          phone: input.phone,
        });
      }
      await writeAudit(tx, {
        actorUserId: subject.userId,
        actorRole: 'AO',
        agencyId,
        action: 'primary_client.update',
        targetType: 'primary_client',
        targetId: id,
        detail: auditProfile(input),
        ip,
      });
      // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
      const data = toPrimaryClient(await mustFind(tx, agencyId, id));
      const answer = { status: 'success' as const, message: `${data.full_name} updated.`, data };
      await recordAnswer(tx, answer);
      return answer;
    });
  } catch (err) {
    throw emailTaken(err) ?? err;
  }
}

export async function setPortalAccess(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  input: { enabled: boolean; initial_password: string | null },
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  const c = before.client;
  if (input.enabled && !c.userId) {
    if (!c.email) {
      const message = 'Add the client’s email before turning portal access on.';
      throw new AppError('BAD_REQUEST', message, message, { fields: { email: message } });
    }
    if (!input.initial_password) {
      const message = 'Initial Password is required for portal access.';
      throw new AppError('BAD_REQUEST', message, message, { fields: { initial_password: message } });
    }
  }
  const hash =
    input.enabled && input.initial_password ? await deps.hasher.hash(input.initial_password) : null;
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await repo.lockClient(tx, agencyId, id))) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      let userId = c.userId;
      if (input.enabled && !userId && hash && c.email) {
        userId = await repo.insertPortalUser(tx, agencyId, {
          email: c.email,
          passwordHash: hash,
          fullName: fullName(c.firstName, c.lastName),
          phone: c.phone,
        });
      } else if (userId && hash) {
        await repo.updatePortalUser(tx, agencyId, userId, {
          passwordHash: hash,
          mustChangePassword: true,
          bumpTokenVersion: true,
        });
      } else if (userId && !input.enabled) {
        // Turning access off signs the client out everywhere (decisions §3: tokens revoked by version).
        await repo.updatePortalUser(tx, agencyId, userId, { bumpTokenVersion: true });
      }
      await repo.updateClient(tx, agencyId, id, { portalAccess: input.enabled, userId });
      await writeAudit(tx, {
        actorUserId: subject.userId,
        actorRole: 'AO',
        agencyId,
        action: input.enabled ? 'primary_client.portal_on' : 'primary_client.portal_off',
        targetType: 'primary_client',
        targetId: id,
        detail: { password_set: hash !== null },
        ip,
      });
      // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
      const data = toPrimaryClient(await mustFind(tx, agencyId, id));
      const message = input.enabled
        ? `Portal access turned on for ${data.full_name}.`
        : `Portal access turned off for ${data.full_name}.`;
      const answer = { status: 'success' as const, message, data };
      await recordAnswer(tx, answer);
      return answer;
    });
  } catch (err) {
    throw emailTaken(err) ?? err;
  }
}

export async function resetPortalPassword(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  newPassword: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  if (!row.client.userId) {
    throw new AppError(
      'CONFLICT',
      'This client has no portal account. Turn portal access on with an initial password instead.',
    );
  }
  const hash = await deps.hasher.hash(newPassword);
  return deps.db.transaction(async (tx) => {
    await repo.updatePortalUser(tx, agencyId, row.client.userId!, {
      passwordHash: hash,
      mustChangePassword: true,
      bumpTokenVersion: true,
    });
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: 'primary_client.portal_password_reset',
      targetType: 'primary_client',
      targetId: id,
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      message: `The portal password of ${fullName(row.client.firstName, row.client.lastName)} was reset. They choose a new one at their next sign-in.`,
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function deletePrimaryClient(
  deps: PrimaryClientsDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps.db, agencyId, id);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockClient(tx, agencyId, id))) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
    // Kept for the retention period and hidden (issue 5); the portal account is closed at once.
    await repo.updateClient(tx, agencyId, id, { deletedAt: new Date(), portalAccess: false });
    if (row.client.userId) {
      await repo.updatePortalUser(tx, agencyId, row.client.userId, { bumpTokenVersion: true });
    }
    await writeAudit(tx, {
      actorUserId: subject.userId,
      actorRole: 'AO',
      agencyId,
      action: 'primary_client.delete',
      targetType: 'primary_client',
      targetId: id,
      detail: { client_code: row.client.clientCode },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      status: 'success' as const,
      message: `${fullName(row.client.firstName, row.client.lastName)} removed.`,
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

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
    },
  };
}

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
  let written: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: 'avatar',
        bytes: file.bytes,
        mime,
        originalName: file.filename,
        uploadedBy: subject.userId,
      });
      written = saved.id;
      await repo.updateClient(tx, agencyId, id, { avatarDocumentId: saved.id });
      if (before.client.avatarDocumentId) {
        await repo.softDeleteDocument(tx, agencyId, before.client.avatarDocumentId);
      }
      await writeAudit(tx, {
        actorUserId: subject.userId,
        actorRole: 'AO',
        agencyId,
        action: 'primary_client.avatar_upload',
        targetType: 'primary_client',
        targetId: id,
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
  } catch (err) {
    // The transaction stored nothing: the encrypted file written for it goes too.
    if (written) await deps.documents.discard(agencyId, [written]);
    throw err;
  }
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
  const ownerRole = subject.roles.includes('AO');
  if (!ownerRole && (row.client.userId !== subject.userId || !row.client.portalAccess)) {
    throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
  }
  const doc = row.client.avatarDocumentId
    ? await deps.documents.read(deps.db, agencyId, row.client.avatarDocumentId)
    : null;
  if (!doc) throw new AppError('NOT_FOUND', 'This client has no photo.');
  // Every download of a client's document is audited (decisions §5).
  await writeAudit(deps.db, {
    actorUserId: subject.userId,
    actorRole: ownerRole ? 'AO' : 'AC',
    agencyId,
    action: 'document.download',
    targetType: 'primary_client',
    targetId: id,
    detail: { document_id: doc.id, kind: 'avatar' },
    ip,
  });
  return doc;
}
