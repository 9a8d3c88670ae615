import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_DEFAULT, SESSION_EXPIRED_REASON, sessionEndedText } from './constants.ts';

// Issue 23 item 12 (decisions §4): the session-ended screen shows only the portal's own reasons.
describe('sessionEndedText', () => {
  it("shows the portal's own reasons", () => {
    expect(sessionEndedText(SESSION_EXPIRED_REASON)).toBe('Your session has expired or is invalid.');
    expect(sessionEndedText(SESSION_EXPIRED_DEFAULT)).toBe(SESSION_EXPIRED_DEFAULT);
  });

  it.each([
    null,
    undefined,
    '',
    'Your policy is BLOCKED – re-verify at http://x.example',
    `${SESSION_EXPIRED_REASON} `,
  ])('shows the default for %j', (reason) => {
    expect(sessionEndedText(reason)).toBe('Your session has expired. Please log in again.');
  });
});
