import { verhoeffCheckDigit } from '@portal/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { primaryClients } from '../../src/db/schema.ts';
import { encryptField } from '../../src/lib/crypto.ts';
import { figure } from '../figures.ts';
import { createAccountOfEveryRole, createTestApp, fullAadhaars, type TestApp } from '../helpers.ts';
import { LeakWatch } from '../leak-scanner.ts';
import { multipart } from '../multipart.ts';

// The tripwire itself (issue 9, item 7): it must see what it is there to see, or its 0 means nothing.

const AADHAAR = `87654321098${verhoeffCheckDigit('87654321098')}`;

describe('the sensitive-data tripwire', () => {
  it('finds a full Aadhaar number, and not a masked one, a UUID or 12 digits failing Verhoeff', () => {
    const wrong = `${AADHAAR.slice(0, 11)}${(Number(AADHAAR[11]) + 1) % 10}`;
    expect(fullAadhaars(`{"aadhaar":"${AADHAAR}"}`)).toEqual([AADHAAR]);
    expect(fullAadhaars(`{"aadhaar":"XXXX XXXX ${AADHAAR.slice(8)}"}`)).toEqual([]);
    expect(fullAadhaars(`{"id":"00000000-0000-4000-8000-${AADHAAR}"}`)).toEqual([]);
    expect(fullAadhaars(`{"n":"${wrong}"}`)).toEqual([]);
  });

  it('fails a test app whose answer showed a full Aadhaar number, when it closes', async () => {
    const t = await createTestApp({ ready: false, plantedLeaks: true });
    t.app.get('/api/test/leak', { config: { access: 'public' } }, async () => ({ aadhaar: AADHAAR }));
    await t.app.ready();
    expect((await t.app.inject({ url: '/api/test/leak' })).statusCode).toBe(200);
    await expect(t.close()).rejects.toThrow(`${AADHAAR} in the answer to GET /api/test/leak`);
    figure(
      '7. Tripwire, whole API suite',
      '[security] tripwire self-test: a leaked Aadhaar is caught (1 of 1)',
    );
  });

  it('takes the secrets a request sends by their contract field names, in JSON and in multipart fields', () => {
    const w = new LeakWatch();
    w.noteRequest({
      method: 'POST',
      url: '/api/clients',
      payload: {
        pan_number: 'abcde1234f',
        bank_details: { bank_name: 'HDFC Bank', account_number: '5010 0456 7891' },
        subtype_fields: { account_number: 'PO-99887766' },
        portal_access: { enabled: true, initial_password: 'Suraksha#2026q' },
        first_name: 'ABCDE1234F-not-a-field',
      },
      headers: {
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw',
      },
    });
    const body = multipart([
      { name: 'data', value: JSON.stringify({ family: [{ cif_number: 'CIF778899' }] }) },
      { name: 'aadharnumber', value: AADHAAR },
      { name: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 pan_number') },
    ]);
    w.noteRequest({ method: 'POST', url: '/api/x', ...body });
    expect([...w.seeded.keys()].sort()).toEqual(
      ['501004567891', '5010 0456 7891', 'ABCDE1234F', 'abcde1234f', 'CIF778899', AADHAAR].sort(),
    );
    expect([...w.passwords]).toEqual(['Suraksha#2026q']);
    expect(w.tokens.size).toBe(1);
  });

  /** A test app with one route doing `leak`, called once with `body`; answers the error close() throws. */
  async function planted(
    leak: (request: FastifyRequest<{ Body: Record<string, unknown> }>) => unknown,
    body: object,
    arrange?: (t: TestApp) => Promise<void>,
    headers: Record<string, string> = {},
  ): Promise<string> {
    const t = await createTestApp({ ready: false, plantedLeaks: true });
    t.app.post<{ Body: Record<string, unknown> }>(
      '/api/test/planted',
      { config: { access: 'public' } },
      async (request) => leak(request) ?? { ok: true },
    );
    await t.app.ready();
    await arrange?.(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/test/planted', payload: body, headers });
    expect(res.statusCode).toBe(200);
    const error = await t.close().then(
      () => new Error('close() passed'),
      (err: Error) => err,
    );
    return error.message;
  }

  it('fails a test app that answers a PAN it was sent, in full', async () => {
    const message = await planted((r) => ({ pan: String(r.body.pan_number).toUpperCase() }), {
      pan_number: 'fghij5678k',
    });
    expect(message).toContain(
      'PAN sent as pan_number in POST /api/test/planted FGHIJ5678K in the answer to POST',
    );
  });

  it('fails a test app that logs an account number it was sent', async () => {
    const message = await planted(
      (r) => {
        r.log.info({ account: (r.body.bank_details as { account_number: string }).account_number }, 'saved');
        return { account_number: 'XXXXXXXX4321' };
      },
      { bank_details: { bank_name: 'SBI', account_number: '30987654321' } },
    );
    expect(message).toMatch(
      /account number sent as account_number in POST \/api\/test\/planted 30987654321 in a log line: .*"account":"30987654321"/,
    );
  });

  it('fails a test app that logs a password or a bearer token it was sent', async () => {
    const password = await planted((r) => void r.log.warn(`sign-in failed for ${String(r.body.password)}`), {
      email: 'x@example.in',
      password: 'Kuch#Bhi2026',
    });
    expect(password).toContain('password Kuch#Bhi2026 in a log line');
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.cGxhbnRlZC1zaWduYXR1cmUtMDEyMzQ1Njc4OQ';
    const bearer = await planted(
      (r) => void r.log.debug({ auth: r.headers['x-forwarded-auth'] }),
      {},
      undefined,
      {
        authorization: `Bearer ${token}`,
        'x-forwarded-auth': token,
      },
    );
    expect(bearer).toContain(`bearer token ${token} in a log line`);
  });

  it('fails a test app that answers a PAN a test kit stored, in full', async () => {
    const stored = 'LMNOP4321Q';
    const message = await planted(
      () => ({ pan: stored }),
      {},
      async (t) => {
        const { accounts } = await createAccountOfEveryRole(t);
        await t.db
          .update(primaryClients)
          .set({ panEnc: encryptField(t.config.encryptionKey, stored), panLast4: stored.slice(-4) })
          .where(eq(primaryClients.userId, accounts.AC.userId));
      },
    );
    expect(message).toContain(
      `PAN stored in primary_clients ${stored} in the answer to POST /api/test/planted`,
    );
    figure(
      '7. Tripwire, whole API suite',
      '[security] tripwire self-test: a PAN sent and answered, an account number, a password and a bearer token logged, a stored PAN answered are caught (5 of 5)',
    );
  });
});
