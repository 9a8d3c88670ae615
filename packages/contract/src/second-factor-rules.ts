// The second factor's constants and messages without zod, so the sign-in route's code step can use them and stay
// small (issue 2 budget); the schemas are in second-factor.ts.

export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Seconds a sign-in challenge stays valid between the password and the code. */
export const SECOND_FACTOR_CHALLENGE_SECONDS = 300;

/** A recovery code as shown: four groups of four base32 letters and digits (80 random bits). */
export const RECOVERY_CODE_PATTERN = /^[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{4}$/;

export const SECOND_FACTOR_MSG = {
  codeNeeded: 'Enter the 6-digit code from your authenticator app.',
  codeWrong: 'The code is not correct. Check your authenticator app and try again.',
  recoveryWrong: 'The recovery code is not correct or has already been used.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please wait and try again.',
  enrolRequired: 'Set up two-step verification before continuing.',
  alreadyEnabled: 'Two-step verification is already turned on.',
  notEnrolling: 'Start the set-up again: no key is waiting to be confirmed.',
  notEnabled: 'Two-step verification is not turned on.',
  enabled: 'Two-step verification is on.',
  disabled: 'Two-step verification is off.',
} as const;
