import {
  type ContactChannel,
  type MarkRenewedFields,
  MarkRenewedFieldsSchema,
  RENEWAL_TERMS_INSURANCE_ONLY,
} from '@portal/contract';
import { actorOf, writeAudit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import { storeFilesThenCommit } from '../../lib/stored-files.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { formatDay } from './reminder-messages.ts';
import { NO_CHANGE, newTerms } from './renewal-terms.ts';
import * as repo from './renewals.repository.ts';

import {
  answerInTransaction,
  bad,
  PLAN_NOT_FOUND,
  planOrThrow,
  type RenewalsDeps,
} from './renewals.service.ts';

// The owner's marks on a plan of the work-list (issue 7): contacted, renewed with a new end date and document,
// lapsed (a policy) or closed (an investment). Each answers the plan's line as the work-list shows it.

export interface RenewedUpload {
  fields: Record<string, string>;
  document: UploadedFile | null;
}

export async function markRenewed(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  upload: RenewedUpload,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  const input = parseOrThrow(MarkRenewedFieldsSchema, upload.fields as MarkRenewedFields);
  if (plan.status === 'closed' || plan.status === 'renewed') {
    throw new AppError('CONFLICT', `This plan is marked ${plan.status}; it cannot be renewed here.`);
  }
  if (input.new_end_date <= today) {
    throw bad('new_end_date', `New end date must be after today (${formatDay(today)}).`);
  }
  if (plan.endDate && input.new_end_date <= plan.endDate) {
    throw bad(
      'new_end_date',
      `New end date must be after the current end date (${formatDay(plan.endDate)}).`,
    );
  }
  const asked = {
    new_premium: input.new_premium,
    new_policy_number: input.new_policy_number,
    new_provider_id: input.new_provider_id,
  };
  if (plan.type === 'investment') {
    const field = Object.entries(asked).find(([, v]) => v !== undefined)?.[0];
    if (field) throw bad(field, RENEWAL_TERMS_INSURANCE_ONLY);
  }
  const mime = upload.document
    ? checkFileType(upload.document, 'Document', ['application/pdf'], 'PDF')
    : null;
  return storeFilesThenCommit(deps, agencyId, async (tx, written) => {
    const locked = await repo.lockPlan(tx, agencyId, plan.type, planId);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (locked.endDate !== plan.endDate || locked.status !== plan.status) {
      throw new AppError('CONFLICT', 'The plan changed while you were renewing it. Reload and try again.');
    }
    const terms = plan.type === 'insurance' ? await newTerms(tx, agencyId, planId, asked) : NO_CHANGE;
    let documentId: string | undefined;
    if (upload.document && mime) {
      const saved = await deps.documents.save(tx, {
        agencyId,
        kind: plan.type === 'insurance' ? 'policy_pdf' : 'investment_pdf',
        bytes: upload.document.bytes,
        mime,
        originalName: upload.document.filename || null,
        uploadedBy: subject.userId,
      });
      documentId = saved.id;
      written.push(saved.id);
    }
    // A renewal is what a follow-up was for: it is no longer open (decision 042).
    await repo.updatePlan(tx, agencyId, plan.type, planId, {
      status: 'active',
      endDate: input.new_end_date,
      followUpDate: null,
      ...(documentId ? { documentId } : {}),
    });
    await repo.updatePolicyTerms(tx, agencyId, planId, terms.plan);
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'renewed',
      note: input.note,
      previousEndDate: plan.endDate,
      newEndDate: input.new_end_date,
      ...terms.event,
      documentId: documentId ?? null,
      actorUserId: subject.userId,
    });
    await repo.cancelPendingSends(
      tx,
      agencyId,
      planId,
      'The plan was renewed before this reminder went out.',
    );
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.renewed',
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: {
        previous_end_date: plan.endDate,
        new_end_date: input.new_end_date,
        document_id: documentId ?? null,
        ...terms.audit,
      },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}

export async function markLapsed(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  note: string | null,
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockPlan(tx, agencyId, plan.type, planId);
    if (!locked) throw new AppError('NOT_FOUND', PLAN_NOT_FOUND);
    if (locked.status !== 'active') {
      throw new AppError('CONFLICT', `This plan is already marked ${locked.status}.`);
    }
    // An investment that is not renewed is closed at maturity; a policy lapses.
    const status = plan.type === 'insurance' ? 'lapsed' : 'closed';
    await repo.updatePlan(tx, agencyId, plan.type, planId, { status, followUpDate: null });
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'lapsed',
      note,
      previousEndDate: locked.endDate,
      actorUserId: subject.userId,
    });
    await repo.cancelPendingSends(
      tx,
      agencyId,
      planId,
      `The plan was marked ${status} before this reminder went out.`,
    );
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: `plan.${status}`,
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: { end_date: locked.endDate },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}

export async function markContacted(
  deps: RenewalsDeps,
  subject: TokenSubject,
  planId: string,
  input: { note: string | null; channel: ContactChannel | null },
  today: string,
  ip: string,
) {
  const agencyId = agencyOf(subject);
  const plan = await planOrThrow(deps.db, agencyId, planId);
  const { note, channel } = input;
  return deps.db.transaction(async (tx) => {
    // A contact on or after the follow-up's date is the follow-up done: the plan leaves that day's list.
    if (plan.followUpDate && plan.followUpDate <= today) {
      await repo.updatePlan(tx, agencyId, plan.type, planId, { followUpDate: null });
    }
    await repo.insertEvent(tx, agencyId, {
      planType: plan.type,
      planId,
      kind: 'contacted',
      note,
      channel,
      previousEndDate: plan.endDate,
      actorUserId: subject.userId,
    });
    // A contact is work done on the client too: the activity log shows who made it (issue 25 item 4).
    await writeAudit(tx, {
      ...actorOf(subject),
      agencyId,
      action: 'plan.contacted',
      targetType: plan.type === 'insurance' ? 'insurance_policy' : 'investment_account',
      targetId: planId,
      clientId: plan.primaryClientId,
      detail: { end_date: plan.endDate, channel },
      ip,
    });
    return answerInTransaction(tx, deps, subject, planId, today);
  });
}
