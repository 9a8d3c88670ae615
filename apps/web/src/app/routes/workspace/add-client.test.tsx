import {
  ErrorResponseSchema,
  PLAN_SERVICE_CODES,
  PrimaryClientResponseSchema,
  ProviderListResponseSchema,
  ProviderSchema,
  ServiceListResponseSchema,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { Toasts } from '../../toasts.tsx';
import { AddClientScreen } from './add-client.tsx';

// Add Primary Client against a stubbed fetch whose answers are built through the contract's schemas: one
// multipart request with the payload and the plan's PDF; the API's field error lands on its plan.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const INSURANCE = ['life', 'health', 'motor', 'travel', 'home'];
const services = PLAN_SERVICE_CODES.map((code, i) => ({
  service_id: uuid(100 + i),
  code,
  name: code === 'life' ? 'Life Insurance' : code,
  category: INSURANCE.includes(code) ? ('insurance' as const) : ('investment' as const),
}));
const LIC = ProviderSchema.parse({
  provider_id: uuid(1),
  category: 'insurance',
  service_id: uuid(100),
  service_code: 'life',
  service_name: 'Life Insurance',
  provider_name: 'LIC of India',
  agency_code: 'AG-1',
  startdate: null,
  agent_name: null,
  email: null,
  mobile_number: null,
  bank_details: { bank_name: null, account_number: null },
  investment_type: null,
  agency_type: null,
  arn_number: null,
  arn_expiry: null,
  euin_number: null,
  arn_expiry_warning: false,
  logo_url: null,
  plans_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});
const CLIENT_ID = uuid(777);
const created = PrimaryClientResponseSchema.parse({
  status: 'success',
  message: 'Meera Iyer added as DEMO-00042.',
  data: {
    primary_client_id: CLIENT_ID,
    client_code: 'DEMO-00042',
    first_name: 'Meera',
    last_name: 'Iyer',
    full_name: 'Meera Iyer',
    date_of_birth: null,
    gender: null,
    nationality: 'Indian',
    occupation: null,
    email: null,
    phone: null,
    alternate_phone: null,
    emergency_contact_name: null,
    emergency_contact_phone: null,
    house_number: null,
    society: null,
    locality: null,
    city: null,
    state: null,
    pincode: null,
    pan_number: '••••234F',
    aadhaar_number: null,
    portal_access: false,
    portal_email: null,
    must_change_password: false,
    avatar_url: null,
    assigned_agent: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let createAnswers: Array<() => Response>;
let sentForms: FormData[];

beforeEach(() => {
  sentForms = [];
  createAnswers = [];
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/services/insurances' || url.pathname === '/api/services/investments') {
      const category = url.pathname.endsWith('insurances') ? 'insurance' : 'investment';
      return json(
        200,
        ServiceListResponseSchema.parse({
          status: 'success',
          data: services.filter((s) => s.category === category),
        }),
      );
    }
    if (url.pathname.startsWith('/api/agencies/providers/by-service/')) {
      const life = url.pathname.endsWith(uuid(100));
      return json(200, ProviderListResponseSchema.parse({ status: 'success', data: life ? [LIC] : [] }));
    }
    if (method === 'POST' && url.pathname === '/api/users/primary-clients') {
      sentForms.push(init?.body as FormData);
      const next = createAnswers.shift();
      if (!next) throw new Error('no answer left for the create call');
      return next();
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/users/add', element: <AddClientScreen /> },
      { path: '/dashboard/users/:id', element: <p>Client record</p> },
    ],
    { initialEntries: ['/dashboard/users/add'] },
  );
  renderWithQuery(
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>,
  );
  return router;
}

async function fillToPlans(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First Name'), 'Meera');
  await user.type(screen.getByLabelText(/^Last Name/), 'Iyer');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(screen.getByLabelText(/^PAN Number/), 'ABCDE1234F');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Life Insurance' }));
}

describe('Add Primary Client', () => {
  it('sends one multipart request with the PDF, shows the API’s plan error on its plan, then opens the new record', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    await fillToPlans(user);
    const plan = screen.getByRole('article', { name: 'Life Insurance plan 1' });
    await waitFor(() => expect(within(plan).getByLabelText('Insurance Company')).toBeEnabled());
    await user.selectOptions(within(plan).getByLabelText('Insurance Company'), 'LIC of India');
    await user.type(within(plan).getByLabelText('Policy Number'), 'LIC-1');
    await user.type(within(plan).getByLabelText('Premium Amount'), '24500');
    await user.type(within(plan).getByLabelText('Start Date'), '01/04/2025');
    await user.type(within(plan).getByLabelText('End Date'), '31/03/2045');
    await user.type(within(plan).getByLabelText('Plan Name'), 'Jeevan Labh');
    await user.type(within(plan).getByLabelText('Sum Assured'), '1500000');
    await user.selectOptions(within(plan).getByLabelText('Mode'), 'Yearly');
    await user.type(within(plan).getByLabelText('Term'), '20');
    await user.type(within(plan).getByLabelText('PPT'), '16');
    const pdf = new File([`%PDF-1.4 ${'x'.repeat(300)}`], 'policy.pdf', { type: 'application/pdf' });
    await user.upload(within(plan).getByLabelText(/Plan Document/), pdf);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('region', { name: 'Review and add' })).toHaveTextContent('₹24,500.00');

    const message = 'Provider Id does not name a provider company of your agency.';
    createAnswers.push(() =>
      json(
        400,
        ErrorResponseSchema.parse({ message, detail: message, fields: { 'plans.0.provider_id': message } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    const again = await screen.findByRole('article', { name: 'Life Insurance plan 1' });
    expect(within(again).getByText(message)).toBeInTheDocument();
    expect(within(again).getByText('1 field needs attention.')).toBeInTheDocument();

    const form = sentForms[0]!;
    const payload = JSON.parse(String(form.get('payload')));
    expect(payload).toMatchObject({
      first_name: 'Meera',
      pan_number: 'ABCDE1234F',
      portal_access: { enabled: false, initial_password: null },
      plans: [
        {
          provider_id: uuid(1),
          service_code: 'life',
          premium_amount: '24500',
          start_date: '2025-04-01',
          end_date: '2045-03-31',
          file_index: 0,
        },
      ],
    });
    expect((form.getAll('planFiles') as File[]).map((f) => f.name)).toEqual(['policy.pdf']);
    expect(form.get('avatar')).toBeNull();

    createAnswers.push(() => json(201, created));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Add Client' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/users/${CLIENT_ID}`));
    expect(await screen.findByText('Meera Iyer added as DEMO-00042.')).toBeInTheDocument();
  });

  it('moves on from a step only when its fields are valid, naming each problem', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 5 · Personal details')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First Name'), 'Meera');
    expect(screen.queryByText('First Name is required.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/^Pincode/), '0123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Pincode must be 6 digits and not start with 0.')).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 5 · Contact and address')).toBeInTheDocument();
  });
});
