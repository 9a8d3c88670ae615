import { ClientPlanItemSchema, type SecondaryClient, SecondaryClientSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { SecondaryDetailScreen } from './secondary-detail.tsx';

// The family member's page against a stubbed fetch whose answers pass the contract's schemas.

const PRIMARY_ID = '00000000-0000-4000-8000-000000000001';
const MEMBER_ID = '00000000-0000-4000-8000-000000000002';
const PLAN_ID = '00000000-0000-4000-8000-000000000003';
const DOC_ID = '00000000-0000-4000-8000-000000000004';

function member(): SecondaryClient {
  return SecondaryClientSchema.parse({
    secondary_client_id: MEMBER_ID,
    primary_client_id: PRIMARY_ID,
    primary_client_name: 'Meera Iyer',
    first_name: 'Kabir',
    last_name: 'Iyer',
    full_name: 'Kabir Iyer',
    relationship: 'Son',
    relation_type: 'Dependant',
    date_of_birth: '2012-03-04',
    gender: 'male',
    email: 'kabir@example.in',
    phone: null,
    alternate_phone: null,
    house_number: 'B-402',
    society: null,
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    height_cm: 142.5,
    weight_kg: 38,
    medical_conditions: 'Mild asthma',
    aadhaar_number: '••••9012',
    pan_number: '••••789K',
    cif_number: null,
    account_number: '••••1234',
    ifsc_code: 'HDFC0001234',
    documents: {
      aadhaar: {
        document_id: DOC_ID,
        mime_type: 'application/pdf',
        size_bytes: 2048,
        original_name: 'aadhaar.pdf',
        url: `/api/secondary-clients/${MEMBER_ID}/documents/aadhaar`,
      },
      pan: null,
      cheque: null,
      profile_image: null,
    },
    plans: [
      ClientPlanItemSchema.parse({
        plan_kind: 'insurance',
        plan_id: PLAN_ID,
        policy_id: PLAN_ID,
        provider_id: PRIMARY_ID,
        provider_name: 'Star Health',
        service_code: 'health',
        plan_name: 'Optima Secure',
        policy_number: 'SH-55501',
        premium_amount: '123456.50',
        start_date: '2024-04-01',
        end_date: '2025-03-31',
        status: 'Expired',
        secondary_client_id: MEMBER_ID,
        holder_name: 'Kabir Iyer',
        document_available: false,
      }),
    ],
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let calls: string[];
let missing = false;

beforeEach(() => {
  calls = [];
  missing = false;
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === `/api/secondary-clients/${MEMBER_ID}`) {
      return missing
        ? json(404, {
            message: 'No family member of your agency’s clients exists with this id.',
            detail: null,
          })
        : json(200, { status: 'success', data: member() });
    }
    if (method === 'DELETE' && url.pathname === `/api/secondary-clients/${MEMBER_ID}`) {
      return json(200, { status: 'success', message: 'Kabir Iyer removed.' });
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderDetail() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/secondary-client/:secondaryClientId', element: <SecondaryDetailScreen /> },
      { path: '/dashboard/users/:userId', element: <p>Client record</p> },
    ],
    { initialEntries: [`/dashboard/secondary-client/${MEMBER_ID}`] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('Secondary client detail', () => {
  it('shows every section with masked numbers, missing documents and the plans held', async () => {
    renderDetail();
    expect(screen.getByText('Loading client details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Kabir Iyer' })).toBeInTheDocument();

    const banking = screen.getByRole('region', { name: 'Banking & Identification' });
    expect(banking).toHaveTextContent('••••9012');
    expect(banking).toHaveTextContent('••••789K');
    expect(banking).toHaveTextContent('••••1234');
    expect(within(banking).getByText('CIF number').nextSibling).toHaveTextContent('—');

    expect(screen.getByRole('region', { name: 'Health Information' })).toHaveTextContent('142.5 cm');
    expect(screen.getByRole('region', { name: 'Contact & Address' })).toHaveTextContent(
      'B-402, Baner, Pune, Maharashtra, 411045',
    );
    expect(screen.getByRole('region', { name: 'Contact & Address' })).toHaveTextContent('04 Mar 2012');

    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getAllByText('Not available')).toHaveLength(3);
    expect(within(documents).getByRole('button', { name: 'Preview Aadhaar' })).toBeInTheDocument();
    expect(within(documents).getByRole('button', { name: 'Upload Cheque' })).toBeInTheDocument();

    const plan = within(screen.getByRole('region', { name: 'Plans (1)' })).getByRole('link', {
      name: /Optima Secure/,
    });
    expect(plan).toHaveAttribute('href', `/dashboard/plans/${PLAN_ID}`);
    expect(plan).toHaveTextContent('₹1,23,456.50');
    expect(plan).toHaveTextContent('Ended 31 Mar 2025');
    expect(plan).toHaveTextContent('Expired');
  });

  it('removes the member only after confirmation and returns to the client', async () => {
    const user = userEvent.setup();
    const router = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Kabir Iyer?' });
    expect(calls).not.toContain(`DELETE /api/secondary-clients/${MEMBER_ID}`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain(`DELETE /api/secondary-clients/${MEMBER_ID}`);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/users/${PRIMARY_ID}`));
    expect(calls).toContain(`DELETE /api/secondary-clients/${MEMBER_ID}`);
  });

  it('says so when the member does not exist', async () => {
    missing = true;
    renderDetail();
    expect(await screen.findByText('Failed to load client details')).toBeInTheDocument();
    expect(screen.getByText('This family member does not exist or has been removed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });
});
