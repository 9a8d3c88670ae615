import {
  AddPlansResponseSchema,
  PlanDetailSchema,
  WorkspacePlanDetailResponseSchema,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyWithClients, signedInClient } from '../../../test/fixtures/client-portal.ts';
import { addPlans, plan, SUBTYPE } from '../../../test/fixtures/plans.ts';
import { bearer, createTestApp, signInToken, type TestApp } from '../../../test/helpers.ts';
import { investmentAccounts } from '../../db/schema.ts';

// Issue 24 item 8: the product fields (motor vehicle and cover, home sums insured, India Post schemes, SIP or
// lump sum) go in through the add-plans call and come back on the plan's details, for the owner and the client.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function world() {
  const a = await agencyWithClients(t);
  const ownerToken = await signInToken(t.app, {
    email: a.agency.email,
    password: a.agency.password,
    host: a.agency.host,
  });
  const client = await signedInClient(t, a);
  return { a, ownerToken, client };
}

const MOTOR = {
  ...SUBTYPE.motor,
  vehicle_make: 'Maruti Suzuki',
  vehicle_model: 'Swift VXi',
  policy_type: 'comprehensive',
  idv: '4,50,000',
  ncb_percent: 25,
};
const HOME = { ...SUBTYPE.home, building_sum_insured: '50,00,000', contents_sum_insured: 800000 };
const SIP = { ...SUBTYPE.mutual_funds, investment_mode: 'sip', sip_amount: '5000', sip_day: 5 };
const PPF = { account_number: 'PPF-771', scheme_name: 'PPF', term: 15, roi: 7.1 };

describe('product fields on a plan', () => {
  it('round-trip from the add-plans call to the details of the owner and of the client', async () => {
    const { a, ownerToken, client } = await world();
    const res = await addPlans(t.app, ownerToken, {
      primary_client_id: client.primaryClientId,
      plans: [
        plan('motor', a.prov.motor, { subtype_fields: MOTOR }),
        plan('home', a.prov.home, { subtype_fields: HOME }),
        plan('mutual_funds', a.prov.mutual_funds, { subtype_fields: SIP }),
        plan('postoffice', a.prov.postoffice, { subtype_fields: PPF }),
      ],
    });
    expect(res.statusCode).toBe(201);
    const { data } = AddPlansResponseSchema.parse(res.json());
    const ids = Object.fromEntries(
      [...data.insurance, ...data.investment].map((p) => [p.service_code, p.plan_id]),
    );

    const expected = {
      motor: {
        rc_number: 'MH12AB1234',
        term: 1,
        vehicle_make: 'Maruti Suzuki',
        vehicle_model: 'Swift VXi',
        policy_type: 'comprehensive',
        idv: '450000.00',
        ncb_percent: 25,
      },
      home: {
        insurance_company_name: 'HDFC Ergo',
        term: 5,
        building_sum_insured: '5000000.00',
        contents_sum_insured: '800000.00',
      },
      mutual_funds: {
        ...SUBTYPE.mutual_funds,
        investment_mode: 'sip',
        sip_amount: '5000.00',
        sip_day: 5,
      },
      postoffice: { ...PPF, scheme_name: 'Public Provident Fund (PPF)' },
    };
    for (const [code, fields] of Object.entries(expected)) {
      const owner = await t.app.inject({
        method: 'GET',
        url: `/api/plans/${ids[code]}/details`,
        headers: bearer(ownerToken),
      });
      expect(owner.statusCode).toBe(200);
      expect(WorkspacePlanDetailResponseSchema.parse(owner.json()).data.subtype_fields).toEqual(fields);

      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/agency-user/client/plans/${ids[code]}/details`,
        headers: bearer(client.token),
      });
      expect(mine.statusCode).toBe(200);
      expect(PlanDetailSchema.parse(mine.json()).subtype_fields).toMatchObject(fields);
    }
    // A PPF account's plan name is the scheme's full name.
    const ppf = data.investment.find((p) => p.service_code === 'postoffice');
    expect(ppf?.plan_name).toBe('Public Provident Fund (PPF)');
  });

  it.each([
    [
      'motor',
      { ...MOTOR, policy_type: 'zero_dep' },
      'policy_type',
      'Policy Type must be one of comprehensive, third_party, own_damage.',
    ],
    [
      'motor',
      { ...MOTOR, ncb_percent: 30 },
      'ncb_percent',
      'NCB must be one of 0, 20, 25, 35, 45, 50 percent.',
    ],
    [
      'motor',
      { ...MOTOR, idv: 'lots' },
      'idv',
      'IDV must be an amount in rupees of 0 or more, with at most 2 decimals.',
    ],
    [
      'home',
      { ...HOME, building_sum_insured: '-1' },
      'building_sum_insured',
      'Building Sum Insured must be an amount in rupees of 0 or more, with at most 2 decimals.',
    ],
    [
      'mutual_funds',
      { ...SIP, sip_day: undefined },
      'sip_day',
      'SIP Date is required for a SIP: the day of the month it is paid.',
    ],
    ['mutual_funds', { ...SIP, sip_amount: '' }, 'sip_amount', 'SIP Amount is required for a SIP.'],
    ['mutual_funds', { ...SIP, sip_day: 30 }, 'sip_day', 'SIP Date must be a day of the month from 1 to 28.'],
  ])('refuses a %s plan with %j, naming %s', async (service, subtype, field, message) => {
    const { a, ownerToken, client } = await world();
    const res = await addPlans(t.app, ownerToken, {
      primary_client_id: client.primaryClientId,
      plans: [plan(service, a.prov[service as 'motor'], { subtype_fields: subtype })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[`plans.0.subtype_fields.${field}`]).toBe(message);
  });

  it('keeps a post office plan stored with a free-text scheme editable as it is', async () => {
    const { a, ownerToken, client } = await world();
    const res = await addPlans(t.app, ownerToken, {
      primary_client_id: client.primaryClientId,
      plans: [plan('postoffice', a.prov.postoffice)],
    });
    const id = AddPlansResponseSchema.parse(res.json()).data.investment[0]!.plan_id;
    // Stored before the list existed, in words of its own.
    const [row] = await t.db
      .update(investmentAccounts)
      .set({ subtypeFields: { ...SUBTYPE.postoffice, scheme_name: 'Mahila Samman Savings Certificate' } })
      .where(eq(investmentAccounts.id, id))
      .returning({ id: investmentAccounts.id });
    expect(row?.id).toBe(id);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/plans/${id}/details`,
      headers: bearer(ownerToken),
    });
    const stored = WorkspacePlanDetailResponseSchema.parse(detail.json()).data;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/client-plans/${id}`,
      headers: bearer(ownerToken),
      payload: {
        provider_id: stored.provider_id,
        service_code: 'postoffice',
        policy_number: stored.policy_number,
        amount: stored.amount,
        start_date: stored.start_date,
        end_date: stored.end_date,
        subtype_fields: { ...stored.subtype_fields, roi: 7.5 },
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(WorkspacePlanDetailResponseSchema.parse(edit.json()).data.subtype_fields).toMatchObject({
      scheme_name: 'Mahila Samman Savings Certificate',
      roi: 7.5,
    });
  });
});
