import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { providers, services } from '../../db/schema.ts';
import { encryptField, last4 } from '../../lib/crypto.ts';
import { addMonths, todayInIndia } from '../../lib/dates.ts';
import type { DocumentStore } from '../../lib/documents.ts';
import { discLogo, type Rgb } from '../../lib/png.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// The demo agency's provider companies (issue 4): one for every service of the catalogue, each with a
// logo and bank details, so the Insurance Company and Investment Company pages show real records.

interface DemoProvider {
  service: string;
  name: string;
  colour: Rgb;
  agencyCode: string;
  agent: string;
  email: string;
  mobile: string;
  bank: string;
  account: string;
  investment?: { type: string; agencyType: string; arn: string; arnExpiryMonths: number; euin: string };
}

const DEMO_PROVIDERS: DemoProvider[] = [
  {
    service: 'life',
    name: 'Life Insurance Corporation of India',
    colour: [0, 82, 155],
    agencyCode: 'LIC-77821',
    agent: 'Rohan Mehta',
    email: 'branch.bandra@licindia.in',
    mobile: '9820012345',
    bank: 'State Bank of India',
    account: '30451234567',
  },
  {
    service: 'life',
    name: 'HDFC Life Insurance',
    colour: [0, 71, 133],
    agencyCode: 'HDFCL-60215',
    agent: 'Rohan Mehta',
    email: 'partners@hdfclife.com',
    mobile: '9820012345',
    bank: 'HDFC Bank',
    account: '50100778899001',
  },
  {
    service: 'health',
    name: 'Star Health and Allied Insurance',
    colour: [0, 122, 94],
    agencyCode: 'SH-44120',
    agent: 'Kavita Rane',
    email: 'agents.mumbai@starhealth.in',
    mobile: '9833012345',
    bank: 'HDFC Bank',
    account: '50100234567891',
  },
  {
    service: 'motor',
    name: 'ICICI Lombard General Insurance',
    colour: [176, 58, 46],
    agencyCode: 'ICL-20931',
    agent: 'Sameer Khan',
    email: 'motor.partners@icicilombard.com',
    mobile: '9867012345',
    bank: 'ICICI Bank',
    account: '002105012345',
  },
  {
    service: 'travel',
    name: 'Tata AIG General Insurance',
    colour: [31, 58, 147],
    agencyCode: 'TAIG-5512',
    agent: 'Neha Joshi',
    email: 'travel.desk@tataaig.com',
    mobile: '9819012345',
    bank: 'Kotak Mahindra Bank',
    account: '9412345678',
  },
  {
    service: 'home',
    name: 'HDFC ERGO General Insurance',
    colour: [200, 16, 46],
    agencyCode: 'HE-88014',
    agent: 'Aditya Shetty',
    email: 'home.cover@hdfcergo.com',
    mobile: '9892012345',
    bank: 'HDFC Bank',
    account: '50100987654321',
  },
  {
    service: 'mutual_funds',
    name: 'HDFC Mutual Fund',
    colour: [0, 75, 141],
    agencyCode: 'HMF-1001',
    agent: 'Rohan Mehta',
    email: 'distributors@hdfcfund.com',
    mobile: '9820012345',
    bank: 'HDFC Bank',
    account: '50100112233445',
    investment: {
      type: 'Mutual Funds',
      agencyType: 'Individual',
      arn: 'ARN-112233',
      arnExpiryMonths: 4,
      euin: 'E123456',
    },
  },
  {
    service: 'nps',
    name: 'SBI Pension Funds',
    colour: [40, 100, 180],
    agencyCode: 'SBIP-3307',
    agent: 'Rohan Mehta',
    email: 'pop.partners@sbipensionfunds.com',
    mobile: '9820012345',
    bank: 'State Bank of India',
    account: '30459876543',
    investment: {
      type: 'NPS',
      agencyType: 'Point of Presence',
      arn: 'ARN-223344',
      arnExpiryMonths: 20,
      euin: 'E234567',
    },
  },
  {
    service: 'postoffice',
    name: 'India Post',
    colour: [196, 30, 58],
    agencyCode: 'MPKBY-4410',
    agent: 'Rohan Mehta',
    email: 'bandra.ho@indiapost.gov.in',
    mobile: '9820012345',
    bank: 'India Post Payments Bank',
    account: '100012345678',
    investment: {
      type: 'Small Savings',
      agencyType: 'MPKBY Agent',
      arn: 'ARN-334455',
      arnExpiryMonths: 30,
      euin: 'E345678',
    },
  },
];

/**
 * Gives the demo agency a provider for every service with a logo and bank details. Providers the demo
 * already has (by service and name) are completed rather than added twice.
 */
export async function seedDemoProviders(
  tx: Tx,
  deps: { agencyId: string; documents: DocumentStore; encryptionKey: Buffer },
): Promise<void> {
  const catalogue = await tx
    .select({ id: services.id, code: services.code, category: services.category })
    .from(services);
  const today = todayInIndia();
  for (const p of DEMO_PROVIDERS) {
    const service = catalogue.find((s) => s.code === p.service);
    if (!service) continue;
    const logo = await deps.documents.save(tx, {
      agencyId: deps.agencyId,
      kind: 'provider_logo',
      bytes: discLogo(p.colour),
      mime: 'image/png',
      originalName: `${p.service}-logo.png`,
    });
    const values = {
      serviceId: service.id,
      category: service.category,
      providerName: p.name,
      agencyCode: p.agencyCode,
      startDate: '2018-04-01',
      agentName: p.agent,
      email: p.email,
      mobileNumber: p.mobile,
      bankName: p.bank,
      bankAccountNumberEnc: encryptField(deps.encryptionKey, p.account),
      bankAccountLast4: last4(p.account),
      logoDocumentId: logo.id,
      investmentType: p.investment?.type ?? null,
      agencyType: p.investment?.agencyType ?? null,
      arnNumber: p.investment?.arn ?? null,
      arnExpiry: p.investment ? addMonths(today, p.investment.arnExpiryMonths) : null,
      euinNumber: p.investment?.euin ?? null,
    };
    const [existing] = await tx
      .select({ id: providers.id })
      .from(providers)
      .where(
        and(
          eq(providers.agencyId, deps.agencyId),
          eq(providers.serviceId, service.id),
          eq(providers.providerName, p.name),
        ),
      )
      .limit(1);
    if (existing) {
      await tx
        .update(providers)
        .set(values)
        .where(and(eq(providers.agencyId, deps.agencyId), eq(providers.id, existing.id)));
    } else {
      await tx.insert(providers).values({ ...values, agencyId: deps.agencyId });
    }
  }
}
