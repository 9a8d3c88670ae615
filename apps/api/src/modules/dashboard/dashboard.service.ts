import {
  type AgencyDashboard,
  DASHBOARD_RECENT_CLIENTS,
  RENEWAL_WINDOWS_DAYS,
  type Renewal,
  type ServiceCategory,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { addDays, addMonths, daysBetween, todayInIndia } from '../../lib/dates.ts';
import { fullName } from '../../lib/names.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import { assignedOnly, workspaceOf } from '../../lib/workspace.ts';
import { openClaimCounts } from '../claims/claims.repository.ts';
import { lostBetween } from '../renewals/follow-ups.repository.ts';
import { listServices } from '../services/services.repository.ts';
import { agentClientCounts, agentPlanFigures } from './agent-figures.repository.ts';
import * as repo from './dashboard.repository.ts';

const RENEWALS_LIMIT = 50;

export async function agencyDashboard(
  db: Db,
  subject: TokenSubject,
  today = todayInIndia(),
): Promise<{ status: 'success'; data: AgencyDashboard }> {
  const ws = workspaceOf(subject);
  const { agencyId, agentId } = ws;
  // An agent's home shows their clients only (issue 25 item 6): counted from them, not the agency's totals.
  const assigned = assignedOnly(ws);
  const [longest] = [...RENEWAL_WINDOWS_DAYS].sort((a, b) => b - a);
  const until = addDays(today, longest ?? 60);
  const [
    clients,
    insuranceServices,
    investmentServices,
    figures,
    insuranceRenewals,
    investmentRenewals,
    recent,
    names,
    lostThisMonth,
    claimCounts,
  ] = await Promise.all([
    agentId ? agentClientCounts(db, agencyId, agentId) : repo.clientCounts(db, agencyId),
    listServices(db, 'insurance'),
    listServices(db, 'investment'),
    agentId ? agentPlanFigures(db, agencyId, agentId, today) : repo.planFigures(db, agencyId, today),
    repo.renewals(db, agencyId, today, until, 'insurance', RENEWALS_LIMIT, assigned),
    repo.renewals(db, agencyId, today, until, 'investment', RENEWALS_LIMIT, assigned),
    repo.recentClients(db, agencyId, DASHBOARD_RECENT_CLIENTS, assigned),
    repo.providerNames(db, agencyId),
    // Plans marked lost this calendar month in India (issue 27 item 4): counted anew, the home is not kept.
    lostBetween(
      db,
      agencyId,
      new Date(`${today.slice(0, 8)}01T00:00:00+05:30`),
      new Date(`${addMonths(`${today.slice(0, 8)}01`, 1)}T00:00:00+05:30`),
      assigned,
    ),
    // Open claims and those waiting on documents (issue 28): counted anew through the claims' status index.
    openClaimCounts(db, agencyId, assigned),
  ]);
  // planFigures' rows: a kind's whole (neither id), its services (serviceId) and its providers (providerId).
  const totalsOf = (kind: ServiceCategory) => {
    const rows = figures.filter((r) => r.kind === kind);
    const whole = rows.find((r) => r.serviceId === null && r.providerId === null);
    return {
      byService: rows
        .filter((r) => r.serviceId !== null)
        .map((r) => ({ serviceId: r.serviceId!, n: r.n, amount: r.amount })),
      count: whole?.n ?? 0,
      amount: whole?.amount ?? '0.00',
    };
  };
  const premium = totalsOf('insurance');
  const invested = totalsOf('investment');
  const byProvider = figures
    .filter((r) => r.providerId !== null)
    .map((r) => ({ providerId: r.providerId!, n: r.n }));

  const byService = (
    catalogue: Awaited<ReturnType<typeof listServices>>,
    totals: { serviceId: string; n: number; amount: string }[],
  ) => {
    const counts = new Map(totals.map((r) => [r.serviceId, r]));
    // Services an admin added later, or turned off, still show when plans use them.
    const known = new Set(catalogue.map((s) => s.service_id));
    return [
      ...catalogue.map((s) => ({ ...s, row: counts.get(s.service_id) })),
      ...totals
        .filter((r) => !known.has(r.serviceId))
        .map((r) => ({ service_id: r.serviceId, code: '', name: '', row: r })),
    ];
  };
  const insuranceRows = byService(insuranceServices, premium.byService);
  const investmentRows = byService(investmentServices, invested.byService);

  const renewalsAll: Renewal[] = [
    ...insuranceRenewals.map((r) => ({ ...r, kind: 'insurance' as ServiceCategory })),
    ...investmentRenewals.map((r) => ({ ...r, kind: 'investment' as ServiceCategory })),
  ]
    .map((r) => ({
      plan_kind: r.kind,
      plan_id: r.planId,
      plan_number: r.planNumber,
      primary_client_id: r.primaryClientId,
      client_name: fullName(r.clientFirst, r.clientLast),
      holder_name: r.holderFirst
        ? fullName(r.holderFirst, r.holderLast)
        : fullName(r.clientFirst, r.clientLast),
      plan_name: r.planName || r.serviceName,
      provider_name: r.providerName,
      service_code: r.serviceCode,
      end_date: r.endDate!,
      days_left: daysBetween(today, r.endDate!),
    }))
    .sort((a, b) => a.end_date.localeCompare(b.end_date) || a.plan_id.localeCompare(b.plan_id));

  const providerInfo = new Map(names.map((p) => [p.id, p]));
  const providerCounts = new Map<string, number>();
  for (const row of byProvider)
    providerCounts.set(row.providerId, (providerCounts.get(row.providerId) ?? 0) + row.n);

  return {
    status: 'success',
    data: {
      as_of: today,
      primary_clients: clients.primary,
      secondary_clients: clients.secondary,
      active_insurance_policies: premium.count,
      active_investment_accounts: invested.count,
      insurance_by_service: insuranceRows.map((s) => ({
        service_id: s.service_id,
        service_code: s.code,
        service_name: s.name,
        count: s.row?.n ?? 0,
      })),
      investments_by_service: investmentRows.map((s) => ({
        service_id: s.service_id,
        service_code: s.code,
        service_name: s.name,
        count: s.row?.n ?? 0,
      })),
      total_annual_premium: premium.amount,
      total_invested: invested.amount,
      renewals_due_30_days: renewalsAll.filter((r) => r.days_left <= 30),
      renewals_due_60_days: renewalsAll,
      lost_this_month: lostThisMonth,
      open_claims: claimCounts.open,
      claims_documents_pending: claimCounts.documentsPending,
      recent_clients: recent.map((c) => ({
        primary_client_id: c.id,
        client_code: c.clientCode,
        full_name: fullName(c.firstName, c.lastName),
        email: c.email,
        phone: c.phone,
        created_at: c.createdAt.toISOString(),
      })),
      premium_by_service: insuranceRows
        .filter((s) => s.row)
        .map((s) => ({
          service_code: s.code,
          service_name: s.name,
          amount: s.row!.amount,
          count: s.row!.n,
        })),
      plans_by_provider: [...providerCounts.entries()]
        .map(([id, n]) => ({
          provider_id: id,
          provider_name: providerInfo.get(id)?.name ?? '',
          category: providerInfo.get(id)?.category ?? ('insurance' as const),
          count: n,
        }))
        .sort((a, b) => b.count - a.count || a.provider_name.localeCompare(b.provider_name)),
    },
  };
}
