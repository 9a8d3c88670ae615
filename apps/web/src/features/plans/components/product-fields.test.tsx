import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import type { FamilyPerson } from './family-picker.tsx';
import { emptyPlanDraft, type PlanDraft, planDraftToInput } from './plan-draft.ts';
import { Harness, stubProviders } from './plan-fields.test-kit.tsx';

// Issue 24 item 8: the plan form knows the products: India Post's schemes with their rates, a SIP's amount and
// date, a health policy's insured members picked from the family.

stubProviders();

const errorOf = (label: string | RegExp) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('a post office plan', () => {
  it("offers India Post's schemes and fills in the chosen scheme's rate, which stays editable", async () => {
    const user = userEvent.setup();
    const seen: PlanDraft[] = [];
    renderWithQuery(<Harness initial={emptyPlanDraft('postoffice')} onDraft={(d) => seen.push(d)} />);
    const scheme = screen.getByLabelText('Scheme Name');
    const options = within(scheme)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toContain('Public Provident Fund (PPF)');
    expect(options).toContain('Senior Citizens Savings Scheme (SCSS)');
    expect(options).toHaveLength(10);

    await user.selectOptions(scheme, 'Public Provident Fund (PPF)');
    expect(screen.getByLabelText('ROI')).toHaveValue('7.1');
    expect(errorOf('ROI')).toMatch(/^PPF pays 7\.1% a year/);

    // A Time Deposit's rate follows its term while the rate is as filled in.
    await user.selectOptions(scheme, 'Time Deposit (TD)');
    expect(screen.getByLabelText('ROI')).toHaveValue('7.5');
    await user.type(screen.getByLabelText('Term'), '1');
    expect(screen.getByLabelText('ROI')).toHaveValue('6.9');

    await user.clear(screen.getByLabelText('ROI'));
    await user.type(screen.getByLabelText('ROI'), '6.7');
    await user.clear(screen.getByLabelText('Term'));
    await user.type(screen.getByLabelText('Term'), '2');
    expect(screen.getByLabelText('ROI')).toHaveValue('6.7');
    expect(planDraftToInput(seen.at(-1)!).subtype_fields).toMatchObject({
      scheme_name: 'Time Deposit (TD)',
      term: '2',
      roi: '6.7',
    });
  });
});

describe('a mutual fund plan', () => {
  it('asks a SIP for its amount and date, naming each, and drops them for a lump sum', async () => {
    const user = userEvent.setup();
    const seen: PlanDraft[] = [];
    renderWithQuery(<Harness initial={emptyPlanDraft('mutual_funds')} onDraft={(d) => seen.push(d)} />);
    expect(screen.queryByLabelText('SIP Amount')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Investment Mode/), 'sip');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(errorOf('SIP Amount')).toBe('SIP Amount is required.');
    expect(errorOf('SIP Date')).toBe('SIP Date is required.');

    await user.type(screen.getByLabelText('SIP Amount'), '5,000');
    await user.selectOptions(screen.getByLabelText('SIP Date'), '5th of every month');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(errorOf('SIP Amount')).toBe('₹5,000.00');
    expect(screen.getByLabelText('SIP Date')).not.toHaveAttribute('aria-invalid');
    expect(planDraftToInput(seen.at(-1)!).subtype_fields).toMatchObject({
      investment_mode: 'sip',
      sip_amount: '5,000',
      sip_day: '5',
    });

    await user.selectOptions(screen.getByLabelText(/^Investment Mode/), 'lump_sum');
    expect(screen.queryByLabelText('SIP Amount')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lump Sum Amount')).toBeInTheDocument();
    expect(planDraftToInput(seen.at(-1)!).subtype_fields).not.toHaveProperty('sip_amount');
  });
});

describe('a motor plan', () => {
  it('takes the vehicle, policy type, IDV and NCB', async () => {
    const user = userEvent.setup();
    const seen: PlanDraft[] = [];
    renderWithQuery(<Harness initial={emptyPlanDraft('motor')} onDraft={(d) => seen.push(d)} />);
    await user.type(screen.getByLabelText(/^Vehicle Make/), 'Maruti Suzuki');
    await user.selectOptions(screen.getByLabelText(/^Policy Type/), 'Third Party');
    await user.type(screen.getByLabelText(/^IDV/), 'abc');
    await user.selectOptions(screen.getByLabelText(/^NCB/), '25% No Claim Bonus');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(errorOf(/^IDV/)).toBe('IDV must be an amount in rupees of 0 or more, with at most 2 decimals.');
    expect(errorOf(/^Registration \(RC\) Number/)).toBe('Registration (RC) Number is required.');
    expect(planDraftToInput(seen.at(-1)!).subtype_fields).toMatchObject({
      vehicle_make: 'Maruti Suzuki',
      policy_type: 'third_party',
      ncb_percent: '25',
    });
  });
});

const FAMILY: FamilyPerson[] = [
  { key: 'p', name: 'Meera Iyer', relationship: 'Self', dob: '1984-06-12', phone: '9876501234' },
  { key: 's1', name: 'Kavya Iyer', relationship: 'Daughter', dob: '2012-03-04', phone: null },
];

describe('a health plan', () => {
  it('picks insured members from the family and still lets another person be typed in', async () => {
    const user = userEvent.setup();
    const seen: PlanDraft[] = [];
    renderWithQuery(
      <Harness initial={emptyPlanDraft('health')} family={FAMILY} onDraft={(d) => seen.push(d)} />,
    );
    const kavya = screen.getByRole('checkbox', { name: /Kavya Iyer/ });
    await user.click(kavya);
    // Ticked in place of the empty first row.
    expect(screen.getAllByLabelText('Insured Member Name')).toHaveLength(1);
    expect(screen.getByLabelText('Insured Member Name')).toHaveValue('Kavya Iyer');
    expect(screen.getByLabelText('Relationship')).toHaveValue('Daughter');
    await user.click(screen.getByRole('checkbox', { name: /Meera Iyer/ }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const names = screen.getAllByLabelText('Insured Member Name');
    expect(names).toHaveLength(3);
    await user.type(names[2]!, 'Lakshmi Iyer');
    expect(seen.at(-1)!.insured_members).toEqual([
      {
        insured_member_name: 'Kavya Iyer',
        relationship: 'Daughter',
        insured_member_dob: '2012-03-04',
        insured_member_phone_number: '',
      },
      {
        insured_member_name: 'Meera Iyer',
        relationship: 'Self',
        insured_member_dob: '1984-06-12',
        insured_member_phone_number: '9876501234',
      },
      {
        insured_member_name: 'Lakshmi Iyer',
        relationship: '',
        insured_member_dob: '',
        insured_member_phone_number: '',
      },
    ]);
    await user.click(kavya);
    expect(kavya).not.toBeChecked();
    expect(seen.at(-1)!.insured_members.map((m) => m.insured_member_name)).toEqual([
      'Meera Iyer',
      'Lakshmi Iyer',
    ]);
  });
});
