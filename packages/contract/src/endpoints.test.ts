import { describe, expect, it } from 'vitest';
import { RegistrationSchema } from './auth.ts';
import { endpoints } from './endpoints.ts';
import { makeRegistration } from './factories.ts';
import { BinaryResponseSchema } from './providers.ts';
import { ROLES } from './roles.ts';

const table = Object.entries(endpoints);

describe('the endpoint table', () => {
  it.each(table)('%s declares who may call it', (_name, endpoint) => {
    if (endpoint.access === 'public') return;
    expect(endpoint.access.length).toBeGreaterThan(0);
    for (const role of endpoint.access) expect(ROLES).toContain(role);
  });

  it.each(table)('%s lives under /api and answers a 2xx', (_name, endpoint) => {
    expect(endpoint.path).toMatch(/^\/api\//);
    expect(endpoint.status).toBeGreaterThanOrEqual(200);
    expect(endpoint.status).toBeLessThan(300);
  });

  it.each(table)('%s names the content types of a file answer, and only of one', (_name, endpoint) => {
    const produces = (endpoint as { produces?: readonly string[] }).produces;
    if (endpoint.response === BinaryResponseSchema) expect(produces?.length).toBeGreaterThan(0);
    else expect(produces).toBeUndefined();
  });

  it('has each method and path once', () => {
    const keys = table.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the spec paths of sign-in and registration (§7)', () => {
    expect(endpoints.login).toMatchObject({ method: 'POST', path: '/api/agencies/client-login' });
    expect(endpoints.registerAgency).toMatchObject({ method: 'POST', path: '/api/agencies/register-client' });
  });
});

describe('makeRegistration', () => {
  it('makes valid forms with a unique agency name and email each time', () => {
    const a = makeRegistration();
    const b = makeRegistration();
    expect(RegistrationSchema.safeParse(a).success).toBe(true);
    expect(a.AgencyName).not.toBe(b.AgencyName);
    expect(a.AgencyEmail).not.toBe(b.AgencyEmail);
    expect(makeRegistration({ City: 'Nagpur' }).City).toBe('Nagpur');
  });
});
