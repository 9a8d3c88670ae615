import { type Role, TokenClaimsSchema } from '@portal/contract';
import { jwtVerify, SignJWT } from 'jose';

export interface TokenSubject {
  userId: string;
  roles: Role[];
  clientName: string;
  agencyId: string | null;
  agencyName: string | null;
  tokenVersion: number;
}

export interface TokenService {
  sign(subject: TokenSubject): Promise<string>;
  /** The subject of a valid token, or null for anything forged, tampered, expired or foreign. */
  verify(token: string): Promise<TokenSubject | null>;
}

const ALGORITHM = 'HS256';
/** Verified tokens kept, at most; past that the memory starts over. */
const MAX_VERIFIED = 20_000;

export function createTokenService(options: {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds: number;
}): TokenService {
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every sign and verify (issue 8).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A token's signature and claims are checked once (issue 8: WebCrypto's HMAC was a tenth of a signed-in
  // call's CPU): the same string verifies the same way until it expires, which is checked on every use.
  // Revocation is not decided here but by the session check that follows (access hook).
  const verified = new Map<string, { subject: TokenSubject; expiresAt: number }>();
  const copy = (s: TokenSubject): TokenSubject => ({ ...s, roles: [...s.roles] });
  return {
    sign: async (s) =>
      new SignJWT({
        roleid: s.roles,
        clientName: s.clientName,
        agency_id: s.agencyId,
        agency_name: s.agencyName,
        tv: s.tokenVersion,
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(s.userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + options.ttlSeconds)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAt) return copy(known.subject);
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud'],
        });
        const claims = TokenClaimsSchema.safeParse(payload);
        if (!claims.success) return null;
        const c = claims.data;
        const subject: TokenSubject = {
          userId: c.sub,
          roles: c.roleid,
          clientName: c.clientName,
          agencyId: c.agency_id,
          agencyName: c.agency_name,
          tokenVersion: c.tv,
        };
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, { subject: copy(subject), expiresAt: (payload.exp as number) * 1000 });
        return subject;
      } catch {
        return null;
      }
    },
  };
}
