import { TENANT_HOST_HEADER } from '@portal/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../src/app.ts';
import { figure } from '../figures.ts';
import { createTestApp, registerAgency, signInToken, type TestApp } from '../helpers.ts';

// Issue 23 item 13: what an owner searches for (a client's name, phone, e-mail) is a client's personal data and
// does not reach the log through the request's address. Pages, cursors and buckets still do.

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('search terms stay out of the log', () => {
  it('an owner searching by name, phone and e-mail: none of the terms in any log line', async () => {
    const lines: string[] = [];
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (l) => lines.push(l) } });
    apps.push(t);
    const agency = await registerAgency(t.app);
    const token = await signInToken(t.app, {
      email: agency.email,
      password: agency.password,
      host: agency.host,
    });
    const terms = ['Zorawar Kapoor', '9876501234', 'zorawar.kapoor@example.in'];
    for (const path of ['/api/users/primary-clients', '/api/users/families']) {
      for (const term of terms) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${path}?search=${encodeURIComponent(term)}&limit=5`,
          headers: { authorization: `Bearer ${token}`, [TENANT_HOST_HEADER]: agency.host },
        });
        expect(res.statusCode).toBe(200);
      }
    }
    const logged = lines.join('\n');
    // The calls were logged, with their harmless parts.
    expect(logged).toContain('/api/users/primary-clients?search=[Redacted]&limit=5');
    const hits = terms.flatMap((term) =>
      [term, encodeURIComponent(term), term.replace(/ /g, '+')].filter((form) => logged.includes(form)),
    );
    expect(hits).toEqual([]);
    figure(
      'Issue 23, 13. Search terms in logs',
      `[security] search terms in logs: 6 searches (name, phone, e-mail on 2 lists), ${lines.length} log lines at info, 0 terms found`,
    );
  });

  it.each([
    [
      '/api/users/primary-clients?search=Priya&offset=20',
      '/api/users/primary-clients?search=[Redacted]&offset=20',
    ],
    ['/api/clients?q=x&after=1_a', '/api/clients?q=[Redacted]&after=1_a'],
    ['/api/auth/me?token=eyJa.eyJb.c', '/api/auth/me?token=[Redacted]'],
    ['/api/x?limit=eyJa.eyJb.c', '/api/x?limit=[Redacted]'],
    ['/api/x/eyJa.eyJb.c', '/api/x/[Redacted]'],
    ['/api/renewals?bucket=30&type=all', '/api/renewals?bucket=30&type=all'],
    ['/api/x?%73earch=Priya', '/api/x?%73earch=[Redacted]'],
    ['/api/x?Priya%20Sharma', '/api/x?[Redacted]'],
  ])('%s is logged as %s', (url, logged) => {
    expect(withoutSecrets(url)).toBe(logged);
  });
});
