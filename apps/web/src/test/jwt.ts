// An unsigned JWT-shaped string (header.payload.signature, base64url JSON). The browser only decodes
// tokens; signatures are the API's to check, so tests need no key.
function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function unsignedToken(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.unsigned`;
}

export function tokenFor(roleid: string[], extra: Record<string, unknown> = {}): string {
  return unsignedToken({
    sub: '0b0e7c52-4a57-4d57-9d0f-6b8f1c2a3d4e',
    roleid,
    clientName: 'Asha Verma',
    agency_id: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
    agency_name: 'Verma Insurance',
    tv: 0,
    iat: 1_772_355_600,
    exp: 1_772_359_200,
    ...extra,
  });
}
