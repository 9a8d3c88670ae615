import { z } from 'zod';
import { ServiceCategorySchema } from './providers.ts';

// The agency workspace's home (issue 4): figures from the agency's own data. Money is answered as
// decimal strings with 2 places (decisions §4: never floats); the screen formats rupees.

/** Renewal windows shown on the home screen, in days from today. */
export const RENEWAL_WINDOWS_DAYS = [30, 60] as const;
export const DASHBOARD_RECENT_CLIENTS = 5;

const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const ServiceCountSchema = z.object({
  service_id: z.uuid(),
  service_code: z.string(),
  service_name: z.string(),
  count: z.number().int(),
});

export const RenewalSchema = z.object({
  plan_kind: ServiceCategorySchema,
  /** The policy id (insurance) or the account id (investment). */
  plan_id: z.uuid(),
  plan_number: z.string(),
  primary_client_id: z.uuid(),
  client_name: z.string(),
  /** The family member holding the plan, else the primary client. */
  holder_name: z.string(),
  plan_name: z.string(),
  provider_name: z.string(),
  service_code: z.string(),
  end_date: z.string(),
  days_left: z.number().int(),
});
export type Renewal = z.infer<typeof RenewalSchema>;

export const RecentClientSchema = z.object({
  primary_client_id: z.uuid(),
  client_code: z.string(),
  full_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
});

export const AgencyDashboardSchema = z.object({
  /** The day the figures are computed for (India). */
  as_of: z.string(),
  primary_clients: z.number().int(),
  secondary_clients: z.number().int(),
  active_insurance_policies: z.number().int(),
  active_investment_accounts: z.number().int(),
  /** Every insurance service of the catalogue, with its count of active policies (0 included). */
  insurance_by_service: z.array(ServiceCountSchema),
  investments_by_service: z.array(ServiceCountSchema),
  total_annual_premium: moneySchema,
  total_invested: moneySchema,
  /** Active plans ending within 30 days (0–30), soonest first. */
  renewals_due_30_days: z.array(RenewalSchema),
  /** Active plans ending within 60 days (0–60, so including the 30-day ones), soonest first. */
  renewals_due_60_days: z.array(RenewalSchema),
  recent_clients: z.array(RecentClientSchema),
  /** Plans marked lost this calendar month (India), the agent's own clients' for an agent (issue 27 item 4). */
  lost_this_month: z.number().int(),
  /** Claims not settled, withdrawn or closed (issue 28), the agent's own clients' for an agent. */
  open_claims: z.number().int(),
  /** Of them, those waiting on the client's documents (status documents_pending). */
  claims_documents_pending: z.number().int(),
  premium_by_service: z.array(
    z.object({
      service_code: z.string(),
      service_name: z.string(),
      amount: moneySchema,
      count: z.number().int(),
    }),
  ),
  plans_by_provider: z.array(
    z.object({
      provider_id: z.uuid(),
      provider_name: z.string(),
      category: ServiceCategorySchema,
      count: z.number().int(),
    }),
  ),
});
export type AgencyDashboard = z.infer<typeof AgencyDashboardSchema>;

export const AgencyDashboardResponseSchema = z.object({
  status: z.literal('success'),
  data: AgencyDashboardSchema,
});
