import { TENANT_HOST_HEADER } from '@portal/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { auditLog } from '../../src/db/schema.ts';
import { figure } from '../figures.ts';
import { createTestApp, registerAgency, type TestApp } from '../helpers.ts';

// Issue 23 item 10: behind a proxy the portal believes only its proxies. With TRUST_PROXY=true on c5ef5a3 a
// client named its own address in X-Forwarded-For: it slipped the sign-in limits, could lock out others'
// addresses and forged the audit log's address.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** The address the audit log kept for a sign-in sent from `remoteAddress` with `forwardedFor`. */
async function auditedAddress(trust: string, remoteAddress: string, forwardedFor: string): Promise<string> {
  const t = await createTestApp({ env: { TRUST_PROXY: trust } });
  apps.push(t);
  const agency = await registerAgency(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/agencies/client-login',
    headers: { [TENANT_HOST_HEADER]: agency.host, 'x-forwarded-for': forwardedFor },
    payload: { email: agency.email, password: agency.password },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, agency.userId), eq(auditLog.action, 'auth.login')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return String(row?.ip);
}

describe('X-Forwarded-For is believed only from the proxies named', () => {
  // The client sent "6.6.6.6"; the load balancer (10.0.0.5, the socket's peer) appended the client's real
  // address, 203.0.113.9.
  const chain = '6.6.6.6, 203.0.113.9';

  it.each([
    ['true (one hop)', 'true', '203.0.113.9'],
    ['a hop count', '1', '203.0.113.9'],
    ['the proxy by address', '10.0.0.5', '203.0.113.9'],
    ['the proxy by range', '10.0.0.0/8', '203.0.113.9'],
    ['another proxy than the peer', '192.168.0.1', '10.0.0.5'],
    ['no proxy', 'false', '10.0.0.5'],
  ])('%s: the address a client writes first is never taken', async (_name, trust, expected) => {
    const address = await auditedAddress(trust, '10.0.0.5', chain);
    expect(address).toBe(expected);
    expect(address).not.toBe('6.6.6.6');
    figure(
      'Issue 23, 10. TRUST_PROXY',
      `[security] trust proxy: TRUST_PROXY=${trust}, X-Forwarded-For "${chain}" from 10.0.0.5: audited ${address}`,
    );
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', '11'])
      expect(() => loadConfig({ TRUST_PROXY: bad, DATA_DIR: 'memory://' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, fd00::/8', DATA_DIR: 'memory://' }).trustProxy).toBe(
      '10.0.0.5,fd00::/8',
    );
  });
});
