import { randomBytes } from 'node:crypto';
import {
  INVITE_LINK_HOURS,
  ROLE_LABEL,
  STAFF_INVITES_PER_WINDOW,
  STAFF_RESENDS_PER_WINDOW,
  type StaffInvitationResponse,
  type StaffMember,
  type StaffMemberResponse,
  type StaffRole,
  TEAM_MSG,
  whatsAppUrl,
} from '@portal/contract';
import { type AuditEntry, actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import { type PasswordLinkDeps, sendLink, staffInvitationMail } from '../../lib/password-links.ts';
import { agencyOf } from '../../lib/tenant.ts';
import { reserveAttempt, type ThrottleKey, throttled } from '../../lib/throttle.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './team.repository.ts';

// The owner's team (issue 25 item 2, decision 032). Every call is the owner's (access ['AO']); the agency comes
// from the token. An invitee's account starts with a password nobody knows: the link is the only way in.

export function toStaffMember(row: repo.StaffRow, now = new Date()): StaffMember {
  const accepted = row.passwordChangedAt !== null || row.lastLoginAt !== null;
  const waiting = !accepted && row.inviteExpiresAt !== null && row.inviteExpiresAt > now;
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: !row.isActive ? 'deactivated' : accepted ? 'active' : waiting ? 'invited' : 'invitation_expired',
    invited_at: row.createdAt.toISOString(),
    invitation_expires_at: accepted ? null : (row.inviteExpiresAt?.toISOString() ?? null),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    assigned_clients: row.assignedClients,
  };
}

export async function listTeam(deps: Pick<PasswordLinkDeps, 'db'>, subject: TokenSubject) {
  const rows = await repo.listStaff(deps.db, agencyOf(subject));
  const now = new Date();
  return { status: 'success' as const, data: rows.map((r) => toStaffMember(r, now)) };
}

const notFound = () => new AppError('NOT_FOUND', TEAM_MSG.notFound);

function conflict(message: string, field?: 'email'): AppError {
  return new AppError('CONFLICT', message, message, field ? { fields: { [field]: message } } : undefined);
}

async function limit(deps: Pick<PasswordLinkDeps, 'db'>, keys: ThrottleKey[]) {
  const wait = await reserveAttempt(deps.db, keys);
  if (wait > 0) throw throttled(TEAM_MSG.tooManyInvites, wait);
}

const inviteKey = (agencyId: string): ThrottleKey => ({
  key: `team-invite:${agencyId}`,
  max: STAFF_INVITES_PER_WINDOW,
});

function audit(subject: TokenSubject, action: string, id: string, ip: string, detail?: AuditEntry['detail']) {
  return {
    ...actorOf(subject),
    agencyId: agencyOf(subject),
    action: `staff.${action}`,
    targetType: 'staff',
    targetId: id,
    detail,
    ip,
  };
}

/** Sends the member's invitation link and answers it to the owner, who may pass it on by WhatsApp. */
async function sendInvitation(
  deps: PasswordLinkDeps,
  subject: TokenSubject,
  row: repo.StaffRow,
  verb: string,
): Promise<StaffInvitationResponse> {
  const role = ROLE_LABEL[row.role];
  const sent = await sendLink(
    deps,
    { userId: row.id, role: row.role, fullName: row.fullName, email: row.email },
    'invite',
    (url, agency) => staffInvitationMail(row.fullName, role, agency, url),
  );
  const fresh = await repo.findStaff(deps.db, agencyOf(subject), row.id);
  const agencyName = subject.agencyName ?? 'our agency';
  return {
    status: 'success',
    message:
      sent.delivery === 'email'
        ? `Invitation ${verb} to ${row.email}.`
        : `No mail server is set up: send ${row.fullName} the link yourself, by WhatsApp or by copying it.`,
    data: toStaffMember(fresh ?? row),
    invitation: {
      url: sent.url,
      delivery: sent.delivery,
      whatsapp_url: whatsAppUrl(
        row.phone,
        `Namaste ${row.fullName}, ${agencyName} invites you to its workspace as ${role}. Choose your password here (the link works for ${INVITE_LINK_HOURS / 24} days): ${sent.url}`,
      ),
      expires_at: new Date(Date.now() + INVITE_LINK_HOURS * 3_600_000).toISOString(),
    },
  };
}

export async function inviteStaff(
  deps: PasswordLinkDeps,
  subject: TokenSubject,
  input: { full_name: string; email: string; phone: string | null; role: StaffRole },
  ip: string,
): Promise<StaffInvitationResponse> {
  const agencyId = agencyOf(subject);
  if (input.email === (await repo.emailOfUser(deps.db, subject.userId))) {
    throw conflict(TEAM_MSG.emailIsOwners, 'email');
  }
  const taken = await repo.roleOfEmail(deps.db, agencyId, input.email);
  if (taken)
    throw conflict(taken === 'AC' ? TEAM_MSG.emailTakenByClient : TEAM_MSG.emailTakenByStaff, 'email');
  await limit(deps, [inviteKey(agencyId)]);
  const passwordHash = await deps.hasher.hash(randomBytes(32).toString('base64url'));
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const created = await repo.insertStaff(tx, agencyId, {
        email: input.email,
        fullName: input.full_name.trim(),
        phone: input.phone,
        role: input.role,
        passwordHash,
      });
      await writeAudit(tx, audit(subject, 'invited', created, ip, { role: input.role }));
      return created;
    });
  } catch (err) {
    // Two invitations of one e-mail at once: the unique index (agency, e-mail) refuses the second.
    if (uniqueViolation(err)?.constraint === 'users_agency_email_uq') {
      throw conflict(TEAM_MSG.emailTakenByStaff, 'email');
    }
    throw err;
  }
  const row = await repo.findStaff(deps.db, agencyId, id);
  return sendInvitation(deps, subject, row!, 'e-mailed');
}

export async function resendInvitation(
  deps: PasswordLinkDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
): Promise<StaffInvitationResponse> {
  const agencyId = agencyOf(subject);
  const row = await repo.findStaff(deps.db, agencyId, id);
  if (!row) throw notFound();
  const member = toStaffMember(row);
  if (member.status === 'active') throw conflict(TEAM_MSG.alreadyAccepted);
  if (member.status === 'deactivated') throw conflict(TEAM_MSG.deactivatedNoInvite);
  await limit(deps, [inviteKey(agencyId), { key: `team-resend:${id}`, max: STAFF_RESENDS_PER_WINDOW }]);
  await writeAudit(deps.db, audit(subject, 'invitation_resent', id, ip));
  // saveLink replaces the older link: only the newest works (decision 025).
  return sendInvitation(deps, subject, row, 're-sent');
}

export async function revokeInvitation(
  deps: Pick<PasswordLinkDeps, 'db'>,
  subject: TokenSubject,
  id: string,
  ip: string,
): Promise<{ message: string }> {
  const agencyId = agencyOf(subject);
  const name = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockStaff(tx, agencyId, id);
    if (!locked) throw notFound();
    if (locked.accepted) throw conflict(TEAM_MSG.alreadyAccepted);
    const row = await repo.findStaff(tx, agencyId, id);
    await repo.deleteInvitee(tx, agencyId, id);
    await writeAudit(tx, audit(subject, 'invitation_revoked', id, ip, { email: row?.email }));
    return row?.fullName ?? 'the invitee';
  });
  return { message: `Invitation of ${name} withdrawn. The link no longer works.` };
}

async function change(
  deps: Pick<PasswordLinkDeps, 'db'>,
  subject: TokenSubject,
  id: string,
  ip: string,
  values: { role?: StaffRole; isActive?: boolean },
  action: string,
  message: (m: StaffMember) => string,
): Promise<StaffMemberResponse> {
  const agencyId = agencyOf(subject);
  await deps.db.transaction(async (tx) => {
    const locked = await repo.lockStaff(tx, agencyId, id);
    if (!locked) throw notFound();
    const same =
      (values.role === undefined || values.role === locked.role) &&
      (values.isActive === undefined || values.isActive === locked.isActive);
    // Asking for what already holds changes nothing and ends nobody's session.
    if (same) return;
    await repo.updateStaff(tx, agencyId, id, values);
    await writeAudit(tx, audit(subject, action, id, ip, { ...values, from_role: locked.role }));
  });
  const row = await repo.findStaff(deps.db, agencyId, id);
  if (!row) throw notFound();
  const data = toStaffMember(row);
  return { status: 'success', message: message(data), data };
}

export const changeRole = (
  deps: Pick<PasswordLinkDeps, 'db'>,
  subject: TokenSubject,
  id: string,
  role: StaffRole,
  ip: string,
) =>
  change(
    deps,
    subject,
    id,
    ip,
    { role },
    'role_changed',
    (m) => `${m.full_name} is now ${ROLE_LABEL[m.role]}. They sign in again to work with the new role.`,
  );

export const deactivateStaff = (
  deps: Pick<PasswordLinkDeps, 'db'>,
  subject: TokenSubject,
  id: string,
  ip: string,
) =>
  change(
    deps,
    subject,
    id,
    ip,
    { isActive: false },
    'deactivated',
    (m) => `${m.full_name} is deactivated and signed out everywhere.`,
  );

export const reactivateStaff = (
  deps: Pick<PasswordLinkDeps, 'db'>,
  subject: TokenSubject,
  id: string,
  ip: string,
) =>
  change(
    deps,
    subject,
    id,
    ip,
    { isActive: true },
    'reactivated',
    (m) => `${m.full_name} can sign in again.`,
  );
