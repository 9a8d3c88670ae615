import {
  dueDateAt,
  PlanInputSchema,
  type PlanServiceCode,
  scheduleOf,
  UpdateSecondaryClientSchema,
  verhoeffCheckDigit,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  insurancePolicies,
  investmentAccounts,
  primaryClients,
  providers,
  secondaryClients,
  services,
} from '../../db/schema.ts';
import { encryptField, last4 } from '../../lib/crypto.ts';
import { addDays, addMonths } from '../../lib/dates.ts';
import type { DocumentMime, DocumentStore } from '../../lib/documents.ts';
import type { Rgb } from '../../lib/png.ts';
import { insertPlans } from '../plans/insert-plans.ts';
import { seedDemoClaims } from './demo-claims.ts';
import { cardPng, chequePng, portraitPng, simplePdf } from './demo-documents.ts';

// The demo agency's clients (issue 5): families with documents, and plans of all eight services, each with
// a PDF, dated from the day of the first start so that some are expired, some end within 60 days and some
// investments mature soon. Written through the same plan code as the API (and checked by the same rules),
// in the first start's transaction.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DocKind = 'aadhaar' | 'pan' | 'cheque' | 'profile_image';

interface DemoMember {
  key: string;
  fields: Record<string, unknown>;
  /** The member's documents; an Aadhaar or PAN scan may be a PDF instead of an image. */
  docs: Array<{ kind: DocKind; pdf?: boolean }>;
  colour: Rgb;
}

interface DemoPlan {
  /** A family member's key, or none for the primary client. */
  holder?: string;
  service: PlanServiceCode;
  provider: string;
  number: string;
  money: string;
  start: string;
  end: string;
  subtype: Record<string, unknown>;
  nominee?: { full_name: string; relation: string; dob?: string; phone_number?: string };
  /**
   * Premium dues (issue 27): the first unpaid instalment, by its number in the schedule, for a plan shown in grace
   * or lapsed (else every premium before the first start counts as paid); `openEnded`: no end date (a SIP).
   */
  unpaidInstalment?: number;
  openEnded?: boolean;
}

interface DemoClient {
  values: Omit<typeof primaryClients.$inferInsert, 'agencyId' | 'clientCode' | 'panEnc' | 'panLast4'>;
  pan: string;
  daysAgo: number;
  family: DemoMember[];
  plans: DemoPlan[];
}

/** Dates and money on the generated documents as Indian readers expect them (spec §9). */
const indianDate = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
const rupees = (amount: string) =>
  `Rs. ${Number(amount).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const aadhaar = (eleven: string) => `${eleven}${verhoeffCheckDigit(eleven)}`;

const PROVIDER = {
  lic: 'Life Insurance Corporation of India',
  hdfcLife: 'HDFC Life Insurance',
  star: 'Star Health and Allied Insurance',
  icici: 'ICICI Lombard General Insurance',
  tata: 'Tata AIG General Insurance',
  ergo: 'HDFC ERGO General Insurance',
  hdfcMf: 'HDFC Mutual Fund',
  sbiPension: 'SBI Pension Funds',
  post: 'India Post',
} as const;

/** A one-year policy ending on `end`. */
const yearTo = (end: string) => ({ start: addDays(addMonths(end, -12), 1), end });

/** Priya Sharma's family and further plans (her LIC and HDFC plans are seeded with her). */
function priyaFamily(today: string): { family: DemoMember[]; plans: DemoPlan[] } {
  const d = (days: number) => addDays(today, days);
  return {
    family: [
      {
        key: 'arjun',
        colour: [37, 99, 235],
        fields: {
          first_name: 'Arjun',
          last_name: 'Sharma',
          relationship: 'Spouse',
          relation_type: 'Husband',
          date_of_birth: '1985-09-03',
          gender: 'male',
          email: 'arjun.sharma@example.in',
          phone: '9876502345',
          locality: 'Hill Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400050',
          height_cm: 176,
          weight_kg: 78,
          pan_number: 'BQWPS5521K',
          account_number: '50100456789012',
          ifsc_code: 'HDFC0000240',
        },
        docs: [{ kind: 'pan' }, { kind: 'profile_image' }],
      },
      {
        key: 'ananya',
        colour: [219, 39, 119],
        fields: {
          first_name: 'Ananya',
          last_name: 'Sharma',
          relationship: 'Daughter',
          date_of_birth: '2014-02-19',
          gender: 'female',
          locality: 'Hill Road',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400050',
          height_cm: 138,
          weight_kg: 31,
          aadhaar_number: aadhaar('56781234901'),
        },
        docs: [{ kind: 'aadhaar', pdf: true }, { kind: 'profile_image' }],
      },
    ],
    plans: [
      {
        service: 'health',
        provider: PROVIDER.star,
        number: 'P/171211/01/2026/004512',
        money: '28450',
        ...yearTo(d(45)),
        subtype: {
          cover_type: 'Family Floater',
          sum_assured: '1000000',
          plan_name: 'Family Health Optima',
          term: 1,
          insured_members: [
            { insured_member_name: 'Priya Sharma', relationship: 'Self', insured_member_dob: '1988-04-12' },
            { insured_member_name: 'Arjun Sharma', relationship: 'Spouse', insured_member_dob: '1985-09-03' },
            {
              insured_member_name: 'Ananya Sharma',
              relationship: 'Daughter',
              insured_member_dob: '2014-02-19',
            },
          ],
        },
        nominee: {
          full_name: 'Arjun Sharma',
          relation: 'Spouse',
          dob: '1985-09-03',
          phone_number: '9876502345',
        },
      },
      {
        holder: 'arjun',
        service: 'motor',
        provider: PROVIDER.icici,
        number: '3001/MC/284719/00/000',
        money: '18760',
        ...yearTo(d(200)),
        subtype: {
          rc_number: 'MH02EK4821',
          term: 1,
          vehicle_make: 'Hyundai',
          vehicle_model: 'Creta SX',
          policy_type: 'comprehensive',
          idv: '980000',
          ncb_percent: 35,
        },
        nominee: { full_name: 'Priya Sharma', relation: 'Spouse', dob: '1988-04-12' },
      },
      {
        service: 'travel',
        provider: PROVIDER.tata,
        number: '4200/TG/552310',
        money: '3850',
        start: d(-104),
        end: d(-95),
        subtype: {
          insurance_company_name: PROVIDER.tata,
          trip_type: 'Single trip',
          destination: 'Singapore',
          duration: 10,
          term: 1,
        },
      },
      {
        holder: 'arjun',
        service: 'nps',
        provider: PROVIDER.sbiPension,
        number: '110093456782',
        money: '50000',
        start: '2016-07-01',
        end: '2045-09-03',
        subtype: { pran: '110093456782' },
        nominee: { full_name: 'Priya Sharma', relation: 'Spouse', dob: '1988-04-12' },
      },
      {
        holder: 'ananya',
        service: 'postoffice',
        provider: PROVIDER.post,
        number: 'SSA-4471203',
        money: '150000',
        start: '2015-03-10',
        end: '2036-03-10',
        subtype: {
          account_number: 'SSA-4471203',
          scheme_name: 'Sukanya Samriddhi Account',
          term: 21,
          roi: 8.2,
        },
        nominee: { full_name: 'Priya Sharma', relation: 'Mother', dob: '1988-04-12' },
      },
    ],
  };
}

/** The agency's other clients, oldest first; Priya Sharma stays the most recently added. */
function otherClients(today: string): DemoClient[] {
  const d = (days: number) => addDays(today, days);
  return [
    {
      daysAgo: 200,
      pan: 'AKDPS6610G',
      values: {
        firstName: 'Gurpreet',
        lastName: 'Singh',
        email: 'gurpreet.singh@example.in',
        phone: '9814023456',
        dateOfBirth: '1972-03-30',
        gender: 'male',
        occupation: 'Business Owner',
        houseNumber: '118',
        locality: 'Model Town',
        city: 'Ludhiana',
        state: 'Punjab',
        pincode: '141002',
        aadhaarLast4: '4417',
      },
      family: [
        {
          key: 'manjeet',
          colour: [124, 58, 237],
          fields: {
            first_name: 'Manjeet',
            last_name: 'Kaur',
            relationship: 'Mother',
            date_of_birth: '1948-10-11',
            gender: 'female',
            phone: '9814034567',
            locality: 'Model Town',
            city: 'Ludhiana',
            state: 'Punjab',
            pincode: '141002',
            height_cm: 158,
            weight_kg: 64,
            medical_conditions: 'Type 2 diabetes, controlled with medication. Hypertension since 2015.',
            aadhaar_number: aadhaar('34125678902'),
          },
          docs: [{ kind: 'aadhaar' }, { kind: 'profile_image' }],
        },
      ],
      plans: [
        {
          holder: 'manjeet',
          service: 'health',
          provider: PROVIDER.star,
          number: 'P/171211/01/2026/009981',
          money: '38900',
          ...yearTo(d(55)),
          subtype: {
            cover_type: 'Individual',
            sum_assured: '500000',
            plan_name: 'Senior Citizens Red Carpet',
            term: 1,
            insured_members: [
              {
                insured_member_name: 'Manjeet Kaur',
                relationship: 'Self',
                insured_member_dob: '1948-10-11',
                insured_member_phone_number: '9814034567',
              },
            ],
          },
          nominee: { full_name: 'Gurpreet Singh', relation: 'Son', dob: '1972-03-30' },
        },
        {
          service: 'life',
          provider: PROVIDER.hdfcLife,
          number: '23017745',
          money: '40000',
          // Yearly for a paying term of 5 years, all paid: paid up until it matures (issue 27 item 8).
          start: addMonths(d(-30), -84),
          end: addMonths(d(-30), 156),
          subtype: {
            sum_assured: '1000000',
            plan_name: 'Sanchay Par Advantage',
            mode: 'Yearly',
            term: 20,
            ppt: 5,
          },
          nominee: { full_name: 'Manjeet Kaur', relation: 'Spouse' },
        },
        {
          service: 'motor',
          provider: PROVIDER.icici,
          number: '3001/MC/119034/00/000',
          money: '24300',
          ...yearTo(d(-60)),
          subtype: { rc_number: 'PB10GH4455', term: 1 },
        },
        {
          holder: 'manjeet',
          service: 'postoffice',
          provider: PROVIDER.post,
          number: 'SCSS-2210457',
          money: '1500000',
          start: addMonths(d(50), -60),
          end: d(50),
          subtype: {
            account_number: 'SCSS-2210457',
            scheme_name: 'Senior Citizens Savings Scheme',
            term: 5,
            roi: 8.2,
          },
          nominee: { full_name: 'Gurpreet Singh', relation: 'Son' },
        },
        {
          service: 'home',
          provider: PROVIDER.ergo,
          number: '2999/BGR/30418',
          money: '4800',
          ...yearTo(d(280)),
          subtype: {
            insurance_company_name: PROVIDER.ergo,
            term: 1,
            building_sum_insured: '4500000',
            contents_sum_insured: '600000',
          },
        },
      ],
    },
    {
      daysAgo: 120,
      pan: 'AJKPI7742M',
      values: {
        firstName: 'Rajesh',
        lastName: 'Iyer',
        email: 'rajesh.iyer@example.in',
        phone: '9845012345',
        dateOfBirth: '1979-11-22',
        gender: 'male',
        occupation: 'Software Architect',
        houseNumber: 'C-1204',
        society: 'Prestige Shantiniketan',
        locality: 'Whitefield',
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560048',
        aadhaarLast4: '9032',
      },
      family: [
        {
          key: 'lakshmi',
          colour: [5, 150, 105],
          fields: {
            first_name: 'Lakshmi',
            last_name: 'Iyer',
            relationship: 'Spouse',
            relation_type: 'Wife',
            date_of_birth: '1982-06-14',
            gender: 'female',
            email: 'lakshmi.iyer@example.in',
            phone: '9845023456',
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560048',
            aadhaar_number: aadhaar('78902345612'),
            pan_number: 'AKLPI3390Q',
            cif_number: 'CIF88120456',
          },
          docs: [{ kind: 'aadhaar' }, { kind: 'pan', pdf: true }, { kind: 'profile_image' }],
        },
        {
          key: 'karthik',
          colour: [234, 88, 12],
          fields: {
            first_name: 'Karthik',
            last_name: 'Iyer',
            relationship: 'Son',
            date_of_birth: '2009-08-30',
            gender: 'male',
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560048',
            height_cm: 168,
            weight_kg: 55,
          },
          docs: [],
        },
      ],
      plans: [
        {
          service: 'life',
          provider: PROVIDER.hdfcLife,
          number: '23847561',
          money: '1790',
          // Monthly by NACH; the premium due 6 days ago is unpaid: in its 15 days of grace (issue 27).
          start: addMonths(d(-6), -48),
          end: addMonths(d(-6), 312),
          unpaidInstalment: 48,
          subtype: {
            sum_assured: '15000000',
            plan_name: 'Click 2 Protect Super',
            mode: 'Monthly',
            term: 30,
            ppt: 30,
          },
          nominee: {
            full_name: 'Lakshmi Iyer',
            relation: 'Spouse',
            dob: '1982-06-14',
            phone_number: '9845023456',
          },
        },
        {
          holder: 'lakshmi',
          service: 'health',
          provider: PROVIDER.star,
          number: 'P/171211/01/2025/007730',
          money: '19200',
          ...yearTo(d(-12)),
          subtype: {
            cover_type: 'Family Floater',
            sum_assured: '500000',
            plan_name: 'Star Comprehensive',
            term: 1,
            insured_members: [
              { insured_member_name: 'Lakshmi Iyer', relationship: 'Self', insured_member_dob: '1982-06-14' },
              { insured_member_name: 'Karthik Iyer', relationship: 'Son', insured_member_dob: '2009-08-30' },
            ],
          },
          nominee: { full_name: 'Rajesh Iyer', relation: 'Spouse' },
        },
        {
          service: 'home',
          provider: PROVIDER.ergo,
          number: '2999/HS/22781',
          money: '6200',
          ...yearTo(d(21)),
          subtype: { insurance_company_name: PROVIDER.ergo, term: 1 },
        },
        {
          holder: 'lakshmi',
          service: 'mutual_funds',
          provider: PROVIDER.hdfcMf,
          number: '7781236/54',
          money: '250000',
          start: '2020-01-15',
          end: '2030-01-15',
          // A SIP with no end date (issue 27): monthly on the 10th for as long as it runs.
          openEnded: true,
          subtype: {
            folio_number: '7781236/54',
            scheme: 'Mid-Cap Opportunities - Growth',
            fund: 'HDFC Mid-Cap Opportunities Fund',
            investment_mode: 'sip',
            sip_amount: '10000',
            sip_day: 10,
          },
          nominee: { full_name: 'Karthik Iyer', relation: 'Son', dob: '2009-08-30' },
        },
        {
          service: 'postoffice',
          provider: PROVIDER.post,
          number: 'RD-8812093',
          // A post-office Recurring Deposit: ₹5,000 a month for five years, all paid, maturing in 25 days (issue 27).
          money: '5000',
          start: addMonths(d(25), -60),
          end: d(25),
          subtype: {
            account_number: 'RD-8812093',
            scheme_name: 'Recurring Deposit (RD)',
            term: 5,
            roi: 6.7,
          },
        },
      ],
    },
    {
      daysAgo: 75,
      pan: 'CXNPS2204H',
      values: {
        firstName: 'Fatima',
        lastName: 'Shaikh',
        email: 'fatima.shaikh@example.in',
        phone: '9920045678',
        dateOfBirth: '1990-01-08',
        gender: 'female',
        occupation: 'Teacher',
        houseNumber: '7/B',
        society: 'Noor Manzil',
        locality: 'Kurla West',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400070',
      },
      family: [
        {
          key: 'imran',
          colour: [15, 118, 110],
          fields: {
            first_name: 'Imran',
            last_name: 'Shaikh',
            relationship: 'Spouse',
            relation_type: 'Husband',
            date_of_birth: '1987-05-21',
            gender: 'male',
            phone: '9920056789',
            locality: 'Kurla West',
            city: 'Mumbai',
            state: 'Maharashtra',
            pincode: '400070',
            pan_number: 'DFRPS8812C',
            account_number: '30298765432',
            ifsc_code: 'SBIN0001234',
            cif_number: '80012345678',
          },
          docs: [{ kind: 'cheque' }, { kind: 'pan' }],
        },
        {
          key: 'zoya',
          colour: [190, 24, 93],
          fields: {
            first_name: 'Zoya',
            last_name: 'Shaikh',
            relationship: 'Daughter',
            date_of_birth: '2017-12-02',
            gender: 'female',
            city: 'Mumbai',
            state: 'Maharashtra',
            pincode: '400070',
          },
          docs: [{ kind: 'profile_image' }],
        },
      ],
      plans: [
        {
          holder: 'imran',
          service: 'motor',
          provider: PROVIDER.icici,
          number: '3005/TW/771204/00/000',
          money: '2150',
          ...yearTo(d(12)),
          subtype: { rc_number: 'MH03CK7710', term: 1 },
        },
        {
          service: 'life',
          provider: PROVIDER.hdfcLife,
          number: '24410987',
          money: '25000',
          // Half-yearly; the premium due 90 days ago was not paid in grace: lapsed, revivable for two years.
          start: addMonths(d(-90), -42),
          end: addMonths(d(-90), 138),
          unpaidInstalment: 7,
          subtype: {
            sum_assured: '550000',
            plan_name: 'Sanchay Plus',
            mode: 'Half-yearly',
            term: 15,
            ppt: 10,
          },
          nominee: { full_name: 'Imran Shaikh', relation: 'Spouse', dob: '1987-05-21' },
        },
        {
          service: 'travel',
          provider: PROVIDER.tata,
          number: '4200/TG/601877',
          money: '6400',
          start: d(20),
          end: d(34),
          subtype: {
            insurance_company_name: PROVIDER.tata,
            trip_type: 'Family trip',
            destination: 'Saudi Arabia',
            duration: 15,
            term: 1,
          },
          nominee: { full_name: 'Imran Shaikh', relation: 'Spouse' },
        },
        {
          service: 'nps',
          provider: PROVIDER.sbiPension,
          number: '110087654321',
          money: '36000',
          start: '2019-10-01',
          end: '2050-01-08',
          subtype: { pran: '110087654321' },
          nominee: { full_name: 'Zoya Shaikh', relation: 'Daughter', dob: '2017-12-02' },
        },
      ],
    },
    {
      daysAgo: 30,
      pan: 'BNVPP4476D',
      values: {
        firstName: 'Vikas',
        lastName: 'Patil',
        email: 'vikas.patil@example.in',
        phone: '9822067890',
        dateOfBirth: '1995-07-19',
        gender: 'male',
        occupation: 'Chartered Accountant',
        houseNumber: 'A-3',
        society: 'Sai Darshan',
        locality: 'Kothrud',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411038',
      },
      family: [],
      plans: [
        {
          service: 'mutual_funds',
          provider: PROVIDER.hdfcMf,
          number: '9912034/11',
          money: '60000',
          start: '2023-05-10',
          end: '2033-05-10',
          subtype: {
            folio_number: '9912034/11',
            scheme: 'Nifty 50 Index Plan - Growth',
            fund: 'HDFC Index Fund',
          },
        },
        {
          service: 'mutual_funds',
          provider: PROVIDER.hdfcMf,
          number: '9912034/12',
          money: '150000',
          start: addMonths(d(40), -36),
          end: d(40),
          subtype: {
            folio_number: '9912034/12',
            scheme: 'ELSS Tax Saver - Growth (3-year lock-in)',
            fund: 'HDFC ELSS Tax Saver',
          },
        },
        {
          service: 'life',
          provider: PROVIDER.hdfcLife,
          number: '25599102',
          money: '12600',
          start: '2024-02-01',
          end: '2059-02-01',
          subtype: {
            sum_assured: '10000000',
            plan_name: 'Click 2 Protect Life',
            mode: 'Yearly',
            term: 35,
            ppt: 35,
          },
        },
      ],
    },
    {
      daysAgo: 3,
      pan: 'EHRPR5521B',
      values: {
        firstName: 'Meenakshi',
        lastName: 'Reddy',
        email: 'meenakshi.reddy@example.in',
        phone: '9848078901',
        dateOfBirth: '1984-12-05',
        gender: 'female',
        occupation: 'Doctor',
        locality: 'Banjara Hills',
        city: 'Hyderabad',
        state: 'Telangana',
        pincode: '500034',
      },
      family: [],
      plans: [],
    },
  ];
}

export interface DemoClientsDeps {
  agencyId: string;
  ownerUserId: string;
  priya: { id: string; name: string };
  today: string;
  documents: DocumentStore;
  encryptionKey: Buffer;
  /** Documents stored so far, for the caller to remove if the transaction rolls back. */
  written: string[];
}

/** Gives the demo agency its families and plans; Priya Sharma keeps her sign-in, code and first plans. */
export async function seedDemoClients(tx: Tx, deps: DemoClientsDeps): Promise<void> {
  const catalogue = await tx
    .select({ id: providers.id, name: providers.providerName, code: services.code })
    .from(providers)
    .innerJoin(services, eq(services.id, providers.serviceId))
    .where(and(eq(providers.agencyId, deps.agencyId), isNull(providers.deletedAt)));
  const providerId = (name: string, code: string) => {
    const found = catalogue.find((p) => p.name === name && p.code === code);
    if (!found) throw new Error(`The demo has no ${code} provider named ${name}.`);
    return found.id;
  };
  const save = async (
    kind: Parameters<DocumentStore['save']>[1]['kind'],
    bytes: Buffer,
    mime: DocumentMime,
    name: string,
  ) => {
    const saved = await deps.documents.save(tx, {
      agencyId: deps.agencyId,
      kind,
      bytes,
      mime,
      originalName: name,
      uploadedBy: deps.ownerUserId,
    });
    deps.written.push(saved.id);
    return saved.id;
  };

  // Priya's first two plans get their documents too.
  for (const table of [insurancePolicies, investmentAccounts]) {
    const isPolicy = table === insurancePolicies;
    const rows = await tx
      .select({ id: table.id, name: table.planName, start: table.startDate, end: table.endDate })
      .from(table)
      .where(and(eq(table.agencyId, deps.agencyId), eq(table.primaryClientId, deps.priya.id)));
    for (const row of rows) {
      const pdf = simplePdf(row.name ?? 'Plan', isPolicy ? 'Policy schedule' : 'Account statement', [
        ['Holder', deps.priya.name],
        ['Start date', row.start ? indianDate(row.start) : '-'],
        ['End date', row.end ? indianDate(row.end) : 'Open-ended'],
      ]);
      const documentId = await save(
        isPolicy ? 'policy_pdf' : 'investment_pdf',
        pdf,
        'application/pdf',
        `${(row.name ?? 'plan').toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
      );
      await tx
        .update(table)
        .set({ documentId })
        .where(and(eq(table.agencyId, deps.agencyId), eq(table.id, row.id)));
    }
  }

  const [agency] = await tx
    .select({ slug: agencies.slug, seq: agencies.nextClientSeq })
    .from(agencies)
    .where(eq(agencies.id, deps.agencyId));
  let seq = agency!.seq;
  const now = Date.now();

  const seedFamily = async (
    primaryClientId: string,
    primaryName: string,
    family: DemoMember[],
    plans: DemoPlan[],
    createdAt: Date,
  ) => {
    const members = new Map<string, { id: string; name: string }>();
    for (const [i, m] of family.entries()) {
      const f = UpdateSecondaryClientSchema.parse(m.fields);
      const name = [f.first_name, f.last_name].filter(Boolean).join(' ');
      const documentIds: Partial<Record<DocKind, string>> = {};
      for (const doc of m.docs) {
        const slug = `${f.first_name.toLowerCase()}-${doc.kind.replace('_', '-')}`;
        if (doc.pdf) {
          const title = doc.kind === 'aadhaar' ? 'Aadhaar (specimen)' : 'PAN card (specimen)';
          const number =
            doc.kind === 'aadhaar'
              ? `XXXX XXXX ${last4(f.aadhaar_number ?? '0000')}`
              : `XXXXXX${last4(f.pan_number ?? '0000')}`;
          documentIds[doc.kind] = await save(
            doc.kind,
            simplePdf(title, name, [
              ['Name', name],
              ['Date of birth', f.date_of_birth ? indianDate(f.date_of_birth) : '-'],
              ['Number', number],
            ]),
            'application/pdf',
            `${slug}.pdf`,
          );
        } else {
          const bytes =
            doc.kind === 'cheque'
              ? chequePng()
              : doc.kind === 'profile_image'
                ? portraitPng(m.colour)
                : cardPng(doc.kind === 'pan' ? [30, 64, 175] : [234, 88, 12]);
          documentIds[doc.kind] = await save(doc.kind, bytes, 'image/png', `${slug}.png`);
        }
      }
      const [inserted] = await tx
        .insert(secondaryClients)
        .values({
          agencyId: deps.agencyId,
          primaryClientId,
          firstName: f.first_name,
          lastName: f.last_name,
          relationship: f.relationship,
          relationType: f.relation_type,
          dateOfBirth: f.date_of_birth,
          gender: f.gender,
          email: f.email,
          phone: f.phone,
          alternatePhone: f.alternate_phone,
          houseNumber: f.house_number,
          society: f.society,
          locality: f.locality,
          city: f.city,
          state: f.state,
          pincode: f.pincode,
          heightCm: f.height_cm === null ? null : f.height_cm.toFixed(1),
          weightKg: f.weight_kg === null ? null : f.weight_kg.toFixed(1),
          medicalConditions: f.medical_conditions,
          aadhaarLast4: f.aadhaar_number ? last4(f.aadhaar_number) : null,
          ...(f.pan_number
            ? { panEnc: encryptField(deps.encryptionKey, f.pan_number), panLast4: last4(f.pan_number) }
            : {}),
          ...(f.cif_number
            ? { cifEnc: encryptField(deps.encryptionKey, f.cif_number), cifLast4: last4(f.cif_number) }
            : {}),
          ...(f.account_number
            ? {
                accountNumberEnc: encryptField(deps.encryptionKey, f.account_number),
                accountNumberLast4: last4(f.account_number),
              }
            : {}),
          ifscCode: f.ifsc_code,
          aadhaarDocumentId: documentIds.aadhaar ?? null,
          panDocumentId: documentIds.pan ?? null,
          chequeDocumentId: documentIds.cheque ?? null,
          profileImageDocumentId: documentIds.profile_image ?? null,
          createdBy: deps.ownerUserId,
          // Apart by a second each, so the family reads back in this order.
          createdAt: new Date(createdAt.getTime() + (i + 1) * 1000),
          updatedAt: new Date(createdAt.getTime() + (i + 1) * 1000),
        })
        .returning({ id: secondaryClients.id });
      members.set(m.key, { id: inserted!.id, name });
    }
    for (const p of plans) {
      const holder = p.holder ? members.get(p.holder) : undefined;
      if (p.holder && !holder)
        throw new Error(`The demo plan ${p.number} names no family member ${p.holder}.`);
      const category = ['mutual_funds', 'nps', 'postoffice'].includes(p.service) ? 'investment' : 'insurance';
      const parsed = PlanInputSchema.parse({
        provider_id: providerId(p.provider, p.service),
        service_code: p.service,
        policy_number: p.number,
        ...(category === 'insurance' ? { premium_amount: p.money } : { amount: p.money }),
        start_date: p.start,
        end_date: p.end,
        subtype_fields: p.subtype,
        nominee: p.nominee ?? null,
      });
      const sub = parsed.subtype_fields;
      const title = String(sub.plan_name ?? sub.scheme_name ?? sub.scheme ?? sub.fund ?? p.provider);
      const pdf = simplePdf(title, p.provider, [
        [category === 'insurance' ? 'Policy number' : 'Account number', p.number],
        ['Holder', holder?.name ?? primaryName],
        [category === 'insurance' ? 'Premium' : 'Amount', rupees(parsed.money)],
        ['Start date', indianDate(p.start)],
        [category === 'insurance' ? 'End date' : 'Maturity date', indianDate(p.end)],
        ...(p.nominee
          ? ([['Nominee', `${p.nominee.full_name} (${p.nominee.relation})`]] as Array<[string, string]>)
          : []),
      ]);
      await insertPlans({ documents: deps.documents }, tx, {
        agencyId: deps.agencyId,
        userId: deps.ownerUserId,
        primaryClientId,
        secondaryClientId: holder?.id ?? null,
        plans: [parsed],
        files: [
          {
            field: 'planFiles',
            filename: `${p.number.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
            declaredType: 'application/pdf',
            bytes: pdf,
          },
        ],
        written: deps.written,
      });
      if (p.openEnded || p.unpaidInstalment !== undefined) {
        const table = category === 'insurance' ? insurancePolicies : investmentAccounts;
        const number =
          category === 'insurance' ? insurancePolicies.policyNumber : investmentAccounts.accountNumber;
        const schedule = scheduleOf({
          category,
          serviceCode: p.service,
          startDate: p.start,
          endDate: p.openEnded ? null : p.end,
          subtypeFields: parsed.subtype_fields,
        });
        // Migration 0032's trigger reckons the next due date again when the end date goes; a missed one is set.
        await tx
          .update(table)
          .set(p.openEnded ? { endDate: null } : { nextDueDate: dueDateAt(schedule, p.unpaidInstalment!) })
          .where(and(eq(table.agencyId, deps.agencyId), eq(number, p.number)));
      }
    }
  };

  const priya = priyaFamily(deps.today);
  await seedFamily(deps.priya.id, deps.priya.name, priya.family, priya.plans, new Date(now));

  for (const c of otherClients(deps.today)) {
    const createdAt = new Date(now - c.daysAgo * 24 * 3600 * 1000);
    const clientCode = `${agency!.slug.toUpperCase()}-${String(seq).padStart(5, '0')}`;
    seq += 1;
    const [row] = await tx
      .insert(primaryClients)
      .values({
        ...c.values,
        agencyId: deps.agencyId,
        clientCode,
        panEnc: encryptField(deps.encryptionKey, c.pan),
        panLast4: last4(c.pan),
        createdBy: deps.ownerUserId,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: primaryClients.id });
    const name = `${c.values.firstName} ${c.values.lastName}`;
    await seedFamily(row!.id, name, c.family, c.plans, createdAt);
  }
  await tx.update(agencies).set({ nextClientSeq: seq }).where(eq(agencies.id, deps.agencyId));
  // A settled cashless claim, a reimbursement waiting for documents and a rejected motor claim (issue 28).
  await seedDemoClaims(tx, deps.agencyId, deps.ownerUserId, deps.today);
}
