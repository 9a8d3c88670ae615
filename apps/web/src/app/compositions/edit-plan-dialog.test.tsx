import {
  ProviderListResponseSchema,
  ProviderSchema,
  ServiceListResponseSchema,
  type WorkspacePlanDetail,
  WorkspacePlanDetailSchema,
  WorkspacePlanUpdateResponseSchema,
} from '@portal/contract';
import { makePremiumDues } from '@portal/contract/factories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { planQueryKey } from '../../features/plan-detail/api/get-plan.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { renderWithQuery } from '../../test/render.tsx';
import { EditPlanDialog } from './edit-plan-dialog.tsx';

// The plan edit dialog (plan detail × shared plan fields) against a stubbed fetch whose answers are built
// through the contract's schemas: it starts from the stored plan, checks with the contract's rules, sends
// the plan as the API takes it, and puts the API's messages on their fields.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const HEALTH = uuid(102);
const PLAN_ID = uuid(700);

const stored: WorkspacePlanDetail = WorkspacePlanDetailSchema.parse({
  plan_kind: 'insurance',
  plan_id: PLAN_ID,
  policy_id: PLAN_ID,
  provider_id: uuid(3),
  provider_name: 'Star Health',
  service_code: 'health',
  service_name: 'Health Insurance',
  plan_name: 'Star Comprehensive',
  policy_number: 'SH/2025/778812',
  premium_amount: '32450.00',
  start_date: '2025-12-01',
  end_date: '2026-11-30',
  status: 'Active',
  secondary_client_id: null,
  holder_name: 'Priya Sharma',
  document_available: false,
  primary_client_id: uuid(2),
  primary_client_name: 'Priya Sharma',
  client_code: 'DEMO-00001',
  nominee: { full_name: 'Arjun Sharma', relation: 'Spouse', dob: null, phone_number: null, email: null },
  subtype_fields: {
    cover_type: 'Family Floater',
    sum_assured: '1000000.00',
    plan_name: 'Star Comprehensive',
    term: 1,
    insured_members: [],
  },
  insured_members: [
    {
      insured_member_name: 'Priya Sharma',
      relationship: 'Self',
      insured_member_dob: null,
      insured_member_phone_number: null,
    },
    {
      insured_member_name: 'Kavya Sharma',
      relationship: 'Daughter',
      insured_member_dob: '2016-01-20',
      insured_member_phone_number: null,
    },
  ],
  document: null,
  created_at: '2026-11-21T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  added_by: null,
  changed_by: null,
  premium: makePremiumDues(),
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let putAnswer: () => Response;
beforeEach(() => {
  fetchMock = vi.fn(async (input, init) => {
    const path = new URL(String(input), 'http://portal.test').pathname;
    if (path === '/api/services/insurances') {
      return json(
        ServiceListResponseSchema.parse({
          status: 'success',
          data: [{ service_id: HEALTH, code: 'health', name: 'Health Insurance', category: 'insurance' }],
        }),
      );
    }
    if (path === '/api/services/investments') return json({ status: 'success', data: [] });
    if (path === `/api/agencies/providers/by-service/${HEALTH}`) {
      const provider = ProviderSchema.parse({
        provider_id: uuid(3),
        category: 'insurance',
        service_id: HEALTH,
        service_code: 'health',
        service_name: 'Health Insurance',
        provider_name: 'Star Health',
        agency_code: 'SH-1',
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
        plans_count: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      });
      return json(ProviderListResponseSchema.parse({ status: 'success', data: [provider] }));
    }
    if (path === `/api/client-plans/${PLAN_ID}` && init?.method === 'PUT') return putAnswer();
    throw new Error(`unexpected call ${init?.method ?? 'GET'} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  renderWithQuery(<EditPlanDialog plan={stored} open onOpenChange={onOpenChange} onSaved={onSaved} />);
  return { onSaved, onOpenChange };
}

const putBody = () => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('editing a plan', () => {
  it('puts the saved plan in its cached detail, and the records and lists showing plans ask again', async () => {
    const onOpenChange = vi.fn();
    const { client } = renderWithQuery(<EditPlanDialog plan={stored} open onOpenChange={onOpenChange} />);
    const record = [...queryKeys.primaryClients.detail(uuid(2)), 'record'];
    const workList = [...queryKeys.renewals, 'list', { window: '30' }];
    client.setQueryData(planQueryKey(PLAN_ID), stored);
    client.setQueryData(record, { client: { primary_client_id: uuid(2) } });
    client.setQueryData(workList, { items: [] });
    const saved = WorkspacePlanUpdateResponseSchema.parse({
      status: 'success',
      message: 'Plan SH/2025/778812 updated.',
      data: { ...stored, premium_amount: '35000.00' },
    });
    putAnswer = () => json(saved);
    const user = userEvent.setup();
    const premium = await screen.findByRole('textbox', { name: /^Premium Amount/ });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Insurance Company' })).toHaveValue(uuid(3)),
    );
    await user.clear(premium);
    await user.type(premium, '35000');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));

    expect(client.getQueryData(planQueryKey(PLAN_ID))).toEqual(saved.data);
    expect(client.getQueryState(planQueryKey(PLAN_ID))?.isInvalidated).toBe(false);
    expect(client.getQueryState(record)?.isInvalidated).toBe(true);
    expect(client.getQueryState(workList)?.isInvalidated).toBe(true);
  });

  it('starts from the stored plan and sends it back as the API takes it, members replaced as a set', async () => {
    const { onSaved, onOpenChange } = renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Edit policy SH/2025/778812' })).toBeInTheDocument();
    const premium = await within(dialog).findByRole('textbox', { name: /^Premium Amount/ });
    expect(premium).toHaveValue('32450.00');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Insurance Company' })).toHaveValue(uuid(3)),
    );
    expect(within(dialog).queryByRole('combobox', { name: 'Service' })).toBeNull();
    const saved = WorkspacePlanUpdateResponseSchema.parse({
      status: 'success',
      message: 'Plan SH/2025/778812 updated.',
      data: { ...stored, premium_amount: '35000.00' },
    });
    putAnswer = () => json(saved);
    const user = userEvent.setup();
    await user.clear(premium);
    await user.type(premium, '35000');
    await user.click(within(dialog).getByRole('button', { name: 'Remove member 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved.data));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(putBody()).toEqual({
      provider_id: uuid(3),
      service_code: 'health',
      policy_number: 'SH/2025/778812',
      premium_amount: '35000',
      start_date: '2025-12-01',
      end_date: '2026-11-30',
      subtype_fields: {
        cover_type: 'Family Floater',
        sum_assured: '1000000.00',
        plan_name: 'Star Comprehensive',
        term: '1',
        insured_members: [
          {
            insured_member_name: 'Priya Sharma',
            relationship: 'Self',
            insured_member_dob: '',
            insured_member_phone_number: '',
          },
        ],
      },
      nominee: { full_name: 'Arjun Sharma', relation: 'Spouse', dob: '', phone_number: '', email: '' },
    });
  });

  it('checks with the contract’s rules before sending, and shows the API’s messages on their fields', async () => {
    const { onSaved } = renderDialog();
    const dialog = screen.getByRole('dialog');
    const end = await within(dialog).findByLabelText(/^End Date/);
    const user = userEvent.setup();
    await user.clear(end);
    await user.type(end, '01/01/2020');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('End Date must be on or after the Start Date.'),
    ).toBeInTheDocument();
    expect(putBody()).toBeUndefined();
    await waitFor(() => expect(end).toHaveFocus());

    await user.clear(end);
    await user.type(end, '30/11/2026');
    const message = 'Provider Id does not name a provider company of your agency.';
    putAnswer = () => json({ message, detail: message, fields: { provider_id: message } }, 400);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(dialog).getByText(message)).toBeInTheDocument());
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks before throwing away changes', async () => {
    const { onOpenChange } = renderDialog();
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.type(await within(dialog).findByRole('textbox', { name: /^Policy Number/ }), '-A');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(putBody()).toBeUndefined();
  });
});
