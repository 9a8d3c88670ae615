import { MSG } from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { rememberedOwnClient } from '../auth/session.ts';
import * as repo from './client-portal.repository.ts';

// Who the signed-in agency client is (issue 6): always the AC user's own primary client in the token's agency
// (decisions §2). The client area and the client's reminder card (renewals) start every call here.

export interface OwnClient {
  agencyId: string;
  primaryClientId: string;
}

export interface OwnClientRecord extends OwnClient {
  row: NonNullable<Awaited<ReturnType<typeof repo.findOwnClient>>>;
}

function openOrRefused(ref: { id: string; portalAccess: boolean } | null | undefined) {
  if (!ref) throw new AppError('NOT_FOUND', MSG.clientNotFound);
  if (!ref.portalAccess) throw new AppError('FORBIDDEN', MSG.forbidden, MSG.portalAccessOff);
  return ref;
}

/**
 * The caller's primary client, or 404 when it was removed; 403 once the agency turned portal access off.
 * Which record it is comes with this request's session check (access hook; from the session cache, issue 8),
 * else it is read now.
 */
export async function ownClient(db: Db, subject: TokenSubject): Promise<OwnClient> {
  const agencyId = agencyOf(subject);
  const remembered = rememberedOwnClient(subject);
  const ref =
    remembered !== undefined
      ? remembered.ref
      : ((await repo.findOwnClient(db, agencyId, subject.userId))?.client ?? null);
  return { agencyId, primaryClientId: openOrRefused(ref).id };
}

/** As `ownClient`, with the whole record (the profile, a renewal's contact details). */
export async function ownClientRecord(db: Db, subject: TokenSubject): Promise<OwnClientRecord> {
  const agencyId = agencyOf(subject);
  const remembered = rememberedOwnClient(subject);
  const row =
    remembered?.row !== undefined ? remembered.row : await repo.findOwnClient(db, agencyId, subject.userId);
  if (!row) throw new AppError('NOT_FOUND', MSG.clientNotFound);
  openOrRefused(row.client);
  return { agencyId, primaryClientId: row.client.id, row };
}
