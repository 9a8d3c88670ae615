import {
  categoryOfService,
  DOCUMENT_MAX_BYTES,
  isCalendarDate,
  moneyField,
  PLAN_SERVICE_CODES,
  type PlanInput,
  PlanInputSchema,
  PlanNomineeInputSchema,
  type PlanServiceCode,
  postOfficeScheme,
  SubtypeFieldsSchemas,
  type WorkspacePlanDetail,
} from '@portal/contract';
import { SERVICE_FIELDS } from './service-fields.ts';

// A plan as a form holds it: every input as text, the PDF as a File. `planDraftToInput` turns it into the
// contract's plan (spec §3 add-plans payload); `validatePlanDraft` checks it with the contract's own schema,
// so the messages are the API's and name the field.

export interface InsuredMemberDraft {
  insured_member_name: string;
  relationship: string;
  insured_member_dob: string;
  insured_member_phone_number: string;
}

export interface NomineeDraft {
  full_name: string;
  relation: string;
  dob: string;
  phone_number: string;
  email: string;
}

export interface PlanDraft {
  /** A stable key for React lists; never sent. */
  key: string;
  service_code: PlanServiceCode | '';
  provider_id: string;
  policy_number: string;
  /** premium_amount for insurance, amount for investment. */
  money: string;
  start_date: string;
  end_date: string;
  /** The scalar subtype_fields of spec §3 for the service, as typed. */
  fields: Record<string, string>;
  /** Health only. */
  insured_members: InsuredMemberDraft[];
  has_nominee: boolean;
  nominee: NomineeDraft;
  file: File | null;
}

/** Errors of one plan keyed by the contract's path inside the plan: 'subtype_fields.term', 'file'. */
export type PlanErrors = Record<string, string>;

export const PLAN_FILE_MAX_BYTES = DOCUMENT_MAX_BYTES;

let keySeq = 0;
const nextKey = () => {
  keySeq += 1;
  return `plan-${Date.now().toString(36)}-${keySeq}`;
};

export const emptyInsuredMember = (): InsuredMemberDraft => ({
  insured_member_name: '',
  relationship: '',
  insured_member_dob: '',
  insured_member_phone_number: '',
});

const emptyNominee = (): NomineeDraft => ({
  full_name: '',
  relation: '',
  dob: '',
  phone_number: '',
  email: '',
});

export function isPlanServiceCode(code: string): code is PlanServiceCode {
  return (PLAN_SERVICE_CODES as readonly string[]).includes(code);
}

export function emptyPlanDraft(service: PlanServiceCode | '' = ''): PlanDraft {
  return {
    key: nextKey(),
    service_code: service,
    provider_id: '',
    policy_number: '',
    money: '',
    start_date: '',
    end_date: '',
    fields: {},
    insured_members: service === 'health' ? [emptyInsuredMember()] : [],
    has_nominee: false,
    nominee: emptyNominee(),
    file: null,
  };
}

/** The same draft for another service: what belongs to the old service is cleared. */
export function withService(draft: PlanDraft, service: PlanServiceCode | ''): PlanDraft {
  if (draft.service_code === service) return draft;
  return {
    ...draft,
    service_code: service,
    provider_id: '',
    fields: {},
    insured_members: service === 'health' ? [emptyInsuredMember()] : [],
  };
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** A draft of a stored plan (for an edit form); the PDF stays as it is unless a new file is chosen. */
export function planDraftFromDetail(plan: WorkspacePlanDetail): PlanDraft {
  const code = plan.service_code.toLowerCase();
  const service = isPlanServiceCode(code) ? code : '';
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(plan.subtype_fields)) {
    if (key !== 'insured_members' && (typeof value !== 'object' || value === null)) fields[key] = text(value);
  }
  // A scheme stored by its code before India Post's list was offered ('NSC') is chosen under its full name.
  if (service === 'postoffice' && fields.scheme_name)
    fields.scheme_name = postOfficeScheme(fields.scheme_name)?.name ?? fields.scheme_name;
  return {
    key: nextKey(),
    service_code: service,
    provider_id: plan.provider_id,
    policy_number: plan.policy_number,
    money: text(plan.plan_kind === 'insurance' ? plan.premium_amount : plan.amount),
    start_date: plan.start_date ?? '',
    end_date: plan.end_date ?? '',
    fields,
    insured_members: plan.insured_members.map((m) => ({
      insured_member_name: m.insured_member_name,
      relationship: m.relationship ?? '',
      insured_member_dob: m.insured_member_dob ?? '',
      insured_member_phone_number: m.insured_member_phone_number ?? '',
    })),
    has_nominee: plan.nominee !== null,
    nominee: {
      full_name: plan.nominee?.full_name ?? '',
      relation: plan.nominee?.relation ?? '',
      dob: plan.nominee?.dob ?? '',
      phone_number: plan.nominee?.phone_number ?? '',
      email: plan.nominee?.email ?? '',
    },
    file: null,
  };
}

/** The contract's plan for this draft; `fileIndex` names its PDF among the request's planFiles. */
export function planDraftToInput(draft: PlanDraft, fileIndex: number | null = null): PlanInput {
  const category = draft.service_code ? categoryOfService(draft.service_code) : 'insurance';
  const subtype: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft.fields)) subtype[key] = value;
  if (draft.service_code === 'health') subtype.insured_members = draft.insured_members;
  return {
    provider_id: draft.provider_id,
    service_code: draft.service_code,
    policy_number: draft.policy_number,
    ...(category === 'insurance' ? { premium_amount: draft.money } : { amount: draft.money }),
    start_date: draft.start_date,
    end_date: draft.end_date,
    subtype_fields: subtype,
    nominee: draft.has_nominee ? draft.nominee : null,
    ...(fileIndex === null ? {} : { file_index: fileIndex }),
  };
}

const SERVICE_REQUIRED = 'Service is required: choose what this plan is.';
const PROVIDER_REQUIRED = 'Provider is required: choose the company this plan is with.';

/** The PDF's own rules before upload (the API checks the content again). */
export function planFileError(file: File | null): string | undefined {
  if (!file) return undefined;
  const looksPdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
  if (!looksPdf) return 'Plan Document must be a PDF file.';
  if (file.size < 100) return 'Plan Document is empty or damaged: choose the PDF again.';
  if (file.size > PLAN_FILE_MAX_BYTES) return 'Plan Document must be at most 10 MiB.';
  return undefined;
}

/** Every problem of the draft, keyed by path, first message per field; empty when the plan is valid. */
export function validatePlanDraft(draft: PlanDraft): PlanErrors {
  const errors: PlanErrors = {};
  if (!draft.service_code) {
    errors.service_code = SERVICE_REQUIRED;
    return errors;
  }
  const input = planDraftToInput(draft);
  const add = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix: string[] = []) => {
    for (const issue of issues) {
      const key = [...prefix, ...issue.path.map(String)].join('.');
      errors[key] ??= issue.message;
    }
  };
  const parsed = PlanInputSchema.safeParse(input);
  if (!parsed.success) add(parsed.error.issues);
  // A plan whose base fields fail never reaches the schema's per-service checks, so run them too: the
  // user sees every problem at once.
  const category = categoryOfService(draft.service_code);
  const money = moneyField(category === 'insurance' ? 'Premium Amount' : 'Amount').safeParse(draft.money);
  if (!money.success) add(money.error.issues, [category === 'insurance' ? 'premium_amount' : 'amount']);
  const subtype = SubtypeFieldsSchemas[draft.service_code].safeParse(input.subtype_fields);
  if (!subtype.success) add(subtype.error.issues, ['subtype_fields']);
  if (draft.has_nominee) {
    const nominee = PlanNomineeInputSchema.safeParse(draft.nominee);
    if (!nominee.success) add(nominee.error.issues, ['nominee']);
  }
  if (
    isCalendarDate(draft.start_date) &&
    isCalendarDate(draft.end_date) &&
    draft.end_date < draft.start_date
  ) {
    errors.end_date ??= 'End Date must be on or after the Start Date.';
  }
  if (errors.provider_id) errors.provider_id = PROVIDER_REQUIRED;
  // An empty input is a missing value, not a badly written one.
  for (const input of SERVICE_FIELDS[draft.service_code]) {
    const key = `subtype_fields.${input.name}`;
    if (errors[key] && !(draft.fields[input.name] ?? '').trim()) errors[key] = `${input.label} is required.`;
  }

  if (!draft.start_date.trim()) errors.start_date = 'Start Date is required.';
  if (!draft.end_date.trim()) errors.end_date = 'End Date is required.';
  const fileError = planFileError(draft.file);
  if (fileError) errors.file = fileError;
  return errors;
}

/**
 * The API's field errors for the plan at `index` of the request ('plans.2.subtype_fields.term'), keyed as
 * `validatePlanDraft` keys them; its PDF's errors arrive as 'planFiles.{fileIndex}'.
 */
export function planErrorsFromServer(
  fields: Record<string, string>,
  index: number,
  fileIndex: number | null,
): PlanErrors {
  const errors: PlanErrors = {};
  const prefix = `plans.${index}.`;
  for (const [key, message] of Object.entries(fields)) {
    if (key.startsWith(prefix)) {
      const rest = key.slice(prefix.length);
      errors[rest === 'file_index' ? 'file' : rest] ??= message;
    } else if (fileIndex !== null && key === `planFiles.${fileIndex}`) {
      errors.file ??= message;
    }
  }
  return errors;
}

/** True when the user has typed or chosen anything in the draft. */
export function planDraftTouched(draft: PlanDraft): boolean {
  return Boolean(
    draft.provider_id ||
      draft.policy_number ||
      draft.money ||
      draft.start_date ||
      draft.end_date ||
      Object.values(draft.fields).some(Boolean) ||
      draft.insured_members.some((m) => Object.values(m).some(Boolean)) ||
      draft.has_nominee ||
      draft.file,
  );
}

function valueAt(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const same = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    !(a instanceof Blob) &&
    !(b instanceof Blob) &&
    JSON.stringify(a) === JSON.stringify(b));

/**
 * The API's field errors that still apply: those whose value in the request has not changed since it was
 * sent (`sent` and `now` are the request as an object, files under `planFiles`).
 */
export function unchangedErrors(fields: Record<string, string>, sent: unknown, now: unknown) {
  return Object.fromEntries(
    Object.entries(fields).filter(([key]) => same(valueAt(sent, key), valueAt(now, key))),
  );
}
