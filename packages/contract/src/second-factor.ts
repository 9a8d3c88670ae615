import { z } from 'zod';
import { LoginResponseSchema } from './auth.ts';
import { SECOND_FACTOR_MSG } from './second-factor-rules.ts';

// The TOTP second factor (RFC 6238; issue 23 item 14, decision 022): the platform admin must have one, an
// agency owner may. Sign-in with a password answers a short-lived challenge instead of a token; the challenge
// and a code (or a recovery code) answer the usual login response.

/** Six digits, spaces allowed as typed or pasted ("123 456"). */
export const TotpCodeSchema = z
  .string({ error: 'Code is required.' })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: SECOND_FACTOR_MSG.codeNeeded }));

/** A recovery code, in any case, with or without its dashes and spaces. */
export const RecoveryCodeSchema = z
  .string()
  .max(64)
  .transform((v) => v.toUpperCase().replace(/[^A-Z2-7]/g, ''))
  .pipe(z.string().regex(/^[A-Z2-7]{16}$/, { error: SECOND_FACTOR_MSG.recoveryWrong }))
  .transform((v) => v.match(/.{4}/g)!.join('-'));

/** The answer of a right password when the account has a second factor: no token yet. */
export const SecondFactorChallengeSchema = z.object({
  status: z.literal('second_factor_required'),
  message: z.string(),
  data: z.object({ challenge: z.string(), expires_in: z.number().int() }),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallengeSchema>;

/** The sign-in answer: a session (as before), or a challenge for the code. */
export const LoginAnswerSchema = z.union([LoginResponseSchema, SecondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

export const SecondFactorLoginSchema = z
  .object({
    challenge: z.string().min(1).max(4096),
    code: TotpCodeSchema.optional(),
    recovery_code: RecoveryCodeSchema.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    error: 'Send either a 6-digit code or a recovery code.',
    path: ['code'],
  });
export type SecondFactorLogin = z.input<typeof SecondFactorLoginSchema>;

export const SecondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The platform admin must have one (decisions §3). */
  required: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

export const SecondFactorEnrolmentSchema = z.object({
  /** The key in text (base32), for an app that cannot scan. */
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The QR code of the URI as an SVG data URL, made on the server (the web bundle carries no QR encoder). */
  qr_code: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof SecondFactorEnrolmentSchema>;

export const SecondFactorConfirmSchema = z.object({ code: TotpCodeSchema });

export const RecoveryCodesResponseSchema = z.object({
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;

export const SecondFactorDisableSchema = z.object({
  current_password: z
    .string({ error: 'Current Password is required.' })
    .min(1, { error: 'Current Password is required.' })
    .max(1024),
  code: TotpCodeSchema,
});
