import {
  AddPlansResponseSchema,
  ErrorResponseSchema,
  PLAN_SERVICE_CODES,
  PrimaryClientDetailResponseSchema,
  PrimaryClientListResponseSchema,
  ProviderListResponseSchema,
  ProviderResponseSchema,
  ProviderSchema,
  ServiceListResponseSchema,
} from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { Toasts } from '../../toasts.tsx';
import { AddPlansScreen } from './add-plans.tsx';
import { InsuranceCompanyScreen } from './providers.tsx';

// Add More Plans against a stubbed fetch whose answers are built through the contract's schemas: the
// client is found by the server's search, a family member chosen, and one multipart request sent.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const INSURANCE = ['life', 'health', 'motor', 'travel', 'home'];
const services = PLAN_SERVICE_CODES.map((code, i) => ({
  service_id: uuid(100 + i),
  code,
  name: { nps: 'National Pension System' }[code as string] ?? code,
  category: INSURANCE.includes(code) ? ('insurance' as const) : ('investment' as const),
}));
const CLIENT_ID = uuid(501);
const MEMBER_ID = uuid(502);
const SBI = ProviderSchema.parse({
  provider_id: uuid(7),
  category: 'investment',
  service_id: uuid(106),
  service_code: 'nps',
  service_name: 'National Pension System',
  provider_name: 'SBI Pension Funds',
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
const list = PrimaryClientListResponseSchema.parse({
  items: [
    {
      primary_client_id: CLIENT_ID,
      client_code: 'DEMO-00007',
      full_name: 'Rajesh Iyer',
      email: 'rajesh@example.in',
      phone: null,
      family_count: 1,
      assigned_agent: null,
      plan_count: 2,
      portal_access: false,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  pagination: { total: 1, limit: 10, offset: 0, next_cursor: null, prev_cursor: null },
});
const detail = PrimaryClientDetailResponseSchema.parse({
  status: 'success',
  data: {
    client: {
      primary_client_id: CLIENT_ID,
      client_code: 'DEMO-00007',
      first_name: 'Rajesh',
      last_name: 'Iyer',
      full_name: 'Rajesh Iyer',
      date_of_birth: null,
      gender: null,
      nationality: null,
      occupation: null,
      email: 'rajesh@example.in',
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
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
    family_members: [
      {
        secondary_client_id: MEMBER_ID,
        full_name: 'Kavya Iyer',
        relationship: 'Daughter',
        email: null,
        phone: null,
        date_of_birth: null,
      },
    ],
    plans: { insurance: [], investment: [] },
    documents: [],
    added_by: null,
    changed_by: null,
    premium: makePremiumDues(),
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let addAnswers: Array<() => Response>;
let sent: FormData[];
let searches: string[];
/** The agency's companies on the server; a created one is added here. */
let agencyProviders: Array<typeof SBI>;

beforeEach(() => {
  // A signed-in owner: the form's leave guard holds only while there is a session.
  localStorage.setItem('token', 'owner-token');
  agencyProviders = [SBI];
  sent = [];
  searches = [];
  addAnswers = [];
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
      const serviceId = url.pathname.split('/').pop();
      const data = agencyProviders.filter((p) => p.service_id === serviceId);
      return json(200, ProviderListResponseSchema.parse({ status: 'success', data }));
    }
    if (method === 'GET' && url.pathname === '/api/plans/providers') {
      const category = url.searchParams.get('category');
      const data = agencyProviders.filter((p) => p.category === category);
      return json(200, ProviderListResponseSchema.parse({ status: 'success', data }));
    }
    if (method === 'POST' && url.pathname === '/api/plans/insurance') {
      const payload = JSON.parse(String((init!.body as FormData).get('payload')));
      const service = services.find((s) => s.service_id === payload.service_id)!;
      const created = ProviderSchema.parse({
        ...SBI,
        provider_id: uuid(8),
        category: 'insurance',
        service_id: service.service_id,
        service_code: service.code,
        service_name: service.name,
        provider_name: payload.provider_name,
        agency_code: payload.agency_code,
      });
      agencyProviders.push(created);
      return json(
        201,
        ProviderResponseSchema.parse({ status: 'success', message: 'Provider created.', data: created }),
      );
    }
    if (url.pathname === '/api/users/primary-clients') {
      searches.push(url.searchParams.get('search') ?? '');
      return json(200, list);
    }
    if (url.pathname === `/api/users/primary-clients/${CLIENT_ID}`) return json(200, detail);
    if (method === 'POST' && url.pathname === '/api/agencies/add-plans-to-existing') {
      sent.push(init?.body as FormData);
      return addAnswers.shift()!();
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderScreen(entry = '/dashboard/addPlans') {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/addPlans', element: <AddPlansScreen /> },
      { path: '/dashboard/users/:id', element: <p>Client record</p> },
      { path: '/dashboard/insurance', element: <InsuranceCompanyScreen /> },
    ],
    { initialEntries: [entry] },
  );
  renderWithQuery(
    <>
      <RouterProvider router={router} />
      <Toasts />
    </>,
  );
  return router;
}

describe('Add More Plans', () => {
  it('asks for the client first, searching on the server', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Save Plan' }));
    expect(screen.getByText('Primary Client is required: choose whose plans these are.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find the client' }), 'Iyer');
    await waitFor(() => expect(searches).toContain('Iyer'));
    expect(
      within(screen.getByRole('list', { name: 'Matching clients' })).getByText('Rajesh Iyer'),
    ).toBeVisible();
  });

  it('keeps a plan typed before the client is chosen, without asking to discard it', async () => {
    const user = userEvent.setup();
    renderScreen();
    const plan = await screen.findByRole('article', { name: 'Plan 1' });
    await user.type(within(plan).getByLabelText('Policy Number'), 'LIC-9');
    await user.click(await screen.findByRole('button', { name: /Rajesh Iyer/ }));
    expect(await screen.findByRole('radio', { name: /Kavya Iyer/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Plan 1' })).getByLabelText('Policy Number'),
    ).toHaveValue('LIC-9');
  });

  it('asks before leaving typed plans, and lets a sign-out through', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    const plan = await screen.findByRole('article', { name: 'Plan 1' });
    await user.type(within(plan).getByLabelText('Policy Number'), 'LIC-9');
    await act(() => router.navigate('/dashboard/users/elsewhere'));
    const dialog = await screen.findByRole('dialog', { name: 'Discard these plans?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/dashboard/addPlans');
    expect(within(plan).getByLabelText('Policy Number')).toHaveValue('LIC-9');

    localStorage.removeItem('token');
    await act(() => router.navigate('/dashboard/users/elsewhere'));
    expect(router.state.location.pathname).toBe('/dashboard/users/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds an NPS plan for a family member in one request, then opens the client’s record', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    await user.click(await screen.findByRole('button', { name: /Rajesh Iyer/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?client=${CLIENT_ID}`));
    await user.click(await screen.findByRole('radio', { name: /Kavya Iyer/ }));

    const plan = screen.getByRole('article', { name: 'Plan 1' });
    await user.selectOptions(within(plan).getByLabelText('Service'), 'nps');
    await waitFor(() => expect(within(plan).getByLabelText('Investment Company')).toBeEnabled());
    await user.selectOptions(within(plan).getByLabelText('Investment Company'), 'SBI Pension Funds');
    await user.type(within(plan).getByLabelText('Investment Account Number'), 'NPS-1');
    await user.type(within(plan).getByLabelText('Amount'), '50000');
    await user.type(within(plan).getByLabelText('Start Date'), '01/04/2014');
    await user.type(within(plan).getByLabelText('End Date'), '01/04/2050');
    await user.type(within(plan).getByLabelText('PRAN'), '110012345678');
    const pdf = new File([`%PDF-1.4 ${'x'.repeat(300)}`], 'nps.pdf', { type: 'application/pdf' });
    await user.upload(within(plan).getByLabelText(/Plan Document/), pdf);

    const message = 'Secondary Client Id does not name a family member of this client.';
    addAnswers.push(() =>
      json(
        404,
        ErrorResponseSchema.parse({ message, detail: message, fields: { secondary_client_id: message } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Plan' }));
    expect(await screen.findByText(message, { selector: 'p.text-sm' })).toBeInTheDocument();
    const form = sent[0]!;
    expect(form.get('primary_client_id')).toBe(CLIENT_ID);
    expect(form.get('secondary_client_id')).toBe(MEMBER_ID);
    expect(JSON.parse(String(form.get('plansData')))).toEqual([
      expect.objectContaining({
        provider_id: SBI.provider_id,
        service_code: 'nps',
        amount: '50000',
        // Typed day first (issue 24 item 6): 01/04/2014 is 1 April, sent as the API's ISO date.
        start_date: '2014-04-01',
        end_date: '2050-04-01',
        subtype_fields: { pran: '110012345678' },
        file_index: 0,
      }),
    ]);
    expect((form.getAll('planFiles') as File[]).map((f) => f.name)).toEqual(['nps.pdf']);

    addAnswers.push(() =>
      json(
        201,
        AddPlansResponseSchema.parse({
          status: 'success',
          message: '1 plan added.',
          data: { insurance: [], investment: [] },
        }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/users/${CLIENT_ID}`));
    expect(await screen.findByText('1 plan added.')).toBeInTheDocument();
  });

  it('offers a company the owner adds on the Insurance Company page, without a reload', async () => {
    const user = userEvent.setup();
    const router = renderScreen();
    const motor = services.find((s) => s.code === 'motor')!;
    const noCompany = `Your agency has no insurance company for ${motor.name} yet. Add one on the Insurance Company page first.`;
    await user.selectOptions(
      within(await screen.findByRole('article', { name: 'Plan 1' })).getByLabelText('Service'),
      'motor',
    );
    expect(await screen.findByText(noCompany)).toBeInTheDocument();

    await act(() => router.navigate('/dashboard/insurance'));
    await user.click(await screen.findByRole('button', { name: 'Add insurance company' }));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Service'), motor.service_id);
    await user.type(within(dialog).getByLabelText('Provider Name'), 'Acko General');
    await user.type(within(dialog).getByLabelText('Agency Code'), 'ACKO-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add insurance company' }));
    expect(await screen.findByText('Acko General added.')).toBeInTheDocument();

    await act(() => router.navigate('/dashboard/addPlans'));
    const plan = await screen.findByRole('article', { name: 'Plan 1' });
    await user.selectOptions(within(plan).getByLabelText('Service'), 'motor');
    await waitFor(() => expect(within(plan).getByLabelText('Insurance Company')).toBeEnabled());
    await user.selectOptions(within(plan).getByLabelText('Insurance Company'), 'Acko General');
    expect(screen.queryByText(noCompany)).not.toBeInTheDocument();
  });
});
