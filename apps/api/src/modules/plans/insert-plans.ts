import type { ParsedPlan, PlanMark } from '@portal/contract';
import type { insurancePolicies, investmentAccounts } from '../../db/schema.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { AppError } from '../../lib/errors.ts';
import { checkFileType, type UploadedFile } from '../../lib/multipart.ts';
import * as repo from './plans.repository.ts';

// A client's new plans with their PDFs, inside the caller's transaction: Add Primary Client, Add More Plans and
// the demo agency's first start all store plans this way (decisions 008, 009).

export function bad(field: string, message: string, code: 'BAD_REQUEST' | 'NOT_FOUND' = 'BAD_REQUEST') {
  return new AppError(code, message, message, { fields: { [field]: message } });
}

/** Which uploaded file belongs to which plan: `file_index` when any plan names one, else files in order. */
export function matchFiles(plans: ParsedPlan[], files: UploadedFile[]): Array<UploadedFile | null> {
  const indexed = plans.some((p) => p.file_index !== null);
  if (!indexed) {
    if (files.length > 0 && files.length !== plans.length) {
      throw bad(
        'planFiles',
        `planFiles holds ${files.length} file(s) for ${plans.length} plan(s): send one PDF per plan in order, or give each plan with a PDF a file_index.`,
      );
    }
    return plans.map((_p, i) => files[i] ?? null);
  }
  const used = new Set<number>();
  return plans.map((p, i) => {
    if (p.file_index === null) return null;
    const file = files[p.file_index];
    if (!file) throw bad(`plans.${i}.file_index`, `File Index ${p.file_index} names no file in planFiles.`);
    if (used.has(p.file_index)) {
      throw bad(`plans.${i}.file_index`, `File Index ${p.file_index} is already used by another plan.`);
    }
    used.add(p.file_index);
    return file;
  });
}

/**
 * Writes plans in the caller's transaction, in order: the provider is checked, the PDF stored, the plan
 * and its insured members inserted. Any failure throws; the caller's transaction then stores nothing and
 * the caller removes the files listed in `written`.
 */
export async function insertPlans(
  deps: { documents: DocumentStore },
  tx: repo.Tx,
  input: {
    agencyId: string;
    userId: string;
    primaryClientId: string;
    secondaryClientId: string | null;
    plans: ParsedPlan[];
    files: Array<UploadedFile | null>;
    written: string[];
  },
) {
  const ids: Array<{ kind: 'insurance' | 'investment'; id: string }> = [];
  for (const [i, plan] of input.plans.entries()) {
    const provider = await repo.findProvider(tx, input.agencyId, plan.provider_id);
    if (!provider) {
      throw bad(`plans.${i}.provider_id`, 'Provider Id does not name a provider company of your agency.');
    }
    if (provider.serviceCode !== plan.service_code) {
      throw bad(
        `plans.${i}.provider_id`,
        `Provider Id names a ${provider.serviceCode} provider; this plan is ${plan.service_code}.`,
      );
    }
    const file = input.files[i];
    let documentId: string | null = null;
    if (file) {
      const mime = checkFileType(file, `Plan File ${i + 1}`, ['application/pdf'], 'PDF');
      const saved = await deps.documents.save(tx, {
        agencyId: input.agencyId,
        kind: plan.category === 'insurance' ? 'policy_pdf' : 'investment_pdf',
        bytes: file.bytes,
        mime,
        originalName: file.filename,
        uploadedBy: input.userId,
      });
      input.written.push(saved.id);
      documentId = saved.id;
    }
    const row = planRow(plan, {
      primaryClientId: input.primaryClientId,
      secondaryClientId: input.secondaryClientId,
      serviceId: provider.serviceId,
      documentId,
      createdBy: input.userId,
    });
    if (row.kind === 'insurance') {
      const id = await repo.insertPolicy(tx, input.agencyId, row.values);
      await repo.insertInsuredMembers(tx, input.agencyId, id, row.insured);
      ids.push({ kind: 'insurance', id });
    } else {
      const id = await repo.insertAccount(tx, input.agencyId, row.values);
      ids.push({ kind: 'investment', id });
    }
  }
  return ids;
}

/** Where a plan's row goes and who made it. */
export interface PlanPlace {
  primaryClientId: string;
  secondaryClientId: string | null;
  serviceId: string;
  documentId: string | null;
  createdBy: string;
}

type PolicyValues = Omit<typeof insurancePolicies.$inferInsert, 'agencyId'>;
type AccountValues = Omit<typeof investmentAccounts.$inferInsert, 'agencyId'>;
export interface InsuredValues {
  name: string;
  relationship: string | null;
  dateOfBirth: string | null;
  phone: string | null;
}

/** The columns a plan's fields set on both tables, on creation and on edit: provider, name, dates, nominee. */
export function planColumns(
  plan: Pick<ParsedPlan, 'subtype_fields' | 'start_date' | 'end_date' | 'nominee'> & { provider_id: string },
) {
  const sub = plan.subtype_fields;
  return {
    providerId: plan.provider_id,
    planName:
      (sub.plan_name as string | undefined) ??
      (sub.scheme as string | undefined) ??
      (sub.scheme_name as string | undefined) ??
      null,
    startDate: plan.start_date,
    endDate: plan.end_date,
    subtypeFields: sub,
    nomineeFullName: plan.nominee?.full_name ?? null,
    nomineeRelation: plan.nominee?.relation ?? null,
    nomineeDob: plan.nominee?.dob ?? null,
    nomineePhone: plan.nominee?.phone_number ?? null,
    nomineeEmail: plan.nominee?.email ?? null,
  };
}

/**
 * A parsed plan as its table's row and a health policy's insured members: the one home of that mapping, for the
 * forms' plans above and the import's (modules/imports), which inserts many at once. `status` is the book's
 * column when an import carries it; the forms' plans start active.
 */
export function planRow(
  plan: Omit<ParsedPlan, 'provider_id' | 'file_index'> & { provider_id: string; status?: PlanMark | null },
  at: PlanPlace,
):
  | { kind: 'insurance'; values: PolicyValues; insured: InsuredValues[] }
  | { kind: 'investment'; values: AccountValues; insured: [] } {
  const sub = plan.subtype_fields;
  const common = {
    primaryClientId: at.primaryClientId,
    secondaryClientId: at.secondaryClientId,
    serviceId: at.serviceId,
    ...planColumns(plan),
    documentId: at.documentId,
    createdBy: at.createdBy,
    ...(plan.status ? { status: plan.status } : {}),
  };
  if (plan.category === 'insurance') {
    const members =
      (sub.insured_members as
        | Array<{
            insured_member_name: string;
            relationship: string;
            insured_member_dob: string | null;
            insured_member_phone_number: string | null;
          }>
        | undefined) ?? [];
    return {
      kind: 'insurance',
      values: {
        ...common,
        policyNumber: plan.policy_number,
        premiumAmount: plan.money,
        sumAssured: (sub.sum_assured as string | undefined) ?? null,
      },
      insured: members.map((m) => ({
        name: m.insured_member_name,
        relationship: m.relationship,
        dateOfBirth: m.insured_member_dob,
        phone: m.insured_member_phone_number,
      })),
    };
  }
  return {
    kind: 'investment',
    values: { ...common, accountNumber: plan.policy_number, amount: plan.money },
    insured: [],
  };
}
