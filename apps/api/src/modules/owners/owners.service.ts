import {
  type DashboardStats,
  type Owner,
  type OwnerAgency,
  portalUrlFor,
  type UpdateOwner,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { bumpTokenVersion } from '../auth/auth.repository.ts';
import { findSecondFactor } from '../auth/second-factor.repository.ts';
import * as repo from './owners.repository.ts';
import { passwordResetMail } from './reset-mail.ts';

export interface OwnersDeps {
  db: Db;
  hasher: PasswordHasher;
  /** The owner is e-mailed about an admin's reset of their password (issue 23 item 14). */
  mailer: Mailer;
  portalHost: string;
  portalScheme: string;
}

const OWNER_NOT_FOUND = 'No agency owner exists with this id.';

function toOwner(row: NonNullable<Awaited<ReturnType<typeof repo.findOwner>>>): Owner {
  return {
    ClientId: row.ClientId,
    ClientName: row.ClientName,
    AgencyName: row.AgencyName,
    AgencyEmail: row.AgencyEmail,
    IsActive: row.IsActive,
    IsVerified: row.IsVerified,
    CreatedAt: row.createdAt.toISOString(),
  };
}

export async function listOwners(deps: OwnersDeps, query: repo.OwnerPage) {
  const { rows, total, nextCursor, prevCursor } = await repo.listOwners(deps.db, query);
  return {
    items: rows.map(toOwner),
    pagination: {
      total,
      limit: query.limit,
      offset: query.offset,
      next_cursor: nextCursor,
      prev_cursor: prevCursor,
    },
  };
}

export async function listOwnerAgencies(
  deps: OwnersDeps,
  ownerId: string,
  page: { offset: number; limit: number },
) {
  const owner = await repo.findOwner(deps.db, ownerId);
  if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const { rows, total } = await repo.ownerAgencies(deps.db, ownerId, page);
  const items: OwnerAgency[] = rows.map((a) => ({
    agency_id: a.id,
    agency_name: a.name,
    portal_address: portalUrlFor(a.slug, deps.portalHost, deps.portalScheme),
    agency_email: a.email,
    phone_number: a.phone,
    alternate_phone_number: a.alternatePhone,
    address: [a.society, a.locality, a.city, a.stateName, a.pincode].filter(Boolean).join(', '),
    website: a.website,
    years_in_business: a.yearsInBusiness,
    license_number: a.licenseNumber,
    company_description: a.description,
    // Verification belongs to the owner account and covers each of its agencies (decisions §3).
    is_verified: owner.IsVerified,
    registered_on: a.createdAt.toISOString(),
  }));
  return { items, pagination: { total, limit: page.limit, offset: page.offset } };
}

/**
 * Sets an owner's active and verified flags (spec §4 client status; decisions §3). Deactivating revokes the
 * owner's tokens; deactivating or unverifying also ends the sessions of the agency's clients.
 */
export async function updateOwner(deps: OwnersDeps, admin: TokenSubject, input: UpdateOwner, ip: string) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findOwner(tx, input.ClientId);
    if (!before) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
    await repo.setOwnerFlags(
      tx,
      { id: before.ClientId, userId: before.userId },
      {
        isActive: input.IsActive,
        isVerified: input.IsVerified,
      },
    );
    if (before.IsActive && !input.IsActive) await bumpTokenVersion(tx, before.userId);
    if ((before.IsActive && !input.IsActive) || (before.IsVerified && !input.IsVerified)) {
      await repo.revokeAgencyClientTokens(tx, before.ClientId, before.IsActive && !input.IsActive);
    }
    await writeAudit(tx, {
      actorUserId: admin.userId,
      actorRole: 'ADMIN',
      agencyId: null,
      action: 'owner.updated',
      targetType: 'owner',
      targetId: before.ClientId,
      detail: {
        before: { IsActive: before.IsActive, IsVerified: before.IsVerified },
        after: { IsActive: input.IsActive, IsVerified: input.IsVerified },
      },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = {
      message: 'Client updated successfully!',
      data: toOwner((await repo.findOwner(tx, before.ClientId))!),
    };
    await recordAnswer(tx, answer);
    return answer;
  });
}

/** Tells the owner their password was reset; a mail server that fails is noted, and the reset stands. */
async function mailResetNotice(
  deps: OwnersDeps,
  owner: NonNullable<Awaited<ReturnType<typeof repo.findOwner>>>,
  ip: string,
) {
  const agency = await repo.firstAgencyOf(deps.db, owner.ClientId);
  const state = await findSecondFactor(deps.db, owner.userId);
  if (!agency || !state) return;
  try {
    await deps.mailer.send(
      passwordResetMail({
        agencyId: agency.id,
        to: state.email,
        ownerName: owner.ClientName,
        at: new Date(),
        secondFactorOn: state.enabledAt !== null,
        portalHost: deps.portalHost,
      }),
    );
  } catch (err) {
    await writeAudit(deps.db, {
      actorUserId: null,
      actorRole: null,
      agencyId: agency.id,
      action: 'owner.password_reset_mail_failed',
      targetType: 'owner',
      targetId: owner.ClientId,
      detail: { reason: err instanceof Error ? err.message.slice(0, 300) : 'unknown' },
      ip,
    });
  }
}

/** The admin's reset (spec §2): the registration rule, old tokens revoked, a new password at next sign-in. */
export async function resetOwnerPassword(
  deps: OwnersDeps,
  admin: TokenSubject,
  ownerId: string,
  newPassword: string,
  ip: string,
) {
  const owner = await repo.findOwner(deps.db, ownerId);
  if (!owner) throw new AppError('NOT_FOUND', OWNER_NOT_FOUND);
  const hash = await deps.hasher.hash(newPassword);
  // The password only: the owner's second factor stays on, so a reset cannot open their account (decisions §1).
  const answered = await deps.db.transaction(async (tx) => {
    await repo.setPassword(tx, owner.userId, hash, true);
    await writeAudit(tx, {
      actorUserId: admin.userId,
      actorRole: 'ADMIN',
      agencyId: null,
      action: 'owner.password_reset',
      targetType: 'owner',
      targetId: owner.ClientId,
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = { message: 'Agency Owner password reset successfully!' };
    await recordAnswer(tx, answer);
    return answer;
  });
  await mailResetNotice(deps, owner, ip);
  return answered;
}

export async function dashboardStats(deps: OwnersDeps): Promise<DashboardStats> {
  return repo.ownerStats(deps.db);
}
