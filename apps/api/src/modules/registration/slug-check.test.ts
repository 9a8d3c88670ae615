import {
  ErrorResponseSchema,
  MSG,
  numberedSlug,
  SLUG_CHECKS_PER_ADDRESS,
  SlugCheckResponseSchema,
} from '@portal/contract';
import { makeRegistration } from '@portal/contract/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  PORTAL_HOST,
  postRegistration,
  registerAgency,
  signInToken,
  type TestApp,
  uniqueIp,
} from '../../../test/helpers.ts';
import { agencies } from '../../db/schema.ts';

// Issue 24 item 5: a taken portal address was refused only at the last step of the registration. The form now
// asks GET /api/registration/slug as the name is typed, and may send the address the owner chose.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function check(slug: string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/registration/slug?slug=${encodeURIComponent(slug)}`,
    remoteAddress: options.ip ?? uniqueIp(),
    headers: options.headers ?? {},
  });
}

async function checked(slug: string) {
  const res = await check(slug);
  expect(res.statusCode).toBe(200);
  return SlugCheckResponseSchema.parse(res.json());
}

describe('GET /api/registration/slug', () => {
  it('answers a free address as available, to a caller without a token', async () => {
    const slug = `free${Date.now().toString(36)}`;
    expect(await checked(slug)).toEqual({ slug, available: true, reason: null, suggestion: null });
  });

  it('answers a taken address as taken, with a suggestion that is really free', async () => {
    const first = await registerAgency(t.app);
    const answer = await checked(first.slug);
    expect(answer).toMatchObject({ slug: first.slug, available: false, reason: 'taken' });
    expect(answer.suggestion).toBe(`${first.slug}-2`);
    // The suggestion is free: checking it says so, and an agency can be registered at it.
    expect(await checked(answer.suggestion!)).toMatchObject({ available: true });
    const res = await postRegistration(
      t.app,
      makeRegistration({ AgencyName: first.form.AgencyName, PortalAddress: answer.suggestion! }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.portal_url).toBe(`http://${answer.suggestion}.${PORTAL_HOST}`);
    // Now that one is taken as well, the next suggestion skips it, and counts on from it.
    expect(await checked(first.slug)).toMatchObject({ suggestion: `${first.slug}-3` });
    expect(await checked(answer.suggestion!)).toMatchObject({
      available: false,
      suggestion: `${first.slug}-3`,
    });
  });

  it('reads the address as the rules do (trimmed, lower case) before checking', async () => {
    const first = await registerAgency(t.app);
    expect(await checked(` ${first.slug.toUpperCase()} `)).toMatchObject({
      slug: first.slug,
      available: false,
    });
  });

  it.each(['www', 'api', 'admin', 'app', 'static'])(
    'answers the reserved %j as unavailable',
    async (slug) => {
      expect(await checked(slug)).toEqual({
        slug,
        available: false,
        reason: 'reserved',
        suggestion: `${slug}-2`,
      });
    },
  );

  it('suggests a valid slug for a 63-character address', async () => {
    const long = `l${Date.now().toString(36)}`.padEnd(63, 'x');
    const first = await registerAgency(t.app, { AgencyName: long });
    expect(first.slug).toBe(long);
    const { suggestion } = await checked(long);
    expect(suggestion).toBe(numberedSlug(long, 2));
    expect(suggestion).toHaveLength(63);
    expect(suggestion).toMatch(/-2$/);
  });

  it.each([
    ['', 'Slug is required.'],
    ['shree ganesh', 'Slug may use only'],
    ['shree_ganesh', 'Slug may use only'],
    ['-ganesh', 'Slug may use only'],
    ['ganesh-', 'Slug may use only'],
    ['ganesh--sons', 'Slug may use only'],
    ['गणेश', 'Slug may use only'],
    ['x'.repeat(64), 'Slug must be at most 63 characters.'],
  ])('refuses the invalid address %j with a message naming the field', async (slug, message) => {
    const res = await check(slug);
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.message.startsWith(message)).toBe(true);
    expect(body.fields?.slug).toBe(body.message);
  });

  it('refuses a call without a slug', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/registration/slug',
      remoteAddress: uniqueIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(res.json()).fields).toHaveProperty('slug');
  });

  it('answers a signed-in caller exactly as anyone else', async () => {
    const first = await registerAgency(t.app);
    const token = await signInToken(t.app, {
      email: first.email,
      password: first.password,
      host: first.host,
    });
    const anonymous = await check(first.slug);
    const signedIn = await check(first.slug, { headers: bearer(token) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(anonymous.json());
  });

  it(`allows ${SLUG_CHECKS_PER_ADDRESS} checks from one address in a window, then 429 with Retry-After`, async () => {
    const ip = uniqueIp();
    for (let i = 0; i < SLUG_CHECKS_PER_ADDRESS; i += 1) {
      expect((await check(`flood${i}`, { ip })).statusCode).toBe(200);
    }
    const refused = await check('flood-more', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MSG.tooManySlugChecks, detail: 'Try again in 15 minutes.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still asks.
    expect((await check('flood-more')).statusCode).toBe(200);
  });
});

describe('POST /api/agencies/register-client with PortalAddress (issue 24 item 5)', () => {
  it('registers the agency at the address the owner chose, not the one of its name', async () => {
    const chosen = `chosen-${Date.now().toString(36)}`;
    const form = makeRegistration({ PortalAddress: chosen });
    const res = await postRegistration(t.app, form);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ slug: chosen, portal_url: `http://${chosen}.${PORTAL_HOST}` });
    const [agency] = await t.db.select().from(agencies).where(eq(agencies.slug, chosen));
    expect(agency?.name).toBe(form.AgencyName);
  });

  it('still derives the address from the name when none is sent (older callers)', async () => {
    const form = makeRegistration({ AgencyName: `Old Caller ${Date.now().toString(36)}` });
    const res = await postRegistration(t.app, { ...form, PortalAddress: '' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.slug).toMatch(/^oldcaller/);
  });

  it('refuses a taken chosen address naming PortalAddress', async () => {
    const first = await registerAgency(t.app);
    const res = await postRegistration(t.app, makeRegistration({ PortalAddress: first.slug }));
    expect(res.statusCode).toBe(409);
    const detail = `The portal address ${first.slug}.${PORTAL_HOST} is already taken. Please choose a different portal address.`;
    expect(ErrorResponseSchema.parse(res.json())).toEqual({
      message: detail,
      detail,
      fields: { PortalAddress: detail },
    });
  });

  it('refuses a reserved chosen address naming PortalAddress', async () => {
    const res = await postRegistration(t.app, makeRegistration({ PortalAddress: 'admin' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.PortalAddress).toContain('is reserved');
  });

  it('refuses a malformed chosen address with a message naming the field', async () => {
    const res = await postRegistration(t.app, makeRegistration({ PortalAddress: 'Shree Ganesh' }));
    expect(res.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(res.json());
    expect(body.fields?.PortalAddress).toMatch(/^Portal Address may use only lower-case English letters/);
  });
});
