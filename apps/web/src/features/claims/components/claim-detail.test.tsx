import { ClaimDetailResponseSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClaimDetail } from './claim-detail.tsx';

// A claim's detail and "Move claim" (issue 28) against stubbed calls built through the contract's schemas.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const detail = (overrides: object = {}) =>
  ClaimDetailResponseSchema.parse({
    status: 'success',
    data: {
      id: uuid(1),
      plan_id: uuid(101),
      plan_number: 'P/1',
      service_code: 'health',
      provider_name: 'Star Health',
      primary_client_id: uuid(200),
      client_name: 'Meera Iyer',
      secondary_client_id: null,
      kind: 'health_reimbursement',
      kind_label: 'Health: reimbursement',
      status: 'submitted',
      status_label: 'Submitted',
      intimated_on: '2026-01-05',
      age_days: 12,
      status_on: '2026-01-07',
      days_in_status: 3,
      insurer_claim_number: 'STAR-CLM-9001',
      claimed_amount: '120000.00',
      approved_amount: null,
      settled_amount: null,
      deducted_amount: null,
      deductions: [],
      rejection_reason: null,
      details: { hospital: 'Ruby Hall Clinic', admission_date: '2026-01-02' },
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-01-07T09:00:00.000Z',
      events: [
        {
          id: uuid(11),
          from_status: null,
          to_status: 'intimated',
          on: '2026-01-05',
          note: 'Called from the hospital desk',
          by: 'Asha Owner',
          at: '2026-01-05T09:00:00.000Z',
        },
        {
          id: uuid(12),
          from_status: 'intimated',
          to_status: 'submitted',
          on: '2026-01-07',
          note: null,
          by: 'Asha Owner',
          at: '2026-01-07T09:00:00.000Z',
        },
      ],
      next_statuses: ['query_raised', 'approved', 'partly_approved', 'rejected', 'withdrawn', 'closed'],
      ...overrides,
    },
  });

const checklist = (received: Record<string, { on: string; file?: string }> = {}) => ({
  status: 'success',
  data: {
    documents: [
      ['claim_form', 'Claim form'],
      ['discharge_summary', 'Discharge summary'],
      ['final_bill', 'Final hospital bill'],
    ].map(([item, label]) => ({
      item,
      label,
      received_on: received[item as string]?.on ?? null,
      file: received[item as string]?.file
        ? { name: received[item as string]!.file, mime: 'application/pdf', size: 2048 }
        : null,
    })),
  },
});

let fetchMock: Mock<typeof fetch>;
let answer: () => Response;
let documentsAnswer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = () => json({ status: 'error', message: 'unexpected' }, 500);
  documentsAnswer = () => json({ status: 'error', message: 'unexpected' }, 500);
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === `/api/claims/${uuid(1)}` && (!init?.method || init.method === 'GET')) {
      return json(detail());
    }
    if (url.pathname === `/api/claims/${uuid(1)}/status` && init?.method === 'POST') return answer();
    if (url.pathname === `/api/claims/${uuid(1)}/documents`) {
      return json(checklist({ claim_form: { on: '2026-01-06' } }));
    }
    if (url.pathname.startsWith(`/api/claims/${uuid(1)}/documents/`)) return documentsAnswer();
    throw new Error(`unexpected call ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  const router = createMemoryRouter(
    [{ path: '/dashboard/claims/:id', element: <ClaimDetail claimId={uuid(1)} /> }],
    { initialEntries: [`/dashboard/claims/${uuid(1)}`] },
  );
  renderWithQuery(<RouterProvider router={router} />);
}

const sent = () => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
  return JSON.parse(String(call?.[1]?.body));
};

describe('the claim detail', () => {
  it('shows the policy, client, fields, amounts and timeline', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Health: reimbursement' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meera Iyer' })).toHaveAttribute(
      'href',
      `/dashboard/users/${uuid(200)}`,
    );
    expect(screen.getByRole('link', { name: 'Policy P/1' })).toHaveAttribute(
      'href',
      `/dashboard/plans/${uuid(101)}`,
    );
    expect(screen.getByText('Ruby Hall Clinic')).toBeInTheDocument();
    expect(screen.getByText('₹1,20,000.00')).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    expect(timeline).toHaveTextContent('Called from the hospital desk');
  });

  it('offers only the next statuses and shows the API’s field error', async () => {
    answer = () =>
      json(
        {
          status: 'error',
          message: 'Approved Amount (₹2,00,000.00) cannot be more than the Claimed Amount (₹1,20,000.00).',
          fields: {
            approved_amount:
              'Approved Amount (₹2,00,000.00) cannot be more than the Claimed Amount (₹1,20,000.00).',
          },
        },
        400,
      );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Move claim/ }));
    const to = await screen.findByRole('combobox', { name: /Move To/ });
    const offered = within(to)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual([
      'Choose the next status',
      'Query raised',
      'Approved',
      'Partly approved',
      'Rejected',
      'Withdrawn',
      'Closed',
    ]);
    await user.selectOptions(to, 'approved');
    await user.click(screen.getByRole('button', { name: 'Move to approved' }));
    expect(await screen.findByText('Approved Amount is required to approve a claim.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Approved Amount/ }), '200000');
    await user.click(screen.getByRole('button', { name: 'Move to approved' }));
    expect(await screen.findByText(/cannot be more than the Claimed Amount/)).toBeInTheDocument();
    expect(sent()).toMatchObject({ to: 'approved', approved_amount: '200000' });
  });

  it('asks before rejecting, and sends the reason', async () => {
    answer = () => json(detail({ status: 'rejected', status_label: 'Rejected', next_statuses: ['closed'] }));
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /Move claim/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: /Move To/ }), 'rejected');
    await user.type(screen.getByRole('textbox', { name: /Rejection Reason/ }), 'Pre-existing illness');
    await user.click(screen.getByRole('button', { name: 'Move to rejected' }));
    expect(await screen.findByText(/a rejected claim can only be closed/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    const buttons = screen.getAllByRole('button', { name: 'Move to rejected' });
    await user.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(sent()).toMatchObject({ to: 'rejected', rejection_reason: 'Pre-existing illness' }),
    );
  });

  it('shows the checklist, uploads a file to its item and asks before marking one pending', async () => {
    const user = userEvent.setup();
    documentsAnswer = () =>
      json({
        ...checklist({
          claim_form: { on: '2026-01-06' },
          final_bill: { on: '2026-01-08', file: 'bill.pdf' },
        }),
        message: 'Final hospital bill uploaded.',
      });
    renderDetail();
    const card = await screen.findByRole('region', { name: 'Documents' });
    expect(await within(card).findByText('1 of 3 received')).toBeInTheDocument();
    expect(card).toHaveTextContent('Received 06 Jan 2026 · paper copy');

    const file = new File([new Uint8Array(2048).fill(37)], 'bill.pdf', { type: 'application/pdf' });
    await user.upload(within(card).getByLabelText('File for Final hospital bill'), file);
    expect(await within(card).findByText('2 of 3 received')).toBeInTheDocument();
    const upload = fetchMock.mock.calls.find(([input]) => String(input).includes('/documents/final_bill'));
    expect(upload?.[1]?.method).toBe('POST');
    expect((upload![1]!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(card).toHaveTextContent('bill.pdf');

    documentsAnswer = () => json({ ...checklist(), message: 'Claim form marked pending.' });
    await user.click(within(card).getByRole('button', { name: 'Mark Claim form pending' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark claim form pending?' });
    await user.click(within(confirm).getByRole('button', { name: 'Mark pending' }));
    expect(await within(card).findByText('0 of 3 received')).toBeInTheDocument();
    const cleared = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(cleared?.[0])).toContain('/documents/claim_form');
  });

  it('refuses a file of another type before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderDetail();
    const card = await screen.findByRole('region', { name: 'Documents' });
    await within(card).findByText('1 of 3 received');
    const zip = new File([new Uint8Array(500)], 'bills.zip', { type: 'application/zip' });
    await user.upload(within(card).getByLabelText('File for Discharge summary'), zip);
    expect(
      await within(card).findByText('Discharge summary must be a PDF, PNG, JPEG or WebP file.'),
    ).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).includes('/documents/discharge_summary')),
    ).toBe(false);
  });
});
