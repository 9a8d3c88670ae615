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
import { writeAudit } from '../../lib/audit.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';

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
}

/**
 * On an empty database: the platform admin (decisions §3: never a fixed password) and, on the embedded
 * default only, a demo agency with its owner and a client. Answers what to print, or nothing.
 */
export async function firstStart(
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
      await seedDemoAgency(db, hasher);
      const url = `${options.portalScheme}://${DEMO.slug}.${options.portalHost}`;
      lines.push(
        `Demo agency owner: ${DEMO.ownerEmail} / ${DEMO.ownerPassword} at ${url} (or ${options.portalScheme}://${options.portalHost})`,
        `Demo agency client: ${DEMO.clientEmail} / ${DEMO.clientPassword} at ${url}`,
      );
    }
  }
  return lines;
}

async function seedDemoAgency(db: Db, hasher: PasswordHasher): Promise<void> {
  const [ownerHash, clientHash] = await Promise.all([
    hasher.hash(DEMO.ownerPassword),
    hasher.hash(DEMO.clientPassword),
  ]);
  await db.transaction(async (tx) => {
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
    await writeAudit(tx, {
      actorUserId: null,
      actorRole: null,
      agencyId,
      action: 'system.demo_seeded',
      targetType: 'agency',
      targetId: agencyId,
    });
  });
}
