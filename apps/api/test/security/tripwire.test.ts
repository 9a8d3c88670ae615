import { verhoeffCheckDigit } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, fullAadhaars } from '../helpers.ts';

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
    const t = await createTestApp({ ready: false });
    t.app.get('/api/test/leak', { config: { access: 'public' } }, async () => ({ aadhaar: AADHAAR }));
    await t.app.ready();
    expect((await t.app.inject({ url: '/api/test/leak' })).statusCode).toBe(200);
    await expect(t.close()).rejects.toThrow(`${AADHAAR} in the answer to GET /api/test/leak`);
    console.log('[security] tripwire self-test: a leaked Aadhaar is caught (1 of 1)');
  });
});
