// The spec's fixed strings (§2, §5, §8). Screens and the API use these, never their own copies.
export const MSG = {
  invalidEmail: 'Invalid email format.',
  passwordRule: 'Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char.',
  termsRequired: 'You must accept the Terms and Conditions.',
  genericError: 'Something went wrong. Please try again.',
  sessionExpiredToast: 'Session expired. Please login again.',
  loginInvalid: 'Invalid email or password. Please try again.',
  loginUnexpected: 'An unexpected error occurred. Please try again later.',
  loginSuccess: 'Login Successful!',
  registrationError: 'Error during registration',
  registrationSuccess: 'Registration Successful!',
  discardRegistration: 'Are you sure you want to discard registration?',
  unauthorized: 'You do not have the required permission to view this page.',
  notFoundHeading: '404 - Page Not Found',
  notFoundText: "Oops! The page you're looking for doesn't exist.",
  // Ours, where the spec is silent (decisions §2–§3).
  passwordTooLong: 'Password must be at most 128 characters.',
  passwordTooCommon: 'This password is too common. Choose a less predictable one.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait and try again.',
  tooManyAtOnce: 'Too many requests from your address at once. Please wait a moment and try again.',
  tooManyRegistrations: 'Too many registrations from your address. Please wait and try again.',
  tooManySlugChecks: 'Too many portal address checks from your address. Please wait and try again.',
  tooManyPasswordChanges: 'Too many wrong current passwords. Please wait and try again.',
  unknownPortal: 'No agency portal exists at this address.',
  emailTaken: 'An account with this email already exists. Sign in instead, or use another email.',
  agencyPending: 'Your agency has not been verified yet. Please try again once the platform has verified it.',
  accountInactive: 'This account has been deactivated. Please contact support.',
  unauthenticated: 'Authentication required.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  passwordChangeRequired: 'Please choose a new password before continuing.',
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordUnchanged: 'Choose a password different from the current one.',
  // The client area (issue 6): spec §5 for the document, ours for the rest.
  documentMissing: 'Document not available. File may be missing.',
  clientNotFound: 'No profile data available.',
  portalAccessOff: 'Portal access for this client has been turned off by the agency.',
  planNotFound: 'No plan details found',
  secondaryClientNotFound: 'Family member not found.',
  // Load shedding (issue 9): the API is over its configured limits and refuses new work for a moment.
  serviceBusy: 'The portal is busy right now. Please try again in a few seconds.',
} as const;

/** 'AgencyPhoneNumber' → 'Agency Phone Number' (spec §5: field name split into words). */
export function splitFieldName(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

/** '{Field name split into words} is required.' (spec §5). */
export function requiredMessage(field: string): string {
  return `${splitFieldName(field)} is required.`;
}
