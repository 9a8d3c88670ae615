import { randomBytes } from 'node:crypto';
import { INVITE_LINK_HOURS, type InvitationResponse, whatsAppUrl } from '@portal/contract';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { fullName } from '../../lib/names.ts';
import { invitationMail, type PasswordLinkDeps, sendLink } from '../../lib/password-links.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './primary-clients.repository.ts';
import { CLIENT_NOT_FOUND, emailTaken, mustFind, toPrimaryClient } from './primary-clients.service.ts';

// Portal access by invitation (issue 24 item 2, decision 025): instead of choosing a password and reading it to
// the client, the owner sends a one-time link (72 hours) by e-mail, and gets a WhatsApp message to send as well.

export const AGENCY_NOT_OPEN =
  'Your agency must be verified by the platform before its clients can sign in. Invite them once it is.';

export async function inviteClient(
  deps: PasswordLinkDeps,
  subject: TokenSubject,
  id: string,
  ip: string,
): Promise<InvitationResponse> {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps.db, agencyId, id);
  const c = before.client;
  if (!c.email) {
    const message = 'Add the client’s email before inviting them to the portal.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { email: message } });
  }
  if (!(await repo.agencyIsOpen(deps.db, agencyId))) throw new AppError('CONFLICT', AGENCY_NOT_OPEN);
  const name = fullName(c.firstName, c.lastName);
  // A new account starts with a password nobody knows; the link is the only way in until it is chosen.
  const unusable = c.userId ? null : await deps.hasher.hash(randomBytes(32).toString('base64url'));
  let userId: string;
  try {
    userId = await deps.db.transaction(async (tx) => {
      if (!(await repo.lockClient(tx, agencyId, id))) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
      const user =
        c.userId ??
        (await repo.insertPortalUser(tx, agencyId, {
          email: c.email!,
          passwordHash: unusable!,
          fullName: name,
          phone: c.phone,
        }));
      await repo.updateClient(tx, agencyId, id, { portalAccess: true, userId: user });
      await writeAudit(tx, {
        ...actorOf(subject),
        agencyId,
        action: 'primary_client.portal_invited',
        targetType: 'primary_client',
        targetId: id,
        clientId: id,
        ip,
      });
      return user;
    });
  } catch (err) {
    throw emailTaken(err) ?? err;
  }
  const sent = await sendLink(
    deps,
    { userId, role: 'AC', fullName: name, email: c.email },
    'invite',
    (url, agency) => invitationMail(name, agency, url),
  );
  const data = toPrimaryClient(await mustFind(deps.db, agencyId, id));
  const agencyName = subject.agencyName ?? 'your agency';
  return {
    status: 'success',
    message:
      sent.delivery === 'email'
        ? `Invitation e-mailed to ${c.email}.`
        : `Invitation to ${c.email} kept in the outbox (no mail server is set up).`,
    data,
    invitation: {
      url: sent.url,
      delivery: sent.delivery,
      whatsapp_url: whatsAppUrl(
        c.phone,
        `Namaste ${name}, ${agencyName} has opened your client portal. Choose your password here (the link works for ${INVITE_LINK_HOURS / 24} days): ${sent.url}`,
      ),
      expires_at: new Date(Date.now() + INVITE_LINK_HOURS * 3_600_000).toISOString(),
    },
  };
}
