import { deductedOf } from '@portal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { claimDocuments, claimEvents, claims, insurancePolicies } from '../../db/schema.ts';
import { addDays } from '../../lib/dates.ts';

// The demo agency's claims (issue 28 item 8): a settled cashless health claim on Priya Sharma's family floater, a
// reimbursement waiting for documents on Manjeet Kaur's senior citizens' policy, and a rejected motor claim with
// its reason on Arjun Sharma's car, each with its timeline (the reimbursement with four of its papers received), dated from the day of the first start. Written after
// the plans, in the first start's transaction, on the policies named by their numbers.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

interface DemoStep {
  to: string;
  /** Days from today (negative: before). */
  on: number;
  note?: string;
}

interface DemoClaim {
  policy: string;
  kind: string;
  claimed: string;
  number: string | null;
  details: Record<string, string>;
  steps: DemoStep[];
  approved?: string;
  settled?: string;
  deductions?: Array<{ reason: string; amount: string }>;
  rejection?: string;
  /** Checklist items received on paper (decision 045): the item and its day from today. */
  received?: Array<[string, number]>;
}

function demoClaims(today: string): DemoClaim[] {
  const d = (days: number) => addDays(today, days);
  return [
    {
      policy: 'P/171211/01/2026/004512',
      kind: 'health_cashless',
      claimed: '212000.00',
      number: 'CLI/2026/551872',
      details: {
        hospital: 'Lilavati Hospital, Bandra',
        admission_date: d(-41),
        discharge_date: d(-37),
        tpa_name: 'Medi Assist',
        tpa_claim_number: 'MA-26-7781204',
        insured_member: 'Arjun Sharma',
      },
      steps: [
        {
          to: 'intimated',
          on: -41,
          note: 'Arjun admitted for a knee arthroscopy; pre-authorisation asked at the TPA desk.',
        },
        {
          to: 'submitted',
          on: -40,
          note: 'Pre-authorisation form and the surgeon’s estimate sent by the hospital.',
        },
        { to: 'approved', on: -37, note: 'Final approval at discharge.' },
        {
          to: 'settled',
          on: -30,
          note: 'Paid to the hospital; nothing left for the family to pay but the deductions.',
        },
      ],
      approved: '198500.00',
      settled: '198500.00',
      deductions: [
        { reason: 'Non-medical items (consumables)', amount: '8200.00' },
        { reason: 'Room rent above the eligible limit', amount: '5300.00' },
      ],
      received: [
        ['pre_authorisation', -41],
        ['health_card', -41],
        ['kyc', -41],
        ['discharge_summary', -37],
        ['final_bill', -37],
      ],
    },
    {
      policy: 'P/171211/01/2026/009981',
      kind: 'health_reimbursement',
      claimed: '64800.00',
      number: null,
      details: {
        hospital: 'Fortis Hospital, Mohali',
        admission_date: d(-12),
        discharge_date: d(-9),
        insured_member: 'Manjeet Kaur',
      },
      steps: [
        {
          to: 'intimated',
          on: -8,
          note: 'Admitted for pneumonia at a non-network hospital; paid at discharge.',
        },
        {
          to: 'documents_pending',
          on: -6,
          note: 'Waiting on the final bill, the pharmacy bills and the cancelled cheque from the family.',
        },
      ],
      received: [
        ['claim_form', -7],
        ['discharge_summary', -7],
        ['investigation_reports', -6],
        ['kyc', -7],
      ],
    },
    {
      policy: '3001/MC/284719/00/000',
      kind: 'motor_own_damage',
      claimed: '145000.00',
      number: 'ICICI-MOT-26-0094411',
      details: {
        accident_date: d(-71),
        accident_place: 'Western Express Highway, Andheri',
        surveyor: 'R. Kulkarni & Associates',
        garage: 'Hyundai Modi Motors, Andheri',
      },
      steps: [
        {
          to: 'intimated',
          on: -70,
          note: 'Front-end damage after a collision; towed to the dealer’s workshop.',
        },
        { to: 'submitted', on: -66, note: 'Survey done; estimate, RC, licence and photographs sent.' },
        { to: 'rejected', on: -52 },
      ],
      rejection:
        'The driver’s licence had expired on the day of the accident (policy exclusion: driver not duly licensed).',
      received: [
        ['claim_form', -68],
        ['rc_copy', -66],
        ['driving_licence', -66],
        ['repair_estimate', -66],
        ['photos', -66],
      ],
    },
  ];
}

export async function seedDemoClaims(tx: Tx, agencyId: string, ownerUserId: string, today: string) {
  const list = demoClaims(today);
  const policies = await tx
    .select({
      id: insurancePolicies.id,
      number: insurancePolicies.policyNumber,
      primaryClientId: insurancePolicies.primaryClientId,
      secondaryClientId: insurancePolicies.secondaryClientId,
    })
    .from(insurancePolicies)
    .where(
      and(
        eq(insurancePolicies.agencyId, agencyId),
        inArray(
          insurancePolicies.policyNumber,
          list.map((c) => c.policy),
        ),
      ),
    );
  for (const c of list) {
    // Each step at 10:00 India time on its day (a minute after the last when two share a day).
    let at = 0;
    const policy = policies.find((p) => p.number === c.policy);
    if (!policy) throw new Error(`The demo has no policy ${c.policy} for a claim.`);
    const last = c.steps.at(-1)!;
    const deducted = c.deductions ? deductedOf(c.deductions) : null;
    const createdAt = new Date(`${addDays(today, c.steps[0]!.on)}T10:00:00+05:30`);
    const [row] = await tx
      .insert(claims)
      .values({
        agencyId,
        planType: 'insurance',
        planId: policy.id,
        primaryClientId: policy.primaryClientId,
        secondaryClientId: policy.secondaryClientId,
        kind: c.kind,
        status: last.to,
        intimatedOn: addDays(today, c.steps[0]!.on),
        statusOn: addDays(today, last.on),
        insurerClaimNumber: c.number,
        claimedAmount: c.claimed,
        approvedAmount: c.approved ?? null,
        settledAmount: c.settled ?? null,
        deductedAmount: deducted,
        deductions: c.deductions ?? [],
        rejectionReason: c.rejection ?? null,
        details: c.details,
        createdBy: ownerUserId,
        createdAt,
        updatedAt: new Date(`${addDays(today, last.on)}T10:00:00+05:30`),
      })
      .returning({ id: claims.id });
    let from: string | null = null;
    for (const s of c.steps) {
      at = Math.max(at + 60_000, new Date(`${addDays(today, s.on)}T10:00:00+05:30`).getTime());
      await tx.insert(claimEvents).values({
        agencyId,
        claimId: row!.id,
        primaryClientId: policy.primaryClientId,
        fromStatus: from,
        toStatus: s.to,
        on: addDays(today, s.on),
        note: s.note ?? (s.to === 'rejected' ? (c.rejection ?? null) : null),
        actorUserId: ownerUserId,
        at: new Date(at),
      });
      from = s.to;
    }
    for (const [item, on] of c.received ?? []) {
      await tx.insert(claimDocuments).values({
        agencyId,
        claimId: row!.id,
        primaryClientId: policy.primaryClientId,
        item,
        receivedOn: addDays(today, on),
        markedBy: ownerUserId,
      });
    }
  }
}
