import {
  AGENT_FILTER_NONE,
  CLIENT_EMAIL_TAKEN,
  type CreatePrimaryClientWithPlansSchema,
  DEFAULT_PAGE_SIZE,
  type PrimaryClient,
  type PrimaryClientListQuerySchema,
  type UpdatePrimaryClientSchema,
} from '@portal/contract';
import { eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { primaryClients } from '../../db/schema.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { maskLast4 } from '../../lib/crypto.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError, uniqueViolation } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { fullName } from '../../lib/names.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assignedOnly, NOT_FOUND_MESSAGE, type Workspace, workspaceOf } from '../../lib/workspace.ts';
import { profileColumns } from './client-columns.ts';
import * as repo from './primary-clients.repository.ts';

export interface PrimaryClientsDeps {
  db: Db;
  documents: DocumentStore;
  hasher: PasswordHasher;
  encryptionKey: Buffer;
}

export const CLIENT_NOT_FOUND = NOT_FOUND_MESSAGE.client;

export type CreateInput = z.output<typeof CreatePrimaryClientWithPlansSchema>;
type UpdateInput = z.output<typeof UpdatePrimaryClientSchema>;
type ListQuery = z.output<typeof PrimaryClientListQuerySchema>;

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
    assigned_agent: assignedAgent(c.assignedAgentId, row.agentName),
    reminder_language: c.preferredLanguage === 'hi' ? 'hi' : 'en',
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** The assigned agent as answers carry it: their id and name, or null for nobody. */
export function assignedAgent(id: string | null, name: string | null) {
  return id ? { id, name: name ?? '' } : null;
}

/**
 * Whose clients a list shows (decision 034): an agent's own always; the owner's and admins' all, or those of the
 * agent they filter by (`none`: nobody's).
 */
export function listedClients(ws: Workspace, agent: string | undefined): SQL | undefined {
  if (ws.agentId !== null) return assignedOnly(ws);
  if (agent === AGENT_FILTER_NONE) return isNull(primaryClients.assignedAgentId);
  return agent ? eq(primaryClients.assignedAgentId, agent) : undefined;
}

export async function mustFind(db: Pick<Db, 'select'>, agencyId: string, id: string) {
  const row = await repo.findClient(db, agencyId, id);
  // Another agency's client and a removed one look the same: absent.
  if (!row) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
  return row;
}

export function emailTaken(err: unknown): AppError | null {
  const unique = uniqueViolation(err);
  if (unique?.constraint !== 'users_agency_email_uq') return null;
  return new AppError('CONFLICT', CLIENT_EMAIL_TAKEN, CLIENT_EMAIL_TAKEN, {
    fields: { email: CLIENT_EMAIL_TAKEN },
  });
}

/** What an audit entry may carry: never an identity number, only whether one was given (decisions §5). */
export function auditProfile(input: UpdateInput | CreateInput) {
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
  const ws = workspaceOf(subject);
  const { rows, total, nextCursor, prevCursor } = await repo.listClients(
    deps.db,
    ws.agencyId,
    page,
    listedClients(ws, query.agent),
  );
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
      assigned_agent: assignedAgent(r.assignedAgentId, r.agentName),
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
        ...actorOf(subject),
        agencyId,
        action: 'primary_client.update',
        targetType: 'primary_client',
        targetId: id,
        clientId: id,
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
      ...actorOf(subject),
      agencyId,
      action: 'primary_client.delete',
      targetType: 'primary_client',
      targetId: id,
      clientId: id,
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
