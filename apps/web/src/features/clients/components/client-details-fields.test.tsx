import { DOCUMENT_MAX_BYTES } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { avatarError, type ClientValues, emptyClientValues } from './client-details.ts';
import { ClientDetailsFields, type ClientDetailsFieldsProps } from './client-details-fields.tsx';

// The one client form of Add Primary Client and the client's edit dialog: the same fields in the same order,
// differing only where an edit knows the stored client.

function renderFields(props: Partial<ClientDetailsFieldsProps> = {}) {
  const onField = vi.fn();
  const onPhoto = vi.fn();
  render(
    <form>
      <ClientDetailsFields
        sections={['personal', 'contact', 'address', 'identity']}
        values={emptyClientValues()}
        errors={{}}
        onField={onField}
        onPhoto={onPhoto}
        {...props}
      />
    </form>,
  );
  return { onField, onPhoto };
}

const labels = (legend: string) =>
  within(screen.getByRole('group', { name: legend }))
    .getAllByText((_, el) => el?.tagName === 'LABEL')
    .map((el) => el.textContent);

describe('the client form', () => {
  it('has every field in its group, in order, with the optional ones said', () => {
    renderFields();
    expect(labels('Personal details')).toEqual([
      'First Name',
      'Last Name(optional)',
      'Date of Birth(optional)',
      'Gender(optional)',
      'Nationality(optional)',
      'Occupation(optional)',
    ]);
    expect(labels('Contact')).toEqual([
      'Email(optional)',
      'Phone Number(optional)',
      'Alternate Phone Number(optional)',
      'Emergency Contact Name(optional)',
      'Emergency Contact Phone(optional)',
    ]);
    expect(labels('Address')).toEqual([
      'House Number(optional)',
      'Society(optional)',
      'Locality(optional)',
      'City(optional)',
      'State(optional)',
      'Pincode(optional)',
    ]);
    expect(labels('Identity')).toEqual([
      'PAN Number(optional)',
      'Aadhaar Number(optional)',
      'Photo(optional)',
    ]);
    expect(screen.getByLabelText(/PAN Number/)).toHaveAccessibleDescription(
      /Needed only for investments \(mutual funds, NPS, post office\), for KYC\./,
    );
  });

  it('requires the PAN, and says why, for a client who holds an investment', () => {
    renderFields({ panRequired: true });
    expect(labels('Identity')[0]).toBe('PAN Number');
    expect(screen.getByLabelText(/PAN Number/)).toHaveAccessibleDescription(
      /Required: this client holds an investment \(KYC\)\./,
    );
  });

  it('shows only the parts asked for, and the photo only with its handler', () => {
    renderFields({ sections: ['contact', 'address'] });
    expect(screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Contact',
      'Address',
    ]);
    renderFields({ sections: ['identity'], onPhoto: undefined });
    expect(screen.queryByLabelText(/^Photo/)).not.toBeInTheDocument();
  });

  it('tells each typed value and chosen photo, and shows the messages on their fields', async () => {
    const values: ClientValues = { ...emptyClientValues(), first_name: 'Meera' };
    const { onField, onPhoto } = renderFields({
      values,
      errors: {
        pincode: 'Pincode must be 6 digits and not start with 0.',
        avatar: 'Photo must be at most 10 MiB.',
      },
    });
    expect(screen.getByLabelText('First Name')).toHaveValue('Meera');
    await userEvent.type(screen.getByLabelText(/^City/), 'P');
    expect(onField).toHaveBeenLastCalledWith('city', 'P');
    await userEvent.selectOptions(screen.getByLabelText(/^Gender/), 'female');
    expect(onField).toHaveBeenLastCalledWith('gender', 'female');
    expect(screen.getByLabelText(/^Pincode/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Pincode must be 6 digits and not start with 0.')).toBeInTheDocument();
    expect(screen.getByText('Photo must be at most 10 MiB.')).toBeInTheDocument();
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(/^Photo/), photo);
    expect(onPhoto).toHaveBeenCalledWith(photo);
  });

  it('editing, shows the stored PAN, Aadhaar and photo, and the email as the portal sign-in', () => {
    renderFields({
      stored: {
        pan_number: '••••234F',
        aadhaar_number: '••••9012',
        avatar_url: '/photo',
        portal_access: true,
      },
      values: { ...emptyClientValues(), state: 'Bombay State' },
    });
    expect(
      screen.getByText('Stored: ••••234F. Leave blank to keep it, or type the full PAN to change it.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Stored: ••••9012. Leave blank to keep it; only the last 4 digits are kept.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('PAN Number')).toHaveAttribute('placeholder', '••••234F');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByText('The client also signs in to the portal with it.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Replace photo/)).toBeInTheDocument();
    // A stored state no longer in the list is kept, not dropped.
    expect(screen.getByLabelText(/^State/)).toHaveValue('Bombay State');
  });
});

describe('avatarError', () => {
  it('takes a PNG, JPEG or WebP image up to 10 MiB', () => {
    expect(avatarError(null)).toBeUndefined();
    expect(avatarError(new File(['x'], 'me.webp', { type: 'image/webp' }))).toBeUndefined();
    expect(avatarError(new File(['x'], 'me.gif', { type: 'image/gif' }))).toBe(
      'Photo must be a PNG, JPEG or WebP image.',
    );
    const big = new File([new Uint8Array(DOCUMENT_MAX_BYTES + 1)], 'me.jpg', { type: 'image/jpeg' });
    expect(avatarError(big)).toBe('Photo must be at most 10 MiB.');
  });
});
