import { PLAN_SERVICE_CODES, PlanInputSchema, type PlanServiceCode } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { emptyPlanDraft, type PlanDraft, planDraftToInput, validatePlanDraft } from './plan-draft.ts';
import { fetchMock, Harness, NAMES, serviceOf, stubProviders, uuid } from './plan-fields.test-kit.tsx';

// The per-service plan fields (spec §3 subtype_fields, nominee, insured members) against a stubbed fetch
// whose answers are built through the contract's schemas; validation uses the contract's own plan schema.

stubProviders();

const EXPECTED_FIELDS: Record<PlanServiceCode, string[]> = {
  life: ['Plan Name', 'Sum Assured', 'Mode', 'Term', 'PPT'],
  health: ['Plan Name', 'Cover Type', 'Sum Assured', 'Term', 'Insured Member Name', 'Relationship'],
  motor: ['Registration (RC) Number', 'Term'],
  travel: ['Insurance Company Name', 'Trip Type', 'Destination', 'Duration', 'Term'],
  home: ['Insurance Company Name', 'Term'],
  mutual_funds: ['Folio Number', 'Fund', 'Scheme'],
  nps: ['PRAN'],
  postoffice: ['Account Number', 'Scheme Name', 'Term', 'ROI'],
};

/** The product fields of issue 24 item 8, marked optional (a SIP's amount and date appear for a SIP). */
const OPTIONAL_FIELDS: Partial<Record<PlanServiceCode, string[]>> = {
  motor: ['Vehicle Make', 'Vehicle Model', 'Policy Type', 'IDV', 'NCB'],
  home: ['Building Sum Insured', 'Contents Sum Insured'],
  mutual_funds: ['Investment Mode'],
};

const ALL_SUBTYPE_LABELS = [...new Set(Object.values(EXPECTED_FIELDS).flat())];

describe('PlanFields per service', () => {
  it.each(PLAN_SERVICE_CODES)('%s shows its own fields of spec §3 and no other service’s', async (code) => {
    renderWithQuery(<Harness initial={emptyPlanDraft(code)} />);
    expect(await screen.findByRole('heading', { name: `${NAMES[code]} details` })).toBeInTheDocument();
    for (const label of EXPECTED_FIELDS[code]) {
      expect(screen.getByLabelText(label, { exact: true })).toBeInTheDocument();
    }
    for (const label of OPTIONAL_FIELDS[code] ?? []) {
      expect(screen.getByLabelText(`${label}(optional)`, { exact: true })).toBeInTheDocument();
    }
    for (const label of ALL_SUBTYPE_LABELS.filter((l) => !EXPECTED_FIELDS[code].includes(l))) {
      expect(screen.queryByLabelText(label, { exact: true })).not.toBeInTheDocument();
    }
    const investment = ['mutual_funds', 'nps', 'postoffice'].includes(code);
    expect(screen.getByLabelText(investment ? 'Amount' : 'Premium Amount')).toBeInTheDocument();
    expect(
      screen.getByLabelText(investment ? 'Investment Company' : 'Insurance Company'),
    ).toBeInTheDocument();
    // Issue 24 item 6: dates are typed day first, as the field says, not in the browser's own order.
    expect(screen.getByLabelText('Start Date')).toHaveAccessibleDescription('DD/MM/YYYY');
    expect(screen.getByLabelText('End Date')).toHaveAccessibleDescription(
      investment ? 'DD/MM/YYYY · The maturity date.' : 'DD/MM/YYYY · The date cover ends.',
    );
    expect(screen.getByLabelText(/Plan Document/)).toHaveAttribute('type', 'file');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/agencies/providers/by-service/${serviceOf(code).service_id}`,
    );
  });

  it('offers only the chosen service’s companies, and says so when the agency has none', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness initial={emptyPlanDraft()} />);
    const company = screen.getByLabelText('Insurance Company');
    expect(company).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Service'), 'life');
    await waitFor(() => expect(screen.getByLabelText('Insurance Company')).toBeEnabled());
    const options = within(screen.getByLabelText('Insurance Company'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select a company', 'LIC of India', 'HDFC Life']);

    await user.selectOptions(screen.getByLabelText('Service'), 'motor');
    expect(
      await screen.findByText(/Your agency has no insurance company for Motor Insurance yet/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Insurance Company')).toBeDisabled();
  });

  it('shows the load failure with a Retry that asks again', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ message: 'Something went wrong.', detail: null }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    renderWithQuery(<Harness initial={emptyPlanDraft('life')} />);
    expect(await screen.findByText('The companies could not be loaded.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByLabelText('Insurance Company')).toBeEnabled());
    expect(screen.queryByText('The companies could not be loaded.')).not.toBeInTheDocument();
  });
});

describe('PlanFields validation', () => {
  it('names every missing field of a life plan at once', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness initial={emptyPlanDraft('life')} />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const errorOf = (label: string) => {
      const input = screen.getByLabelText(label, { exact: true });
      const id = input.getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : null;
    };
    expect(errorOf('Insurance Company')).toBe('Provider is required: choose the company this plan is with.');
    expect(errorOf('Policy Number')).toBe('Policy Number is required.');
    expect(errorOf('Premium Amount')).toBe('Premium Amount is required.');
    expect(errorOf('Plan Name')).toBe('Plan Name is required.');
    expect(errorOf('Sum Assured')).toBe('Sum Assured is required.');
    expect(errorOf('Mode')).toBe('Mode is required.');
    expect(errorOf('Term')).toBe('Term is required.');
    expect(errorOf('PPT')).toBe('PPT is required.');
    expect(errorOf('Start Date')).toBe('Start Date is required.');
    expect(screen.getByLabelText('Insurance Company')).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a negative premium, an end before the start and a bad PRAN with the field’s name', () => {
    const nps = {
      ...emptyPlanDraft('nps'),
      provider_id: uuid(9),
      policy_number: 'NPS-1',
      money: '-5',
      start_date: '2026-05-01',
      end_date: '2026-04-01',
      fields: { pran: '12345' },
    };
    const errors = validatePlanDraft(nps);
    expect(errors.amount).toBe('Amount must be an amount in rupees of 0 or more, with at most 2 decimals.');
    expect(errors.end_date).toBe('End Date must be on or after the Start Date.');
    expect(errors['subtype_fields.pran']).toBe('PRAN must be 12 digits.');
    const life = { ...emptyPlanDraft('life'), fields: { term: '0', ppt: '12.5' } };
    expect(validatePlanDraft(life)).toMatchObject({
      'subtype_fields.term': 'Term must be a whole number of years from 1 to 100.',
      'subtype_fields.ppt': 'PPT must be a whole number of years from 1 to 100.',
    });
  });

  it('asks for insured members on a health plan and names the member’s field', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Harness initial={emptyPlanDraft('health')} />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Insured Member Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Relationship is required.')).toBeInTheDocument();
    // The only member cannot be removed; with two, either can.
    expect(screen.queryByRole('button', { name: 'Remove member 1' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(screen.getAllByLabelText('Insured Member Name')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove member 2' }));
    expect(screen.getAllByLabelText('Insured Member Name')).toHaveLength(1);
  });

  it('checks the nominee only when the plan has one, and the PDF by type and size', async () => {
    const user = userEvent.setup();
    const seen: PlanDraft[] = [];
    renderWithQuery(<Harness initial={emptyPlanDraft('mutual_funds')} onDraft={(d) => seen.push(d)} />);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.queryByText('Nominee Full Name is required.')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('This plan has a nominee'));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Nominee Full Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Nominee Relation is required.')).toBeInTheDocument();

    const exe = new File(['MZ'.padEnd(400, '\0')], 'policy.exe', { type: 'application/x-msdownload' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText(/Plan Document/), exe);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('Plan Document must be a PDF file.')).toBeInTheDocument();
    expect(seen.at(-1)?.file?.name).toBe('policy.exe');
  });
});

describe('A filled plan', () => {
  it('becomes the contract’s plan, with insured members inside subtype_fields', async () => {
    const user = userEvent.setup();
    let last: PlanDraft = emptyPlanDraft('health');
    renderWithQuery(<Harness initial={last} onDraft={(d) => (last = d)} />);
    await waitFor(() => expect(screen.getByLabelText('Insurance Company')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Insurance Company'), 'Star Health');
    await user.type(screen.getByLabelText('Policy Number'), 'SH-2026-001');
    await user.type(screen.getByLabelText('Premium Amount'), '18500');
    expect(screen.getByText('₹18,500.00')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Start Date'), '01/04/2026');
    await user.type(screen.getByLabelText('End Date'), '31/03/2027');
    await user.type(screen.getByLabelText('Plan Name'), 'Family Optima');
    await user.selectOptions(screen.getByLabelText('Cover Type'), 'Family Floater');
    await user.type(screen.getByLabelText('Sum Assured'), '1000000');
    await user.type(screen.getByLabelText('Term'), '1');
    await user.type(screen.getByLabelText('Insured Member Name'), 'Meera Iyer');
    await user.selectOptions(screen.getByLabelText('Relationship'), 'Spouse');
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const second = screen.getAllByRole('listitem')[1]!;
    await user.type(within(second).getByLabelText('Insured Member Name'), 'Kavya Iyer');
    await user.selectOptions(within(second).getByLabelText('Relationship'), 'Daughter');
    await user.type(within(second).getByLabelText(/Date of Birth/), '10/06/2015');

    expect(validatePlanDraft(last)).toEqual({});
    const parsed = PlanInputSchema.parse(planDraftToInput(last, 0));
    expect(parsed).toMatchObject({
      provider_id: uuid(3),
      service_code: 'health',
      category: 'insurance',
      policy_number: 'SH-2026-001',
      money: '18500.00',
      file_index: 0,
      nominee: null,
      start_date: '2026-04-01',
      end_date: '2027-03-31',
    });
    expect(parsed.subtype_fields).toMatchObject({
      plan_name: 'Family Optima',
      cover_type: 'Family Floater',
      sum_assured: '1000000.00',
      term: 1,
      insured_members: [
        { insured_member_name: 'Meera Iyer', relationship: 'Spouse', insured_member_dob: null },
        { insured_member_name: 'Kavya Iyer', relationship: 'Daughter', insured_member_dob: '2015-06-10' },
      ],
    });
  });
});
