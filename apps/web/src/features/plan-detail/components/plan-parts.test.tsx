import { type WorkspacePlanDetail, WorkspacePlanDetailSchema } from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanInfoCard } from './plan-parts.tsx';

// Issue 24 item 8: the owner's plan detail shows the product fields, labelled, in plain words and ₹ with
// Indian grouping, and only those that were recorded.

function plan(overrides: Partial<WorkspacePlanDetail>): WorkspacePlanDetail {
  return WorkspacePlanDetailSchema.parse({
    plan_kind: 'investment',
    plan_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
    account_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
    provider_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    provider_name: 'HDFC Mutual Fund',
    service_code: 'mutual_funds',
    service_name: 'Mutual Funds',
    plan_name: 'HDFC Flexi Cap',
    policy_number: '1234567/89',
    amount: '60000.00',
    start_date: '2024-04-01',
    end_date: null,
    status: 'Active',
    secondary_client_id: null,
    holder_name: 'Priya Sharma',
    document_available: false,
    primary_client_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    primary_client_name: 'Priya Sharma',
    client_code: 'DEMO-00001',
    nominee: null,
    subtype_fields: {},
    insured_members: [],
    document: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    added_by: null,
    changed_by: null,
    premium: makePremiumDues(),
    ...overrides,
  });
}

/** The card of the page (its heading names it). */
const infoCard = () => screen.getByRole('heading', { name: 'Plan Information' }).closest('section')!;

const shown = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

describe('Plan Information on the owner’s plan detail', () => {
  it('shows a SIP’s mode, amount and date', () => {
    render(
      <PlanInfoCard
        plan={plan({
          subtype_fields: {
            folio_number: '1234567/89',
            scheme: 'HDFC Flexi Cap - Direct Growth',
            fund: 'HDFC Mutual Fund',
            investment_mode: 'sip',
            sip_amount: '5000.00',
            sip_day: 5,
          },
        })}
      />,
    );
    const card = infoCard();
    expect(shown(card, 'Investment Mode')).toBe('SIP (monthly)');
    expect(shown(card, 'SIP Amount')).toBe('₹5,000.00');
    expect(shown(card, 'SIP Date')).toBe('5th of every month');
    expect(within(card).queryByText('Lump Sum Amount')).not.toBeInTheDocument();
  });

  it('shows a home policy’s sums insured, and a post office scheme by its full name', () => {
    const { unmount } = render(
      <PlanInfoCard
        plan={plan({
          plan_kind: 'insurance',
          policy_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
          account_id: undefined,
          amount: undefined,
          premium_amount: '4200.00',
          service_code: 'home',
          service_name: 'Home Insurance',
          subtype_fields: {
            insurance_company_name: 'HDFC Ergo',
            term: 1,
            building_sum_insured: '5000000.00',
            contents_sum_insured: '800000.00',
          },
        })}
      />,
    );
    let card = infoCard();
    expect(shown(card, 'Building Sum Insured')).toBe('₹50,00,000.00');
    expect(shown(card, 'Contents Sum Insured')).toBe('₹8,00,000.00');
    unmount();

    render(
      <PlanInfoCard
        plan={plan({
          service_code: 'postoffice',
          service_name: 'Post Office',
          subtype_fields: { account_number: 'PPF-771', scheme_name: 'PPF', term: 15, roi: 7.1 },
        })}
      />,
    );
    card = infoCard();
    expect(shown(card, 'Scheme Name')).toBe('Public Provident Fund (PPF)');
    expect(shown(card, 'Rate of Interest')).toBe('7.1% a year');
  });

  it('leaves out the product fields a plan does not have (a motor policy stored before them)', () => {
    render(
      <PlanInfoCard
        plan={plan({
          plan_kind: 'insurance',
          policy_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
          account_id: undefined,
          amount: undefined,
          premium_amount: '9000.00',
          service_code: 'motor',
          service_name: 'Motor Insurance',
          subtype_fields: { rc_number: 'MH12AB1234', term: 1 },
        })}
      />,
    );
    const card = infoCard();
    expect(shown(card, 'Registration (RC) Number')).toBe('MH12AB1234');
    for (const label of [
      'Vehicle Make',
      'Policy Type',
      'IDV (Insured Declared Value)',
      'No Claim Bonus (NCB)',
    ])
      expect(within(card).queryByText(label)).not.toBeInTheDocument();
  });
});
