import {
  AlertsResponseSchema,
  ClientAgencySchema,
  ClientProfileSchema,
  ClientSummarySchema,
  type InsurancePlanItem,
  InsurancePlanItemSchema,
  type InvestmentPlanItem,
  InvestmentPlanItemSchema,
  MyPlansSchema,
  SecondaryClientListSchema,
} from '@portal/contract';
import { vi } from 'vitest';

// Answers for the client area's component tests, every one checked by the contract's schemas.

let n = 0;
const uuid = () => {
  n += 1;
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
};

export function insurance(overrides: Partial<InsurancePlanItem> = {}): InsurancePlanItem {
  return InsurancePlanItemSchema.parse({
    plan_type: 'insurance',
    policy_id: uuid(),
    premium_amount: '24500.00',
    provider_name: 'Life Insurance Corporation of India',
    service_code: 'life',
    policy_number: '918273645',
    start_date: '2019-03-15',
    end_date: '2039-03-15',
    status: 'Active',
    plan_name: 'Jeevan Anand',
    holder: 'Self',
    secondary_client_id: null,
    document_available: false,
    ...overrides,
  });
}

export function investment(overrides: Partial<InvestmentPlanItem> = {}): InvestmentPlanItem {
  return InvestmentPlanItemSchema.parse({
    plan_type: 'investment',
    account_id: uuid(),
    amount: '150000.00',
    provider_name: 'HDFC Mutual Fund',
    service_code: 'mutual_funds',
    policy_number: '1029384756',
    start_date: '2022-06-01',
    end_date: null,
    status: 'Active',
    plan_name: 'HDFC Flexi Cap Fund',
    holder: 'Self',
    secondary_client_id: null,
    document_available: false,
    ...overrides,
  });
}

export const myPlans = (insurancePlans: InsurancePlanItem[], investmentPlans: InvestmentPlanItem[]) =>
  MyPlansSchema.parse({ insurance_plans: insurancePlans, investment_plans: investmentPlans });

export const summary = (overrides = {}) =>
  ClientSummarySchema.parse({
    total_plans: 7,
    total_secondary_clients: 2,
    total_premium: '1234567.50',
    claims_this_year: 0,
    ...overrides,
  });

export const profile = (overrides = {}) =>
  ClientProfileSchema.parse({
    fullName: 'Priya Sharma',
    email: 'priya@example.in',
    phonenumber: '9876501234',
    clientcode: 'DEMO-00001',
    address: 'Hill Road, Mumbai, Maharashtra - 400050',
    primaryclientid: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a99',
    agencyid: '5f1d7f0a-2b7e-4a55-8f2a-0c7e3b9d1a22',
    alternatephonenumber: null,
    date_of_birth: '1988-04-12',
    gender: 'Female',
    nationality: 'Indian',
    occupation: null,
    client_since: '2026-01-05T10:00:00.000Z',
    last_login: null,
    status: 'Active',
    emergency_contact: null,
    pannumber: '••••234F',
    aadharnumber: null,
    has_avatar: false,
    profile_completeness: 63,
    ...overrides,
  });

export const agency = (overrides = {}) =>
  ClientAgencySchema.parse({
    name: 'Verma Insurance',
    email: 'hello@verma.in',
    phonenumber: '9820012345',
    website: 'verma.in',
    license_number: 'IRDAI-CA-0421',
    address: 'MG Road, Pune - 411001',
    logo_url: null,
    ...overrides,
  });

export const alerts = (list: unknown[] = []) => AlertsResponseSchema.parse({ alerts: list });

export const family = (list: unknown[]) => SecondaryClientListSchema.parse(list);

type Answer =
  | { status?: number; body: unknown }
  | { status?: number; bytes: Uint8Array<ArrayBuffer>; type: string };

/** Stubs fetch: each request answers what the first matching path pattern gives. */
export function stubApi(routes: Array<[RegExp, Answer | (() => Answer)]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    const route = routes.find(([pattern]) => pattern.test(url));
    if (!route) return new Response(JSON.stringify({ message: 'Not found.' }), { status: 404 });
    const answer = typeof route[1] === 'function' ? route[1]() : route[1];
    if ('bytes' in answer) {
      return new Response(answer.bytes, {
        status: answer.status ?? 200,
        headers: { 'content-type': answer.type },
      });
    }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}
