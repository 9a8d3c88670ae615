import {
  ErrorResponseSchema,
  INDIAN_STATES_AND_UTS,
  numberedSlug,
  RegistrationResponseSchema,
  type SlugCheck,
  SlugCheckResponseSchema,
  slugify,
} from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { RegistrationWizard } from './registration-wizard.tsx';

// The registration wizard against a stubbed fetch whose answers are built through the contract's schemas.

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: Mock<typeof fetch>;
/** Slugs the stubbed API says another agency has. */
let taken: Set<string>;
let registrations: Array<Record<string, unknown>>;
let registerAnswers: Array<() => Response>;

function slugAnswer(slug: string): SlugCheck {
  const reason = taken.has(slug) ? 'taken' : null;
  return SlugCheckResponseSchema.parse({
    slug,
    available: reason === null,
    reason,
    suggestion: reason ? numberedSlug(slug, 2) : null,
  });
}

beforeEach(() => {
  window.sessionStorage.clear();
  taken = new Set();
  registrations = [];
  registerAnswers = [];
  fetchMock = vi.fn(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/registration/slug') {
      return json(200, slugAnswer(url.searchParams.get('slug')!));
    }
    if (method === 'POST' && url.pathname === '/api/agencies/register-client') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      registrations.push(body);
      const answer = registerAnswers.shift();
      if (answer) return answer();
      return json(
        201,
        RegistrationResponseSchema.parse({
          message: 'Registration Successful!',
          data: {
            client_id: uuid(1),
            agency_id: uuid(2),
            slug: body.PortalAddress,
            portal_url: `http://${body.PortalAddress}.localhost`,
          },
        }),
      );
    }
    throw new Error(`unexpected call ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

function renderWizard(at = '/register') {
  const user = userEvent.setup();
  const router = createMemoryRouter(
    [
      { path: '/register', element: <RegistrationWizard onBackToSignIn={vi.fn()} /> },
      { path: '/login', element: <p>Sign in</p> },
    ],
    { initialEntries: ['/login', at] },
  );
  const view = renderWithQuery(<RouterProvider router={router} />);
  return { user, router, ...view };
}

const host = () => window.location.host;
const nextButton = () => screen.getByRole('button', { name: 'Next' });

// Step 1's required fields, from the contract's valid registration; Next opens once the address is checked.
async function fillStep1(user: ReturnType<typeof userEvent.setup>, overrides = {}) {
  const form = makeRegistration(overrides);
  await user.type(screen.getByLabelText('Agency Owner'), form.ClientName!);
  await user.type(screen.getByLabelText('Agency Name'), form.AgencyName!);
  await user.type(screen.getByLabelText('Agency Email'), form.AgencyEmail!);
  await user.type(screen.getByLabelText('Agency Phone Number'), form.AgencyPhoneNumber!);
  await user.type(screen.getByLabelText('Agency Password'), form.AgencyPassword!);
  return form;
}

async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Locality'), 'MG Road');
  await user.type(screen.getByLabelText('City'), 'Pune');
  await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
  await user.type(screen.getByLabelText('Pincode'), '411001');
}

describe('RegistrationWizard (spec §2, §4, §5)', () => {
  it('keeps Next disabled until every required field of step 1 is valid', async () => {
    const { user } = renderWizard();
    expect(screen.getByRole('group', { name: 'Personal & Contact Info' })).toBeInTheDocument();
    const next = nextButton();
    expect(next).toBeDisabled();
    // It says what is missing (issue 24 item 13).
    expect(next).toHaveAccessibleDescription(
      'To continue, complete: Agency Owner, Agency Name, Agency Email, Agency Phone Number, Agency Password.',
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    const form = makeRegistration();
    await user.type(screen.getByLabelText('Agency Owner'), form.ClientName!);
    await user.type(screen.getByLabelText('Agency Name'), form.AgencyName!);
    await user.type(screen.getByLabelText('Agency Email'), form.AgencyEmail!);
    await user.type(screen.getByLabelText('Agency Phone Number'), form.AgencyPhoneNumber!);
    expect(next).toBeDisabled();

    // A password that breaks the rule still keeps the step closed.
    const password = screen.getByLabelText('Agency Password');
    await user.type(password, 'short');
    expect(next).toBeDisabled();
    await waitFor(() => expect(next).toHaveAccessibleDescription('To continue, complete: Agency Password.'));

    await user.clear(password);
    await user.type(password, form.AgencyPassword!);
    await waitFor(() => expect(next).toBeEnabled());
  });

  it("shows 'Invalid email format.' when a bad email loses focus", async () => {
    const { user } = renderWizard();
    const email = screen.getByLabelText('Agency Email');
    await user.type(email, 'owner-at-example');
    expect(screen.queryByText('Invalid email format.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows '{Field} is required.' when a required field is left empty", async () => {
    const { user } = renderWizard();
    await user.click(screen.getByLabelText('Agency Phone Number'));
    await user.tab();
    expect(await screen.findByText('Agency Phone Number is required.')).toBeInTheDocument();
  });

  it('moves to step 2, offers 36 states and territories, and Previous goes back with the entries kept', async () => {
    const { user } = renderWizard();
    const form = await fillStep1(user);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());

    expect(await screen.findByRole('group', { name: 'Address & Media' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    const state = screen.getByLabelText('State');
    const options = within(state).getAllByRole('option');
    expect(options).toHaveLength(37);
    expect(options[0]).toHaveValue('');
    expect(options[0]).toHaveTextContent('Select a state or union territory');
    expect(options.slice(1).map((o) => o.textContent)).toEqual([...INDIAN_STATES_AND_UTS]);
    expect(new Set(INDIAN_STATES_AND_UTS).size).toBe(36);
    expect(nextButton()).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('group', { name: 'Personal & Contact Info' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Agency Owner')).toHaveValue(form.ClientName);
    expect(screen.getByLabelText('Agency Email')).toHaveValue(form.AgencyEmail);
    await waitFor(() => expect(nextButton()).toBeEnabled());
  });
});

describe('browser Back, Forward and reload (issue 24 item 5)', () => {
  it('Back goes to the previous step and Forward returns, with every entry kept', async () => {
    const { user, router } = renderWizard();
    const form = await fillStep1(user);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Locality'), 'Indiranagar');

    await act(() => router.navigate(-1));
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Agency Owner')).toHaveValue(form.ClientName);
    expect(screen.getByLabelText('Agency Name')).toHaveValue(form.AgencyName);
    expect(screen.getByLabelText('Agency Password')).toHaveValue(form.AgencyPassword);

    await act(() => router.navigate(1));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Locality')).toHaveValue('Indiranagar');
  });

  it('a reload keeps what was typed in this tab, except the password, which is asked again', async () => {
    const first = renderWizard();
    const form = await fillStep1(first.user);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await first.user.click(nextButton());
    await first.user.type(await screen.findByLabelText('Locality'), 'Indiranagar');
    first.unmount();
    expect(JSON.stringify({ ...window.sessionStorage })).not.toContain(form.AgencyPassword);

    const { user } = renderWizard('/register?step=2');
    // Step 2 needs step 1 complete, and its password was not kept.
    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Agency Owner')).toHaveValue(form.ClientName);
    expect(screen.getByLabelText('Agency Email')).toHaveValue(form.AgencyEmail);
    expect(screen.getByLabelText('Agency Password')).toHaveValue('');
    expect(nextButton()).toHaveAccessibleDescription(/Agency Password/);
    await user.type(screen.getByLabelText('Agency Password'), form.AgencyPassword!);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());
    expect(await screen.findByLabelText('Locality')).toHaveValue('Indiranagar');
  });
});

describe('the portal address on step 1 (issue 24 item 5)', () => {
  it('shows the address made from the name and that it is available', async () => {
    const { user } = renderWizard();
    await user.type(screen.getByLabelText('Agency Name'), 'Verma Insurance');
    expect(screen.getByLabelText('Portal Address')).toHaveValue('vermainsurance');
    expect(await screen.findByText(`vermainsurance.${host()} is available.`)).toBeInTheDocument();
  });

  it('says a taken address is taken, keeps Next disabled saying why, and takes the free one in one click', async () => {
    const { user } = renderWizard();
    taken.add('shreeganeshinsurance');
    await fillStep1(user, { AgencyName: 'Shree Ganesh Insurance' });
    expect(
      await screen.findByText(`shreeganeshinsurance.${host()} is already taken.`, { exact: false }),
    ).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
    expect(nextButton()).toHaveAccessibleDescription('To continue, complete: Portal Address.');

    await user.click(screen.getByRole('button', { name: `Use shreeganeshinsurance-2.${host()}` }));
    expect(screen.getByLabelText('Portal Address')).toHaveValue('shreeganeshinsurance-2');
    expect(await screen.findByText(`shreeganeshinsurance-2.${host()} is available.`)).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();

    // The registration sends the chosen address.
    await user.click(nextButton());
    await fillStep2(user);
    await user.click(nextButton());
    await user.click(await screen.findByRole('checkbox', { name: /I accept the/ }));
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));
    await waitFor(() => expect(registrations).toHaveLength(1));
    expect(registrations[0]).toMatchObject({
      AgencyName: 'Shree Ganesh Insurance',
      PortalAddress: 'shreeganeshinsurance-2',
    });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('lets the owner type an address, naming the field when it breaks the rules', async () => {
    const { user } = renderWizard();
    await fillStep1(user, { AgencyName: 'Mehta Cover' });
    const address = screen.getByLabelText('Portal Address');
    await user.clear(address);
    await user.type(address, 'Mehta_Cover');
    expect(address).toHaveValue('mehta_cover');
    expect(
      screen.getByText(
        'Portal Address may use only lower-case English letters, digits and single hyphens, and must start and end with a letter or digit.',
      ),
    ).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton()).toBeDisabled();
    expect(nextButton()).toHaveAccessibleDescription('To continue, complete: Portal Address.');

    await user.clear(address);
    await user.type(address, 'mehta-cover-pune');
    expect(await screen.findByText(`mehta-cover-pune.${host()} is available.`)).toBeInTheDocument();
    expect(nextButton()).toBeEnabled();
    // Back to the name's address in one click.
    await user.click(screen.getByRole('button', { name: 'Use the address made from the agency name' }));
    expect(address).toHaveValue(slugify('Mehta Cover'));
  });

  it('when the address was taken meanwhile, returns to step 1 with the message on the address field', async () => {
    const { user } = renderWizard();
    await fillStep1(user, { AgencyName: 'Kiran Cover' });
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());
    await fillStep2(user);
    await user.click(nextButton());
    await user.click(await screen.findByRole('checkbox', { name: /I accept the/ }));
    const detail = `The portal address kirancover.${host()} is already taken. Please choose a different portal address.`;
    taken.add('kirancover');
    registerAnswers.push(() =>
      json(409, ErrorResponseSchema.parse({ message: detail, detail, fields: { PortalAddress: detail } })),
    );
    await user.click(screen.getByRole('button', { name: 'Complete Registration' }));

    expect(await screen.findByText('Step 1 of 3')).toBeInTheDocument();
    const address = screen.getByLabelText('Portal Address');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(detail));
    // The field asks again and offers a free one.
    await user.click(await screen.findByRole('button', { name: `Use kirancover-2.${host()}` }));
    expect(await screen.findByText(`kirancover-2.${host()} is available.`)).toBeInTheDocument();
    expect(screen.queryByText(detail)).not.toBeInTheDocument();
  });
});

describe('Next on step 2 (issue 24 item 5)', () => {
  it('moves to step 3 and never sends the form, even once the terms are ticked', async () => {
    const { user } = renderWizard();
    await fillStep1(user);
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.click(nextButton());
    await fillStep2(user);
    await user.click(nextButton());
    await user.click(await screen.findByRole('checkbox', { name: /I accept the/ }));
    expect(screen.getByRole('button', { name: 'Complete Registration' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    const next = await screen.findByRole('button', { name: 'Next' });
    await user.click(next);
    const complete = await screen.findByRole('button', { name: 'Complete Registration' });
    // The button pressed was Next, not one React turned into the submit button while its click was handled
    // (on c5ef5a3 it was the same element, and a real browser submitted the form).
    expect(complete).not.toBe(next);
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(registrations).toHaveLength(0);

    // Enter in a field of step 2 moves on rather than sending the form.
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.type(await screen.findByLabelText('City'), '{Enter}');
    expect(registrations).toHaveLength(0);
  });
});
