import {
  PrimaryClientDetailResponseSchema,
  type SecondaryClient,
  SecondaryClientDetailResponseSchema,
  SecondaryClientSchema,
} from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { SecondaryAddScreen } from './secondary-add.tsx';
import { SecondaryDetailScreen } from './secondary-detail.tsx';

// Add Secondary Client against a stubbed fetch whose answers are built through the contract's schemas:
// the form's own checks name the field and send nothing; a failed document upload after the member was
// created lands the owner on the member's page, told which document to send again.

const PRIMARY_ID = '00000000-0000-4000-8000-000000000001';
const MEMBER_ID = '00000000-0000-4000-8000-000000000002';

const primaryDetail = PrimaryClientDetailResponseSchema.parse({
  status: 'success',
  data: {
    client: {
      primary_client_id: PRIMARY_ID,
      client_code: 'DEMO-00007',
      first_name: 'Meera',
      last_name: 'Iyer',
      full_name: 'Meera Iyer',
      date_of_birth: null,
      gender: null,
      nationality: 'Indian',
      occupation: null,
      email: 'meera@example.in',
      phone: '9876501234',
      alternate_phone: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
      house_number: null,
      society: null,
      locality: null,
      city: 'Pune',
      state: null,
      pincode: null,
      pan_number: '••••234F',
      aadhaar_number: null,
      portal_access: false,
      portal_email: null,
      must_change_password: false,
      avatar_url: null,
      assigned_agent: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    family_members: [],
    plans: { insurance: [], investment: [] },
    documents: [],
    added_by: null,
    changed_by: null,
    premium: makePremiumDues(),
  },
});

function member(overrides: Partial<SecondaryClient> = {}): SecondaryClient {
  return SecondaryClientSchema.parse({
    secondary_client_id: MEMBER_ID,
    primary_client_id: PRIMARY_ID,
    primary_client_name: 'Meera Iyer',
    first_name: 'Kabir',
    last_name: 'Iyer',
    full_name: 'Kabir Iyer',
    relationship: 'Son',
    relation_type: null,
    date_of_birth: null,
    gender: null,
    email: null,
    phone: null,
    alternate_phone: null,
    house_number: null,
    society: null,
    locality: null,
    city: null,
    state: null,
    pincode: null,
    height_cm: null,
    weight_kg: null,
    medical_conditions: null,
    aadhaar_number: null,
    pan_number: '••••789K',
    cif_number: null,
    account_number: null,
    ifsc_code: null,
    documents: { aadhaar: null, pan: null, cheque: null, profile_image: null },
    plans: [],
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    ...overrides,
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let calls: string[];

beforeEach(() => {
  calls = [];
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === `/api/users/primary-clients/${PRIMARY_ID}`) {
      return json(200, primaryDetail);
    }
    if (method === 'POST' && url.pathname === '/api/secondary-clients') {
      const body = JSON.parse(String(init?.body));
      expect(body).toMatchObject({
        primary_client_id: PRIMARY_ID,
        first_name: 'Kabir',
        pan_number: 'pqrsx6789k',
      });
      return json(201, SecondaryClientDetailResponseSchema.parse({ status: 'success', data: member() }));
    }
    if (method === 'POST' && url.pathname === `/api/secondary-clients/${MEMBER_ID}/documents/aadhaar`) {
      return json(400, { message: 'The Aadhaar Document could not be read.', detail: null });
    }
    if (method === 'POST' && url.pathname === `/api/secondary-clients/${MEMBER_ID}/documents/pan`) {
      const pan = {
        document_id: MEMBER_ID,
        mime_type: 'image/png',
        size_bytes: 70,
        original_name: 'pan.png',
        url: 'x',
      };
      return json(200, {
        status: 'success',
        data: member({ documents: { aadhaar: null, pan, cheque: null, profile_image: null } }),
      });
    }
    if (method === 'GET' && url.pathname === `/api/secondary-clients/${MEMBER_ID}`) {
      return json(200, { status: 'success', data: member() });
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/secondary', element: <SecondaryAddScreen /> },
      { path: '/dashboard/secondary-client/:secondaryClientId', element: <SecondaryDetailScreen /> },
    ],
    { initialEntries: [path] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('Add Secondary Client', () => {
  it('fills the address from the primary client with "Same address as …", and clears it again (issue 24 item 10)', async () => {
    const user = userEvent.setup();
    renderAt(`/dashboard/secondary?primary=${PRIMARY_ID}`);
    const same = await screen.findByRole('checkbox', { name: /^Same address as / });
    expect(screen.getByLabelText(/^City/)).toHaveValue('');
    await user.click(same);
    expect(screen.getByLabelText(/^City/)).toHaveValue('Pune');
    expect(same).toBeChecked();
    await user.click(same);
    expect(screen.getByLabelText(/^City/)).toHaveValue('');
  });

  it('names every field it refuses and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/secondary');
    await user.type(screen.getByLabelText(/IFSC Code/), 'HDFC123');
    await user.type(screen.getByLabelText(/Aadhaar Number/), '123412341234');
    await user.type(screen.getByLabelText(/Height \(cm\)/), '900');
    await user.type(screen.getByLabelText(/^Date Of Birth/), '31/02/2020');
    await user.click(screen.getByRole('button', { name: 'Add Family Member' }));

    expect(
      await screen.findByText('Primary Client is required: choose whose family this member belongs to.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAccessibleDescription('First Name is required.');
    expect(screen.getByLabelText('Relationship')).toHaveAccessibleDescription('Relationship is required.');
    expect(screen.getByLabelText(/IFSC Code/)).toHaveAccessibleDescription(
      'IFSC Code must be 4 letters, a 0 and 6 letters or digits, for example HDFC0001234.',
    );
    expect(screen.getByLabelText(/Aadhaar Number/)).toHaveAccessibleDescription(
      'Aadhaar Number must be a valid 12-digit Aadhaar number.',
    );
    expect(screen.getByLabelText(/Height \(cm\)/)).toHaveAccessibleDescription(
      'Height must be a number of centimetres from 30 to 250.',
    );
    expect(screen.getByLabelText(/^Date Of Birth/)).toHaveAccessibleDescription(
      'Date Of Birth must be a real date: February 2020 has 29 days.',
    );
    expect(calls).toEqual([]);
  });

  it('refuses a document that is not what it claims before anything is sent', async () => {
    const user = userEvent.setup();
    renderAt('/dashboard/secondary');
    const html = new File(['<html><body>not a scan</body></html>'], 'cheque.pdf', {
      type: 'application/pdf',
    });
    await user.upload(screen.getByLabelText(/Cheque document/), html);
    expect(
      await screen.findByText('Cheque document must be a PDF, JPEG, PNG or WebP file; “cheque.pdf” is not.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('creates the member for the client it was opened for, then tells which upload failed on their page', async () => {
    const user = userEvent.setup();
    const router = renderAt(`/dashboard/secondary?primary=${PRIMARY_ID}`);
    expect(await screen.findByText('Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText(/DEMO-00007/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('First Name'), 'Kabir');
    await user.type(screen.getByLabelText(/Last Name/), 'Iyer');
    await user.type(screen.getByLabelText('Relationship'), 'Son');
    await user.type(screen.getByLabelText(/PAN Number/), 'pqrsx6789k');
    await user.upload(
      screen.getByLabelText(/Aadhaar document/),
      new File([PNG], 'aadhaar.png', { type: 'image/png' }),
    );
    await user.upload(
      screen.getByLabelText(/PAN document/),
      new File([PNG], 'pan.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Family Member' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/secondary-client/${MEMBER_ID}`),
    );
    const heading = await screen.findByText(/Kabir Iyer was added, but one document was not saved/);
    const alert = heading.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Aadhaar: The Aadhaar Document could not be read.');
    expect(alert).not.toHaveTextContent('PAN:');
    expect(calls).toEqual([
      `GET /api/users/primary-clients/${PRIMARY_ID}`,
      'POST /api/secondary-clients',
      `POST /api/secondary-clients/${MEMBER_ID}/documents/aadhaar`,
      `POST /api/secondary-clients/${MEMBER_ID}/documents/pan`,
      `GET /api/secondary-clients/${MEMBER_ID}`,
    ]);
  });
});
