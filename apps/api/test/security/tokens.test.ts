import { createHmac, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../figures.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createAdmin,
  PORTAL_HOST,
  signInToken,
  TEST_TOKEN_SECRET,
} from '../helpers.ts';
import { createWatchedApp, reportTripwire, type WatchedApp } from './tripwire.ts';

// Issue 9, item 3: forged, tampered, expired, foreign and wrong-algorithm tokens are all refused with 401,
// and a token stops working after logout, a password change, an admin reset and deactivation.

let t: WatchedApp;
let owner: Awaited<ReturnType<typeof createAccountOfEveryRole>>;
let aoToken: string;

beforeAll(async () => {
  t = await createWatchedApp();
  owner = await createAccountOfEveryRole(t);
  aoToken = await signInToken(t.app, owner.accounts.AO);
});
afterAll(async () => {
  const hits = reportTripwire('tokens', t);
  await t?.close();
  expect(hits).toEqual([]);
});

const b64 = (v: object | string) =>
  Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const secret = new TextEncoder().encode(TEST_TOKEN_SECRET);
const now = () => Math.floor(Date.now() / 1000);

/** The claims of the owner's real token, to forge variants of. */
function claims(): Record<string, unknown> {
  return JSON.parse(Buffer.from(aoToken.split('.')[1]!, 'base64url').toString());
}

function sign(payload: Record<string, unknown>, key: Uint8Array = secret, alg = 'HS256') {
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
}

/** A token put together by hand: any header, any claims, HMAC-SHA256 over them with `key`. */
function handmade(header: object, payload: object, key: string | Buffer = TEST_TOKEN_SECRET) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const without = (name: string) => {
  const c = claims();
  delete c[name];
  return c;
};

async function badTokens(): Promise<Array<[string, string]>> {
  const c = claims();
  const [h, p, s] = aoToken.split('.') as [string, string, string];
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
  const asAdmin = { ...c, roleid: ['ADMIN'], agency_id: null };
  return [
    ['not a JWT at all', 'not-a-token'],
    ['five-part JWE-shaped', `${h}.${p}.${s}.${s}.${s}`],
    [
      'signed with another secret',
      await sign(c, new TextEncoder().encode('another-secret-0123456789abcdef')),
    ],
    ['claims tampered to ADMIN, old signature', `${h}.${b64(asAdmin)}.${s}`],
    ['signature altered', `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`],
    ['signature stripped', `${h}.${p}.`],
    ['expired', await sign({ ...c, iat: now() - 7200, exp: now() - 3600 })],
    ['wrong audience', await sign({ ...c, aud: 'someone-else' })],
    ['wrong issuer', await sign({ ...c, iss: 'evil-issuer' })],
    ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(asAdmin)}.`],
    ['alg None, capitalised', `${b64({ alg: 'None', typ: 'JWT' })}.${p}.`],
    ['HS512 with the right secret', await sign(c, secret, 'HS512')],
    [
      'RS256 signed with a fresh RSA key',
      await new SignJWT(c).setProtectedHeader({ alg: 'RS256' }).sign(privateKey),
    ],
    ['RS256 header, HMAC with the server secret', handmade({ alg: 'RS256', typ: 'JWT' }, c)],
    ['HS256 with a public key as secret', handmade({ alg: 'HS256', typ: 'JWT' }, c, publicPem)],
    ['missing exp', await sign(without('exp'))],
    ['missing sub', await sign(without('sub'))],
    ['missing token version', await sign(without('tv'))],
    ['missing roles', await sign(without('roleid'))],
    ['sub not an id', await sign({ ...c, sub: "' OR 1=1 --" })],
    ['sub of nobody', await sign({ ...c, sub: '00000000-0000-4000-8000-00000000dead' })],
    ['sub of the owner, role of the admin', await sign(asAdmin)],
    ['token version from the future', await sign({ ...c, tv: Number(c.tv) + 1 })],
    ['jku header pointing elsewhere', handmade({ alg: 'HS256', jku: 'http://127.0.0.1:9/keys' }, c, 'x')],
  ];
}

describe('refused tokens', () => {
  it('answers 401 to every forged, tampered, expired, foreign or wrong-algorithm token', async () => {
    // The real token works, so each refusal below is the variant's doing.
    expect((await t.app.inject({ url: '/api/auth/me', headers: bearer(aoToken) })).statusCode).toBe(200);
    const tokens = await badTokens();
    const accepted: string[] = [];
    for (const [name, token] of tokens) {
      for (const url of ['/api/auth/me', '/api/agencies/profile', '/api/clients']) {
        const res = await t.app.inject({ url, headers: bearer(token) });
        if (res.statusCode !== 401) accepted.push(`${name} on ${url}: ${res.statusCode}`);
      }
    }
    for (const header of ['Bearer', 'Bearer ', 'Basic b3duZXI6cGFzcw==', `Token ${aoToken}`, aoToken]) {
      const res = await t.app.inject({ url: '/api/auth/me', headers: { authorization: header } });
      if (res.statusCode !== 401) accepted.push(`authorization "${header.slice(0, 12)}": ${res.statusCode}`);
    }
    figure(
      '3. Tokens',
      `[security] tokens: ${tokens.length} bad tokens × 3 routes + 5 bad headers, ${tokens.length * 3 + 5 - accepted.length} refused with 401, ${accepted.length} accepted`,
    );
    expect(tokens.length).toBeGreaterThanOrEqual(12);
    expect(accepted).toEqual([]);
  });
});

describe('revoked tokens', () => {
  const me = (token: string) => t.app.inject({ url: '/api/auth/me', headers: bearer(token) });

  it('refuses a token after logout, a password change, an admin reset and deactivation', async () => {
    const { agency, accounts } = await createAccountOfEveryRole(t);
    const admin = await createAdmin(t);
    const adminToken = await signInToken(t.app, { ...admin, host: PORTAL_HOST });
    const results: Record<string, number> = {};

    // Logout revokes every token of the caller.
    const beforeLogout = await signInToken(t.app, accounts.AO);
    const second = await signInToken(t.app, accounts.AO);
    expect((await me(beforeLogout)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(beforeLogout) }))
        .statusCode,
    ).toBe(200);
    results.logout = (await me(beforeLogout)).statusCode;
    results['logout, other session'] = (await me(second)).statusCode;

    // A password change: the old token goes, the one answered works.
    const beforeChange = await signInToken(t.app, accounts.AO);
    const newPassword = 'Badal#Naya2026x';
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(beforeChange),
      payload: { current_password: accounts.AO.password, new_password: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    results['password change'] = (await me(beforeChange)).statusCode;
    const fresh = changed.json<{ data: { token: string } }>().data.token;
    expect((await me(fresh)).statusCode).toBe(200);

    // An admin reset revokes the owner's tokens.
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/clients/${agency.ownerId}/reset-ao-password`,
      headers: bearer(adminToken),
      payload: { new_password: 'Punah#Shuru2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    results['admin reset'] = (await me(fresh)).statusCode;

    // Deactivation by the admin refuses the token the owner signed in with after the reset.
    const afterReset = await signInToken(t.app, { ...accounts.AO, password: 'Punah#Shuru2026' });
    expect((await me(afterReset)).statusCode).toBe(200);
    const deactivated = await t.app.inject({
      method: 'PUT',
      url: '/api/clients/update',
      headers: bearer(adminToken),
      payload: { ClientId: agency.ownerId, IsActive: false, IsVerified: true },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    results.deactivation = (await me(afterReset)).statusCode;

    figure(
      '3. Revocation',
      `[security] revocation: ${Object.entries(results)
        .map(([k, v]) => `${k} → ${v}`)
        .join(', ')}`,
    );
    expect(results).toEqual({
      logout: 401,
      'logout, other session': 401,
      'password change': 401,
      'admin reset': 401,
      deactivation: 401,
    });
  });
});
