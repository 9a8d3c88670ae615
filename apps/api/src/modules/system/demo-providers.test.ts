import { ProviderListResponseSchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencyHost,
  bearer,
  createTestApp,
  PORTAL_HOST,
  signInToken,
  type TestApp,
} from '../../../test/helpers.ts';
import { sniffMime } from '../../lib/documents.ts';
import { DEMO, firstStart } from './first-start.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await firstStart(t.db, t.app.services.hasher, {
    adminEmail: 'root@portal.test',
    adminPassword: 'Pehla#Admin2026',
    seedDemo: true,
    portalHost: PORTAL_HOST,
    portalScheme: 'http',
    documents: t.app.services.documents,
    encryptionKey: t.config.encryptionKey,
  });
});
afterAll(() => t?.close());

describe('the demo agency providers', () => {
  it('cover every service (life twice), each with a logo and masked bank details', async () => {
    const token = await signInToken(t.app, {
      email: DEMO.ownerEmail,
      password: DEMO.ownerPassword,
      host: agencyHost(DEMO.slug),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/plans/providers', headers: bearer(token) });
    const { data } = ProviderListResponseSchema.parse(res.json());
    expect(data.map((p) => p.service_code).sort()).toEqual(
      ['health', 'home', 'life', 'life', 'motor', 'mutual_funds', 'nps', 'postoffice', 'travel'].sort(),
    );
    for (const p of data) {
      expect(p.logo_url).toBe(`/api/plans/${p.provider_id}/logo`);
      expect(p.bank_details.account_number).toMatch(/^••••\d{4}$/);
      const logo = await t.app.inject({ method: 'GET', url: p.logo_url!, headers: bearer(token) });
      expect(logo.statusCode).toBe(200);
      expect(sniffMime(logo.rawPayload)).toBe('image/png');
    }
    // Priya Sharma's first plans still point at the completed LIC and HDFC records; LIC holds only hers
    // (the providers journey counts it), the demo's other life policies are with HDFC Life.
    const lic = data.find((p) => p.provider_name === 'Life Insurance Corporation of India')!;
    const hdfcLife = data.find((p) => p.provider_name === 'HDFC Life Insurance')!;
    const hdfc = data.find((p) => p.service_code === 'mutual_funds')!;
    expect(lic).toMatchObject({ service_code: 'life', plans_count: 1 });
    expect(hdfcLife).toMatchObject({ service_code: 'life', plans_count: 4 });
    expect(hdfc).toMatchObject({ arn_number: 'ARN-112233', arn_expiry_warning: true, plans_count: 4 });
    expect(data.find((p) => p.service_code === 'nps')!.arn_expiry_warning).toBe(false);
  });
});
