import {
  ARN_WARNING_MONTHS,
  InsuranceProviderPayloadSchema,
  InvestmentProviderPayloadSchema,
  type Provider,
  type ProviderPayload,
  type ServiceCategory,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { encryptField, last4, maskLast4 } from '../../lib/crypto.ts';
import { addMonths, todayInIndia } from '../../lib/dates.ts';
import { type DocumentStore, IMAGE_MIMES, type StoredDocument } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAnswer } from '../../lib/idempotency.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { workspaceOf } from '../../lib/workspace.ts';
import { findService } from '../services/services.repository.ts';
import * as repo from './providers.repository.ts';

export interface ProvidersDeps {
  db: Db;
  documents: DocumentStore;
  encryptionKey: Buffer;
}

export const PROVIDER_NOT_FOUND = 'No provider company of your agency exists with this id.';
const LOGO_LABEL = 'Provider Logo';

export function toProvider(row: repo.ProviderRow, today = todayInIndia()): Provider {
  const p = row.provider;
  const warnBy = addMonths(today, ARN_WARNING_MONTHS);
  return {
    provider_id: p.id,
    category: p.category,
    service_id: p.serviceId,
    service_code: row.serviceCode,
    service_name: row.serviceName,
    provider_name: p.providerName,
    agency_code: p.agencyCode,
    startdate: p.startDate,
    agent_name: p.agentName,
    email: p.email,
    mobile_number: p.mobileNumber,
    bank_details: { bank_name: p.bankName, account_number: maskLast4(p.bankAccountLast4) },
    investment_type: p.investmentType,
    agency_type: p.agencyType,
    arn_number: p.arnNumber,
    arn_expiry: p.arnExpiry,
    euin_number: p.euinNumber,
    arn_expiry_warning: p.arnExpiry !== null && p.arnExpiry <= warnBy,
    logo_url: p.logoDocumentId ? `/api/plans/${p.id}/logo` : null,
    plans_count: row.plansCount,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export async function listProviders(
  deps: ProvidersDeps,
  subject: TokenSubject,
  filter: { category?: ServiceCategory | undefined; serviceId?: string | undefined },
): Promise<Provider[]> {
  const today = todayInIndia();
  const ws = workspaceOf(subject);
  const rows = await repo.listProviders(deps.db, ws.agencyId, filter);
  const list = rows.map((r) => toProvider(r, today));
  // Agents get no provider bank details (issue 25): the bank's name and the masked number are the managers'.
  if (ws.agentId === null) return list;
  return list.map((p) => ({ ...p, bank_details: { bank_name: null, account_number: null } }));
}

export async function providersByService(deps: ProvidersDeps, subject: TokenSubject, serviceId: string) {
  const service = await findService(deps.db, serviceId);
  if (!service) throw new AppError('NOT_FOUND', 'No service exists with this id.');
  return { status: 'success' as const, data: await listProviders(deps, subject, { serviceId }) };
}

async function mustFind(deps: ProvidersDeps, agencyId: string, id: string, category?: ServiceCategory) {
  const row = await repo.findProvider(deps.db, agencyId, id);
  // Another agency's provider, a deleted one and one of the other category all look absent.
  if (!row || (category && row.provider.category !== category)) {
    throw new AppError('NOT_FOUND', PROVIDER_NOT_FOUND);
  }
  return row;
}

function parsePayload(category: ServiceCategory, text: string | undefined): ProviderPayload {
  if (text === undefined) {
    const message = 'Payload is required: the provider fields as JSON in the payload field.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { payload: message } });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const message = 'Payload must be valid JSON.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { payload: message } });
  }
  if (category === 'insurance') {
    const parsed = parseOrThrow(InsuranceProviderPayloadSchema, json);
    return {
      ...parsed,
      investment_type: null,
      agency_type: null,
      arn_number: null,
      arn_expiry: null,
      euin_number: null,
    };
  }
  return parseOrThrow(InvestmentProviderPayloadSchema, json);
}

async function checkService(deps: ProvidersDeps, category: ServiceCategory, serviceId: string) {
  const service = await findService(deps.db, serviceId);
  if (!service) {
    const message = 'Service Id does not name a service of the catalogue.';
    throw new AppError('BAD_REQUEST', message, message, { fields: { service_id: message } });
  }
  if (service.category !== category) {
    const message = `Service Id must name an ${category} service; ${service.name} is an ${service.category} service.`;
    throw new AppError('BAD_REQUEST', message, message, { fields: { service_id: message } });
  }
}

function checkLogo(logo: UploadedFile | undefined) {
  if (!logo) return undefined;
  const mime = checkFileType(logo, LOGO_LABEL, IMAGE_MIMES, 'PNG, JPEG or WebP image');
  return { ...logo, mime };
}

function columnsOf(payload: ProviderPayload, category: ServiceCategory) {
  return {
    serviceId: payload.service_id,
    category,
    providerName: payload.provider_name,
    agencyCode: payload.agency_code,
    startDate: payload.startdate,
    agentName: payload.agent_name,
    email: payload.email,
    mobileNumber: payload.mobile_number,
    bankName: payload.bank_details.bank_name,
    investmentType: payload.investment_type,
    agencyType: payload.agency_type,
    arnNumber: payload.arn_number,
    arnExpiry: payload.arn_expiry,
    euinNumber: payload.euin_number,
  };
}

/** The fields an audit entry may carry: never the account number (decisions §5). */
function auditFields(payload: ProviderPayload) {
  const { bank_details, ...rest } = payload;
  return {
    ...rest,
    bank_name: bank_details.bank_name,
    account_number_changed: bank_details.account_number !== null,
  };
}

export interface ProviderUpload {
  payload: string | undefined;
  logo: UploadedFile | undefined;
}

export async function createProvider(
  deps: ProvidersDeps,
  subject: TokenSubject,
  category: ServiceCategory,
  upload: ProviderUpload,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const payload = parsePayload(category, upload.payload);
  await checkService(deps, category, payload.service_id);
  const logo = checkLogo(upload.logo);
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const logoDocumentId = logo
      ? (
          await deps.documents.save(tx, {
            agencyId,
            kind: 'provider_logo',
            bytes: logo.bytes,
            mime: logo.mime,
            originalName: logo.filename,
            uploadedBy: subject.userId,
          })
        ).id
      : null;
    if (logoDocumentId) written.push(logoDocumentId);
    const account = payload.bank_details.account_number;
    const newId = await repo.insertProvider(tx, agencyId, {
      ...columnsOf(payload, category),
      bankAccountNumberEnc: account ? encryptField(deps.encryptionKey, account) : null,
      bankAccountLast4: account ? last4(account) : null,
      logoDocumentId,
      createdBy: subject.userId,
    });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'provider.create',
      targetType: 'provider',
      targetId: newId,
      detail: { ...auditFields(payload), logo: logoDocumentId !== null },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const data = toProvider(await mustFind({ ...deps, db: tx }, agencyId, newId));
    const answer = { status: 'success' as const, message: `${data.provider_name} added.`, data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function updateProvider(
  deps: ProvidersDeps,
  subject: TokenSubject,
  category: ServiceCategory,
  id: string,
  upload: ProviderUpload,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const before = await mustFind(deps, agencyId, id, category);
  const payload = parsePayload(category, upload.payload);
  await checkService(deps, category, payload.service_id);
  const logo = checkLogo(upload.logo);
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const values: Partial<repo.ProviderValues> = columnsOf(payload, category);
    if (logo) {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: 'provider_logo',
        bytes: logo.bytes,
        mime: logo.mime,
        originalName: logo.filename,
        uploadedBy: subject.userId,
      });
      values.logoDocumentId = saved.id;
      written.push(saved.id);
      if (before.provider.logoDocumentId)
        await repo.softDeleteDocument(tx, agencyId, before.provider.logoDocumentId);
    }
    // Screens only ever see the masked number, so an edit without one keeps the stored number.
    const account = payload.bank_details.account_number;
    if (account) {
      values.bankAccountNumberEnc = encryptField(deps.encryptionKey, account);
      values.bankAccountLast4 = last4(account);
    }
    await repo.updateProvider(tx, agencyId, id, values);
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'provider.update',
      targetType: 'provider',
      targetId: id,
      detail: { ...auditFields(payload), logo_replaced: logo !== undefined },
      ip,
    });
    // The answer commits with the change (issue 9 item 8): a retry after a crash replays it instead of
    // saving the logo a second time.
    const data = toProvider(await mustFind({ ...deps, db: tx }, agencyId, id));
    const answer = { status: 'success' as const, message: `${data.provider_name} updated.`, data };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function bankDetails(deps: ProvidersDeps, subject: TokenSubject, id: string) {
  const row = await mustFind(deps, agencyOf(subject), id);
  return {
    status: 'success' as const,
    data: {
      provider_id: row.provider.id,
      bank_name: row.provider.bankName,
      account_number: maskLast4(row.provider.bankAccountLast4),
    },
  };
}

export async function deleteProvider(deps: ProvidersDeps, subject: TokenSubject, id: string, ip: string) {
  const agencyId = agencyOf(subject);
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockProvider(tx, agencyId, id))) throw new AppError('NOT_FOUND', PROVIDER_NOT_FOUND);
    const row = await mustFind({ ...deps, db: tx }, agencyId, id);
    if (row.plansCount > 0) {
      const plans = row.plansCount === 1 ? '1 plan uses' : `${row.plansCount} plans use`;
      const message = `${row.provider.providerName} cannot be deleted: ${plans} it. Move or close those plans first.`;
      throw new AppError('CONFLICT', message);
    }
    await repo.updateProvider(tx, agencyId, id, { deletedAt: new Date() });
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'provider.delete',
      targetType: 'provider',
      targetId: id,
      detail: { provider_name: row.provider.providerName },
      ip,
    });
    // The answer is made and stored with an Idempotency-Key in the same transaction (issue 9 item 8).
    const answer = { status: 'success' as const, message: `${row.provider.providerName} deleted.` };
    await recordAnswer(tx, answer);
    return answer;
  });
}

export async function providerLogo(
  deps: ProvidersDeps,
  subject: TokenSubject,
  id: string,
): Promise<StoredDocument> {
  const agencyId = agencyOf(subject);
  const row = await mustFind(deps, agencyId, id);
  const doc = row.provider.logoDocumentId
    ? await deps.documents.read(deps.db, agencyId, row.provider.logoDocumentId)
    : null;
  if (!doc) throw new AppError('NOT_FOUND', 'This provider company has no logo.');
  return doc;
}
