import { BrandingSchema, ClientAgencySchema, TENANT_HOST_HEADER } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import {
  bearer,
  createAgencyClient,
  createTestApp,
  PORTAL_HOST,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { jpegBytes, pngBytes } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';
import { users } from '../../db/schema.ts';

// The agency's name and logo at its own address (issue 24 item 4, decision 028).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const brandingAt = (host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/branding', headers: { host, ...headers } });
const logoAt = (host: string, url = '/api/branding/logo', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });

async function uploadLogo(token: string, file: { filename: string; type: string; bytes: Buffer }) {
  const body = multipart([{ name: 'logo', ...file }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agencies/profile/logo',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
}

/** A verified agency, with a logo when given one; its address carries the browser's port. */
async function verifiedAgency(logo?: { filename: string; type: string; bytes: Buffer }) {
  const { agency, token } = await ownerWithToken(t.app);
  await verifyOwner(t.db, agency.ownerId);
  if (logo) await uploadLogo(token, logo);
  return { agency, token, host: `${agency.host}:3000` };
}

async function brandOf(host: string) {
  const res = await brandingAt(host);
  expect(res.statusCode).toBe(200);
  return BrandingSchema.parse(res.json());
}

describe('the branding of an address', () => {
  it("answers a verified agency's name and logo at its address, and nothing else about it", async () => {
    const png = pngBytes(6, 4);
    const { agency, host } = await verifiedAgency({ filename: 'mark.png', type: 'image/png', bytes: png });
    const res = await brandingAt(host);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['address', 'agency']);
    expect(Object.keys(body.agency).sort()).toEqual(['logo_url', 'name']);
    expect(body.address).toBe('agency');
    expect(body.agency.name).toBe(agency.form.AgencyName);
    expect(body.agency.logo_url).toMatch(/^\/api\/branding\/logo\?v=[0-9a-f]{16}$/);
    // Nothing of the agency's contact, address, ids or owner.
    for (const secret of [
      agency.email,
      agency.form.AgencyPhoneNumber,
      agency.agencyId,
      agency.form.ClientName,
    ]) {
      expect(res.body).not.toContain(String(secret));
    }

    const image = await logoAt(host, body.agency.logo_url);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(image.headers.etag).toBe(`"${body.agency.logo_url.split('=')[1]}"`);
  });

  it('serves a JPEG logo as a JPEG, answers 304 to its ETag, and a new upload gets a new address', async () => {
    const { token, host } = await verifiedAgency({ filename: 'a.png', type: 'image/png', bytes: pngBytes() });
    const first = (await brandOf(host)).agency!.logo_url!;
    const etag = String((await logoAt(host, first)).headers.etag);
    const again = await logoAt(host, first, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    const jpeg = jpegBytes();
    await uploadLogo(token, { filename: 'b.jpg', type: 'image/jpeg', bytes: jpeg });
    const second = (await brandOf(host)).agency!.logo_url!;
    expect(second).not.toBe(first);
    const image = await logoAt(host, second, { 'if-none-match': etag });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpeg)).toBe(true);
    // The old address answers the current logo, but only to be checked again, never kept as the old one.
    const stale = await logoAt(host, first);
    expect(stale.rawPayload.equals(jpeg)).toBe(true);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
  });

  it('answers the generic portal at the bare address and at hosts that are no agency', async () => {
    await verifiedAgency({ filename: 'a.png', type: 'image/png', bytes: pngBytes() });
    expect(await brandOf(PORTAL_HOST)).toEqual({ address: 'platform', agency: null });
    expect(await brandOf(`${PORTAL_HOST}:3000`)).toEqual({ address: 'platform', agency: null });
    expect(await brandOf(`nosuchagency.${PORTAL_HOST}`)).toEqual({ address: 'unknown', agency: null });
    expect(await brandOf('evil.example')).toEqual({ address: 'unknown', agency: null });
    for (const host of [PORTAL_HOST, `nosuchagency.${PORTAL_HOST}`, 'evil.example']) {
      const res = await logoAt(host);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'This address has no agency logo.' });
    }
  });

  it('answers no logo for an agency without one', async () => {
    const { agency, host } = await verifiedAgency();
    expect(await brandOf(host)).toEqual({
      address: 'agency',
      agency: { name: agency.form.AgencyName, logo_url: null },
    });
    expect((await logoAt(host)).statusCode).toBe(404);
  });

  it('shows no brand for an agency the platform has not verified, or whose owner is deactivated', async () => {
    const logo = { filename: 'a.png', type: 'image/png', bytes: pngBytes() };
    const unverified = await ownerWithToken(t.app);
    await uploadLogo(unverified.token, logo);
    expect(await brandOf(unverified.agency.host)).toEqual({ address: 'agency', agency: null });
    expect((await logoAt(unverified.agency.host)).statusCode).toBe(404);

    const closed = await verifiedAgency(logo);
    expect((await brandOf(closed.host)).agency).not.toBeNull();
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, closed.agency.userId));
    expect(await brandOf(closed.host)).toEqual({ address: 'agency', agency: null });
    expect((await logoAt(closed.host)).statusCode).toBe(404);
  });

  it("never answers another agency's logo: the Host alone says whose, whatever the request names", async () => {
    const pngA = pngBytes(3, 3);
    const pngB = pngBytes(9, 9);
    const a = await verifiedAgency({ filename: 'a.png', type: 'image/png', bytes: pngA });
    const b = await verifiedAgency({ filename: 'b.png', type: 'image/png', bytes: pngB });
    const urlB = (await brandOf(b.host)).agency!.logo_url!;
    const tries = [
      await logoAt(a.host, urlB),
      await logoAt(a.host, urlB, { [TENANT_HOST_HEADER]: b.host }),
      await logoAt(a.host, `/api/branding/logo?agency=${b.agency.agencyId}`),
    ];
    for (const res of tries) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pngA)).toBe(true);
      // B's version at A's address is not A's current one: never kept as if it were.
      expect(res.headers['cache-control']).toBe('public, no-cache');
    }
    const badVersion = await logoAt(a.host, `/api/branding/logo?v=${b.agency.agencyId}`);
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.body).not.toContain(b.agency.form.AgencyName);
    // The bare address shows nobody's.
    expect((await logoAt(PORTAL_HOST, urlB)).statusCode).toBe(404);
  });

  it("gives the agency's client the same logo address in their agency details", async () => {
    const { agency, host } = await verifiedAgency({
      filename: 'a.png',
      type: 'image/png',
      bytes: pngBytes(),
    });
    const client = await createAgencyClient(t, agency.agencyId);
    const token = await signInToken(t.app, { email: client.email, password: client.password, host });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/agency-user/client/my-agency-details',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const details = ClientAgencySchema.parse(res.json());
    expect(details.logo_url).toBe((await brandOf(host)).agency!.logo_url);
    const image = await logoAt(host, details.logo_url!);
    expect(image.statusCode).toBe(200);
  });
});
