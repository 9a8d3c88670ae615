import type { LoginRequest, RegistrationInput, SecondFactorLogin } from '@portal/contract';
import { apiCall } from '../../../lib/api-client.ts';

// The two session-less calls (spec §7). Their failures are shown by the forms, not the client's toasts.

export function signIn(body: LoginRequest) {
  return apiCall('login', { body, quiet: true });
}

/** Sign-in's second step (issue 23 item 14): the password's challenge and a code or a recovery code. */
export function signInWithCode(body: SecondFactorLogin) {
  return apiCall('loginSecondFactor', { body, quiet: true });
}

export function registerAgency(body: RegistrationInput) {
  return apiCall('registerAgency', { body, quiet: true });
}

export function signOut() {
  return apiCall('logout', { quiet: true });
}
