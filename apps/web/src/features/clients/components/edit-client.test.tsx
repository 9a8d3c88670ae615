import {
  CLIENT_EMAIL_TAKEN,
  type PrimaryClient,
  PrimaryClientResponseSchema,
  PrimaryClientSchema,
} from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { EditClientDialog } from './edit-client.tsx';

// The client edit form against a stubbed fetch whose answers are built through the contract's schemas;
// validation is the contract's own schema, so the messages are the API's.

const client: PrimaryClient = PrimaryClientSchema.parse({
  primary_client_id: '00000000-0000-4000-8000-000000000042',
  client_code: 'DEMO-00042',
  first_name: 'Meera',
  last_name: 'Iyer',
  full_name: 'Meera Iyer',
  date_of_birth: '1984-06-12',
  gender: 'Female',
  nationality: 'Indian',
  occupation: 'Architect',
  email: 'meera@example.in',
  phone: '9876501234',
  alternate_phone: null,
  emergency_contact_name: null,
  emergency_contact_phone: null,
  house_number: 'B-402',
  society: null,
  locality: 'Baner',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411045',
  pan_number: '••••234F',
  aadhaar_number: '••••9012',
  portal_access: true,
  portal_email: 'meera@example.in',
  must_change_password: false,
  avatar_url: null,
  assigned_agent: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

let fetchMock: Mock<typeof fetch>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const onSaved = vi.fn();
  const onOpenChange = vi.fn();
  renderWithQuery(<EditClientDialog client={client} open onOpenChange={onOpenChange} onSaved={onSaved} />);
  return { onSaved, onOpenChange };
}

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('editing a client', () => {
  it('starts from the stored client, with PAN and Aadhaar masked and empty', () => {
    renderDialog();
    expect(box(/^First Name/)).toHaveValue('Meera');
    expect(box(/^Phone Number/)).toHaveValue('9876501234');
    expect(screen.getByRole('combobox', { name: /^Gender/ })).toHaveValue('female');
    expect(box(/^PAN Number/)).toHaveValue('');
    expect(screen.getByText(/Stored: ••••234F\. Leave blank to keep it/)).toBeInTheDocument();
    expect(screen.getByText(/Stored: ••••9012\./)).toBeInTheDocument();
  });

  it('names every wrong field with the contract’s message and sends nothing', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.clear(box(/^First Name/));
    await user.clear(box(/^Phone Number/));
    await user.type(box(/^Phone Number/), '12');
    await user.type(box(/^PAN Number/), 'ABC');
    await user.clear(box(/^Pincode/));
    await user.type(box(/^Pincode/), '0123');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone Number must be a valid phone number.')).toBeInTheDocument();
    expect(screen.getByText(/^PAN Number must be 5 letters, 4 digits and a letter/)).toBeInTheDocument();
    expect(screen.getByText('Pincode must be 6 digits and not start with 0.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(box(/^First Name/)).toHaveFocus());
  });

  it('sends every field but a PAN and Aadhaar left blank, then reports the save', async () => {
    const { onSaved, onOpenChange } = renderDialog();
    const answer = PrimaryClientResponseSchema.parse({
      status: 'success',
      message: 'Meera Iyer updated.',
      data: { ...client, phone: '9822233344' },
    });
    fetchMock.mockResolvedValueOnce(Response.json(answer));
    const user = userEvent.setup();
    await user.clear(box(/^Phone Number/));
    await user.type(box(/^Phone Number/), '9822233344');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/users/primary-clients/00000000-0000-4000-8000-000000000042');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({ first_name: 'Meera', phone: '9822233344', gender: 'female', city: 'Pune' });
    expect(body).not.toHaveProperty('pan_number');
    expect(body).not.toHaveProperty('aadhaar_number');
  });

  it('shows the API’s message on its field', async () => {
    const { onSaved } = renderDialog();
    fetchMock.mockResolvedValueOnce(
      Response.json(
        { message: CLIENT_EMAIL_TAKEN, detail: CLIENT_EMAIL_TAKEN, fields: { email: CLIENT_EMAIL_TAKEN } },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    await user.clear(box(/^Email/));
    await user.type(box(/^Email/), 'ravi@example.in');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(CLIENT_EMAIL_TAKEN, { selector: 'p' })).toBeInTheDocument();
    expect(box(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('asks before throwing away changes, and closes at once when nothing changed', async () => {
    const { onOpenChange } = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    onOpenChange.mockClear();
    await user.type(box(/^Occupation/), ' and teacher');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(box(/^Occupation/)).toHaveValue('Architect and teacher');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
