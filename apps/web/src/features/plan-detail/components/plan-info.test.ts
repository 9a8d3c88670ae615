import { planDateLabels, type WorkspacePlanDetail, WorkspacePlanDetailSchema } from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { describe, expect, it } from 'vitest';
import { planFileName } from './plan-files.ts';
import { planRows } from './plan-info.ts';

function plan(overrides: Partial<WorkspacePlanDetail>): WorkspacePlanDetail {
  return WorkspacePlanDetailSchema.parse({
    plan_kind: 'insurance',
    plan_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
    policy_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
    provider_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    provider_name: 'LIC of India',
    service_code: 'life',
    service_name: 'Life Insurance',
    plan_name: 'Jeevan Anand',
    policy_number: '918273645',
    premium_amount: '24500.00',
    start_date: '2019-03-15',
    end_date: '2039-03-15',
    status: 'Active',
    secondary_client_id: null,
    holder_name: 'Priya Sharma',
    document_available: false,
    primary_client_id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
    primary_client_name: 'Priya Sharma',
    client_code: 'DEMO-00001',
    nominee: null,
    subtype_fields: {
      sum_assured: '1000000.00',
      plan_name: 'Jeevan Anand',
      mode: 'Yearly',
      term: 20,
      ppt: 15,
    },
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

const asMap = (p: WorkspacePlanDetail) => Object.fromEntries(planRows(p).map((r) => [r.label, r.value]));

describe('the plan information rows', () => {
  it('shows a life policy with its own labels, rupees with Indian grouping and years', () => {
    expect(asMap(plan({}))).toEqual({
      'Plan Name': 'Jeevan Anand',
      'Sum Assured': '₹10,00,000.00',
      'Premium Mode': 'Yearly',
      'Policy Term': '20 years',
      'Premium Paying Term': '15 years',
      'Premium Amount': '₹24,500.00',
      'Date of Commencement': '15 Mar 2019',
      'Date of Maturity': '15 Mar 2039',
    });
  });

  it('names the dates of NPS and investments their own way and shows the post office rate as a percentage', () => {
    expect(planDateLabels('NPS')).toMatchObject({
      start: 'Start Date',
      workspaceEnd: 'Last Contribution Date',
    });
    expect(planDateLabels('mutual_funds').workspaceEnd).toBe('Maturity Date');
    expect(planDateLabels('motor')).toMatchObject({ start: 'Start Date', workspaceEnd: 'End Date' });
    const po = plan({
      plan_kind: 'investment',
      account_id: '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f',
      policy_id: undefined,
      premium_amount: undefined,
      amount: '150000.50',
      service_code: 'postoffice',
      subtype_fields: { account_number: 'PO-9988', scheme_name: 'NSC', term: 1, roi: 7.7 },
    });
    expect(asMap(po)).toMatchObject({
      'Scheme Name': 'National Savings Certificate (NSC)',
      Term: '1 year',
      'Rate of Interest': '7.7% a year',
      Amount: '₹1,50,000.50',
      'Maturity Date': '15 Mar 2039',
    });
  });

  it('marks the end date of an expired plan and says when there is none', () => {
    const expired = planRows(plan({ status: 'Expired', end_date: '2024-01-31' }));
    expect(expired.at(-1)).toEqual({ label: 'Date of Maturity', value: '31 Jan 2024', tone: 'danger' });
    expect(planRows(plan({ end_date: null })).at(-1)).toEqual({
      label: 'Date of Maturity',
      value: 'No end date',
    });
  });

  it('leaves out empty fields and the insured members (shown in their own table)', () => {
    const health = plan({
      service_code: 'health',
      subtype_fields: {
        cover_type: 'Family Floater',
        plan_name: '',
        sum_assured: '500000.00',
        term: 1,
        insured_members: [],
      },
    });
    expect(planRows(health).map((r) => r.label)).toEqual([
      'Cover Type',
      'Sum Assured',
      'Policy Term',
      'Premium Amount',
      'Start Date',
      'End Date',
    ]);
  });
});

describe('the saved file name', () => {
  it('is the number with path characters replaced, as the API names it', () => {
    expect(planFileName('SH/2025/778812')).toBe('SH-2025-778812.pdf');
    expect(planFileName('918273645')).toBe('918273645.pdf');
  });
});
