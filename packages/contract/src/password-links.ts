import { z } from 'zod';
import { LoginRequestSchema, passwordSchema } from './auth.ts';
import { ROLES } from './roles.ts';

// One-time links to choose a password (issue 24, decision 025): "Forgot password?" on the sign-in screen, and
// the invitation an agency sends a client instead of an initial password.

/** How long a forgotten-password link works (decisions §3: one hour). */
export const RESET_LINK_MINUTES = 60;
/** How long a client's invitation works: long enough for a client who reads their e-mail weekly. */
export const INVITE_LINK_HOURS = 72;
/** The web address a link opens: `/set-password#<secret>` (the secret stays out of server logs and Referer). */
export const SET_PASSWORD_PATH = '/set-password';

export const PASSWORD_LINK_MSG = {
  resetRequested:
    'If an account with this e-mail can sign in here, we have sent it a link to choose a new password. The link works for one hour.',
  linkUnusable: 'This link has expired or has already been used. Ask for a new one from the sign-in screen.',
  passwordSet: 'Your password has been set. Sign in with your new password.',
  tooManyRequests: 'Too many requests for a new password. Please wait and try again.',
} as const;

export const ForgotPasswordSchema = z.object({ email: LoginRequestSchema.shape.email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordSchema>;

/** The link's secret: 32 random bytes, base64url. */
const linkToken = z
  .string({ error: 'Link is required.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: PASSWORD_LINK_MSG.linkUnusable });

export const PasswordLinkCheckSchema = z.object({ token: linkToken });

export const PasswordLinkCheckResponseSchema = z.object({
  purpose: z.enum(['reset', 'invite']),
  full_name: z.string(),
  email: z.string(),
  agency_name: z.string().nullable(),
  /** Whose account: the screen greets a member of staff (issue 25) otherwise than a client. */
  role: z.enum(ROLES),
});
export type PasswordLinkCheckResponse = z.infer<typeof PasswordLinkCheckResponseSchema>;

export const SetPasswordWithLinkSchema = z.object({
  token: linkToken,
  new_password: passwordSchema('NewPassword'),
});
export type SetPasswordWithLinkRequest = z.input<typeof SetPasswordWithLinkSchema>;
