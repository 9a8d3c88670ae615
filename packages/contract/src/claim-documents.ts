import { z } from 'zod';
import type { ClaimKind } from './claims.ts';
import { isCalendarDate } from './providers.ts';

// A claim's document checklist (issue 28 item 3, decision 045): what an insurer asks for, per kind of claim,
// each item received (on a day, with its file when one was uploaded) or pending. Apart from claims.ts so that
// only the screens that show a checklist load it.

export interface ChecklistItem {
  /** Stable key, in the address of the item's endpoints. */
  item: string;
  label: string;
}

const item = (key: string, label: string): ChecklistItem => ({ item: key, label });

const CLAIM_FORM = item('claim_form', 'Claim form');
const KYC = item('kyc', 'KYC (PAN and Aadhaar)');
const CHEQUE = item('cancelled_cheque', 'Cancelled cheque');
const POLICY_COPY = item('policy_copy', 'Policy copy');

/** What the insurer usually asks for, per kind, in the order an agent collects it. */
export const CLAIM_CHECKLISTS: Readonly<Record<ClaimKind, readonly ChecklistItem[]>> = {
  health_cashless: [
    item('pre_authorisation', 'Pre-authorisation form'),
    item('health_card', 'Health card or policy copy'),
    KYC,
    item('discharge_summary', 'Discharge summary'),
    item('final_bill', 'Final hospital bill'),
  ],
  health_reimbursement: [
    CLAIM_FORM,
    item('discharge_summary', 'Discharge summary'),
    item('final_bill', 'Final hospital bill'),
    item('pharmacy_bills', 'Pharmacy bills'),
    item('investigation_reports', 'Investigation reports'),
    KYC,
    CHEQUE,
  ],
  motor_own_damage: [
    CLAIM_FORM,
    item('rc_copy', 'Registration certificate (RC)'),
    item('driving_licence', 'Driving licence'),
    item('repair_estimate', 'Repair estimate'),
    item('photos', 'Photos of the damage'),
    item('repair_invoice', 'Final repair invoice'),
    KYC,
    CHEQUE,
  ],
  motor_third_party: [
    CLAIM_FORM,
    item('fir_copy', 'FIR copy'),
    item('rc_copy', 'Registration certificate (RC)'),
    item('driving_licence', 'Driving licence'),
    item('court_summons', 'Court or tribunal papers'),
    KYC,
  ],
  life_death: [
    CLAIM_FORM,
    item('death_certificate', 'Death certificate'),
    POLICY_COPY,
    item('medical_records', 'Medical records or hospital certificate'),
    item('claimant_kyc', "Claimant's KYC (PAN and Aadhaar)"),
    item('claimant_cheque', "Claimant's cancelled cheque"),
  ],
  life_maturity: [item('discharge_form', 'Discharge voucher'), POLICY_COPY, KYC, CHEQUE],
  life_survival_benefit: [item('discharge_form', 'Discharge voucher'), KYC, CHEQUE],
  travel: [
    CLAIM_FORM,
    item('passport_copy', 'Passport copy'),
    item('tickets', 'Tickets or boarding passes'),
    item('bills', 'Bills and receipts'),
    item('incident_report', 'Police or airline report'),
    KYC,
    CHEQUE,
  ],
  home: [
    CLAIM_FORM,
    item('photos', 'Photos of the damage'),
    item('repair_estimate', 'Repair estimate or invoices'),
    item('fir_copy', 'FIR copy (theft or burglary)'),
    KYC,
    CHEQUE,
  ],
  other: [CLAIM_FORM, item('supporting_documents', 'Supporting documents'), KYC, CHEQUE],
};

export const checklistOf = (kind: ClaimKind): readonly ChecklistItem[] => CLAIM_CHECKLISTS[kind] ?? [];

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One item of a claim's checklist, as the workspace sees it. */
export const ClaimDocumentSchema = z.object({
  item: z.string(),
  label: z.string(),
  /** The day it was received; null while pending. */
  received_on: dateSchema.nullable(),
  /** The uploaded file, when one was (a paper copy is received without one). */
  file: z.object({ name: z.string().nullable(), mime: z.string(), size: z.number().int() }).nullable(),
});
export type ClaimDocument = z.infer<typeof ClaimDocumentSchema>;

export const ClaimChecklistResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: z.object({ documents: z.array(ClaimDocumentSchema) }),
});
export type ClaimChecklist = z.infer<typeof ClaimChecklistResponseSchema>['data'];

export const ClaimDocumentParamsSchema = z.object({
  id: z.uuid({ error: 'Claim must be a valid identifier.' }),
  item: z.string().regex(/^[a-z_]{1,40}$/, { error: 'Document must be an item of the claim’s checklist.' }),
});

/** The multipart fields of marking an item received (the file, if any, is the part `file`). */
export const ReceiveClaimDocumentFieldsSchema = z.object({
  received_on: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ error: 'Received On must be a date in the form YYYY-MM-DD.' })
      .trim()
      .refine(isCalendarDate, { error: 'Received On must be a date in the form YYYY-MM-DD.' })
      .optional(),
  ),
});
export type ReceiveClaimDocumentFields = z.input<typeof ReceiveClaimDocumentFieldsSchema>;

/** Stuck-claim reminders (issue 28 item 4): days a claim may stay in one open status before staff are told. */
export const CLAIM_STALE_DAYS_DEFAULT = 7;
export const CLAIM_STALE_DAYS_MIN = 1;
export const CLAIM_STALE_DAYS_MAX = 90;

export const ClaimSettingsSchema = z.object({
  stale_days: z
    .number({ error: 'Remind After must be a whole number of days.' })
    .int({ error: 'Remind After must be a whole number of days.' })
    .min(CLAIM_STALE_DAYS_MIN, { error: `Remind After must be at least ${CLAIM_STALE_DAYS_MIN} day.` })
    .max(CLAIM_STALE_DAYS_MAX, { error: `Remind After must be at most ${CLAIM_STALE_DAYS_MAX} days.` }),
});
export type ClaimSettings = z.infer<typeof ClaimSettingsSchema>;

export const ClaimSettingsResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: ClaimSettingsSchema,
});
