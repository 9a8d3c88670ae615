import { AgencyProfileResponseSchema } from '@portal/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerWithToken } from '../../../test/fixtures/providers.ts';
import {
  bearer,
  createAccountOfEveryRole,
  createTestApp,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { jpegBytes, PDF_BYTES, pngBytes } from '../../../test/images.ts';
import { multipart } from '../../../test/multipart.ts';
import { agencies, auditLog } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const getProfile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/agencies/profile', headers: bearer(token) });
const putProfile = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/agencies/profile', headers: bearer(token), payload: body });
const uploadLogo = (
  token: string,
  file: { filename: string; type: string; bytes: Buffer },
  name = 'logo',
) => {
  const body = multipart([{ name, ...file }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/agencies/profile/logo',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

function editable(form: Record<string, unknown>) {
  return {
    AgencyName: form.AgencyName,
    AgencyEmail: form.AgencyEmail,
    AgencyPhoneNumber: form.AgencyPhoneNumber,
    AlternatePhoneNumber: '',
    Locality: form.Locality,
    Society: form.Society,
    City: form.City,
    StateName: form.StateName,
    Pincode: form.Pincode,
    YearsInBusiness: form.YearsInBusiness,
    Website: form.Website,
    CompanyDescription: form.CompanyDescription,
    LicenseNumber: 'IRDAI/DB-123/2020',
  };
}

describe('the agency profile', () => {
  it('answers the registration details, portal address, verification and slug', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const res = await getProfile(token);
    expect(res.statusCode).toBe(200);
    const { data } = AgencyProfileResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      agency_id: agency.agencyId,
      slug: agency.slug,
      portal_address: agency.portalUrl,
      is_verified: false,
      ClientName: agency.form.ClientName,
      AgencyName: agency.form.AgencyName,
      AgencyEmail: agency.email,
      City: 'Pune',
      StateName: 'Maharashtra',
      Pincode: '411001',
      YearsInBusiness: 12,
      LicenseNumber: null,
      logo_url: null,
    });
    await verifyOwner(t.db, agency.ownerId);
    expect((await getProfile(token)).json().data.is_verified).toBe(true);
  });

  it('saves edits with the license number, keeps the slug, and audits the changed fields', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const res = await putProfile(token, {
      ...editable(agency.form as Record<string, unknown>),
      AgencyName: 'Verma & Sons Insurance',
      City: 'Nagpur',
      YearsInBusiness: '15',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'success',
      message: 'Agency profile saved.',
      data: {
        AgencyName: 'Verma & Sons Insurance',
        City: 'Nagpur',
        YearsInBusiness: 15,
        LicenseNumber: 'IRDAI/DB-123/2020',
        AlternatePhoneNumber: null,
        slug: agency.slug,
        portal_address: agency.portalUrl,
      },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agency.agencyId), eq(auditLog.action, 'agency.update')));
    expect((audit!.detail as { changed: string[] }).changed.sort()).toEqual(
      ['city', 'licenseNumber', 'name', 'yearsInBusiness'].sort(),
    );
  });

  it.each([
    [{ AgencyName: '' }, 'AgencyName', 'Agency Name is required.'],
    [{ AgencyEmail: 'nope' }, 'AgencyEmail', 'Invalid email format.'],
    [{ AgencyPhoneNumber: '12' }, 'AgencyPhoneNumber', 'Agency Phone Number must be a valid phone number.'],
    [
      { AlternatePhoneNumber: 'abc' },
      'AlternatePhoneNumber',
      'Alternate Phone Number must be a valid phone number.',
    ],
    [{ Locality: ' ' }, 'Locality', 'Locality is required.'],
    [{ City: undefined }, 'City', 'City is required.'],
    [
      { StateName: 'Atlantis' },
      'StateName',
      'State Name must be one of the Indian states and union territories.',
    ],
    [{ Pincode: '011001' }, 'Pincode', 'Pincode must be 6 digits and not start with 0.'],
    [{ YearsInBusiness: 300 }, 'YearsInBusiness', 'Years In Business must be a whole number from 0 to 200.'],
    [{ Website: 'not a site' }, 'Website', 'Website must be a web address such as www.example.in.'],
    [
      { CompanyDescription: 'x'.repeat(1001) },
      'CompanyDescription',
      'Company Description must be at most 1000 characters.',
    ],
    [
      { LicenseNumber: 'IRDAI#1' },
      'LicenseNumber',
      'License Number may contain only letters, digits, spaces, / and -.',
    ],
    [{ LicenseNumber: 'L'.repeat(51) }, 'LicenseNumber', 'License Number must be at most 50 characters.'],
  ])('answers 400 to %j naming the field, and changes nothing', async (change, field, message) => {
    const { agency, token } = await ownerWithToken(t.app);
    const res = await putProfile(token, { ...editable(agency.form as Record<string, unknown>), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    const [row] = await t.db.select().from(agencies).where(eq(agencies.id, agency.agencyId));
    expect(row!.licenseNumber).toBeNull();
  });

  it('is the caller agency only: an agency_id in the body is refused or ignored', async () => {
    const a = await ownerWithToken(t.app);
    const b = await ownerWithToken(t.app);
    const res = await putProfile(b.token, {
      ...editable(b.agency.form as Record<string, unknown>),
      agency_id: a.agency.agencyId,
      City: 'Indore',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.agency_id).toBe(b.agency.agencyId);
    expect((await getProfile(a.token)).json().data.City).toBe('Pune');
  });

  it('belongs to the agency owner: 401 anonymous, 403 to ADMIN and AC', async () => {
    const every = await createAccountOfEveryRole(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/agencies/profile' })).statusCode).toBe(401);
    for (const role of ['ADMIN', 'AC'] as const) {
      const token = await signInToken(t.app, every.accounts[role]);
      expect((await getProfile(token)).statusCode).toBe(403);
      expect(
        (await uploadLogo(token, { filename: 'a.png', type: 'image/png', bytes: pngBytes() })).statusCode,
      ).toBe(403);
    }
  });
});

describe('the agency logo', () => {
  it('is stored, served with safe headers and replaced', async () => {
    const { agency, token } = await ownerWithToken(t.app);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/profile/logo',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);

    const png = pngBytes(5, 5);
    const res = await uploadLogo(token, { filename: 'agency.png', type: 'image/png', bytes: png });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo_url).toBe('/api/agencies/profile/logo');
    const image = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/profile/logo',
      headers: bearer(token),
    });
    expect(image.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(image.headers['content-disposition']).toMatch(/^inline; /);
    expect(image.rawPayload.equals(png)).toBe(true);

    const jpeg = jpegBytes();
    await uploadLogo(token, { filename: 'agency.jpg', type: 'image/jpeg', bytes: jpeg });
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/profile/logo',
      headers: bearer(token),
    });
    expect(replaced.headers['content-type']).toBe('image/jpeg');
    expect(replaced.rawPayload.equals(jpeg)).toBe(true);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agencyId, agency.agencyId), eq(auditLog.action, 'agency.logo')));
    expect(audits).toHaveLength(2);

    const other = await ownerWithToken(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/agencies/profile/logo',
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it.each([
    [
      'a PDF',
      { filename: 'a.pdf', type: 'application/pdf', bytes: PDF_BYTES },
      400,
      'Logo must be a PNG, JPEG or WebP image file.',
    ],
    [
      'a JPEG claiming PNG',
      { filename: 'a.png', type: 'image/png', bytes: jpegBytes() },
      400,
      'Logo claims to be image/png but its content is JPG. Upload the file as it is.',
    ],
    [
      'a PNG over 2 MiB',
      { filename: 'a.png', type: 'image/png', bytes: pngBytes(2, 2, 2 * 1024 * 1024 + 10) },
      413,
      'Logo must be at most 2 MiB.',
    ],
  ])('refuses %s naming the logo field', async (_what, file, status, message) => {
    const { token } = await ownerWithToken(t.app);
    const res = await uploadLogo(token, file);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message, fields: { logo: message } });
    expect((await getProfile(token)).json().data.logo_url).toBeNull();
  });

  it('refuses a request without the logo file', async () => {
    const { token } = await ownerWithToken(t.app);
    const res = await uploadLogo(token, { filename: 'a.png', type: 'image/png', bytes: pngBytes() }, 'image');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('image');
  });
});
