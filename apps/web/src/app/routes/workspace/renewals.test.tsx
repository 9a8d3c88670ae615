import {
  AgentListResponseSchema,
  OutboxListResponseSchema,
  ProviderListResponseSchema,
  ReminderSettingsResponseSchema,
  type RenewalItem,
  RenewalListResponseSchema,
  RenewalPlanResponseSchema,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { provider, uuid } from '../../../features/plans/components/plan-fields.test-kit.tsx';
import { parseDays } from '../../../features/renewals/components/reminder-days.tsx';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { RenewalsScreen } from './renewals.tsx';

// The renewals work-list against a stubbed fetch whose answers are built through the contract's schemas:
// what a plan shows (days left, what was done, why a reminder was not sent), the renew form's own checks
// that send nothing, the lapse confirmation, and reminder days refused by name.

const PLAN_ID = '00000000-0000-4000-8000-000000000011';
const CLIENT_ID = '00000000-0000-4000-8000-000000000012';
const SEND_ID = '00000000-0000-4000-8000-000000000013';
const AGENT_ID = '00000000-0000-4000-8000-000000000014';
const PROVIDER_ID = uuid(15);

function item(overrides: Partial<RenewalItem> = {}): RenewalItem {
  return {
    plan_type: 'insurance',
    plan_id: PLAN_ID,
    plan_number: 'MTR-2291',
    plan_name: 'Motor Insurance',
    service_code: 'motor',
    service_name: 'Motor Insurance',
    provider_name: 'ICICI Lombard General Insurance',
    primary_client_id: CLIENT_ID,
    client_code: 'DEMO-00007',
    client_name: 'Kavya Rao',
    client_email: null,
    client_phone: '9820012345',
    client_language: 'en',
    family_member: 'Arjun Rao',
    amount: '12850.00',
    end_date: '2026-12-04',
    days_left: 4,
    work_date: '2026-12-04',
    work_days_left: 4,
    due_kind: 'renewal',
    premium: {
      premium_mode: 'Yearly',
      instalments_per_year: 1,
      premium_term_years: null,
      instalment_amount: '12850.00',
      annual_premium: '12850.00',
      next_due_date: '2026-12-04',
      state: 'due',
      state_label: 'Up to date',
      grace_until: null,
      revival_until: null,
    },
    plan_status: 'active',
    last_contacted_at: null,
    next_follow_up: null,
    reminders: [
      {
        id: SEND_ID,
        offset_days: 7,
        end_date: '2026-12-04',
        recipient: null,
        language: 'en',
        status: 'skipped',
        reason: 'The client has no e-mail address on record.',
        attempts: 0,
        next_attempt_at: null,
        sent_at: null,
        created_at: '2026-11-27T03:30:00.000Z',
      },
    ],
    events: [],
    problem: 'The client has no e-mail address on record.',
    ...overrides,
  };
}

const list = (items: RenewalItem[]) =>
  RenewalListResponseSchema.parse({
    data: {
      as_of: '2026-11-30',
      bucket: 'week',
      items,
      total: items.length,
      offset: 0,
      limit: 20,
      next_cursor: null,
      prev_cursor: null,
      counts: { overdue: 2, today: 0, tomorrow: 0, week: items.length, '30': 5, '60': 3, '90': 4 },
      failed_reminders: 1,
      delivery: 'outbox',
    },
  });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let calls: string[];
let sent: FormData | null;

const INSURER_ID = uuid(21);
let items: RenewalItem[];

beforeEach(() => {
  // Reminder days and the outbox are the owner's and agency admins' (issue 25).
  localStorage.setItem('token', tokenFor(['AO']));
  calls = [];
  sent = null;
  items = [item()];
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === '/api/renewals') return json(200, list(items));
    if (method === 'GET' && url.pathname === '/api/plans/providers') {
      const category = url.searchParams.get('category');
      return json(
        200,
        ProviderListResponseSchema.parse({
          status: 'success',
          data:
            category === 'insurance'
              ? [provider('motor', 15, 'ICICI Lombard'), provider('motor', 21, 'Bajaj Allianz')]
              : [],
        }),
      );
    }
    if (method === 'GET' && url.pathname === '/api/users/agents') {
      return json(
        200,
        AgentListResponseSchema.parse({
          status: 'success',
          data: [
            {
              id: AGENT_ID,
              name: 'Arjun Mehta',
              email: 'arjun@agency.in',
              active: true,
              assigned_clients: 3,
            },
          ],
        }),
      );
    }
    if (method === 'GET' && url.pathname === '/api/renewals/settings') {
      return json(
        200,
        ReminderSettingsResponseSchema.parse({ data: { reminder_days: [30, 15, 7, 1], delivery: 'outbox' } }),
      );
    }
    if (method === 'GET' && url.pathname === '/api/renewals/outbox') {
      return json(
        200,
        OutboxListResponseSchema.parse({ data: { items: [], total: 0, offset: 0, limit: 10 } }),
      );
    }
    if (method === 'POST' && url.pathname === `/api/renewals/plans/${PLAN_ID}/renewed`) {
      sent = init?.body as FormData;
      return json(200, RenewalPlanResponseSchema.parse({ data: item({ plan_number: 'MTR-3300' }) }));
    }
    if (method === 'POST' && url.pathname === `/api/renewals/plans/${PLAN_ID}/lapsed`) {
      items = [];
      return json(200, RenewalPlanResponseSchema.parse({ data: item({ plan_status: 'lapsed' }) }));
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/dashboard/renewals', element: <RenewalsScreen /> }], {
    initialEntries: [path],
  });
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}

describe('the renewals work-list', () => {
  it('shows each plan with its client, family member, money, why it is due and why a reminder was not sent', async () => {
    renderAt('/dashboard/renewals?bucket=week');
    const card = await screen.findByTestId('renewal-item');
    expect(within(card).getByRole('link', { name: 'Kavya Rao' })).toHaveAttribute(
      'href',
      `/dashboard/users/${CLIENT_ID}`,
    );
    expect(card).toHaveTextContent('for Arjun Rao');
    expect(card).toHaveTextContent('Renewal due in 4 days');
    expect(card).toHaveTextContent('Premium ₹12,850.00 Yearly · Ends 04 Dec 2026');
    expect(card).toHaveTextContent('Reminder not sent: The client has no e-mail address on record.');
    expect(screen.getByRole('tab', { name: 'This week (1)', selected: true })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Overdue (2)' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Due today (0)' })).toBeVisible();
    expect(screen.getByText('1 plan due in the next 2 to 7 days')).toBeVisible();
    expect(screen.getByText(/^1 reminder could not be sent after every retry\./)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Outbox' })).toBeVisible();
  });

  it('says which premium is missed: in its grace period, or lapsed and revivable until when', async () => {
    const dues = {
      ...item().premium,
      premium_mode: 'Monthly' as const,
      instalments_per_year: 12,
      instalment_amount: '2000.00',
      annual_premium: '24000.00',
      next_due_date: '2026-11-20',
    };
    items = [
      item({
        service_code: 'life',
        service_name: 'Life Insurance',
        end_date: '2040-11-20',
        work_date: '2026-11-20',
        work_days_left: -10,
        due_kind: 'premium',
        premium: { ...dues, state: 'grace', state_label: 'In grace period', grace_until: '2026-12-05' },
      }),
    ];
    renderAt('/dashboard/renewals?bucket=overdue');
    const card = await screen.findByTestId('renewal-item');
    expect(card).toHaveTextContent('Premium due 10 days ago');
    expect(card).toHaveTextContent('In grace period until 05 Dec 2026');
    expect(card).toHaveTextContent('Premium ₹2,000.00 Monthly · next due 20 Nov 2026 · Matures 20 Nov 2040');
    // A premium is paid, not renewed.
    expect(within(card).getByRole('button', { name: 'Mark premium paid' })).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Mark renewed' })).toBeNull();
  });

  it('asks for the overdue bucket by its tab and says when nothing is overdue', async () => {
    items = [];
    const router = renderAt('/dashboard/renewals');
    await userEvent.click(await screen.findByRole('tab', { name: /Overdue/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?bucket=overdue'));
    expect(calls).toContain('GET /api/renewals?bucket=overdue&type=all&offset=0&limit=20');
    expect(
      await screen.findByText(
        'Nothing is overdue. Every premium past its due date is paid and every plan past its end date renewed or closed.',
      ),
    ).toBeVisible();
  });

  it('filters by service, company and staff member, kept in the address', async () => {
    const router = renderAt('/dashboard/renewals');
    await screen.findByTestId('renewal-item');
    // The companies' list gives the services to choose from.
    await screen.findByRole('option', { name: 'Motor Insurance' });
    await userEvent.selectOptions(screen.getByLabelText('Service'), 'Motor Insurance');
    await waitFor(() => expect(router.state.location.search).toBe('?service=motor'));
    await userEvent.selectOptions(screen.getByLabelText('Company'), 'ICICI Lombard (Motor Insurance)');
    await screen.findByRole('option', { name: 'Arjun Mehta' });
    await userEvent.selectOptions(screen.getByLabelText('Staff'), 'Arjun Mehta');
    await waitFor(() =>
      expect(calls).toContain(
        `GET /api/renewals?bucket=today&type=all&offset=0&limit=20&service=motor&provider=${PROVIDER_ID}&staff=${AGENT_ID}`,
      ),
    );
    expect(router.state.location.search).toBe(`?service=motor&provider=${PROVIDER_ID}&staff=${AGENT_ID}`);
  });

  it('refuses a new end date before the current one in the form, sending nothing', async () => {
    renderAt('/dashboard/renewals');
    const card = await screen.findByTestId('renewal-item');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark renewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark policy renewed' });
    const date = within(dialog).getByLabelText('New end date');
    expect(date).toHaveValue('04/12/2027');
    expect(date).toHaveAccessibleDescription('4 December 2027');
    await userEvent.clear(date);
    await userEvent.type(date, '01/11/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save renewal' }));
    expect(
      await within(dialog).findByText('New end date must be after the current end date (04 Dec 2026).'),
    ).toBeVisible();
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
  });

  it('sends a renewal’s new premium, policy number and insurer, chosen from the agency’s insurers (decision 041)', async () => {
    renderAt('/dashboard/renewals');
    const card = await screen.findByTestId('renewal-item');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark renewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark policy renewed' });
    const premium = within(dialog).getByLabelText(/New Premium/);
    await userEvent.type(premium, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save renewal' }));
    expect(await within(dialog).findByText('New Premium must be more than 0.')).toBeVisible();
    expect(sent).toBeNull();
    await userEvent.clear(premium);
    await userEvent.type(premium, '13,500');
    await userEvent.type(within(dialog).getByLabelText(/New Policy Number/), 'MTR-3300');
    const select = within(dialog).getByLabelText(/New Insurer/);
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.selectOptions(select, 'Bajaj Allianz');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save renewal' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent?.get('new_premium')).toBe('13500');
    expect(sent?.get('new_policy_number')).toBe('MTR-3300');
    expect(sent?.get('new_provider_id')).toBe(INSURER_ID);
  });

  it('marks a policy lapsed only after the confirmation, and the list reloads without it', async () => {
    renderAt('/dashboard/renewals?bucket=week');
    const card = await screen.findByTestId('renewal-item');
    await userEvent.click(within(card).getByRole('button', { name: 'Mark lapsed' }));
    const confirm = await screen.findByRole('dialog', { name: 'Mark this policy lapsed?' });
    expect(calls.some((c) => c.startsWith('POST'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Mark lapsed' }));
    await waitFor(() => expect(calls).toContain(`POST /api/renewals/plans/${PLAN_ID}/lapsed`));
    expect(await screen.findByText('No plan is due in the next 2 to 7 days.')).toBeVisible();
  });
});

describe('an agent (issue 25)', () => {
  it('works the list without the agency settings: no reminder days, no outbox, neither asked for', async () => {
    localStorage.setItem('token', tokenFor(['AG']));
    renderAt('/dashboard/renewals');
    expect(await screen.findByTestId('renewal-item')).toBeVisible();
    expect(screen.queryByRole('region', { name: /reminder/i })).toBeNull();
    expect(calls.filter((c) => c.includes('/settings') || c.includes('/outbox'))).toEqual([]);
  });

  it('shows an owner the reminder days, asked for once', async () => {
    renderAt('/dashboard/renewals');
    expect(await screen.findByRole('region', { name: /reminder/i })).toBeVisible();
    expect(calls).toContain('GET /api/renewals/settings');
  });
});

describe('reminder days', () => {
  it('reads a list of days and names what is wrong', () => {
    expect(parseDays('30, 15 7,1')).toEqual([30, 15, 7, 1]);
    expect(parseDays('')).toBe('Choose at least one reminder day.');
    expect(parseDays('0, 5')).toBe('Each reminder day must be a whole number between 1 and 120.');
    expect(parseDays('7.5')).toBe('Each reminder day must be a whole number between 1 and 120.');
    expect(parseDays('7, 7')).toBe('Reminder days must not repeat.');
    expect(parseDays('1 2 3 4 5 6 7')).toBe('Choose at most 6 reminder days.');
  });
});
