import {
  MSG,
  type WorkspacePlanDetail,
  WorkspacePlanDetailSchema,
  WorkspacePlanUpdateResponseSchema,
} from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { DocumentCard } from './document-card.tsx';

// The plan's document card against a stubbed fetch whose answers are built through the contract's schemas.

const PLAN_ID = '00000000-0000-4000-8000-000000000007';
const DOC = { document_id: '00000000-0000-4000-8000-000000000070', mime_type: 'application/pdf' };

function plan(document: WorkspacePlanDetail['document']): WorkspacePlanDetail {
  return WorkspacePlanDetailSchema.parse({
    plan_kind: 'insurance',
    plan_id: PLAN_ID,
    policy_id: PLAN_ID,
    provider_id: '00000000-0000-4000-8000-000000000001',
    provider_name: 'LIC of India',
    service_code: 'life',
    service_name: 'Life Insurance',
    plan_name: 'Jeevan Anand',
    policy_number: 'LIC/918273645',
    premium_amount: '24500.00',
    start_date: '2019-03-15',
    end_date: '2039-03-15',
    status: 'Active',
    secondary_client_id: null,
    holder_name: 'Priya Sharma',
    document_available: document !== null,
    primary_client_id: '00000000-0000-4000-8000-000000000002',
    primary_client_name: 'Priya Sharma',
    client_code: 'DEMO-00001',
    nominee: null,
    subtype_fields: {},
    insured_members: [],
    document,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    added_by: null,
    changed_by: null,
    premium: makePremiumDues(),
  });
}

const pdfFile = (name: string, size = 2048) =>
  new File([`%PDF-1.4\n${'x'.repeat(size)}`], name, { type: 'application/pdf' });

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the plan document card', () => {
  it('offers an upload when there is no PDF and refuses a file that is not one, sending nothing', async () => {
    renderWithQuery(<DocumentCard plan={plan(null)} onChanged={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'View' })).toBeNull();
    expect(screen.getByText(/No document yet/)).toBeInTheDocument();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Upload the plan document'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Plan File must be a PDF file.');
    await user.upload(screen.getByLabelText('Upload the plan document'), pdfFile('tiny.pdf', 10));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Plan File is empty or damaged: choose the PDF again.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('replaces a stored PDF only after confirming, and hands back the plan as the API answers it', async () => {
    const onChanged = vi.fn();
    const stored = { ...DOC, size_bytes: 4096, original_name: 'schedule.pdf' };
    renderWithQuery(<DocumentCard plan={plan(stored)} onChanged={onChanged} />);
    expect(screen.getByText('schedule.pdf')).toBeInTheDocument();
    expect(screen.getByText('PDF · 4 KB · saved as LIC-918273645.pdf')).toBeInTheDocument();
    const answer = WorkspacePlanUpdateResponseSchema.parse({
      status: 'success',
      message: 'Plan document replaced.',
      data: plan({
        ...DOC,
        document_id: '00000000-0000-4000-8000-000000000071',
        size_bytes: 2058,
        original_name: 'renewal.pdf',
      }),
    });
    fetchMock.mockResolvedValueOnce(Response.json(answer));
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Replace the plan document'), pdfFile('renewal.pdf'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/renewal\.pdf takes the place of schedule\.pdf/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(answer.data));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`/api/client-plans/${PLAN_ID}/document`);
    expect(init?.method).toBe('POST');
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('shows the API’s reason when the PDF is refused', async () => {
    renderWithQuery(<DocumentCard plan={plan(null)} onChanged={vi.fn()} />);
    const message = 'Plan File must be a PDF file.';
    fetchMock.mockResolvedValueOnce(
      Response.json({ message, detail: message, fields: { file: message } }, { status: 400 }),
    );
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Upload the plan document'), pdfFile('fake.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('opens the viewer, which says why a missing file cannot be shown', async () => {
    const stored = { ...DOC, size_bytes: 40, original_name: 'tiny.pdf' };
    renderWithQuery(<DocumentCard plan={plan(stored)} onChanged={vi.fn()} />);
    fetchMock.mockResolvedValueOnce(
      Response.json({ message: MSG.documentMissing, detail: MSG.documentMissing }, { status: 404 }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View' }));
    const viewer = await screen.findByRole('dialog');
    expect(await within(viewer).findByRole('heading', { name: 'Cannot Load Document' })).toBeInTheDocument();
    expect(within(viewer).getByRole('alert')).toHaveTextContent(MSG.documentMissing);
    expect(within(viewer).getByRole('button', { name: 'Download Instead' })).toBeInTheDocument();
  });
});
