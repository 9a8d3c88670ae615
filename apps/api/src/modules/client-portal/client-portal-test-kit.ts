import {
  createAgencyClient,
  registerAgency,
  signInToken,
  type TestApp,
  verifyOwner,
} from '../../../test/helpers.ts';
import { PDF_BYTES, pngBytes } from '../../../test/images.ts';
import {
  insurancePolicies,
  insuredMembers,
  investmentAccounts,
  providers,
  secondaryClients,
} from '../../db/schema.ts';
import { encryptField, last4 } from '../../lib/crypto.ts';
import { addDays, todayInIndia } from '../../lib/dates.ts';
import type { DocumentKind, DocumentMime } from '../../lib/documents.ts';

// The client area's test world, written straight to the database: two agencies, two clients in the first
// and one in the second, family members with identifiers and documents, and plans of every service.

export const SERVICE_IDS = {
  life: '00000000-0000-4000-8000-000000000001',
  health: '00000000-0000-4000-8000-000000000002',
  motor: '00000000-0000-4000-8000-000000000003',
  travel: '00000000-0000-4000-8000-000000000004',
  home: '00000000-0000-4000-8000-000000000005',
  mutual_funds: '00000000-0000-4000-8000-000000000006',
  nps: '00000000-0000-4000-8000-000000000007',
  postoffice: '00000000-0000-4000-8000-000000000008',
} as const;
type ServiceCode = keyof typeof SERVICE_IDS;

/** Full identifiers that must never appear in an answer (decisions §5). */
export const SECRET = {
  pan: 'ABCDE1234F',
  cif: 'CIF99887766',
  account: '501004567891234',
  aadhaar: '234123412346',
} as const;

/** A real PDF header padded to `size` bytes with a comment (the spec's minimum is 100 bytes). */
export function pdfBytes(size = 400): Buffer {
  const pad = Math.max(0, size - PDF_BYTES.length);
  return Buffer.concat([
    PDF_BYTES,
    Buffer.from(`%${'x'.repeat(Math.max(0, pad - 2))}\n`.slice(0, pad), 'latin1'),
  ]);
}

export async function saveDocument(
  t: TestApp,
  agencyId: string,
  kind: DocumentKind,
  bytes: Buffer,
  mime: DocumentMime,
) {
  const { id } = await t.app.services.documents.save(t.db, { agencyId, kind, bytes, mime });
  return id;
}

async function providersOf(t: TestApp, agencyId: string) {
  const out = {} as Record<ServiceCode, string>;
  for (const [code, serviceId] of Object.entries(SERVICE_IDS) as [ServiceCode, string][]) {
    const [row] = await t.db
      .insert(providers)
      .values({
        agencyId,
        serviceId,
        category: ['mutual_funds', 'nps', 'postoffice'].includes(code) ? 'investment' : 'insurance',
        providerName: `${code.toUpperCase()} Provider ${agencyId.slice(0, 4)}`,
      })
      .returning({ id: providers.id });
    out[code] = row!.id;
  }
  return out;
}

const nominee = {
  nomineeFullName: 'Arjun Iyer',
  nomineeRelation: 'Son',
  nomineeDob: '2005-06-15',
  nomineePhone: '9876500001',
  nomineeEmail: 'arjun@example.in',
};

export async function agencyWithClients(t: TestApp) {
  const agency = await registerAgency(t.app);
  await verifyOwner(t.db, agency.ownerId);
  const prov = await providersOf(t, agency.agencyId);
  return { agency, prov };
}

export type Agency = Awaited<ReturnType<typeof agencyWithClients>>;

export async function signedInClient(t: TestApp, a: Agency, fullName = 'Meera Iyer') {
  const client = await createAgencyClient(t, a.agency.agencyId, { fullName });
  const token = await signInToken(t.app, {
    email: client.email,
    password: client.password,
    host: a.agency.host,
  });
  return { ...client, token };
}

export async function addPolicy(
  t: TestApp,
  a: Agency,
  primaryClientId: string,
  code: 'life' | 'health' | 'motor' | 'travel' | 'home',
  values: Partial<typeof insurancePolicies.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(insurancePolicies)
    .values({
      agencyId: a.agency.agencyId,
      primaryClientId,
      providerId: a.prov[code],
      serviceId: SERVICE_IDS[code],
      policyNumber: `${code.toUpperCase()}-${Math.random().toString(36).slice(2, 8)}`,
      premiumAmount: '1000.00',
      ...values,
    })
    .returning({ id: insurancePolicies.id, policyNumber: insurancePolicies.policyNumber });
  return row!;
}

export async function addAccount(
  t: TestApp,
  a: Agency,
  primaryClientId: string,
  code: 'mutual_funds' | 'nps' | 'postoffice',
  values: Partial<typeof investmentAccounts.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(investmentAccounts)
    .values({
      agencyId: a.agency.agencyId,
      primaryClientId,
      providerId: a.prov[code],
      serviceId: SERVICE_IDS[code],
      accountNumber: `${code.toUpperCase()}-${Math.random().toString(36).slice(2, 8)}`,
      amount: '5000.00',
      ...values,
    })
    .returning({ id: investmentAccounts.id, accountNumber: investmentAccounts.accountNumber });
  return row!;
}

export async function addFamilyMember(
  t: TestApp,
  a: Agency,
  primaryClientId: string,
  values: Partial<typeof secondaryClients.$inferInsert> = {},
) {
  const [row] = await t.db
    .insert(secondaryClients)
    .values({
      agencyId: a.agency.agencyId,
      primaryClientId,
      firstName: 'Kavya',
      lastName: 'Iyer',
      relationship: 'Daughter',
      ...values,
    })
    .returning({ id: secondaryClients.id });
  return row!.id;
}

/** The first agency's first client with a full family and every kind of plan, relative to India's today. */
export async function richClient(t: TestApp, a: Agency) {
  const today = todayInIndia();
  const key = t.config.encryptionKey;
  const me = await signedInClient(t, a);
  const agencyId = a.agency.agencyId;
  const spouseDocs = {
    aadhaar: await saveDocument(t, agencyId, 'aadhaar', pdfBytes(300), 'application/pdf'),
    pan: await saveDocument(t, agencyId, 'pan', pngBytes(2, 2, 200), 'image/png'),
    profile: await saveDocument(t, agencyId, 'profile_image', pngBytes(3, 3, 150), 'image/png'),
  };
  const spouse = await addFamilyMember(t, a, me.primaryClientId, {
    firstName: 'Rahul',
    lastName: 'Iyer',
    relationship: 'Spouse',
    relationType: 'Husband',
    email: 'rahul@example.in',
    phone: '9811100002',
    alternatePhone: '9811100003',
    dateOfBirth: '1985-02-10',
    houseNumber: '12B',
    society: 'Green Acres',
    locality: 'Baner',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411045',
    heightCm: '176.5',
    weightKg: '72.0',
    medicalConditions: 'None',
    aadhaarLast4: last4(SECRET.aadhaar),
    panEnc: encryptField(key, SECRET.pan),
    panLast4: last4(SECRET.pan),
    cifEnc: encryptField(key, SECRET.cif),
    cifLast4: last4(SECRET.cif),
    accountNumberEnc: encryptField(key, SECRET.account),
    accountNumberLast4: last4(SECRET.account),
    ifscCode: 'HDFC0001234',
    aadhaarDocumentId: spouseDocs.aadhaar,
    panDocumentId: spouseDocs.pan,
    profileImageDocumentId: spouseDocs.profile,
  });
  const child = await addFamilyMember(t, a, me.primaryClientId, {
    firstName: 'Kavya',
    relationship: 'Daughter',
  });

  const lifeDoc = await saveDocument(t, agencyId, 'policy_pdf', pdfBytes(500), 'application/pdf');
  const life = await addPolicy(t, a, me.primaryClientId, 'life', {
    planName: 'Jeevan Anand',
    policyNumber: 'LIC/2024/0001',
    premiumAmount: '24000.50',
    sumAssured: '1000000.00',
    startDate: '2024-04-01',
    endDate: addDays(today, 400),
    subtypeFields: { mode: 'Yearly', term: 20, ppt: 15, secret_note: 'internal' },
    documentId: lifeDoc,
    ...nominee,
  });
  const health = await addPolicy(t, a, me.primaryClientId, 'health', {
    secondaryClientId: spouse,
    premiumAmount: '18000.00',
    startDate: '2025-01-01',
    endDate: addDays(today, 45),
    subtypeFields: {
      cover_type: 'Family Floater',
      sum_assured: '500000',
      plan_name: 'Optima Secure',
      term: 1,
    },
    ...nominee,
  });
  await t.db.insert(insuredMembers).values([
    {
      agencyId,
      policyId: health.id,
      secondaryClientId: spouse,
      name: 'Rahul Iyer',
      relationship: 'Spouse',
      dateOfBirth: '1985-02-10',
      phone: '9811100002',
    },
    { agencyId, policyId: health.id, secondaryClientId: child, name: 'Kavya Iyer', relationship: 'Daughter' },
  ]);
  const motor = await addPolicy(t, a, me.primaryClientId, 'motor', {
    premiumAmount: '7000.25',
    startDate: '2025-06-01',
    endDate: addDays(today, -1),
    subtypeFields: { rc_number: 'MH12AB1234', term: 1 },
    ...nominee,
  });
  const travel = await addPolicy(t, a, me.primaryClientId, 'travel', {
    premiumAmount: '1500.00',
    endDate: today,
    subtypeFields: {
      insurance_company_name: 'Tata AIG',
      trip_type: 'Single',
      destination: 'Japan',
      duration: 10,
    },
    ...nominee,
  });
  const home = await addPolicy(t, a, me.primaryClientId, 'home', { premiumAmount: null, endDate: null });
  const mfDoc = await saveDocument(t, agencyId, 'investment_pdf', pdfBytes(300), 'application/pdf');
  const mf = await addAccount(t, a, me.primaryClientId, 'mutual_funds', {
    planName: 'Bluechip Growth',
    amount: '100000.00',
    startDate: '2023-01-01',
    endDate: addDays(today, 90),
    subtypeFields: { folio_number: '1234567/89', scheme: 'Bluechip', fund: 'Equity' },
    documentId: mfDoc,
    ...nominee,
  });
  const nps = await addAccount(t, a, me.primaryClientId, 'nps', {
    amount: '50000.00',
    subtypeFields: { pran: '110012345678' },
    ...nominee,
  });
  const po = await addAccount(t, a, me.primaryClientId, 'postoffice', {
    secondaryClientId: child,
    amount: '20000.00',
    endDate: addDays(today, 91),
    subtypeFields: { account_number: 'PO12345', scheme_name: 'NSC', term: 5, roi: 7.7 },
    ...nominee,
  });
  return { me, today, spouse, child, spouseDocs, life, health, motor, travel, home, mf, nps, po, lifeDoc };
}
