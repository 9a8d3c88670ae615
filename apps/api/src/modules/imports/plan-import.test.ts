import { type BookSheetKey, suggestMapping } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { type Existing, emptyExisting, type ImportPlan, phoneNameKey, planImport } from './plan-import.ts';
import type { ReadSheet } from './read-file.ts';

// Issue 26 items 3 and 4: what a dry run says per row and household, and the work a commit is given, from
// sheets as readSpreadsheet gives them and the agency's existing records as loadExisting gives them.

const TODAY = '2026-11-27';

function sheet(name: string, headers: string[], rows: string[][]): ReadSheet {
  return { name, headers, rows: rows.map((cells, i) => ({ rowNumber: i + 2, cells })) };
}

function run(
  sheets: Array<{ sheet: ReadSheet; kind: BookSheetKey }>,
  existing: Existing = emptyExisting(),
  changes: { merges?: string[][]; splits?: string[] } = {},
): ImportPlan {
  return planImport({
    sheets: sheets.map((s) => ({ ...s, mapping: suggestMapping(s.kind, s.sheet.headers) })),
    existing,
    changes: { merges: changes.merges ?? [], splits: changes.splits ?? [] },
    today: TODAY,
  });
}

const outcomes = (p: ImportPlan) => p.rows.map((r) => [r.row_number, r.outcome]);

const LIST_HEADERS = [
  'Customer Name',
  'Mobile',
  'Email',
  'Held By',
  'Relation',
  'Insurer',
  'Product',
  'Policy No',
  'Plan',
  'Cover Type',
  'Sum Assured',
  'Premium',
  'Mode',
  'Term',
  'PPT',
  'DOC',
  'Maturity Date',
];

/** An agent's own list: the client on every row, Held By the family member who holds the plan. */
function agentList(rows: Array<Partial<Record<(typeof LIST_HEADERS)[number], string>>>): ReadSheet {
  return sheet(
    'My Policies',
    LIST_HEADERS,
    rows.map((r) => LIST_HEADERS.map((h) => r[h] ?? '')),
  );
}

const lifeRow = (over: Partial<Record<string, string>>): Record<string, string | undefined> => ({
  'Customer Name': 'Ravi Sharma',
  Mobile: '98765 43210',
  Insurer: 'LIC',
  Product: 'Life',
  Plan: 'Jeevan Anand',
  'Sum Assured': '10,00,000',
  Premium: '₹ 25,000/-',
  Mode: 'Yearly',
  Term: '20',
  PPT: '15',
  DOC: '12-Mar-2020',
  'Maturity Date': '12/03/2040',
  ...over,
});

describe('an agent’s own list of plans', () => {
  const list = agentList([
    lifeRow({ Email: 'ravi@example.in', 'Policy No': 'LIC-1001' }),
    lifeRow({
      'Customer Name': 'Mr. Ravi Sharma',
      Mobile: '+91 98765 43210',
      'Held By': 'Anita Sharma',
      Relation: 'Spouse',
      'Policy No': 'LIC-1002',
      'Sum Assured': '5 Lakh',
      Mode: 'Half Yearly',
    }),
    {
      'Customer Name': 'Ravi Sharma',
      Mobile: '9876543210',
      'Held By': 'Kabir Sharma',
      Relation: 'Son',
      Insurer: 'Star Health',
      Product: 'Health',
      'Policy No': 'SH-1',
      Plan: 'Comprehensive',
      'Cover Type': 'Individual',
      'Sum Assured': '5,00,000',
      Premium: '15,000',
      Term: '1',
      DOC: '01/01/2026',
      'Maturity Date': '31/12/2026',
    },
    lifeRow({
      'Customer Name': 'Sunita Rao',
      Mobile: '99887 76655',
      Insurer: 'HDFC Life',
      'Policy No': 'HDFC-9',
      'Sum Assured': '1 Cr',
      Premium: '18,500',
      Mode: 'Annual',
      DOC: '15.06.2022',
      'Maturity Date': '15.06.2052',
    }),
    lifeRow({ Mobile: '', 'Held By': 'anita sharma', Insurer: 'lic', 'Policy No': 'LIC-1003' }),
    lifeRow({ 'Policy No': 'lic-1001 ' }),
  ]);

  it('groups rows into households by phone and name and says what each row does', () => {
    const p = run([{ sheet: list, kind: 'plans' }]);
    expect(p.rows.flatMap((r) => r.errors)).toEqual([]);
    expect(outcomes(p)).toEqual([
      [2, 'new_client'],
      [3, 'new_member'],
      [4, 'new_member'],
      [5, 'new_client'],
      [6, 'new_plan'],
      [7, 'duplicate'],
    ]);
    const ravi = 'p:9876543210:ravi sharma';
    expect(p.rows.map((r) => r.household)).toEqual([ravi, ravi, ravi, 'p:9988776655:sunita rao', ravi, ravi]);
    expect(p.rows[0]!.summary).toBe('Ravi Sharma · LIC LIC-1001 (Life Insurance)');
    expect(p.rows[1]!.summary).toBe('Anita Sharma · LIC LIC-1002 (Life Insurance)');
    expect(p.rows[0]!.new_provider).toBe('LIC (Life Insurance)');
    expect(p.counts).toEqual({
      rows: 6,
      new_clients: 2,
      matched_clients: 0,
      new_members: 2,
      new_plans: 5,
      duplicates: 1,
      errors: 0,
      new_providers: 3,
      households: 2,
    });
    expect(p.households[0]).toEqual({
      key: ravi,
      client_name: 'Ravi Sharma',
      phone: '98765 43210',
      members: ['Anita Sharma', 'Kabir Sharma'],
      plans: 5,
      rows: 5,
      outcome: 'new_client',
      similar: [],
      merged_from: [],
      split_from: null,
    });
  });

  it('gives the commit each household’s client, members and plans, read the Indian way', () => {
    const [ravi] = run([{ sheet: list, kind: 'plans' }]).work;
    expect(ravi!.client).toMatchObject({
      kind: 'new',
      profile: { first_name: 'Ravi', last_name: 'Sharma', phone: '98765 43210', email: 'ravi@example.in' },
      row: null,
    });
    expect(ravi!.members).toMatchObject([
      {
        name: 'Anita Sharma',
        kind: 'new',
        input: { first_name: 'Anita', last_name: 'Sharma', relationship: 'Spouse' },
      },
      { name: 'Kabir Sharma', kind: 'new', input: { first_name: 'Kabir', relationship: 'Son' }, row: null },
    ]);
    expect(ravi!.plans.map((pl) => [pl.rowNumber, pl.holder, pl.plan.policy_number])).toEqual([
      [2, null, 'LIC-1001'],
      [3, 'Anita Sharma', 'LIC-1002'],
      [4, 'Kabir Sharma', 'SH-1'],
      [6, 'Anita Sharma', 'LIC-1003'],
    ]);
    const [first, second, health] = ravi!.plans;
    expect(first!.provider).toEqual({ kind: 'new', name: 'LIC', serviceCode: 'life' });
    expect(first!.plan).toMatchObject({
      service_code: 'life',
      category: 'insurance',
      money: '25000.00',
      start_date: '2020-03-12',
      end_date: '2040-03-12',
      subtype_fields: {
        sum_assured: '1000000.00',
        mode: 'Yearly',
        term: 20,
        ppt: 15,
        plan_name: 'Jeevan Anand',
      },
      nominee: null,
    });
    expect(second!.plan.subtype_fields).toMatchObject({ sum_assured: '500000.00', mode: 'Half-yearly' });
    // A health policy the list names nobody on covers its holder.
    expect(health!.plan.subtype_fields.insured_members).toEqual([
      {
        insured_member_name: 'Kabir Sharma',
        relationship: 'Son',
        insured_member_dob: null,
        insured_member_phone_number: null,
      },
    ]);
    expect(ravi!.rowNumbers.map((r) => r.rowNumber)).toEqual([2, 3, 4, 6, 7]);
  });

  it('names the file’s column and the form’s message for each problem', () => {
    const p = run([
      {
        sheet: agentList([
          lifeRow({ 'Policy No': 'A-1', DOC: '31/02/2024', PPT: '' }),
          lifeRow({
            'Customer Name': 'Sunita Rao',
            Mobile: '99887 76655',
            Email: 'sunita@',
            'Policy No': 'B-1',
          }),
          lifeRow({ 'Customer Name': 'Sunita Rao', Mobile: '99887 76655', 'Policy No': 'B-2' }),
          lifeRow({ 'Customer Name': '', Mobile: '', 'Policy No': 'C-1' }),
        ]),
        kind: 'plans',
      },
    ]);
    expect(p.rows[0]!.errors).toEqual([
      { column: 'DOC', message: 'Start Date must be a real date: February 2024 has 29 days.' },
      { column: 'PPT', message: 'PPT must be a whole number of years from 1 to 100.' },
    ]);
    expect(p.rows[1]!.errors).toEqual([{ column: 'Email', message: 'Invalid email format.' }]);
    expect(p.rows[2]!.errors).toEqual([
      {
        column: null,
        message:
          'Sunita Rao cannot be added: their details on row 3 of My Policies have errors. Fix them first.',
      },
    ]);
    expect(p.rows[3]).toMatchObject({
      outcome: 'error',
      household: null,
      errors: [
        {
          column: 'Customer Name',
          message: 'Client Name is required: the name of the client the plan belongs to.',
        },
      ],
    });
    expect(p.counts).toMatchObject({ errors: 4, new_clients: 0, new_plans: 0, households: 2 });
    // Ravi's only plan has errors: nothing of his is written, but he stays a household to fix.
    expect(p.work).toEqual([]);
  });

  it('lists households that look alike, and merges or splits them as the agent says', () => {
    const rows = agentList([
      lifeRow({ 'Policy No': 'A-1' }),
      lifeRow({ 'Customer Name': 'R. Sharma', 'Policy No': 'A-2' }),
      lifeRow({ 'Held By': 'Anita Sharma', Relation: 'Spouse', 'Policy No': 'A-3' }),
    ]);
    const a = 'p:9876543210:ravi sharma';
    const b = 'p:9876543210:r sharma';
    const plain = run([{ sheet: rows, kind: 'plans' }]);
    expect(plain.households.map((h) => [h.key, h.similar])).toEqual([
      [a, [b]],
      [b, [a]],
    ]);
    const merged = run([{ sheet: rows, kind: 'plans' }], emptyExisting(), { merges: [[a, b]] });
    expect(merged.households).toHaveLength(1);
    expect(merged.households[0]).toMatchObject({
      key: a,
      merged_from: [a, b],
      plans: 3,
      members: ['Anita Sharma'],
    });
    expect(merged.work[0]!.plans.map((pl) => pl.holder)).toEqual([null, null, 'Anita Sharma']);
    expect(merged.counts).toMatchObject({ new_clients: 1, new_members: 1, new_plans: 3 });

    const split = run([{ sheet: rows, kind: 'plans' }], emptyExisting(), { splits: [a] });
    const anita = split.households.find((h) => h.split_from === a)!;
    expect(anita).toMatchObject({ key: `${a}/anita sharma`, client_name: 'Anita Sharma', plans: 1 });
    const work = split.work.find((w) => w.key === anita.key)!;
    expect(work.client).toMatchObject({ kind: 'new', profile: { first_name: 'Anita', last_name: 'Sharma' } });
    expect(work.plans.map((pl) => pl.holder)).toEqual([null]);
    expect(split.rows[2]!.household).toBe(anita.key);
  });
});

describe('matching what the agency already has', () => {
  const existing = (): Existing => {
    const e = emptyExisting();
    e.byPan.set('ABCDE1234F', { id: 'client-meera', name: 'Meera Iyer' });
    e.byPhoneName.set(phoneNameKey('9876543210', 'Ravi Sharma'), { id: 'client-ravi', name: 'Ravi Sharma' });
    e.byEmail.set('sunita@example.in', { id: 'client-sunita', name: 'Sunita Rao' });
    e.members.set('client-ravi', new Map([['anita sharma', 'member-anita']]));
    e.providers.set('life|lic', 'provider-lic');
    e.plans.add('life|lic-1001|lic');
    return e;
  };
  const headers = [...LIST_HEADERS, 'PAN'];
  const rows = (list: Array<Record<string, string | undefined>>) =>
    sheet(
      'Plans',
      headers,
      list.map((r) => headers.map((h) => r[h] ?? '')),
    );

  it('matches by PAN, then phone with name, then e-mail; a masked PAN matches nothing', () => {
    const p = run(
      [
        {
          sheet: rows([
            lifeRow({ 'Policy No': 'LIC-1001' }),
            lifeRow({ 'Held By': 'Anita Sharma', 'Policy No': 'LIC-2002' }),
            lifeRow({ 'Customer Name': 'Meera Iyer', Mobile: '', PAN: 'abcde 1234 f', 'Policy No': 'M-1' }),
            lifeRow({
              'Customer Name': 'Sunita Rao',
              Mobile: '',
              Email: 'Sunita@Example.in',
              'Policy No': 'S-1',
            }),
            lifeRow({ 'Customer Name': 'Meena Iyer', Mobile: '', PAN: '••••234F', 'Policy No': 'N-1' }),
          ]),
          kind: 'plans',
        },
      ],
      existing(),
    );
    expect(p.rows.map((r) => [r.outcome, r.matched_by])).toEqual([
      ['duplicate', 'phone_and_name'],
      ['matched_client', 'phone_and_name'],
      ['matched_client', 'pan'],
      ['matched_client', 'email'],
      ['new_client', null],
    ]);
    const ravi = p.work.find((w) => w.client.kind === 'existing' && w.client.id === 'client-ravi')!;
    expect(ravi.members).toEqual([{ name: 'Anita Sharma', kind: 'existing', id: 'member-anita' }]);
    expect(ravi.plans).toHaveLength(1);
    expect(ravi.plans[0]!.provider).toEqual({ kind: 'existing', id: 'provider-lic' });
    expect(p.counts).toMatchObject({
      matched_clients: 3,
      new_clients: 1,
      duplicates: 1,
      new_members: 0,
      new_providers: 0,
    });
  });
});

describe('a book: Clients, Family Members and Plans linked by Client Code', () => {
  const clients = sheet(
    'Clients',
    ['Client Code', 'First Name', 'Last Name', 'Date of Birth', 'Gender', 'Phone', 'Pincode', 'PAN (last 4)'],
    [
      ['DEM-0001', 'Meera', 'Iyer', '12/06/1984', 'F', '+91 98765 01234', '411045', '••••234F'],
      ['DEM-0002', 'Arjun', 'Rao', '', 'M', '', '011045', ''],
      ['DEM-0001', 'Meera', 'Again', '', '', '', '', ''],
    ],
  );
  const members = sheet(
    'Family Members',
    ['Client Code', 'First Name', 'Last Name', 'Relationship', 'Date of Birth', 'Gender'],
    [
      ['DEM-0001', 'Kabir', 'Iyer', 'Son', '04/03/2012', 'male'],
      ['DEM-0001', 'kabir', 'iyer', 'Son', '', ''],
      ['DEM-0009', 'Nobody', '', 'Son', '', ''],
    ],
  );
  const plansHeaders = [
    'Client Code',
    'Held By',
    'Service',
    'Provider',
    'Policy / Account Number',
    'Premium / Amount',
    'Start Date',
    'End Date',
    'Status',
    'Fund',
    'Scheme',
    'Folio Number',
    'Nominee Name',
    'Nominee Relation',
  ];
  const plans = sheet('Plans', plansHeaders, [
    [
      'DEM-0001',
      'Kabir Iyer',
      'Mutual Funds',
      'HDFC MF',
      'F-1',
      '2,50,000.50',
      '01/04/2025',
      '31/03/2045',
      'active',
      'HDFC MF',
      'Flexi Cap',
      '123/45',
      'Meera Iyer',
      'Mother',
    ],
    ['DEM-0001', '', 'NPS', 'NSDL', 'PRAN-1', '5000', '01/04/2025', '31/03/2045', '', '', '', '', '', ''],
    [
      'DEM-0002',
      '',
      'Mutual Funds',
      'HDFC MF',
      'F-2',
      '1000',
      '01/04/2025',
      '31/03/2045',
      '',
      'HDFC MF',
      'Flexi Cap',
      '9',
      '',
      '',
    ],
    [
      '',
      '',
      'Mutual Funds',
      'HDFC MF',
      'F-3',
      '1000',
      '01/04/2025',
      '31/03/2045',
      '',
      'HDFC MF',
      'Flexi Cap',
      '9',
      '',
      '',
    ],
  ]);

  it('links rows by Client Code, and refuses what does not link or repeats', () => {
    const p = run([
      { sheet: clients, kind: 'clients' },
      { sheet: members, kind: 'family_members' },
      { sheet: plans, kind: 'plans' },
    ]);
    const byRow = (name: string, n: number) => p.rows.find((r) => r.sheet === name && r.row_number === n)!;
    expect(byRow('Clients', 2)).toMatchObject({
      outcome: 'new_client',
      summary: 'Meera Iyer (DEM-0001)',
      errors: [],
    });
    expect(byRow('Clients', 3)).toMatchObject({
      outcome: 'error',
      errors: [{ column: 'Pincode', message: 'Pincode must be 6 digits and not start with 0.' }],
    });
    expect(byRow('Clients', 4)).toMatchObject({
      outcome: 'error',
      errors: [{ column: 'Client Code', message: 'Client Code DEM-0001 is already on row 2 of Clients.' }],
    });
    expect(byRow('Family Members', 2)).toMatchObject({
      outcome: 'new_member',
      summary: 'Kabir Iyer, Son of Meera Iyer',
    });
    expect(byRow('Family Members', 3).outcome).toBe('duplicate');
    expect(byRow('Family Members', 4).errors).toEqual([
      { column: 'Client Code', message: 'Client Code DEM-0009 is not on the Clients sheet.' },
    ]);
    expect(byRow('Plans', 2)).toMatchObject({ outcome: 'new_plan', new_provider: 'HDFC MF (Mutual Funds)' });
    // NPS needs a PRAN: the Plans sheet has no column for it, so the problem names none.
    expect(byRow('Plans', 3).errors).toEqual([{ column: null, message: 'PRAN must be 12 digits.' }]);
    expect(byRow('Plans', 4).errors).toEqual([
      {
        column: 'Client Code',
        message: 'Arjun Rao cannot be added: their details on row 3 of Clients have errors. Fix them first.',
      },
    ]);
    expect(byRow('Plans', 5).errors[0]!.column).toBe('Client Code');
    expect(p.work).toHaveLength(1);
    const [meera] = p.work;
    expect(meera!.client).toMatchObject({
      kind: 'new',
      row: { sheet: 'Clients', rowNumber: 2 },
      profile: { first_name: 'Meera', date_of_birth: '1984-06-12', gender: 'female', pan_number: null },
    });
    expect(meera!.members).toMatchObject([
      {
        name: 'Kabir Iyer',
        kind: 'new',
        row: { sheet: 'Family Members', rowNumber: 2 },
        input: { date_of_birth: '2012-03-04' },
      },
    ]);
    expect(meera!.plans).toHaveLength(1);
    expect(meera!.plans[0]).toMatchObject({
      holder: 'Kabir Iyer',
      mark: 'active',
      plan: {
        category: 'investment',
        money: '250000.50',
        nominee: { full_name: 'Meera Iyer', relation: 'Mother', dob: null },
        subtype_fields: { fund: 'HDFC MF', scheme: 'Flexi Cap', folio_number: '123/45' },
      },
    });
    expect(p.counts).toMatchObject({
      rows: 10,
      new_clients: 1,
      new_members: 1,
      new_plans: 1,
      duplicates: 1,
      errors: 6,
    });
  });
});

describe('planning 10,000 rows of 3,000 households', () => {
  it('takes a few seconds at most', () => {
    const headers = LIST_HEADERS;
    const rows: string[][] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const h = i % 3_000;
      const r = lifeRow({
        'Customer Name': `Client ${h} Sharma`,
        Mobile: `9${String(100_000_000 + h)}`,
        'Held By': i % 3 === 0 ? '' : `Member ${i % 2} Sharma`,
        Relation: 'Son',
        Insurer: `Insurer ${i % 20}`,
        'Policy No': `POL-${i}`,
      });
      rows.push(headers.map((x) => r[x] ?? ''));
    }
    const big = sheet('Plans', headers, rows);
    const started = performance.now();
    const p = run([{ sheet: big, kind: 'plans' }]);
    const ms = performance.now() - started;
    expect(p.counts).toMatchObject({
      rows: 10_000,
      households: 3_000,
      new_plans: 10_000,
      errors: 0,
      new_providers: 20,
    });
    expect(ms).toBeLessThan(5_000);
  });
});
