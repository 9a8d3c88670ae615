import { ErrorResponseSchema, MSG, RegistrationResponseSchema, slugify } from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  PORTAL_HOST,
  postRegistration,
  registerAgency,
  type TestApp,
} from '../../../test/helpers.ts';
import { agencies, auditLog, ownerAccounts, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function usersWithEmail(email: string) {
  return t.db.select().from(users).where(eq(users.email, email.toLowerCase()));
}
async function agenciesWithSlug(slug: string) {
  return t.db.select().from(agencies).where(eq(agencies.slug, slug));
}

describe('POST /api/agencies/register-client', () => {
  it('registers an unverified, active owner and the agency, and answers its portal address', async () => {
    const form = makeRegistration({ AgencyEmail: 'Asha.Verma.Reg@Example.IN', newsletterSubscribed: true });
    const res = await postRegistration(t.app, form);
    expect(res.statusCode).toBe(201);
    const body = RegistrationResponseSchema.parse(res.json());
    const slug = slugify(form.AgencyName!);
    expect(body.message).toBe(MSG.registrationSuccess);
    expect(body.data.slug).toBe(slug);
    expect(body.data.portal_url).toBe(`http://${slug}.${PORTAL_HOST}`);

    const [user] = await usersWithEmail('asha.verma.reg@example.in');
    expect(user).toMatchObject({
      role: 'AO',
      isActive: true,
      agencyId: null,
      fullName: form.ClientName,
      phone: form.AgencyPhoneNumber,
      tokenVersion: 1,
      mustChangePassword: false,
    });
    // argon2id (decisions §3), never the password itself.
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.passwordHash).not.toContain(form.AgencyPassword);

    const [owner] = await t.db.select().from(ownerAccounts).where(eq(ownerAccounts.userId, user!.id));
    expect(owner).toMatchObject({
      id: body.data.client_id,
      isVerified: false,
      verifiedAt: null,
      clientName: form.ClientName,
      insertedBy: 'SYSTEM',
      newsletterSubscribed: true,
    });
    expect(owner!.termsAcceptedAt).toBeInstanceOf(Date);

    const [agency] = await agenciesWithSlug(slug);
    expect(agency).toMatchObject({
      id: body.data.agency_id,
      ownerId: owner!.id,
      name: form.AgencyName,
      email: 'asha.verma.reg@example.in',
      locality: form.Locality,
      society: form.Society,
      city: form.City,
      stateName: form.StateName,
      pincode: form.Pincode,
      countryId: 1,
      website: form.Website,
      yearsInBusiness: form.YearsInBusiness,
      description: form.CompanyDescription,
      alternatePhone: null,
    });

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agency.registered'), eq(auditLog.agencyId, agency!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: user!.id, actorRole: 'AO', targetId: agency!.id });
    expect(JSON.stringify(audit[0]!.detail)).not.toContain(form.AgencyPassword);
  });

  it('stores a name with spaces and capitals under its spec slug', async () => {
    const tag = Date.now().toString(36);
    const res = await postRegistration(
      t.app,
      makeRegistration({ AgencyName: `  Shree Ganesh & Sons ${tag} ` }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.portal_url).toBe(`http://shreeganeshsons${tag}.${PORTAL_HOST}`);
  });

  describe('refuses a bad field with the spec message in message, detail and fields', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['missing ClientName', { ClientName: '' }, 'ClientName', 'Client Name is required.'],
      ['missing AgencyName', { AgencyName: undefined }, 'AgencyName', 'Agency Name is required.'],
      ['missing AgencyEmail', { AgencyEmail: '' }, 'AgencyEmail', 'Agency Email is required.'],
      [
        'missing AgencyPhoneNumber',
        { AgencyPhoneNumber: '' },
        'AgencyPhoneNumber',
        'Agency Phone Number is required.',
      ],
      ['missing AgencyPassword', { AgencyPassword: '' }, 'AgencyPassword', 'Agency Password is required.'],
      ['missing Locality', { Locality: '   ' }, 'Locality', 'Locality is required.'],
      ['missing City', { City: '' }, 'City', 'City is required.'],
      ['missing StateName', { StateName: '' }, 'StateName', 'State Name is required.'],
      ['missing Pincode', { Pincode: '' }, 'Pincode', 'Pincode is required.'],
      ['terms not accepted', { termsAccepted: false }, 'termsAccepted', MSG.termsRequired],
      ['terms missing', { termsAccepted: undefined }, 'termsAccepted', MSG.termsRequired],
      ['a bad email', { AgencyEmail: 'asha.example.in' }, 'AgencyEmail', 'Invalid email format.'],
      ['a short password', { AgencyPassword: 'Ab1!' }, 'AgencyPassword', MSG.passwordRule],
      ['a password without a digit', { AgencyPassword: 'Kavach#Kavach' }, 'AgencyPassword', MSG.passwordRule],
      [
        'a password without a special char',
        { AgencyPassword: 'Kavach2026x' },
        'AgencyPassword',
        MSG.passwordRule,
      ],
      [
        'a too long password',
        { AgencyPassword: `Ab1!${'x'.repeat(125)}` },
        'AgencyPassword',
        MSG.passwordTooLong,
      ],
      ['a common password', { AgencyPassword: 'Password@123' }, 'AgencyPassword', MSG.passwordTooCommon],
    ];
    it.each(cases)('%s', async (_why, overrides, field, message) => {
      const form = { ...makeRegistration(), ...overrides };
      const res = await postRegistration(t.app, form);
      expect(res.statusCode).toBe(400);
      const body = ErrorResponseSchema.parse(res.json());
      expect(body).toEqual({ message, detail: message, fields: { [field]: message } });
      expect(await usersWithEmail(String(form.AgencyEmail))).toHaveLength(0);
    });
  });

  it('names every bad field of a form at once', async () => {
    const res = await postRegistration(t.app, { termsAccepted: true });
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.fields).toMatchObject({
      ClientName: 'Client Name is required.',
      AgencyPhoneNumber: 'Agency Phone Number is required.',
      StateName: 'State Name is required.',
    });
    expect(body.detail).toContain('Client Name is required.');
    expect(body.detail).toContain('Pincode is required.');
  });

  it('refuses an email already registered, whatever its case, with a clear detail', async () => {
    const first = await registerAgency(t.app);
    const res = await postRegistration(t.app, makeRegistration({ AgencyEmail: first.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.detail).toBe(MSG.emailTaken);
    expect(body.fields).toEqual({ AgencyEmail: MSG.emailTaken });
    expect(await usersWithEmail(first.email)).toHaveLength(1);
  });

  it('refuses an agency whose address is taken (same name, another email), creating nothing', async () => {
    const first = await registerAgency(t.app);
    const again = makeRegistration({
      AgencyName: first.form.AgencyName!.toUpperCase().replaceAll(' ', '  '),
    });
    const res = await postRegistration(t.app, again);
    expect(res.statusCode).toBe(409);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.detail).toBe(
      `The portal address ${first.slug}.${PORTAL_HOST} is already taken. Please choose a different agency name.`,
    );
    expect(body.fields?.AgencyName).toBe(body.detail);
    expect(await usersWithEmail(again.AgencyEmail!)).toHaveLength(0);
    expect(await agenciesWithSlug(first.slug)).toHaveLength(1);
  });

  it.each(['Admin', 'API', 'w w w'])('refuses the reserved address of the agency name %j', async (name) => {
    const form = makeRegistration({ AgencyName: name });
    const res = await postRegistration(t.app, form);
    expect(res.statusCode).toBe(409);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.detail).toContain('is reserved');
    expect(body.fields).toHaveProperty('AgencyName');
    expect(await usersWithEmail(form.AgencyEmail!)).toHaveLength(0);
  });

  it('refuses a name with no Latin letters or digits (no portal address possible)', async () => {
    const form = makeRegistration({ AgencyName: 'बीमा सेवा' });
    const res = await postRegistration(t.app, form);
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.fields).toHaveProperty('AgencyName');
    expect(body.detail).toMatch(/English letter or digit/);
    expect(await usersWithEmail(form.AgencyEmail!)).toHaveLength(0);
  });

  it('ignores unknown fields and never stores them (no mass assignment)', async () => {
    const form = makeRegistration();
    const res = await postRegistration(t.app, {
      ...form,
      role: 'ADMIN',
      IsVerified: true,
      isVerified: true,
      is_active: false,
      slug: 'chosen-slug',
      agency_id: '00000000-0000-4000-8000-000000000000',
      Sneaky: 'sneaky-marker-value',
    });
    expect(res.statusCode).toBe(201);
    const [user] = await usersWithEmail(form.AgencyEmail!);
    expect(user).toMatchObject({ role: 'AO', isActive: true });
    const [owner] = await t.db.select().from(ownerAccounts).where(eq(ownerAccounts.userId, user!.id));
    expect(owner!.isVerified).toBe(false);
    const [agency] = await agenciesWithSlug(res.json().data.slug);
    expect(agency!.slug).toBe(slugify(form.AgencyName!));
    expect(agency!.id).not.toBe('00000000-0000-4000-8000-000000000000');
    const stored = JSON.stringify([user, owner, agency, await t.db.select().from(auditLog)]);
    expect(stored).not.toContain('sneaky-marker-value');
    expect(stored).not.toContain('chosen-slug');
  });

  it('answers 413 with { message, detail } for a body over 1 MiB', async () => {
    const form = makeRegistration({ CompanyDescription: 'x'.repeat(1024 * 1024 + 10) });
    const res = await postRegistration(t.app, form);
    expect(res.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(res.json())).toEqual({
      message: 'The request body is too large.',
      detail: 'The request body is too large.',
    });
  });

  describe('when a concurrent registration wins the race after the pre-checks', () => {
    it('answers 409 for the slug and leaves no user, owner or agency of its own', async () => {
      const rival = await registerAgency(t.app);
      const form = makeRegistration();
      const slug = slugify(form.AgencyName!);
      // The hash runs between the cheap pre-checks and the transaction: the rival's agency lands there.
      const hash = t.app.services.hasher.hash;
      const spy = vi.spyOn(t.app.services.hasher, 'hash').mockImplementationOnce(async (password) => {
        await t.db.insert(agencies).values({
          ownerId: rival.ownerId,
          name: form.AgencyName!,
          slug,
          email: rival.email,
          phone: '9876543210',
          locality: 'MG Road',
          city: 'Pune',
          stateName: 'Maharashtra',
          pincode: '411001',
        });
        return hash(password);
      });
      try {
        const res = await postRegistration(t.app, form);
        expect(res.statusCode).toBe(409);
        expect(res.json().fields).toHaveProperty('AgencyName');
      } finally {
        spy.mockRestore();
      }
      expect(await usersWithEmail(form.AgencyEmail!)).toHaveLength(0);
      const [rivalAgency, ...others] = await agenciesWithSlug(slug);
      expect(rivalAgency!.ownerId).toBe(rival.ownerId);
      expect(others).toHaveLength(0);
      const owners = await t.db
        .select({ id: ownerAccounts.id })
        .from(ownerAccounts)
        .where(eq(ownerAccounts.clientName, form.ClientName!));
      const registered = await t.db.select({ ownerId: agencies.ownerId }).from(agencies);
      // Every owner account still has an agency: no orphan from the failed attempt.
      for (const owner of owners) expect(registered.map((r) => r.ownerId)).toContain(owner.id);
    });

    it('answers 409 for the email and leaves no agency behind', async () => {
      const form = makeRegistration();
      const hash = t.app.services.hasher.hash;
      const spy = vi.spyOn(t.app.services.hasher, 'hash').mockImplementationOnce(async (password) => {
        await t.db.insert(users).values({
          role: 'AO',
          email: form.AgencyEmail!.toLowerCase(),
          passwordHash: 'x',
          fullName: 'Rival',
        });
        return hash(password);
      });
      try {
        const res = await postRegistration(t.app, form);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ detail: MSG.emailTaken, fields: { AgencyEmail: MSG.emailTaken } });
      } finally {
        spy.mockRestore();
      }
      expect(await agenciesWithSlug(slugify(form.AgencyName!))).toHaveLength(0);
      expect(await usersWithEmail(form.AgencyEmail!)).toHaveLength(1);
    });
  });
});
