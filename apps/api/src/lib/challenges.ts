import { ROLES, SECOND_FACTOR_CHALLENGE_SECONDS } from '@portal/contract';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenSubject } from './tokens.ts';

// The sign-in challenge between a right password and its second factor (issue 23 item 14, decision 022): a JWT
// signed with the token secret (jose, HS256) but for another audience and type, so it can never be used as a
// bearer token, nor a bearer token as a challenge. It carries the session the code will open, and the token
// version: a logout, reset or deactivation in between makes it worthless.

const ALGORITHM = 'HS256';
const TYPE = 'second-factor+jwt';

const ClaimsSchema = z.object({
  sub: z.uuid(),
  // Every role: staff (issue 25) finish a second-factor sign-in too; the role is checked again against the user.
  roleid: z.array(z.enum(ROLES)).min(1),
  clientName: z.string(),
  agency_id: z.uuid().nullable(),
  agency_name: z.string().nullable(),
  tv: z.number().int(),
});

export interface ChallengeService {
  sign(subject: TokenSubject): Promise<string>;
  /** The session a valid, unexpired challenge is for; null for anything else. */
  verify(challenge: string): Promise<TokenSubject | null>;
}

export function createChallengeService(options: {
  secret: string;
  issuer: string;
  audience: string;
}): ChallengeService {
  const key = new TextEncoder().encode(options.secret);
  const audience = `${options.audience}:second-factor`;
  return {
    sign: (s) =>
      new SignJWT({
        roleid: s.roles,
        clientName: s.clientName,
        agency_id: s.agencyId,
        agency_name: s.agencyName,
        tv: s.tokenVersion,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(s.userId)
        .setIssuer(options.issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + SECOND_FACTOR_CHALLENGE_SECONDS)
        .sign(key),
    async verify(challenge) {
      try {
        const { payload, protectedHeader } = await jwtVerify(challenge, key, {
          algorithms: [ALGORITHM],
          issuer: options.issuer,
          audience,
          typ: TYPE,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (protectedHeader.typ !== TYPE) return null;
        const c = ClaimsSchema.safeParse(payload);
        if (!c.success) return null;
        return {
          userId: c.data.sub,
          roles: c.data.roleid,
          clientName: c.data.clientName,
          agencyId: c.data.agency_id,
          agencyName: c.data.agency_name,
          tokenVersion: c.data.tv,
        };
      } catch {
        return null;
      }
    },
  };
}
