import {
  StaffInvitationResponseSchema,
  StaffListResponseSchema,
  type StaffMember,
  StaffMemberResponseSchema,
  TEAM_MSG,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { TeamScreen } from './team-screen.tsx';

// The owner's team screen against a stubbed fetch whose answers are built through the contract's schemas: the
// list's states, the invite form's messages (its own and the API's), the link to pass on, confirmations.

const AGENT = '00000000-0000-4000-8000-000000000021';
const ADMIN = '00000000-0000-4000-8000-000000000022';

function member(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: AGENT,
    full_name: 'Arjun Mehta',
    email: 'arjun@example.in',
    phone: '+91 98765 43210',
    role: 'AG',
    status: 'active',
    invited_at: '2026-11-20T05:00:00.000Z',
    invitation_expires_at: null,
    last_login_at: '2026-11-26T05:00:00.000Z',
    assigned_clients: 3,
    ...overrides,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
let calls: string[];
let staff: StaffMember[];
let listStatus: number;

beforeEach(() => {
  localStorage.setItem('token', tokenFor(['AO']));
  calls = [];
  listStatus = 200;
  staff = [
    member(),
    member({
      id: ADMIN,
      full_name: 'Kavita Rao',
      email: 'kavita@example.in',
      role: 'AA',
      status: 'invited',
      last_login_at: null,
      invitation_expires_at: '2026-11-30T05:00:00.000Z',
      assigned_clients: 0,
    }),
  ];
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push(`${method} ${url.pathname}`);
    if (method === 'GET' && url.pathname === '/api/team') {
      if (listStatus !== 200) return json(listStatus, { message: 'Something went wrong.' });
      return json(200, StaffListResponseSchema.parse({ status: 'success', data: staff }));
    }
    if (method === 'POST' && url.pathname === '/api/team') {
      if (body.email === 'taken@example.in') {
        return json(409, {
          message: TEAM_MSG.emailTakenByClient,
          detail: TEAM_MSG.emailTakenByClient,
          fields: { email: TEAM_MSG.emailTakenByClient },
        });
      }
      const added = member({ id: '00000000-0000-4000-8000-000000000023', ...body, status: 'invited' });
      staff = [...staff, added];
      return json(
        201,
        StaffInvitationResponseSchema.parse({
          status: 'success',
          message: `No mail server is set up: send ${body.full_name} the link yourself, by WhatsApp or by copying it.`,
          data: added,
          invitation: {
            url: `http://verma.portal.test/set-password#${'a'.repeat(43)}`,
            delivery: 'log',
            whatsapp_url: 'https://wa.me/919876543210?text=Namaste',
            expires_at: '2026-11-30T05:00:00.000Z',
          },
        }),
      );
    }
    if (method === 'POST' && url.pathname === `/api/team/${AGENT}/deactivate`) {
      staff = [member({ status: 'deactivated' }), staff[1]!];
      return json(
        200,
        StaffMemberResponseSchema.parse({
          status: 'success',
          message: 'Arjun Mehta is deactivated and signed out everywhere.',
          data: staff[0],
        }),
      );
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the team screen', () => {
  it('lists each member with role, status, the note under it and their clients', async () => {
    renderWithQuery(<TeamScreen />);
    expect(screen.getByRole('status', { name: 'Loading the team' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    const arjun = rows.find((r) => r.textContent?.includes('Arjun Mehta'))!;
    expect(arjun).toHaveTextContent('Agent');
    expect(arjun).toHaveTextContent('Active');
    expect(arjun).toHaveTextContent('Last sign-in 26 Nov 2026');
    expect(arjun).toHaveTextContent('3 assigned');
    expect(within(arjun).getByRole('button', { name: 'Deactivate: Arjun Mehta' })).toBeVisible();
    expect(within(arjun).queryByRole('button', { name: /Revoke/ })).toBeNull();
    const kavita = rows.find((r) => r.textContent?.includes('Kavita Rao'))!;
    expect(kavita).toHaveTextContent('Agency admin');
    expect(kavita).toHaveTextContent('Invited');
    expect(kavita).toHaveTextContent('Link works until 30 Nov 2026');
    expect(kavita).toHaveTextContent('All clients');
    expect(within(kavita).getByRole('button', { name: 'Resend: Kavita Rao' })).toBeVisible();
    expect(within(kavita).getByRole('button', { name: 'Revoke: Kavita Rao' })).toBeVisible();
  });

  it('says so when there is nobody yet, and offers the invitation', async () => {
    staff = [];
    renderWithQuery(<TeamScreen />);
    expect(await screen.findByText(/No staff yet/)).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Invite member' })).toHaveLength(2);
  });

  it('shows a failed load with Retry', async () => {
    listStatus = 500;
    renderWithQuery(<TeamScreen />);
    expect(await screen.findByText('Could not load your team.')).toBeVisible();
    listStatus = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Arjun Mehta')).toBeVisible();
  });

  it('names the wrong fields before sending, then the API’s, then answers the link to pass on', async () => {
    renderWithQuery(<TeamScreen />);
    await screen.findByText('Arjun Mehta');
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member of staff' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Full Name is required.')).toBeVisible();
    expect(within(dialog).getByText('Email is required.')).toBeVisible();
    expect(calls.filter((c) => c === 'POST /api/team')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Full Name'), 'Neha Gupta');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'taken@example.in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(TEAM_MSG.emailTakenByClient)).toBeVisible();

    const email = within(dialog).getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'neha@example.in');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'AA');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByRole('dialog', { name: 'Send the invitation link' });
    expect(sent).toHaveTextContent('send Neha Gupta the link yourself');
    expect(within(sent).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/919876543210?text=Namaste',
    );
    expect(within(sent).getByTestId('invitation-url')).toHaveTextContent('/set-password#');
    await waitFor(() => expect(screen.getAllByText('Neha Gupta').length).toBeGreaterThan(0));
  });

  it('deactivates only after the confirmation', async () => {
    renderWithQuery(<TeamScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate: Arjun Mehta' }));
    const confirm = await screen.findByRole('dialog', { name: 'Deactivate Arjun Mehta?' });
    expect(confirm).toHaveTextContent('signed out everywhere at once');
    expect(calls.some((c) => c.endsWith('/deactivate'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(calls).toContain(`POST /api/team/${AGENT}/deactivate`));
    expect(await screen.findByRole('button', { name: 'Reactivate: Arjun Mehta' })).toBeVisible();
  });
});
