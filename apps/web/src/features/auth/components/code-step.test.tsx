import {
  apiPaths,
  ErrorResponseSchema,
  LoginResponseSchema,
  MSG,
  SECOND_FACTOR_MSG,
  SecondFactorChallengeSchema,
} from '@portal/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { tokenFor } from '../../../test/jwt.ts';
import { renderWithQuery } from '../../../test/render.tsx';
import { SignInForm } from './sign-in-form.tsx';

// Sign-in's code step (issue 23 item 14): after a right password, the account's second factor.

let fetchMock: Mock<typeof fetch>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const CHALLENGE = 'challenge.for.the-code';

function renderSignIn() {
  const router = createMemoryRouter([
    { path: '/', element: <SignInForm onSignUp={() => {}} /> },
    { path: '/dashboard', element: <p>Workspace home</p> },
  ]);
  renderWithQuery(<RouterProvider router={router} />);
}

async function passPassword(user: ReturnType<typeof userEvent.setup>) {
  fetchMock.mockResolvedValueOnce(
    json(
      SecondFactorChallengeSchema.parse({
        status: 'second_factor_required',
        message: SECOND_FACTOR_MSG.codeNeeded,
        data: { challenge: CHALLENGE, expires_in: 300 },
      }),
    ),
  );
  await user.type(screen.getByLabelText('Email'), 'owner@example.in');
  await user.type(screen.getByLabelText('Password'), 'Kavach#2026x');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByLabelText('Authentication code');
}

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the code step of sign-in', () => {
  it('asks for a one-time code with a numeric keyboard, and keeps no session until the code is right', async () => {
    const user = userEvent.setup();
    renderSignIn();
    const input = await passPassword(user);
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveFocus();
    expect(localStorage.getItem('token')).toBeNull();

    // Five digits: said on the spot, nothing sent.
    await user.type(input, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECOND_FACTOR_MSG.codeNeeded)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A wrong code: the server's sentence, and the session stays closed.
    fetchMock.mockResolvedValueOnce(
      json(
        ErrorResponseSchema.parse({
          message: SECOND_FACTOR_MSG.codeWrong,
          detail: SECOND_FACTOR_MSG.codeWrong,
        }),
        401,
      ),
    );
    await user.type(input, '6');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SECOND_FACTOR_MSG.codeWrong);
    expect(fetchMock).toHaveBeenLastCalledWith(
      apiPaths.loginSecondFactor.path,
      expect.objectContaining({
        method: 'POST',
        body: JSON.stringify({ challenge: CHALLENGE, code: '123456' }),
      }),
    );
    expect(localStorage.getItem('token')).toBeNull();
    // A 401 of the code step is not a session that ended.
    expect(window.location.pathname).not.toBe('/session-expired');
  });

  it('signs in with a recovery code typed any way, and lands on the workspace', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await passPassword(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = await screen.findByLabelText('Recovery code');
    const token = tokenFor(['AO']);
    fetchMock.mockResolvedValueOnce(
      json(
        LoginResponseSchema.parse({
          status: 'success',
          message: MSG.loginSuccess,
          data: { token, agency_name: 'Verma Insurance', must_change_password: false },
        }),
      ),
    );
    await user.type(input, 'abcd efgh-ijkl-mnop');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Workspace home')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenLastCalledWith(
      apiPaths.loginSecondFactor.path,
      expect.objectContaining({
        body: JSON.stringify({ challenge: CHALLENGE, recovery_code: 'ABCDEFGHIJKLMNOP' }),
      }),
    );
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('goes back to the password with the email kept', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await passPassword(user);
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Email')).toHaveValue('owner@example.in');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
