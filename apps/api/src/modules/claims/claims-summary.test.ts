import { ClientSummarySchema } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPolicy, agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';

// Issue 28 item 5: the client's dashboard summary counts the claims intimated in the current financial year
// (1 April to 31 March, India's calendar). The summary is a kept answer (decision 017): the claims tables'
// announcements drop it, so a new claim shows on the next call.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const today = todayInIndia();

describe('the client’s summary', () => {
  it('counts the claims intimated this financial year, changing on the next call', async () => {
    const a = await agencyWithClients(t);
    const token = await signInToken(t.app, {
      email: a.agency.email,
      password: a.agency.password,
      host: a.agency.host,
    });
    const meera = await signedInClient(t, a, 'Meera Iyer');
    const health = await addPolicy(t, a, meera.primaryClientId, 'health');
    const intimate = async (planId: string, extra: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/claims',
        headers: bearer(token),
        payload: {
          plan_id: planId,
          kind: 'health_cashless',
          intimated_on: today,
          details: { hospital: 'Jehangir Hospital' },
          ...extra,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const summary = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/agency-user/client/dashboard/summary',
        headers: bearer(meera.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return ClientSummarySchema.parse(res.json()).claims_this_year;
    };
    expect(await summary()).toBe(0);
    expect(await summary()).toBe(0);
    await intimate(health.id);
    expect(await summary()).toBe(1);
    // A claim of the last financial year is not this year's.
    const fyStart = `${Number(today.slice(5, 7)) >= 4 ? today.slice(0, 4) : Number(today.slice(0, 4)) - 1}-04-01`;
    await intimate(health.id, { intimated_on: addDays(fyStart, -1) });
    await intimate(health.id, { intimated_on: fyStart });
    expect(await summary()).toBe(2);
  });
});
