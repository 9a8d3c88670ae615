import { randomBytes } from 'node:crypto';
import { passwordRuleError } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  agencies,
  insurancePolicies,
  investmentAccounts,
  ownerAccounts,
  primaryClients,
  providers,
  services,
  users,
} from '../../db/schema.ts';
import { inScope, PLATFORM_SCOPE } from '../../db/scope.ts';
import { writeAudit } from '../../lib/audit.ts';
import { todayInIndia } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoProviders } from './demo-providers.ts';
import { DEMO_STAFF, seedDemoStaff } from './demo-staff.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const DEMO = {
  agencyName: 'Demo Agency',
  slug: 'demoagency',
  ownerEmail: 'owner@demoagency.in',
  ownerPassword: 'Demo#Owner2026',
  clientEmail: 'client@demoagency.in',
  clientPassword: 'Demo#Client2026',
} as const;

export interface FirstStartOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  portalHost: string;
  portalScheme: string;
  /** With both, the demo agency's providers get logos and bank details (issue 4). */
  documents?: DocumentStore;
  encryptionKey?: Buffer;
}

/**
 * On an empty database: the platform admin (decisions §3: never a fixed password) and, on the embedded
 * default only, a demo agency with its owner and a client. Answers what to print, or nothing.
 */
export function firstStart(db: Db, hasher: PasswordHasher, options: FirstStartOptions): Promise<string[]> {
  // Before any request, across agencies: the platform scope of row-level security (decision 012).
  return inScope(PLATFORM_SCOPE, () => firstStartInScope(db, hasher, options));
}

async function firstStartInScope(
  db: Db,
  hasher: PasswordHasher,
  options: FirstStartOptions,
): Promise<string[]> {
  const lines: string[] = [];
  const [admins] = await db.select({ n: count() }).from(users).where(eq(users.role, 'ADMIN'));
  if (admins?.n === 0) {
    const email = options.adminEmail ?? 'admin@portal.local';
    let password = options.adminPassword;
    if (password !== undefined) {
      const problem = passwordRuleError(password);
      if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
    }
    const generated = password === undefined;
    password ??= `${randomBytes(9).toString('base64url')}#A1a`;
    const [admin] = await db
      .insert(users)
      .values({ role: 'ADMIN', email, passwordHash: await hasher.hash(password), fullName: 'Platform Admin' })
      .returning({ id: users.id });
    await writeAudit(db, {
      actorUserId: null,
      actorRole: null,
      agencyId: null,
      action: 'system.admin_created',
      targetType: 'user',
      targetId: admin!.id,
    });
    lines.push(
      `Platform admin: ${email} at ${options.portalScheme}://${options.portalHost}`,
      generated
        ? `  one-time password: ${password}  (shown only now; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`
        : '  password: the ADMIN_PASSWORD you configured',
    );
  }
  if (options.seedDemo) {
    const [agencyCount] = await db.select({ n: count() }).from(agencies);
    if (agencyCount?.n === 0) {
      await seedDemo(db, hasher, options);
      const url = `${options.portalScheme}://${DEMO.slug}.${options.portalHost}`;
      lines.push(
        `Demo agency owner: ${DEMO.ownerEmail} / ${DEMO.ownerPassword} at ${url} (or ${options.portalScheme}://${options.portalHost})`,
        `Demo agency client: ${DEMO.clientEmail} / ${DEMO.clientPassword} at ${url}`,
        ...DEMO_STAFF.map(
          (s) => `Demo agency ${s.role === 'AA' ? 'admin' : 'agent'}: ${s.email} / ${s.password} at ${url}`,
        ),
      );
    }
  }
  return lines;
}

/**
 * The demo agency in one transaction: its owner, client and staff (issue 25), and with a document store its
 * providers, families and plans (issues 4 and 5). Documents written before a rollback are removed again.
 */
async function seedDemo(db: Db, hasher: PasswordHasher, options: FirstStartOptions): Promise<void> {
  const [ownerHash, clientHash, ...staffHashes] = await Promise.all([
    hasher.hash(DEMO.ownerPassword),
    hasher.hash(DEMO.clientPassword),
    ...DEMO_STAFF.map((s) => hasher.hash(s.password)),
  ]);
  const written: string[] = [];
  let agencyId = '';
  try {
    await db.transaction(async (tx) => {
      const seeded = await seedDemoAgency(tx, ownerHash, clientHash);
      agencyId = seeded.agencyId;
      if (options.documents && options.encryptionKey) {
        const deps = { documents: options.documents, encryptionKey: options.encryptionKey };
        await seedDemoProviders(tx, { ...deps, agencyId: seeded.agencyId });
        await seedDemoClients(tx, {
          ...deps,
          agencyId: seeded.agencyId,
          ownerUserId: seeded.ownerUserId,
          priya: { id: seeded.clientId, name: 'Priya Sharma' },
          today: todayInIndia(),
          written,
        });
      }
      // After the clients, so the agents can be given some of them.
      await seedDemoStaff(tx, seeded.agencyId, staffHashes);
    });
  } catch (err) {
    if (options.documents) await options.documents.discard(agencyId, written);
    throw err;
  }
}

async function seedDemoAgency(tx: Tx, ownerHash: string, clientHash: string) {
  {
    const [ownerUser] = await tx
      .insert(users)
      .values({
        role: 'AO',
        email: DEMO.ownerEmail,
        passwordHash: ownerHash,
        fullName: 'Rohan Mehta',
        phone: '9820012345',
      })
      .returning({ id: users.id });
    const [owner] = await tx
      .insert(ownerAccounts)
      .values({
        userId: ownerUser!.id,
        clientName: 'Rohan Mehta',
        isVerified: true,
        verifiedAt: new Date(),
        termsAcceptedAt: new Date(),
      })
      .returning({ id: ownerAccounts.id });
    const [agency] = await tx
      .insert(agencies)
      .values({
        ownerId: owner!.id,
        name: DEMO.agencyName,
        slug: DEMO.slug,
        email: 'hello@demoagency.in',
        phone: '9820012345',
        locality: 'Linking Road, Bandra West',
        city: 'Mumbai',
        stateName: 'Maharashtra',
        pincode: '400050',
        website: 'https://demoagency.in',
        yearsInBusiness: 9,
        description: 'Family insurance and mutual fund advisers.',
        licenseNumber: 'IRDAI-CA-0421',
        nextClientSeq: 2,
      })
      .returning({ id: agencies.id });
    const agencyId = agency!.id;
    const [clientUser] = await tx
      .insert(users)
      .values({
        role: 'AC',
        agencyId,
        email: DEMO.clientEmail,
        passwordHash: clientHash,
        fullName: 'Priya Sharma',
        phone: '9876501234',
      })
      .returning({ id: users.id });
    const [client] = await tx
      .insert(primaryClients)
      .values({
        agencyId,
        userId: clientUser!.id,
        clientCode: 'DEMOAGENCY-00001',
        firstName: 'Priya',
        lastName: 'Sharma',
        email: DEMO.clientEmail,
        phone: '9876501234',
        dateOfBirth: '1988-04-12',
        gender: 'Female',
        locality: 'Hill Road',
        city: 'Mumbai',
        state: 'Maharashtra',
        pincode: '400050',
        portalAccess: true,
      })
      .returning({ id: primaryClients.id });
    const catalogue = await tx.select({ id: services.id, code: services.code }).from(services);
    const serviceId = (code: string) => catalogue.find((s) => s.code === code)!.id;
    const [life, mf] = await tx
      .insert(providers)
      .values([
        {
          agencyId,
          serviceId: serviceId('life'),
          category: 'insurance',
          providerName: 'Life Insurance Corporation of India',
          agencyCode: 'LIC-77821',
          agentName: 'Rohan Mehta',
        },
        {
          agencyId,
          serviceId: serviceId('mutual_funds'),
          category: 'investment',
          providerName: 'HDFC Mutual Fund',
          arnNumber: 'ARN-112233',
          euinNumber: 'E123456',
        },
      ])
      .returning({ id: providers.id });
    await tx.insert(insurancePolicies).values({
      agencyId,
      primaryClientId: client!.id,
      providerId: life!.id,
      serviceId: serviceId('life'),
      policyNumber: '918273645',
      planName: 'Jeevan Anand',
      premiumAmount: '24500.00',
      sumAssured: '1000000.00',
      startDate: '2019-03-15',
      endDate: '2039-03-15',
      subtypeFields: { sum_assured: 1000000, plan_name: 'Jeevan Anand', mode: 'Yearly', term: 20, ppt: 20 },
      nomineeFullName: 'Arjun Sharma',
      nomineeRelation: 'Spouse',
    });
    await tx.insert(investmentAccounts).values({
      agencyId,
      primaryClientId: client!.id,
      providerId: mf!.id,
      serviceId: serviceId('mutual_funds'),
      accountNumber: '1029384756',
      planName: 'HDFC Flexi Cap Fund',
      amount: '150000.00',
      startDate: '2022-06-01',
      subtypeFields: {
        folio_number: '1029384756',
        scheme: 'Flexi Cap - Growth',
        fund: 'HDFC Flexi Cap Fund',
      },
    });
    await seedOtherOwners(tx, ownerHash);
    await writeAudit(tx, {
      actorUserId: null,
      actorRole: null,
      agencyId,
      action: 'system.demo_seeded',
      targetType: 'agency',
      targetId: agencyId,
    });
    return { agencyId, ownerUserId: ownerUser!.id, clientId: client!.id };
  }
}

// More owners for the admin overview to show something real (issue 3): some this month, some inactive,
// some awaiting verification. They sign in with the demo owner's password.
const OTHER_OWNERS = [
  {
    name: 'Anita Desai',
    agency: 'Desai Financial Services',
    city: 'Ahmedabad',
    state: 'Gujarat',
    pincode: '380009',
    daysAgo: 2,
    active: true,
    verified: false,
  },
  {
    name: 'Vikram Singh',
    agency: 'Singh Insurance Point',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302001',
    daysAgo: 5,
    active: true,
    verified: true,
  },
  {
    name: 'Lakshmi Narayanan',
    agency: 'Sri Lakshmi Investments',
    city: 'Chennai',
    state: 'Tamil Nadu',
    pincode: '600017',
    daysAgo: 40,
    active: true,
    verified: true,
  },
  {
    name: 'Farhan Qureshi',
    agency: 'Qureshi & Sons Advisory',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    pincode: '226001',
    daysAgo: 75,
    active: false,
    verified: true,
  },
  {
    name: 'Sneha Kulkarni',
    agency: 'Kulkarni Wealth Care',
    city: 'Pune',
    state: 'Maharashtra',
    pincode: '411004',
    daysAgo: 110,
    active: true,
    verified: false,
  },
  {
    name: 'Harpreet Kaur',
    agency: 'Punjab Suraksha Agency',
    city: 'Ludhiana',
    state: 'Punjab',
    pincode: '141001',
    daysAgo: 150,
    active: false,
    verified: false,
  },
  {
    name: 'Debashish Roy',
    agency: 'Roy Insurance Bureau',
    city: 'Kolkata',
    state: 'West Bengal',
    pincode: '700019',
    daysAgo: 200,
    active: true,
    verified: true,
  },
] as const;

async function seedOtherOwners(tx: Tx, passwordHash: string): Promise<void> {
  for (const [index, o] of OTHER_OWNERS.entries()) {
    const createdAt = new Date(Date.now() - o.daysAgo * 24 * 3600 * 1000);
    const email = `${o.name.split(' ')[0]!.toLowerCase()}@${o.agency.toLowerCase().replace(/[^a-z]/g, '')}.in`;
    const [user] = await tx
      .insert(users)
      .values({
        role: 'AO',
        email,
        passwordHash,
        fullName: o.name,
        phone: `98${String(20000000 + index * 1111111).slice(0, 8)}`,
        isActive: o.active,
        createdAt,
      })
      .returning({ id: users.id });
    const [owner] = await tx
      .insert(ownerAccounts)
      .values({
        userId: user!.id,
        clientName: o.name,
        isVerified: o.verified,
        verifiedAt: o.verified ? createdAt : null,
        termsAcceptedAt: createdAt,
        createdAt,
      })
      .returning({ id: ownerAccounts.id });
    await tx.insert(agencies).values({
      ownerId: owner!.id,
      name: o.agency,
      slug: o.agency
        .toLowerCase()
        .replace(/\s+/g, '')
        .replace(/[^a-z0-9-]/g, ''),
      email,
      phone: `98${String(20000000 + index * 1111111).slice(0, 8)}`,
      locality: 'Main Road',
      city: o.city,
      stateName: o.state,
      pincode: o.pincode,
      createdAt,
    });
  }
}
