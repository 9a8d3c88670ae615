import { actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { fullName } from '../../lib/names.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './primary-clients.repository.ts';
import {
  CLIENT_NOT_FOUND,
  emailTaken,
  mustFind,
  type PrimaryClientsDeps,
  toPrimaryClient,
} from './primary-clients.service.ts';

// A client's portal account: turned on with an initial password, off, or its password reset.

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
        ...actorOf(subject),
        agencyId,
        action: input.enabled ? 'primary_client.portal_on' : 'primary_client.portal_off',
        targetType: 'primary_client',
        targetId: id,
        clientId: id,
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
      ...actorOf(subject),
      agencyId,
      action: 'primary_client.portal_password_reset',
      targetType: 'primary_client',
      targetId: id,
      clientId: id,
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
