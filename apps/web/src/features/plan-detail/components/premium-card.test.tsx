import {
  MarkPremiumPaidResponseSchema,
  PlanPremiumsResponseSchema,
  type WorkspacePlanDetail,
  WorkspacePlanDetailSchema,
} from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { PremiumCard } from './premium-card.tsx';

// The plan's Premium card (issue 27) against a stubbed fetch whose answers are built through the contract's schemas.

const PLAN_ID = '00000000-0000-4000-8000-000000000007';

const plan: WorkspacePlanDetail = WorkspacePlanDetailSchema.parse({
  plan_kind: 'insurance',
  plan_id: PLAN_ID,
  policy_id: PLAN_ID,
  provider_id: '00000000-0000-4000-8000-000000000001',
  provider_name: 'LIC of India',
  service_code: 'life',
  service_name: 'Life Insurance',
  plan_name: 'Jeevan Anand',
  policy_number: 'LIC/918273645',
  premium_amount: '2000.00',
  start_date: '2025-01-31',
  end_date: '2045-01-31',
  status: 'Active',
  secondary_client_id: null,
  holder_name: 'Priya Sharma',
  document_available: false,
  primary_client_id: '00000000-0000-4000-8000-000000000002',
  primary_client_name: 'Priya Sharma',
  client_code: 'DEMO-00001',
  nominee: null,
  subtype_fields: { plan_name: 'Jeevan Anand', mode: 'Monthly', term: 20, ppt: 20, sum_assured: '500000' },
  insured_members: [],
  document: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  added_by: null,
  changed_by: null,
  premium: makePremiumDues(),
});

const monthly = makePremiumDues({
  premium_mode: 'Monthly',
  instalments_per_year: 12,
  premium_term_years: 20,
  instalment_amount: '2000.00',
  annual_premium: '24000.00',
  next_due_date: '2026-01-31',
  state: 'grace',
  state_label: 'In grace period',
  grace_until: '2026-02-15',
});

const premiums = (payments: unknown[] = [], dues = monthly) =>
  PlanPremiumsResponseSchema.parse({ status: 'success', data: { plan_id: PLAN_ID, dues, payments } });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the Premium card', () => {
  it('shows the mode, the next due date and the state in words, and says when nothing is paid yet', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(premiums()));
    renderWithQuery(<PremiumCard plan={plan} />);
    expect(await screen.findByText('In grace period')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('₹24,000.00')).toBeInTheDocument();
    expect(screen.getByText(/pay it by 15 Feb 2026 to keep the cover/)).toBeInTheDocument();
    expect(screen.getByText('No premium has been marked paid yet.')).toBeInTheDocument();
  });

  it('offers Retry when the premiums cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'Down', detail: 'Down' }, { status: 500 }));
    fetchMock.mockResolvedValueOnce(Response.json(premiums()));
    renderWithQuery(<PremiumCard plan={plan} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('In grace period')).toBeInTheDocument();
  });

  it('marks three instalments paid across month ends, after checking the form, and shows the answer', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(premiums()));
    renderWithQuery(<PremiumCard plan={plan} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark premium paid' }));
    const dialog = await screen.findByRole('dialog');
    const count = within(dialog).getByLabelText('Instalments paid');
    await user.clear(count);
    await user.type(count, '3');
    expect(within(dialog).getByText('Pays 3 premiums due 31 Jan 2026 to 31 Mar 2026.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('6000.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(within(dialog).getByText('Receipt Number is required.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const paid = {
      id: '00000000-0000-4000-8000-000000000099',
      due_date: '2026-01-31',
      last_due_date: '2026-03-31',
      instalments: 3,
      paid_on: '2026-02-10',
      amount: '6000.00',
      receipt_number: 'LIC-77',
      receipt_attached: false,
      recorded_by: 'Rohan Mehta',
      recorded_at: '2026-02-10T10:00:00.000Z',
    };
    const after = makePremiumDues({
      ...monthly,
      next_due_date: '2026-04-30',
      state: 'due',
      state_label: 'Up to date',
      grace_until: null,
    });
    fetchMock.mockResolvedValueOnce(
      Response.json(
        MarkPremiumPaidResponseSchema.parse({
          ...premiums([paid], after),
          message: '3 instalments (31 Jan 2026 to 31 Mar 2026) marked paid.',
        }),
      ),
    );
    fetchMock.mockResolvedValue(Response.json(premiums([paid], after)));
    await user.type(within(dialog).getByLabelText('Receipt Number'), 'LIC-77');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = fetchMock.mock.calls[1]![1]!.body as FormData;
    expect(Object.fromEntries(form.entries())).toMatchObject({
      instalments: '3',
      amount: '6000.00',
      receipt_number: 'LIC-77',
    });
    expect(await screen.findByText('Up to date')).toBeInTheDocument();
    expect(screen.getAllByText('LIC-77').length).toBeGreaterThan(0);
  });

  it('pays up to a chosen due date, saying which dates it covers and the total (decision 041)', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(premiums()));
    renderWithQuery(<PremiumCard plan={plan} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark premium paid' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Up to a due date' }));
    const upTo = within(dialog).getByLabelText('Paid up to');
    await user.selectOptions(upTo, '2026-05-31');
    expect(
      within(dialog).getByText(/Covers 31 Jan 2026, 28 Feb 2026 … 31 May 2026\. Total:/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('5 × ₹2,000.00 = ₹10,000.00')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('10000.00');
    await user.selectOptions(upTo, '2026-02-28');
    expect(within(dialog).getByText(/Covers 31 Jan 2026, 28 Feb 2026\./)).toBeInTheDocument();
    expect(within(dialog).getByText('2 × ₹2,000.00 = ₹4,000.00')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(
      Response.json(
        MarkPremiumPaidResponseSchema.parse({
          ...premiums([]),
          message: '2 instalments (31 Jan 2026 to 28 Feb 2026) marked paid.',
        }),
      ),
    );
    fetchMock.mockResolvedValue(Response.json(premiums()));
    await user.type(within(dialog).getByLabelText('Receipt Number'), 'LIC-78');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = Object.fromEntries((fetchMock.mock.calls[1]![1]!.body as FormData).entries());
    expect(form).toMatchObject({ up_to: '2026-02-28', amount: '4000.00', receipt_number: 'LIC-78' });
    expect(form).not.toHaveProperty('instalments');
  });

  it("downloads a payment's receipt PDF where one was kept", async () => {
    const payment = (id: string, receipt: boolean) => ({
      id,
      due_date: '2025-12-31',
      last_due_date: '2025-12-31',
      instalments: 1,
      paid_on: '2025-12-30',
      amount: '2000.00',
      receipt_number: receipt ? 'LIC/R 1' : 'LIC-R-2',
      receipt_attached: receipt,
      recorded_by: null,
      recorded_at: '2025-12-30T10:00:00.000Z',
    });
    const withPdf = '00000000-0000-4000-8000-000000000091';
    fetchMock.mockResolvedValueOnce(
      Response.json(
        premiums([payment(withPdf, true), payment('00000000-0000-4000-8000-000000000092', false)]),
      ),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    renderWithQuery(<PremiumCard plan={plan} />);
    const user = userEvent.setup();
    const buttons = await screen.findAllByRole('button', { name: 'Download receipt LIC/R 1 (PDF)' });
    expect(screen.queryAllByRole('button', { name: /Download receipt LIC-R-2/ })).toEqual([]);
    fetchMock.mockResolvedValueOnce(new Response(new Blob(['%PDF-1.4']), { status: 200 }));
    await user.click(buttons[0]!);
    await waitFor(() => expect(saved).toEqual(['receipt-LIC_R_1.pdf']));
    expect(String(fetchMock.mock.calls[1]![0])).toContain(
      `/api/plans/${PLAN_ID}/premiums/${withPdf}/receipt`,
    );
  });
});
