import { MSG, requiredMessage } from './messages.ts';

// Plain rules without zod, for the sign-in route (its JavaScript budget is 120 kB, issue 2). The zod
// schemas in auth.ts use the same rules, and a test holds the two to the same answers.

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface LoginFormErrors {
  email?: string;
  password?: string;
}

/** The sign-in form's checks (spec §5: email and password required; email format). */
export function loginFormErrors(values: { email: string; password: string }): LoginFormErrors {
  const errors: LoginFormErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = requiredMessage('Email');
  else if (!EMAIL_RE.test(email)) errors.email = MSG.invalidEmail;
  if (!values.password) errors.password = requiredMessage('Password');
  return errors;
}
