import { SecondaryClientDocumentsSchema, SecondaryClientResponseSchema } from '@portal/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previewKind } from '../../../components/documents/document-preview.tsx';
import { stubApi } from '../../../features/client-portal/components/fixtures.test-kit.ts';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { ClientSecondaryClientScreen } from './secondary-client-detail.tsx';

const ID = '00000000-0000-4000-8000-000000000201';
const PLAN = '00000000-0000-4000-8000-000000000301';

const detail = SecondaryClientResponseSchema.parse({
  secondary_client: {
    secondaryclientid: ID,
    firstname: 'Anaya',
    lastname: 'Sharma',
    secondaryclientemail: 'anaya@example.in',
    relationship: 'Daughter',
    phonenumber: null,
    email: 'anaya@example.in',
    alternatephonenumber: null,
    relation_type: null,
    date_of_birth: '2012-08-19',
    gender: 'female',
    housenumber: null,
    society: null,
    locality: 'Hill Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400050',
    height: 148,
    weight: 38,
    anymedicalcondition: null,
    aadharnumber: '••••2346',
    pannumber: '••••678K',
    cifnumber: null,
    accountnumber: null,
    ifsccode: null,
  },
  plans: [
    {
      plan_id: PLAN,
      plan_type: 'insurance',
      plan_name: 'E2E Health Shield',
      service_category: 'insurance',
      service_code: 'health',
      provider_name: 'Star Health',
      policy_number: 'SH-1',
      status: 'Active',
      role: 'holder',
    },
  ],
});

// A 1×1 PNG (base64).
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const documents = SecondaryClientDocumentsSchema.parse({
  aadhaar: {
    mime: 'image/png',
    size: 68,
    url: `/api/agency-user/secondary-client/${ID}/documents/aadhaar`,
  },
  pan: null,
  cheque: null,
  profile_image: null,
});
const pngFile = Uint8Array.from(atob(PNG), (c) => c.charCodeAt(0));

function renderDetail() {
  const router = createMemoryRouter(
    [
      {
        path: '/agency-client/dashboard/secondary-clients/:secondaryClientId',
        element: <ClientSecondaryClientScreen />,
      },
    ],
    { initialEntries: [`/agency-client/dashboard/secondary-clients/${ID}`] },
  );
  renderWithQuery(<RouterProvider router={router} />);
}

describe('Secondary client detail (spec §2, §5)', () => {
  beforeEach(() => {
    localStorage.setItem('token', tokenFor(['AC']));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:doc', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the sections with masked numbers, documents and plans linking to their detail', async () => {
    const calls = stubApi([
      [/documents\/aadhaar$/, { bytes: pngFile, type: 'image/png' }],
      [/documents$/, { body: documents }],
      [/secondary-client\/[^/]+$/, { body: detail }],
    ]);
    renderDetail();
    expect(screen.getByText('Loading client details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Anaya Sharma' })).toBeInTheDocument();
    const identity = screen.getByRole('region', { name: 'Banking & Identification' });
    expect(within(identity).getByText('••••678K')).toBeInTheDocument();
    expect(within(identity).getByText('••••2346')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Health Information' })).getByText('148 cm'),
    ).toBeInTheDocument();
    const docs = screen.getByRole('region', { name: 'Documents' });
    expect(await within(docs).findAllByText('Not available')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /E2E Health Shield/ })).toHaveAttribute(
      'href',
      `/agency-client/dashboard/plans/${PLAN}`,
    );
    // The list names the documents; a document's bytes are downloaded only when its preview opens.
    expect(calls.some((url) => url.endsWith('/documents/aadhaar'))).toBe(false);
    fireEvent.click(within(docs).getByRole('button', { name: 'Preview Aadhaar' }));
    expect(await screen.findByRole('img', { name: 'Aadhaar · Anaya Sharma preview' })).toHaveAttribute(
      'src',
      'blob:doc',
    );
    expect(calls.filter((url) => url.endsWith('/documents/aadhaar'))).toHaveLength(1);
  });

  it('shows the error banner with Go Back for a member who is not theirs', async () => {
    stubApi([
      [
        /secondary-client\/[^/]+$/,
        { status: 404, body: { message: 'Family member not found.', detail: null } },
      ],
    ]);
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Family member not found.');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('previews PDFs and images only', () => {
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(previewKind('image/webp')).toBe('image');
    expect(previewKind('application/zip')).toBe('unsupported');
  });
});
