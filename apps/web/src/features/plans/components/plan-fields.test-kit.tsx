import {
  PLAN_SERVICE_CODES,
  type PlanServiceCode,
  type Provider,
  ProviderListResponseSchema,
  ProviderSchema,
  type Service,
  ServiceSchema,
} from '@portal/contract';
import { useState } from 'react';
import { afterEach, beforeEach, type Mock, vi } from 'vitest';
import type { FamilyPerson } from './family-picker.tsx';
import { type PlanDraft, validatePlanDraft } from './plan-draft.ts';
import { PlanFields } from './plan-fields.tsx';

// The plan form's test world: the service catalogue, providers answered by a stubbed fetch through the
// contract's schemas, and a screen that holds the draft and validates on "Check".

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const NAMES: Record<PlanServiceCode, string> = {
  life: 'Life Insurance',
  health: 'Health Insurance',
  motor: 'Motor Insurance',
  travel: 'Travel Insurance',
  home: 'Home Insurance',
  mutual_funds: 'Mutual Funds',
  nps: 'National Pension System',
  postoffice: 'Post Office Schemes',
};

export const services: Service[] = PLAN_SERVICE_CODES.map((code, i) =>
  ServiceSchema.parse({
    service_id: uuid(100 + i),
    code,
    name: NAMES[code],
    category: ['life', 'health', 'motor', 'travel', 'home'].includes(code) ? 'insurance' : 'investment',
  }),
);
export const serviceOf = (code: PlanServiceCode) => services.find((s) => s.code === code)!;

/** A company of the service, built through the contract's schema (also the renewals screen's tests'). */
export function provider(code: PlanServiceCode, n: number, name: string): Provider {
  const service = serviceOf(code);
  return ProviderSchema.parse({
    provider_id: uuid(n),
    category: service.category,
    service_id: service.service_id,
    service_code: code,
    service_name: service.name,
    provider_name: name,
    agency_code: 'AG-1',
    startdate: null,
    agent_name: null,
    email: null,
    mobile_number: null,
    bank_details: { bank_name: null, account_number: null },
    investment_type: null,
    agency_type: null,
    arn_number: null,
    arn_expiry: null,
    euin_number: null,
    arn_expiry_warning: false,
    logo_url: null,
    plans_count: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  });
}

const PROVIDERS: Partial<Record<PlanServiceCode, Provider[]>> = {
  life: [provider('life', 1, 'LIC of India'), provider('life', 2, 'HDFC Life')],
  health: [provider('health', 3, 'Star Health')],
  mutual_funds: [provider('mutual_funds', 4, 'HDFC Mutual Fund')],
};

export let fetchMock: Mock<typeof fetch>;

/** Answers the providers of a service, built through the contract's schemas; call in the test file. */
export function stubProviders() {
  beforeEach(() => {
    fetchMock = vi.fn(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      const match = /^\/api\/agencies\/providers\/by-service\/([^/]+)$/.exec(url.pathname);
      if (!match) throw new Error(`unexpected call ${url.pathname}`);
      const service = services.find((s) => s.service_id === match[1])!;
      const body = ProviderListResponseSchema.parse({
        status: 'success',
        data: PROVIDERS[service.code as PlanServiceCode] ?? [],
      });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());
}

/** A screen that holds the draft and validates on "Check", as the add-client and add-plans screens do. */
export function Harness({
  initial,
  onDraft,
  family,
}: {
  initial: PlanDraft;
  onDraft?: (d: PlanDraft) => void;
  family?: FamilyPerson[];
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form aria-label="Plan form">
      <PlanFields
        value={draft}
        services={services}
        errors={errors}
        family={family}
        onChange={(next) => {
          setDraft(next);
          onDraft?.(next);
        }}
      />
      <button type="button" onClick={() => setErrors(validatePlanDraft(draft))}>
        Check
      </button>
    </form>
  );
}
