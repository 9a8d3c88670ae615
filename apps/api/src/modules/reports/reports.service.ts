import {
  addMoney,
  type BookSummary,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  type ClaimStatus,
  type ClaimsReport,
  LOST_REASON_LABELS,
  type LostReason,
  type NewBusiness,
  type PremiumRegisterResponse,
  type PremiumRegisterRow,
  type PremiumRegisterTotals,
  REGISTER_STATUSES,
  type RenewalsReport,
  type ReportFilters,
  type ReportPeriod,
  type ReportPeriodKey,
  reportRange,
  yearEarlier,
} from '@portal/contract';
import type { Db } from '../../db/client.ts';
import { todayInIndia } from '../../lib/dates.ts';
import { fullName } from '../../lib/names.ts';
import { agencyOf } from '../../lib/tenant.ts';
import type { TokenSubject } from '../../lib/tokens.ts';
import * as repo from './reports.repository.ts';

// The agency's reports (issue 29, decision 046): what each counts is said in the repository's queries; here the
// period is resolved in India's calendar and the rows are shaped as the contract answers them.

export interface ReportContext {
  period: ReportPeriod;
  scope: repo.ReportScope;
  today: string;
}

/** The caller's agency (from the token only) and the filters' period, resolved on today's date in India. */
export function reportContext(
  subject: TokenSubject,
  filters: ReportFilters,
  now = new Date(),
): ReportContext {
  const agencyId = agencyOf(subject);
  const today = todayInIndia(now);
  const key: ReportPeriodKey = filters.period ?? (filters.from || filters.to ? 'custom' : 'this_fy');
  const range = reportRange(key, today, { from: filters.from, to: filters.to });
  return {
    today,
    period: { period: key, ...range },
    scope: {
      agencyId,
      ...range,
      service: filters.service,
      provider: filters.provider,
      staff: filters.staff,
    },
  };
}

const sum = (values: readonly string[]) => values.reduce((a, b) => addMoney(a, b), '0.00');

export const parseRegisterCursor = (cursor: string): repo.RegisterKey => ({
  date: cursor.slice(0, 10),
  id: cursor.slice(11),
});

export function registerRow(r: repo.RegisterRow): PremiumRegisterRow {
  return {
    id: r.id,
    plan_id: r.plan_id,
    plan_type: r.plan_type,
    primary_client_id: r.primary_client_id,
    client_name: fullName(r.client_first, r.client_last),
    client_code: r.client_code,
    holder_name: r.holder_first ? fullName(r.holder_first, r.holder_last) : null,
    provider_name: r.provider_name,
    service_code: r.service_code,
    service_name: r.service_name,
    plan_number: r.plan_number,
    mode: r.mode,
    premium: r.premium,
    due_date: r.due_date,
    paid_on: r.paid_on,
    status: r.status,
  };
}

export async function premiumRegister(
  db: Db,
  ctx: ReportContext,
  limit: number,
  after?: string,
): Promise<PremiumRegisterResponse> {
  const page = await repo.registerPage(
    db,
    ctx.scope,
    ctx.today,
    after ? parseRegisterCursor(after) : null,
    limit + 1,
  );
  const more = page.length > limit;
  const shown = more ? page.slice(0, limit) : page;
  const last = shown.at(-1);
  return {
    period: ctx.period,
    rows: shown.map(registerRow),
    next_cursor: more && last ? `${last.day}_${last.id}` : null,
  };
}

export async function premiumRegisterTotals(db: Db, ctx: ReportContext): Promise<PremiumRegisterTotals> {
  const found = await repo.registerTotals(db, ctx.scope, ctx.today);
  const by_status = REGISTER_STATUSES.map((status) => {
    const row = found.find((r) => r.status === status);
    return { status, count: row?.count ?? 0, premium: row?.premium ?? '0.00' };
  });
  return {
    period: ctx.period,
    count: by_status.reduce((n, r) => n + r.count, 0),
    premium: sum(by_status.map((r) => r.premium)),
    by_status,
  };
}

export async function newBusiness(db: Db, ctx: ReportContext): Promise<NewBusiness> {
  const previous = yearEarlier(ctx.period);
  const rows = await repo.newBusiness(db, ctx.scope, previous);
  return {
    period: ctx.period,
    previous,
    rows,
    totals: {
      plans: rows.reduce((n, r) => n + r.plans, 0),
      amount: sum(rows.map((r) => r.amount)),
      previous_plans: rows.reduce((n, r) => n + r.previous_plans, 0),
      previous_amount: sum(rows.map((r) => r.previous_amount)),
    },
  };
}

export async function renewals(db: Db, ctx: ReportContext): Promise<RenewalsReport> {
  const [byService, reasons] = await Promise.all([
    repo.renewalsByService(db, ctx.scope),
    repo.lostReasons(db, ctx.scope),
  ]);
  const total = (k: 'renewed' | 'lapsed' | 'lost' | 'gone') => byService.reduce((n, r) => n + r[k], 0);
  const renewed = total('renewed');
  const gone = total('gone');
  return {
    period: ctx.period,
    renewed,
    lapsed: total('lapsed'),
    lost: total('lost'),
    retention_rate: renewed + gone === 0 ? null : Math.round((renewed / (renewed + gone)) * 1000) / 10,
    lost_reasons: reasons.map((r) => ({
      reason: r.reason,
      label: LOST_REASON_LABELS[r.reason as LostReason] ?? r.reason,
      count: r.count,
    })),
    by_service: byService.map(({ gone: _gone, ...r }) => r),
  };
}

/** How many clients the book summary's top list names. */
export const TOP_CLIENTS = 10;

export async function bookSummary(db: Db, ctx: ReportContext): Promise<BookSummary> {
  const [rows, { households, top }] = await Promise.all([
    repo.bookByServiceProvider(db, ctx.scope),
    repo.bookClients(db, ctx.scope, TOP_CLIENTS),
  ]);
  return {
    period: ctx.period,
    households,
    rows,
    totals: {
      plans: rows.reduce((n, r) => n + r.plans, 0),
      sum_assured: sum(rows.map((r) => r.sum_assured)),
      annual_premium: sum(rows.map((r) => r.annual_premium)),
      investment_amount: sum(rows.map((r) => r.investment_amount)),
    },
    top_clients: top.map((c) => ({
      primary_client_id: c.primary_client_id,
      client_name: fullName(c.first_name, c.last_name),
      client_code: c.client_code,
      plans: c.plans,
      annual_premium: c.annual_premium,
    })),
  };
}

export async function claimsSummary(db: Db, ctx: ReportContext): Promise<ClaimsReport> {
  const found = await repo.claimsByStatus(db, ctx.scope);
  const by_status = CLAIM_STATUSES.flatMap((status) => {
    const row = found.find((r) => r.status === status);
    return row ? [{ ...row, label: CLAIM_STATUS_LABELS[status as ClaimStatus] }] : [];
  });
  return {
    period: ctx.period,
    by_status,
    totals: {
      claims: by_status.reduce((n, r) => n + r.claims, 0),
      claimed: sum(by_status.map((r) => r.claimed)),
      settled: sum(by_status.map((r) => r.settled)),
    },
  };
}
