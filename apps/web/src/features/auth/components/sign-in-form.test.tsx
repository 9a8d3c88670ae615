import { apiPaths, ErrorResponseSchema, MSG } from '@portal/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { loginFailureMessage, SignInForm } from './sign-in-form.tsx';

describe('loginFailureMessage (spec §8: login failure)', () => {
  it("shows the server's message when it sent one", () => {
    const err = new ApiError(429, MSG.tooManyAttempts, MSG.tooManyAttempts, {});
    expect(loginFailureMessage(err)).toBe(MSG.tooManyAttempts);
    expect(loginFailureMessage(new ApiError(401, 'Account locked.', null, {}))).toBe('Account locked.');
  });

  it('says when to try again after too many attempts (issue 23 item 6)', () => {
    const err = new ApiError(429, MSG.tooManyAttempts, 'Try again in 15 minutes.', {});
    expect(loginFailureMessage(err)).toBe(
      'Too many failed sign-in attempts. Please wait and try again. Try again in 15 minutes.',
    );
  });

  it('falls back to the invalid-credentials text for a 401 without a message', () => {
    // apiCall puts the generic text in place of a missing server message.
    expect(loginFailureMessage(new ApiError(401, MSG.genericError, null, {}))).toBe(
      'Invalid email or password. Please try again.',
    );
  });

  it.each([
    ['a 500 without a message', new ApiError(500, MSG.genericError, null, {})],
    ['a network failure', new ApiError(0, MSG.genericError, null, {})],
    ['an error that is not from the API', new Error('boom')],
    ['something that is not an error', 'boom'],
  ])('falls back to the unexpected-error text for %s', (_, err) => {
    expect(loginFailureMessage(err)).toBe('An unexpected error occurred. Please try again later.');
  });
});

let fetchMock: Mock<typeof fetch>;

function renderForm(props: Parameters<typeof SignInForm>[0] = { onSignUp: () => {} }) {
  const router = createMemoryRouter([{ path: '/', element: <SignInForm {...props} /> }]);
  renderWithQuery(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInForm', () => {
  it("offers sign-up on the bare address, and at an agency's address names the agency instead", async () => {
    const onSignUp = vi.fn();
    renderForm({ onSignUp });
    expect(screen.getByText('Sign in to your agency or client portal.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSignUp).toHaveBeenCalledTimes(1);
    cleanup();

    renderForm({ agencyName: 'Verma Insurance' });
    expect(screen.getByText('Sign in to the Verma Insurance portal.')).toBeInTheDocument();
    expect(screen.queryByText(/New agency\?/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('asks for both fields and sends nothing when submitted empty', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("reads 'Signing in...' and is disabled while the request is pending, then shows the failure", async () => {
    let settle: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(
      new Promise<Response>((resolve) => {
        settle = resolve;
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Email'), 'owner@example.in');
    await user.type(screen.getByLabelText('Password'), 'Kavach#2026x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledExactlyOnceWith(
      apiPaths.login.path,
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ email: 'owner@example.in', password: 'Kavach#2026x' }),
      }),
    );

    const wrong = ErrorResponseSchema.parse({
      message: MSG.loginInvalid,
      detail: MSG.loginInvalid,
    });
    settle(new Response(JSON.stringify(wrong), { status: 401 }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginInvalid);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(localStorage.length).toBe(0);
  });
});
