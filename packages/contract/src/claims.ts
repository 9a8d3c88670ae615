import { z } from 'zod';
import { CursorPageQueryFields, CursorPaginationSchema, oneCursor } from './admin.ts';
import { moneyField } from './amounts.ts';
import { isCalendarDate } from './providers.ts';

// The claims register (issue 28, decision 043): a claim intimated on an insurance policy, its kind's fields, its
// amounts and its status workflow. Dates are YYYY-MM-DD (India's calendar), money a string with 2 places.

/** The kinds of claim, each of one insurance service; `other` for a service the catalogue added later. */
export const CLAIM_KINDS = [
  'health_cashless',
  'health_reimbursement',
  'motor_own_damage',
  'motor_third_party',
  'life_death',
  'life_maturity',
  'life_survival_benefit',
  'travel',
  'home',
  'other',
] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  health_cashless: 'Health: cashless',
  health_reimbursement: 'Health: reimbursement',
  motor_own_damage: 'Motor: own damage',
  motor_third_party: 'Motor: third party',
  life_death: 'Life: death claim',
  life_maturity: 'Life: maturity',
  life_survival_benefit: 'Life: survival benefit',
  travel: 'Travel',
  home: 'Home',
  other: 'Other',
};

/** The claim kinds a policy of each insurance service takes; any other service takes `other`. */
export const CLAIM_KINDS_BY_SERVICE: Readonly<Record<string, readonly ClaimKind[]>> = {
  health: ['health_cashless', 'health_reimbursement'],
  motor: ['motor_own_damage', 'motor_third_party'],
  life: ['life_death', 'life_maturity', 'life_survival_benefit'],
  travel: ['travel'],
  home: ['home'],
};

export const claimKindsOf = (serviceCode: string): readonly ClaimKind[] =>
  CLAIM_KINDS_BY_SERVICE[serviceCode] ?? ['other'];

/** Which group of fields a kind records. */
export type ClaimFieldGroup = 'health' | 'motor' | 'life' | 'incident';
export const claimFieldGroup = (kind: ClaimKind): ClaimFieldGroup =>
  kind.startsWith('health_')
    ? 'health'
    : kind.startsWith('motor_')
      ? 'motor'
      : kind.startsWith('life_')
        ? 'life'
        : 'incident';

export const CLAIM_STATUSES = [
  'intimated',
  'documents_pending',
  'submitted',
  'query_raised',
  'approved',
  'partly_approved',
  'rejected',
  'settled',
  'withdrawn',
  'closed',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  intimated: 'Intimated',
  documents_pending: 'Documents pending',
  submitted: 'Submitted',
  query_raised: 'Query raised',
  approved: 'Approved',
  partly_approved: 'Partly approved',
  rejected: 'Rejected',
  settled: 'Settled',
  withdrawn: 'Withdrawn',
  closed: 'Closed',
};

/** A claim still being followed: not settled, withdrawn or closed. */
export const OPEN_CLAIM_STATUSES = [
  'intimated',
  'documents_pending',
  'submitted',
  'query_raised',
  'approved',
  'partly_approved',
  'rejected',
] as const satisfies readonly ClaimStatus[];

/**
 * The workflow: where a claim may go from each status. A claim goes forward to the insurer's decision, back to
 * documents or the insurer after a query; an approval is settled; anything open may be withdrawn or closed; a
 * rejection is closed (after any appeal, outside the portal). Settled, withdrawn and closed are the end.
 */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  intimated: ['documents_pending', 'submitted', 'withdrawn', 'closed'],
  documents_pending: ['submitted', 'withdrawn', 'closed'],
  submitted: ['query_raised', 'approved', 'partly_approved', 'rejected', 'withdrawn', 'closed'],
  query_raised: [
    'documents_pending',
    'submitted',
    'approved',
    'partly_approved',
    'rejected',
    'withdrawn',
    'closed',
  ],
  approved: ['settled', 'closed'],
  partly_approved: ['settled', 'closed'],
  rejected: ['closed'],
  settled: [],
  withdrawn: [],
  closed: [],
};

export function canMoveClaim(from: ClaimStatus, to: ClaimStatus): boolean {
  return CLAIM_TRANSITIONS[from].includes(to);
}

/** Why a claim cannot move from `from` to `to`, in words for the 409; null when it can. */
export function claimTransitionProblem(from: ClaimStatus, to: ClaimStatus): string | null {
  if (canMoveClaim(from, to)) return null;
  const next = CLAIM_TRANSITIONS[from];
  const where = CLAIM_STATUS_LABELS[from];
  if (next.length === 0) return `This claim is ${where.toLowerCase()}: its status can no longer change.`;
  return `A claim that is ${where.toLowerCase()} cannot be moved to ${CLAIM_STATUS_LABELS[to].toLowerCase()}; it can be moved to ${next
    .map((s) => CLAIM_STATUS_LABELS[s].toLowerCase())
    .join(', ')}.`;
}

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const text = (label: string, max: number) =>
  optional(
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, { error: `${label} must be at most ${max} characters.` }),
  );
const day = (label: string) =>
  optional(
    z
      .string({ error: `${label} must be a date in the form YYYY-MM-DD.` })
      .trim()
      .refine(isCalendarDate, { error: `${label} must be a date in the form YYYY-MM-DD.` }),
  );
const requiredDay = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.`, abort: true })
    .refine(isCalendarDate, { error: `${label} must be a date in the form YYYY-MM-DD.` });
const money = (label: string) => z.preprocess(blankToUndefined, moneyField(label).optional());

/** The fields a kind records (all of them optional here; `claimDetailsProblems` says which a kind requires). */
export const ClaimDetailsSchema = z
  .object({
    // Health
    hospital: text('Hospital', 200),
    admission_date: day('Admission Date'),
    discharge_date: day('Discharge Date'),
    tpa_name: text('TPA', 120),
    tpa_claim_number: text('TPA Claim Number', 60),
    insured_member: text('Insured Member', 120),
    // Motor
    accident_date: day('Accident Date'),
    accident_place: text('Place Of Accident', 200),
    surveyor: text('Surveyor', 120),
    garage: text('Garage', 200),
    fir_number: text('FIR Number', 60),
    // Life
    claimant: text('Claimant', 120),
    nominee: text('Nominee', 120),
    event_date: day('Date Of Event'),
    // Travel, home and other
    incident: text('Incident', 500),
    incident_date: day('Incident Date'),
    incident_place: text('Place Of Incident', 200),
  })
  .strict();
export type ClaimDetails = z.infer<typeof ClaimDetailsSchema>;

export type DetailField = keyof ClaimDetails;

/** The fields of each group, and those a kind must have. */
export const CLAIM_GROUP_FIELDS: Record<ClaimFieldGroup, readonly DetailField[]> = {
  health: ['hospital', 'admission_date', 'discharge_date', 'tpa_name', 'tpa_claim_number', 'insured_member'],
  motor: ['accident_date', 'accident_place', 'surveyor', 'garage', 'fir_number'],
  life: ['claimant', 'nominee', 'event_date'],
  incident: ['incident', 'incident_date', 'incident_place'],
};

/** The fields each kind must have, with their labels. */
export const CLAIM_REQUIRED_FIELDS: Partial<Record<ClaimKind, ReadonlyArray<[DetailField, string]>>> = {
  health_cashless: [['hospital', 'Hospital']],
  health_reimbursement: [['hospital', 'Hospital']],
  motor_own_damage: [['accident_date', 'Accident Date']],
  motor_third_party: [
    ['accident_date', 'Accident Date'],
    ['fir_number', 'FIR Number'],
  ],
  life_death: [['claimant', 'Claimant']],
  life_maturity: [['claimant', 'Claimant']],
  life_survival_benefit: [['claimant', 'Claimant']],
  travel: [['incident', 'Incident']],
  home: [['incident', 'Incident']],
  other: [['incident', 'Incident']],
};

/** Each detail field's label, as screens and messages name it. */
export const CLAIM_FIELD_LABELS: Record<DetailField, string> = {
  hospital: 'Hospital',
  admission_date: 'Admission Date',
  discharge_date: 'Discharge Date',
  tpa_name: 'TPA',
  tpa_claim_number: 'TPA Claim Number',
  insured_member: 'Insured Member',
  accident_date: 'Accident Date',
  accident_place: 'Place Of Accident',
  surveyor: 'Surveyor',
  garage: 'Garage',
  fir_number: 'FIR Number',
  claimant: 'Claimant',
  nominee: 'Nominee',
  event_date: 'Date Of Event',
  incident: 'Incident',
  incident_date: 'Incident Date',
  incident_place: 'Place Of Incident',
};

export interface FieldProblem {
  field: string;
  message: string;
}

/** What is wrong with a kind's details: a required field missing, a field of another kind, dates out of order. */
export function claimDetailsProblems(kind: ClaimKind, details: ClaimDetails): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const mine = CLAIM_GROUP_FIELDS[claimFieldGroup(kind)];
  for (const [field, label] of CLAIM_REQUIRED_FIELDS[kind] ?? []) {
    if (details[field] === undefined)
      problems.push({ field, message: `${label} is required for this claim.` });
  }
  for (const field of Object.keys(details) as DetailField[]) {
    if (details[field] !== undefined && !mine.includes(field)) {
      problems.push({
        field,
        message: `${CLAIM_FIELD_LABELS[field]} is not recorded for a ${CLAIM_KIND_LABELS[kind].toLowerCase()} claim.`,
      });
    }
  }
  if (details.admission_date && details.discharge_date && details.discharge_date < details.admission_date) {
    problems.push({
      field: 'discharge_date',
      message: 'Discharge Date cannot be before the Admission Date.',
    });
  }
  return problems;
}

export const DEDUCTION_MAX = 20;

export const DeductionSchema = z.object({
  reason: z
    .string({ error: 'Deduction Reason is required.' })
    .trim()
    .min(1, { error: 'Deduction Reason is required.' })
    .max(200, { error: 'Deduction Reason must be at most 200 characters.' }),
  amount: moneyField('Deduction Amount').refine((v) => v !== '0.00', {
    error: 'Deduction Amount must be more than 0.',
  }),
});
export type Deduction = z.infer<typeof DeductionSchema>;

export const CLAIM_NOTE_MAX = 1000;

/** POST /api/claims: intimate a claim on one of the agency's insurance policies. */
export const CreateClaimSchema = z
  .object({
    plan_id: z.uuid({ error: 'Plan must be a valid identifier.' }),
    kind: z.enum(CLAIM_KINDS, { error: `Claim Kind must be one of: ${CLAIM_KINDS.join(', ')}.` }),
    intimated_on: requiredDay('Intimated On'),
    claimed_amount: money('Claimed Amount'),
    insurer_claim_number: text('Insurer Claim Number', 60),
    details: ClaimDetailsSchema.optional().default({}),
    note: text('Note', CLAIM_NOTE_MAX),
  })
  .superRefine((c, ctx) => {
    for (const p of claimDetailsProblems(c.kind, c.details)) {
      ctx.addIssue({ code: 'custom', path: ['details', p.field], message: p.message });
    }
  });
export type CreateClaimInput = z.input<typeof CreateClaimSchema>;
export type CreateClaim = z.output<typeof CreateClaimSchema>;

/** POST /api/claims/:id/status: move a claim along the workflow, dated, with a note and what the step needs. */
export const ClaimStatusChangeSchema = z
  .object({
    to: z.enum(CLAIM_STATUSES, { error: `Status must be one of: ${CLAIM_STATUSES.join(', ')}.` }),
    on: requiredDay('Date'),
    note: text('Note', CLAIM_NOTE_MAX),
    approved_amount: money('Approved Amount'),
    settled_amount: money('Settled Amount'),
    deductions: z
      .array(DeductionSchema, { error: 'Deductions must be a list.' })
      .max(DEDUCTION_MAX, { error: `At most ${DEDUCTION_MAX} deductions.` })
      .optional(),
    rejection_reason: text('Rejection Reason', 500),
    insurer_claim_number: text('Insurer Claim Number', 60),
  })
  .superRefine((c, ctx) => {
    const need = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    if (c.to === 'rejected' && !c.rejection_reason)
      need('rejection_reason', 'Rejection Reason is required to reject a claim.');
    if (c.to !== 'rejected' && c.rejection_reason) {
      need('rejection_reason', 'Rejection Reason is recorded only when the claim is rejected.');
    }
    const approving = c.to === 'approved' || c.to === 'partly_approved';
    if (approving && c.approved_amount === undefined) {
      need('approved_amount', 'Approved Amount is required to approve a claim.');
    }
    if (!approving && c.approved_amount !== undefined) {
      need('approved_amount', 'Approved Amount is recorded only when the claim is approved.');
    }
    if (c.to === 'settled' && c.settled_amount === undefined) {
      need('settled_amount', 'Settled Amount is required to settle a claim.');
    }
    if (c.to !== 'settled' && c.settled_amount !== undefined) {
      need('settled_amount', 'Settled Amount is recorded only when the claim is settled.');
    }
    if (c.deductions && c.deductions.length > 0 && !approving && c.to !== 'settled') {
      need('deductions', 'Deductions are recorded when the claim is approved or settled.');
    }
  });
export type ClaimStatusChangeInput = z.input<typeof ClaimStatusChangeSchema>;
export type ClaimStatusChange = z.output<typeof ClaimStatusChangeSchema>;

const cents = (amount: string) => Math.round(Number.parseFloat(amount) * 100);
const rupees = (c: number) => (c / 100).toFixed(2);
const inr = (amount: string) =>
  `₹${Number.parseFloat(amount).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The sum of deductions, as money. */
export const deductedOf = (deductions: readonly Deduction[]): string =>
  rupees(deductions.reduce((sum, d) => sum + cents(d.amount), 0));

/**
 * What is wrong with the amounts of a step against the claim and its policy: an approval above the amount
 * claimed or the policy's sum assured, a partial approval that is not below the amount claimed, a settlement
 * above the approval, deductions above the amount claimed. Null when nothing is.
 */
export function claimAmountProblem(
  change: Pick<ClaimStatusChange, 'to' | 'approved_amount' | 'settled_amount' | 'deductions'>,
  claim: { claimed_amount: string | null; approved_amount: string | null },
  sumAssured: string | null,
): FieldProblem | null {
  const { claimed_amount: claimed } = claim;
  if (change.approved_amount !== undefined) {
    const approved = cents(change.approved_amount);
    if (claimed !== null && approved > cents(claimed)) {
      return {
        field: 'approved_amount',
        message: `Approved Amount (${inr(change.approved_amount)}) cannot be more than the Claimed Amount (${inr(claimed)}).`,
      };
    }
    if (sumAssured !== null && approved > cents(sumAssured)) {
      return {
        field: 'approved_amount',
        message: `Approved Amount (${inr(change.approved_amount)}) cannot be more than the policy's Sum Assured (${inr(sumAssured)}).`,
      };
    }
    if (change.to === 'partly_approved' && claimed !== null && approved >= cents(claimed)) {
      return {
        field: 'approved_amount',
        message: `A partly approved claim's Approved Amount must be less than the Claimed Amount (${inr(claimed)}).`,
      };
    }
  }
  const approvedNow = change.approved_amount ?? claim.approved_amount;
  if (change.settled_amount !== undefined && approvedNow !== null) {
    if (cents(change.settled_amount) > cents(approvedNow)) {
      return {
        field: 'settled_amount',
        message: `Settled Amount (${inr(change.settled_amount)}) cannot be more than the Approved Amount (${inr(approvedNow)}).`,
      };
    }
  }
  if (change.deductions && change.deductions.length > 0 && claimed !== null) {
    const deducted = deductedOf(change.deductions);
    if (cents(deducted) > cents(claimed)) {
      return {
        field: 'deductions',
        message: `Deductions (${inr(deducted)}) cannot be more than the Claimed Amount (${inr(claimed)}).`,
      };
    }
  }
  return null;
}

export const ClaimEventSchema = z.object({
  id: z.uuid(),
  /** Null for the intimation. */
  from_status: z.enum(CLAIM_STATUSES).nullable(),
  to_status: z.enum(CLAIM_STATUSES),
  /** The day the step happened (India's calendar). */
  on: dateSchema,
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimSchema = z.object({
  id: z.uuid(),
  plan_id: z.uuid(),
  plan_number: z.string(),
  service_code: z.string(),
  provider_name: z.string().nullable(),
  primary_client_id: z.uuid(),
  client_name: z.string(),
  secondary_client_id: z.uuid().nullable(),
  kind: z.enum(CLAIM_KINDS),
  kind_label: z.string(),
  status: z.enum(CLAIM_STATUSES),
  status_label: z.string(),
  intimated_on: dateSchema,
  /** Days since intimation (India's calendar). */
  age_days: z.number().int(),
  /** The day the claim last changed status. */
  status_on: dateSchema,
  /** Days since that day (India's calendar). */
  days_in_status: z.number().int(),
  insurer_claim_number: z.string().nullable(),
  claimed_amount: moneySchema.nullable(),
  approved_amount: moneySchema.nullable(),
  settled_amount: moneySchema.nullable(),
  deducted_amount: moneySchema.nullable(),
  deductions: z.array(z.object({ reason: z.string(), amount: moneySchema })),
  rejection_reason: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimDetailSchema = ClaimSchema.extend({
  /** Oldest first. */
  events: z.array(ClaimEventSchema),
  /** Where the claim may go next. */
  next_statuses: z.array(z.enum(CLAIM_STATUSES)),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

export const ClaimDetailResponseSchema = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
  data: ClaimDetailSchema,
});

/** `open`: every status but settled, withdrawn and closed. */
export const CLAIM_STATUS_FILTERS = ['open', ...CLAIM_STATUSES] as const;

export const ClaimListQuerySchema = CursorPageQueryFields.extend({
  status: z
    .enum(CLAIM_STATUS_FILTERS, { error: `Status must be one of: ${CLAIM_STATUS_FILTERS.join(', ')}.` })
    .optional(),
}).refine(oneCursor.check, oneCursor.message);
export type ClaimListQuery = z.input<typeof ClaimListQuerySchema>;

export const ClaimListResponseSchema = z.object({
  items: z.array(ClaimSchema),
  pagination: CursorPaginationSchema,
  /** Days an open claim may stay in one status before its agent or the owner is reminded (decision 045). */
  stale_days: z.number().int(),
});
export type ClaimList = z.infer<typeof ClaimListResponseSchema>;

export const PlanClaimsResponseSchema = z.object({
  data: z.object({
    /** Newest first. */
    claims: z.array(ClaimSchema),
    /** The kinds a claim on this plan may be. */
    kinds: z.array(z.enum(CLAIM_KINDS)),
  }),
});
export type PlanClaims = z.infer<typeof PlanClaimsResponseSchema>['data'];

/** The most claims a client record lists (its household's newest). */
export const CLIENT_CLAIMS_MAX = 100;

export const ClientClaimsResponseSchema = z.object({
  data: z.object({
    /** Newest first, at most CLIENT_CLAIMS_MAX. */
    claims: z.array(ClaimSchema),
    /** Every claim of the household, open or not. */
    total: z.number().int(),
  }),
});
export type ClientClaims = z.infer<typeof ClientClaimsResponseSchema>['data'];

/** A claim named by an id that is not the agency's, or an agent's client's. */
export const CLAIM_NOT_FOUND = 'No claim of your agency’s clients exists with this id.';

/** The first day of India's financial year (1 April to 31 March): the reports' rule (report-periods.ts). */
export { financialYearStart } from './report-periods.ts';

// The client's own claims (issue 28 item 5): read-only, their household's (their own and their family members').

/** What is still pending on a claim, in the client's words; null once nothing is (settled, withdrawn, closed). */
export const CLAIM_PENDING: Record<ClaimStatus, string | null> = {
  intimated: 'Your agent is preparing the claim for the insurer',
  documents_pending: 'Waiting for documents',
  submitted: 'With the insurer for a decision',
  query_raised: 'Insurer has raised a query',
  approved: 'Approved: waiting for the insurer to pay',
  partly_approved: 'Partly approved: waiting for the insurer to pay',
  rejected: 'Rejected: talk to your agent about what can be done',
  settled: null,
  withdrawn: null,
  closed: null,
};

export const ClientClaimSchema = ClaimSchema.omit({ client_name: true, primary_client_id: true }).extend({
  /** Whose claim: the client's own name or the family member's the plan is of. */
  insured_name: z.string(),
  /** What is still pending, in words; null when nothing is. */
  pending: z.string().nullable(),
});
export type ClientClaim = z.infer<typeof ClientClaimSchema>;

export const ClientClaimListSchema = z.object({
  /** Newest first. */
  claims: z.array(ClientClaimSchema),
});
export type ClientClaimList = z.infer<typeof ClientClaimListSchema>;

export const ClientClaimDetailSchema = ClientClaimSchema.extend({
  /** The status timeline, oldest first. */
  events: z.array(ClaimEventSchema.omit({ by: true })),
  /** The claim's document checklist (decision 045): each item's key and name and whether the agency has it. */
  documents: z.array(z.object({ item: z.string(), label: z.string(), received: z.boolean() })),
});
export type ClientClaimDetail = z.infer<typeof ClientClaimDetailSchema>;

/** How many days back a claim's intimation or change of status shows in the client's alerts. */
export const ALERT_CLAIM_DAYS = 30;
