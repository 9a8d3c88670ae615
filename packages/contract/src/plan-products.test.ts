import { describe, expect, it } from 'vitest';
import { POST_OFFICE_SCHEMES, postOfficeRate, postOfficeScheme } from './plan-products.ts';
import { PLAN_FIELD_ORDER, planChoiceText, planFieldLabel } from './plan-vocabulary.ts';
import { SubtypeFieldsSchemas } from './plans.ts';

// Issue 24 item 8: the product fields an Indian agency records, optional beyond spec §3's required set.

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('motor', () => {
  it('takes make, model, policy type, IDV and NCB, and stores them plainly', () => {
    const parsed = SubtypeFieldsSchemas.motor.parse({
      rc_number: 'mh12ab1234',
      term: '1',
      vehicle_make: ' Maruti Suzuki ',
      vehicle_model: 'Swift VXi',
      policy_type: 'Third Party',
      idv: '₹ 4,50,000',
      ncb_percent: '25%',
    });
    expect(parsed).toEqual({
      rc_number: 'MH12AB1234',
      term: 1,
      vehicle_make: 'Maruti Suzuki',
      vehicle_model: 'Swift VXi',
      policy_type: 'third_party',
      idv: '450000.00',
      ncb_percent: 25,
    });
  });

  it('names the field of a bad value', () => {
    const result = SubtypeFieldsSchemas.motor.safeParse({
      rc_number: '',
      term: 1,
      policy_type: 'zero_dep',
      idv: '-5',
      ncb_percent: 30,
    });
    expect(messages(result)).toEqual({
      rc_number: 'Registration (RC) Number is required.',
      policy_type: 'Policy Type must be one of comprehensive, third_party, own_damage.',
      idv: 'IDV must be an amount in rupees of 0 or more, with at most 2 decimals.',
      ncb_percent: 'NCB must be one of 0, 20, 25, 35, 45, 50 percent.',
    });
  });

  it('keeps an older payload (RC number and term only) valid, with no empty extras stored', () => {
    expect(SubtypeFieldsSchemas.motor.parse({ rc_number: 'KA01AA0001', term: 1 })).toEqual({
      rc_number: 'KA01AA0001',
      term: 1,
    });
    expect(
      SubtypeFieldsSchemas.motor.parse({ rc_number: 'KA01AA0001', term: 1, vehicle_make: '', idv: '' }),
    ).toEqual({ rc_number: 'KA01AA0001', term: 1 });
  });
});

describe('the premium mode of a renewing cover (decision 041)', () => {
  it('takes one of the premium modes as typed, and stores none when blank', () => {
    expect(SubtypeFieldsSchemas.motor.parse({ rc_number: 'KA01AA0001', term: 1, mode: 'monthly' })).toEqual({
      rc_number: 'KA01AA0001',
      term: 1,
      mode: 'Monthly',
    });
    const travel = SubtypeFieldsSchemas.travel.parse({
      insurance_company_name: 'Tata AIG',
      trip_type: 'Single Trip',
      destination: 'Singapore',
      duration: 10,
      term: 1,
      mode: '',
    });
    expect(travel).not.toHaveProperty('mode');
    expect(
      SubtypeFieldsSchemas.home.parse({ insurance_company_name: 'HDFC Ergo', term: 1, mode: 'HLY' }).mode,
    ).toBe('Half-yearly');
  });

  it('names the field of a mode it cannot read', () => {
    const result = SubtypeFieldsSchemas.motor.safeParse({ rc_number: 'KA01AA0001', term: 1, mode: 'weekly' });
    expect(messages(result)).toEqual({
      mode: 'Premium Mode must be one of Yearly, Half-yearly, Quarterly, Monthly, Single premium.',
    });
  });
});

describe('home', () => {
  it('takes the building and contents sums insured as money', () => {
    expect(
      SubtypeFieldsSchemas.home.parse({
        insurance_company_name: 'ICICI Lombard',
        term: 1,
        building_sum_insured: '50,00,000',
        contents_sum_insured: 800000,
      }),
    ).toEqual({
      insurance_company_name: 'ICICI Lombard',
      term: 1,
      building_sum_insured: '5000000.00',
      contents_sum_insured: '800000.00',
    });
    const bad = SubtypeFieldsSchemas.home.safeParse({
      insurance_company_name: 'ICICI Lombard',
      term: 1,
      contents_sum_insured: 'a lot',
    });
    expect(messages(bad)).toEqual({
      contents_sum_insured:
        'Contents Sum Insured must be an amount in rupees of 0 or more, with at most 2 decimals.',
    });
    expect(SubtypeFieldsSchemas.home.safeParse({ insurance_company_name: 'X', term: 1 }).success).toBe(true);
  });
});

describe('mutual funds', () => {
  const base = { folio_number: '1234567/89', scheme: 'Flexi Cap - Direct Growth', fund: 'HDFC Mutual Fund' };

  it('takes a SIP with its amount and date, or a lump sum with its amount', () => {
    expect(
      SubtypeFieldsSchemas.mutual_funds.parse({
        ...base,
        investment_mode: 'SIP',
        sip_amount: '5,000',
        sip_day: '5',
      }),
    ).toEqual({ ...base, investment_mode: 'sip', sip_amount: '5000.00', sip_day: 5 });
    expect(
      SubtypeFieldsSchemas.mutual_funds.parse({
        ...base,
        investment_mode: 'lump sum',
        lump_sum_amount: 100000,
      }),
    ).toEqual({ ...base, investment_mode: 'lump_sum', lump_sum_amount: '100000.00' });
  });

  it('asks a SIP for its amount and date, naming each', () => {
    const result = SubtypeFieldsSchemas.mutual_funds.safeParse({
      ...base,
      investment_mode: 'sip',
      sip_amount: '',
    });
    expect(messages(result)).toEqual({
      sip_amount: 'SIP Amount is required for a SIP.',
      sip_day: 'SIP Date is required for a SIP: the day of the month it is paid.',
    });
  });

  it('names a SIP’s missing amount and date together with the other missing fields', () => {
    const result = SubtypeFieldsSchemas.mutual_funds.safeParse({ fund: 'HDFC MF', investment_mode: 'sip' });
    expect(messages(result)).toEqual({
      folio_number: 'Folio Number is required.',
      scheme: 'Scheme is required.',
      sip_amount: 'SIP Amount is required for a SIP.',
      sip_day: 'SIP Date is required for a SIP: the day of the month it is paid.',
    });
  });

  it('refuses a SIP date past the 28th, a zero SIP, and the other mode’s fields', () => {
    expect(
      messages(
        SubtypeFieldsSchemas.mutual_funds.safeParse({
          ...base,
          investment_mode: 'sip',
          sip_amount: '0',
          sip_day: 31,
        }),
      ),
    ).toEqual({
      sip_amount: 'SIP Amount must be more than ₹0.',
      sip_day: 'SIP Date must be a day of the month from 1 to 28.',
    });
    expect(
      messages(
        SubtypeFieldsSchemas.mutual_funds.safeParse({
          ...base,
          investment_mode: 'lump_sum',
          sip_amount: 500,
          sip_day: 3,
        }),
      ),
    ).toEqual({
      lump_sum_amount: 'Lump Sum Amount is required for a lump sum investment.',
      sip_amount: 'SIP Amount applies only when the Investment Mode is sip.',
      sip_day: 'SIP Date applies only when the Investment Mode is sip.',
    });
    expect(messages(SubtypeFieldsSchemas.mutual_funds.safeParse({ ...base, sip_amount: 500 }))).toEqual({
      investment_mode: 'Investment Mode is required when a SIP or lump sum amount is given.',
    });
    expect(
      messages(SubtypeFieldsSchemas.mutual_funds.safeParse({ ...base, investment_mode: 'stp' })),
    ).toEqual({
      investment_mode: 'Investment Mode must be one of sip, lump_sum.',
    });
  });

  it('keeps an older payload (folio, scheme, fund) valid', () => {
    expect(SubtypeFieldsSchemas.mutual_funds.parse(base)).toEqual(base);
  });
});

describe('post office', () => {
  const base = { account_number: 'PO-1', term: 15, roi: 7.1 };

  it("lists India Post's nine schemes with their rates", () => {
    expect(POST_OFFICE_SCHEMES.map((s) => s.code)).toEqual([
      'SB',
      'RD',
      'TD',
      'MIS',
      'SCSS',
      'PPF',
      'SSA',
      'NSC',
      'KVP',
    ]);
    expect(postOfficeRate('Public Provident Fund (PPF)')).toBe(7.1);
    expect(postOfficeRate('Time Deposit (TD)', 1)).toBe(6.9);
    expect(postOfficeRate('Time Deposit (TD)', '5')).toBe(7.5);
    expect(postOfficeRate('Mahila Samman Savings Certificate')).toBeUndefined();
  });

  it('stores a scheme named by code or name under its full name', () => {
    expect(SubtypeFieldsSchemas.postoffice.parse({ ...base, scheme_name: 'ppf' }).scheme_name).toBe(
      'Public Provident Fund (PPF)',
    );
    expect(postOfficeScheme('Kisan Vikas Patra')?.code).toBe('KVP');
    expect(postOfficeScheme('monthly income scheme')?.code).toBe('MIS');
  });

  it('still takes a scheme named in free text before the list existed', () => {
    expect(
      SubtypeFieldsSchemas.postoffice.parse({ ...base, scheme_name: 'Mahila Samman Savings Certificate' })
        .scheme_name,
    ).toBe('Mahila Samman Savings Certificate');
    expect(messages(SubtypeFieldsSchemas.postoffice.safeParse({ ...base, scheme_name: ' ' }))).toEqual({
      scheme_name: 'Scheme Name is required.',
    });
  });
});

describe('the new fields on a plan’s details', () => {
  it('are labelled and in plain words', () => {
    expect(PLAN_FIELD_ORDER.motor).toEqual([
      'vehicle_make',
      'vehicle_model',
      'rc_number',
      'policy_type',
      'idv',
      'ncb_percent',
      'term',
      'mode',
    ]);
    expect(planFieldLabel('rc_number', 'insurance')).toBe('Registration (RC) Number');
    expect(planChoiceText('policy_type', 'own_damage')).toBe('Own Damage');
    expect(planChoiceText('investment_mode', 'lump_sum')).toBe('Lump Sum');
    expect(planChoiceText('ncb_percent', 35)).toBe('35%');
    expect(planChoiceText('sip_day', 1)).toBe('1st of every month');
    expect(planChoiceText('sip_day', 22)).toBe('22nd of every month');
    expect(planChoiceText('sip_day', 12)).toBe('12th of every month');
    expect(planChoiceText('scheme_name', 'NSC')).toBe('National Savings Certificate (NSC)');
    expect(planChoiceText('scheme_name', 'Old scheme')).toBe('Old scheme');
    expect(planChoiceText('fund', 'HDFC')).toBeUndefined();
  });
});
