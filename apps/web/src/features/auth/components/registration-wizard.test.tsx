import { INDIAN_STATES_AND_UTS } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { RegistrationWizard } from './registration-wizard.tsx';

function renderWizard() {
  const user = userEvent.setup();
  renderWithQuery(<RegistrationWizard onBackToSignIn={vi.fn()} />);
  return user;
}

// Step 1's required fields, from the contract's valid registration.
async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  const form = makeRegistration();
  await user.type(screen.getByLabelText('Agency Owner'), form.ClientName);
  await user.type(screen.getByLabelText('Agency Name'), form.AgencyName);
  await user.type(screen.getByLabelText('Agency Email'), form.AgencyEmail);
  await user.type(screen.getByLabelText('Agency Phone Number'), form.AgencyPhoneNumber);
  await user.type(screen.getByLabelText('Agency Password'), form.AgencyPassword);
  return form;
}

describe('RegistrationWizard (spec §2, §4, §5)', () => {
  it('keeps Next disabled until every required field of step 1 is valid', async () => {
    const user = renderWizard();
    expect(screen.getByRole('group', { name: 'Personal & Contact Info' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    // It says what is missing (issue 24 item 13).
    expect(next).toHaveAccessibleDescription(
      'To continue, complete: Agency Owner, Agency Name, Agency Email, Agency Phone Number, Agency Password.',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const form = makeRegistration();
    await user.type(screen.getByLabelText('Agency Owner'), form.ClientName);
    await user.type(screen.getByLabelText('Agency Name'), form.AgencyName);
    await user.type(screen.getByLabelText('Agency Email'), form.AgencyEmail);
    await user.type(screen.getByLabelText('Agency Phone Number'), form.AgencyPhoneNumber);
    expect(next).toBeDisabled();

    // A password that breaks the rule still keeps the step closed.
    const password = screen.getByLabelText('Agency Password');
    await user.type(password, 'short');
    expect(next).toBeDisabled();
    expect(next).toHaveAccessibleDescription('To continue, complete: Agency Password.');

    await user.clear(password);
    await user.type(password, form.AgencyPassword);
    expect(next).toBeEnabled();
  });

  it("shows 'Invalid email format.' when a bad email loses focus", async () => {
    const user = renderWizard();
    const email = screen.getByLabelText('Agency Email');
    await user.type(email, 'owner-at-example');
    expect(screen.queryByText('Invalid email format.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows '{Field} is required.' when a required field is left empty", async () => {
    const user = renderWizard();
    await user.click(screen.getByLabelText('Agency Phone Number'));
    await user.tab();
    expect(await screen.findByText('Agency Phone Number is required.')).toBeInTheDocument();
  });

  it('moves to step 2, offers 36 states and territories, and Previous goes back with the entries kept', async () => {
    const user = renderWizard();
    const form = await fillStep1(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('group', { name: 'Address & Media' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    const state = screen.getByLabelText('State');
    const options = within(state).getAllByRole('option');
    expect(options).toHaveLength(37);
    expect(options[0]).toHaveValue('');
    expect(options[0]).toHaveTextContent('Select a state or union territory');
    expect(options.slice(1).map((o) => o.textContent)).toEqual([...INDIAN_STATES_AND_UTS]);
    expect(new Set(INDIAN_STATES_AND_UTS).size).toBe(36);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('group', { name: 'Personal & Contact Info' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Agency Owner')).toHaveValue(form.ClientName);
    expect(screen.getByLabelText('Agency Email')).toHaveValue(form.AgencyEmail);
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });
});
