import { describe, expect, it } from 'vitest';
import {
  CLAIM_STATUSES,
  CLAIM_TRANSITIONS,
  type ClaimStatus,
  ClaimStatusChangeSchema,
  CreateClaimSchema,
  canMoveClaim,
  claimAmountProblem,
  claimKindsOf,
  claimTransitionProblem,
  financialYearStart,
} from './claims.ts';

// Issue 28 items 1 and 2: the claim workflow and what a claim and each step must carry.

const PLAN = '0a1b2c3d-0000-4000-8000-000000000001';

function messages(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the claim workflow', () => {
  it.each([
    ['intimated', 'documents_pending'],
    ['intimated', 'submitted'],
    ['documents_pending', 'submitted'],
    ['submitted', 'query_raised'],
    ['query_raised', 'submitted'],
    ['query_raised', 'documents_pending'],
    ['submitted', 'approved'],
    ['submitted', 'partly_approved'],
    ['submitted', 'rejected'],
    ['approved', 'settled'],
    ['partly_approved', 'settled'],
    ['rejected', 'closed'],
    ['intimated', 'withdrawn'],
    ['query_raised', 'closed'],
  ] as Array<[ClaimStatus, ClaimStatus]>)('moves %s → %s', (from, to) => {
    expect(canMoveClaim(from, to)).toBe(true);
    expect(claimTransitionProblem(from, to)).toBeNull();
  });

  it.each([
    ['intimated', 'approved'],
    ['intimated', 'settled'],
    ['documents_pending', 'rejected'],
    ['rejected', 'settled'],
    ['approved', 'rejected'],
    ['approved', 'withdrawn'],
    ['settled', 'closed'],
    ['withdrawn', 'submitted'],
    ['submitted', 'submitted'],
  ] as Array<[ClaimStatus, ClaimStatus]>)(
    'refuses %s → %s with words that say where it may go',
    (from, to) => {
      expect(canMoveClaim(from, to)).toBe(false);
      expect(claimTransitionProblem(from, to)).toMatch(/cannot be moved|can no longer change/);
    },
  );

  it('ends at settled, withdrawn and closed, and every other status has a way on', () => {
    for (const s of CLAIM_STATUSES) {
      const end = ['settled', 'withdrawn', 'closed'].includes(s);
      expect(CLAIM_TRANSITIONS[s].length === 0, s).toBe(end);
    }
    expect(claimTransitionProblem('settled', 'closed')).toBe(
      'This claim is settled: its status can no longer change.',
    );
    expect(claimTransitionProblem('intimated', 'approved')).toBe(
      'A claim that is intimated cannot be moved to approved; it can be moved to documents pending, submitted, withdrawn, closed.',
    );
  });

  it('offers each service its kinds', () => {
    expect(claimKindsOf('health')).toEqual(['health_cashless', 'health_reimbursement']);
    expect(claimKindsOf('life')).toContain('life_survival_benefit');
    expect(claimKindsOf('pet')).toEqual(['other']);
  });

  it('counts the financial year from 1 April', () => {
    expect(financialYearStart('2026-03-31')).toBe('2025-04-01');
    expect(financialYearStart('2026-04-01')).toBe('2026-04-01');
    expect(financialYearStart('2026-11-27')).toBe('2026-04-01');
  });
});

describe('intimating a claim', () => {
  it('takes a health reimbursement with its fields', () => {
    const claim = CreateClaimSchema.parse({
      plan_id: PLAN,
      kind: 'health_reimbursement',
      intimated_on: '2026-11-20',
      claimed_amount: '1,25,000',
      details: {
        hospital: 'Ruby Hall Clinic',
        admission_date: '2026-11-18',
        discharge_date: '2026-11-21',
        tpa_name: 'Medi Assist',
        tpa_claim_number: 'MA-1',
        insured_member: 'Kavya Iyer',
      },
    });
    expect(claim.claimed_amount).toBe('125000.00');
    expect(claim.details.hospital).toBe('Ruby Hall Clinic');
  });

  it('names the field a kind needs, a field of another kind, and dates out of order', () => {
    expect(
      messages(
        CreateClaimSchema.safeParse({ plan_id: PLAN, kind: 'motor_third_party', intimated_on: '2026-11-20' }),
      ),
    ).toEqual({
      'details.accident_date': 'Accident Date is required for this claim.',
      'details.fir_number': 'FIR Number is required for this claim.',
    });
    expect(
      messages(
        CreateClaimSchema.safeParse({
          plan_id: PLAN,
          kind: 'health_cashless',
          intimated_on: '2026-11-20',
          details: {
            hospital: 'Sassoon',
            admission_date: '2026-11-10',
            discharge_date: '2026-11-09',
            garage: 'X',
          },
        }),
      ),
    ).toEqual({
      'details.garage': 'Garage is not recorded for a health: cashless claim.',
      'details.discharge_date': 'Discharge Date cannot be before the Admission Date.',
    });
    expect(
      messages(
        CreateClaimSchema.safeParse({
          plan_id: 'x',
          kind: 'pet',
          intimated_on: '20/11/2026',
          claimed_amount: '-5',
        }),
      ),
    ).toMatchObject({
      plan_id: 'Plan must be a valid identifier.',
      kind: expect.stringMatching(/^Claim Kind must be one of: health_cashless/),
      intimated_on: 'Intimated On must be a date in the form YYYY-MM-DD.',
      claimed_amount: 'Claimed Amount must be an amount in rupees of 0 or more, with at most 2 decimals.',
    });
  });
});

describe('a step of the workflow', () => {
  it('requires the reason of a rejection and the amounts of an approval and a settlement', () => {
    expect(messages(ClaimStatusChangeSchema.safeParse({ to: 'rejected', on: '2026-11-20' }))).toEqual({
      rejection_reason: 'Rejection Reason is required to reject a claim.',
    });
    expect(messages(ClaimStatusChangeSchema.safeParse({ to: 'approved', on: '2026-11-20' }))).toEqual({
      approved_amount: 'Approved Amount is required to approve a claim.',
    });
    expect(messages(ClaimStatusChangeSchema.safeParse({ to: 'settled', on: '2026-11-20' }))).toEqual({
      settled_amount: 'Settled Amount is required to settle a claim.',
    });
    expect(messages(ClaimStatusChangeSchema.safeParse({ to: 'submitted', on: '' }))).toEqual({
      on: 'Date is required.',
    });
    expect(
      messages(
        ClaimStatusChangeSchema.safeParse({ to: 'submitted', on: '2026-11-20', approved_amount: '10' }),
      ),
    ).toEqual({
      approved_amount: 'Approved Amount is recorded only when the claim is approved.',
    });
    expect(
      messages(
        ClaimStatusChangeSchema.safeParse({
          to: 'partly_approved',
          on: '2026-11-20',
          approved_amount: '900',
          deductions: [{ reason: '', amount: '0' }],
        }),
      ),
    ).toEqual({
      'deductions.0.reason': 'Deduction Reason is required.',
      'deductions.0.amount': 'Deduction Amount must be more than 0.',
    });
  });

  it('refuses an approval above the amount claimed or the sum assured, naming the field', () => {
    const claim = { claimed_amount: '100000.00', approved_amount: null };
    expect(claimAmountProblem({ to: 'approved', approved_amount: '100000.01' }, claim, '500000.00')).toEqual({
      field: 'approved_amount',
      message: 'Approved Amount (₹1,00,000.01) cannot be more than the Claimed Amount (₹1,00,000.00).',
    });
    expect(
      claimAmountProblem(
        { to: 'approved', approved_amount: '600000.00' },
        { ...claim, claimed_amount: null },
        '500000.00',
      ),
    ).toEqual({
      field: 'approved_amount',
      message: "Approved Amount (₹6,00,000.00) cannot be more than the policy's Sum Assured (₹5,00,000.00).",
    });
    expect(
      claimAmountProblem({ to: 'partly_approved', approved_amount: '100000.00' }, claim, null)?.field,
    ).toBe('approved_amount');
    expect(
      claimAmountProblem({ to: 'approved', approved_amount: '100000.00' }, claim, '100000.00'),
    ).toBeNull();
    expect(
      claimAmountProblem(
        { to: 'settled', settled_amount: '90000.00' },
        { ...claim, approved_amount: '80000.00' },
        null,
      ),
    ).toEqual({
      field: 'settled_amount',
      message: 'Settled Amount (₹90,000.00) cannot be more than the Approved Amount (₹80,000.00).',
    });
    expect(
      claimAmountProblem(
        {
          to: 'partly_approved',
          approved_amount: '1.00',
          deductions: [{ reason: 'Room rent', amount: '100001.00' }],
        },
        claim,
        null,
      )?.field,
    ).toBe('deductions');
  });
});
