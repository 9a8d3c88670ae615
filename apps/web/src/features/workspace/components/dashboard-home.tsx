import type { AgencyDashboard, Renewal } from '@portal/contract';
import {
  Building2,
  CalendarClock,
  IndianRupee,
  LineChart,
  PiggyBank,
  ShieldCheck,
  UserPlus,
  Users,
  UserX,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmailAndPhone } from '../../../components/ui/contact-links.tsx';
import { Loading, QueryState, Skeleton } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { currentClaims } from '../../../lib/session.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { BarList } from './bar-list.tsx';

function Figure({
  label,
  value,
  icon,
  money,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  /** An amount: a whole row on a phone, so ₹2,14,240.00 never breaks mid-number (issue 24 item 14). */
  money?: boolean;
}) {
  return (
    <section
      aria-label={label}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
        money && 'col-span-2 sm:col-span-1',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium text-slate-600">{label}</span>
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          {icon}
        </span>
      </div>
      <p
        data-testid="figure-value"
        className={cn(
          'mt-3 text-2xl font-semibold tabular-nums text-slate-900',
          money ? 'whitespace-nowrap lg:text-xl xl:text-2xl' : 'break-words',
        )}
      >
        {value}
      </p>
    </section>
  );
}

function daysTone(days: number): 'red' | 'amber' | 'blue' {
  if (days <= 7) return 'red';
  if (days <= 30) return 'amber';
  return 'blue';
}

function Renewals({ data }: { data: AgencyDashboard }) {
  const [window, setWindow] = useState<30 | 60>(30);
  const rows: Renewal[] = window === 30 ? data.renewals_due_30_days : data.renewals_due_60_days;
  return (
    <Card
      title="Renewals due"
      action={
        <div role="tablist" aria-label="Renewal window" className="flex rounded-lg bg-slate-100 p-1 text-sm">
          {([30, 60] as const).map((days) => (
            <button
              key={days}
              type="button"
              role="tab"
              aria-selected={window === days}
              onClick={() => setWindow(days)}
              className={cn(
                'rounded-md px-3 py-1 font-medium',
                window === days ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
              )}
            >
              {days} days ({days === 30 ? data.renewals_due_30_days.length : data.renewals_due_60_days.length}
              )
            </button>
          ))}
        </div>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No policy or investment ends in the next {window} days.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => (
            <li key={r.plan_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {r.holder_name}
                  {r.holder_name !== r.client_name ? (
                    <span className="font-normal text-slate-500"> · family of {r.client_name}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-600">
                  {r.plan_name} · {r.provider_name} · {r.plan_number}
                </p>
              </div>
              <div className="flex items-center gap-3 text-sm">
                <span className="text-slate-600">{formatDate(r.end_date)}</span>
                <Badge tone={daysTone(r.days_left)}>
                  {r.days_left === 0 ? 'Today' : `${r.days_left} days left`}
                </Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to={window === 30 ? '/dashboard/renewals?bucket=30' : '/dashboard/renewals?bucket=60'}
          className="inline-flex font-medium text-primary-700 hover:underline"
        >
          Open the renewals work-list
        </Link>
        {/* Plans marked lost this calendar month, with why on each plan (issue 27 item 4). */}
        <p className="flex items-center gap-1.5 text-slate-600" data-testid="lost-this-month">
          <UserX className="size-4 text-red-700" aria-hidden />
          Lost this month:{' '}
          <span className="font-semibold text-slate-900 tabular-nums">
            {data.lost_this_month.toLocaleString('en-IN')}
          </span>
        </p>
      </div>
    </Card>
  );
}

/** Open claims and those waiting on the client's documents (issue 28), each opening the claims register. */
function Claims({ data }: { data: AgencyDashboard }) {
  const figures = [
    { label: 'Open claims', value: data.open_claims, icon: ShieldCheck, to: '/dashboard/claims' },
    {
      label: 'Waiting on documents',
      value: data.claims_documents_pending,
      icon: CalendarClock,
      to: '/dashboard/claims?status=documents_pending',
    },
  ] as const;
  return (
    <section
      aria-label="Claims"
      className="flex flex-wrap items-center gap-x-8 gap-y-3 rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm"
    >
      {figures.map(({ label, value, icon: Icon, to }) => (
        <Link
          key={label}
          to={to}
          className="flex items-center gap-2 rounded text-sm text-slate-600 underline-offset-2 hover:underline"
        >
          <Icon className="size-4 text-primary-700" aria-hidden />
          {label}:{' '}
          <span data-testid="claims-figure" className="text-base font-semibold text-slate-900 tabular-nums">
            {value.toLocaleString('en-IN')}
          </span>
        </Link>
      ))}
      <Link
        to="/dashboard/claims"
        className="text-sm font-medium text-primary-700 hover:underline sm:ml-auto"
      >
        Open the claims register
      </Link>
    </section>
  );
}

function FirstSteps() {
  return (
    <Card title="Set up your agency">
      <ol className="flex flex-col gap-3 text-sm text-slate-700">
        <li className="flex gap-3">
          <Building2 className="size-5 shrink-0 text-primary-700" aria-hidden />
          <span>
            Add the{' '}
            <Link to="/dashboard/insurance" className="font-medium text-primary-700 underline">
              insurance companies
            </Link>{' '}
            and{' '}
            <Link to="/dashboard/investments" className="font-medium text-primary-700 underline">
              investment companies
            </Link>{' '}
            you work with, with your agent code or ARN for each.
          </span>
        </li>
        <li className="flex gap-3">
          <ShieldCheck className="size-5 shrink-0 text-primary-700" aria-hidden />
          <span>
            Complete your{' '}
            <Link to="/dashboard/agency-profile" className="font-medium text-primary-700 underline">
              agency profile
            </Link>{' '}
            with your licence number and logo, which your clients see in their portal.
          </span>
        </li>
        <li className="flex gap-3">
          <UserPlus className="size-5 shrink-0 text-primary-700" aria-hidden />
          <span>
            Then record your clients, their families and their plans; renewals and figures appear here.
          </span>
        </li>
      </ol>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <Loading label="Loading dashboard" className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </Loading>
  );
}

/** The owner's /dashboard: the agency's figures, renewals and recent clients (issue 4). */
export function DashboardHome() {
  const dashboard = useDashboard();
  const name = currentClaims()?.clientName ?? '';

  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-2xl font-semibold text-slate-900">Welcome, {name || 'there'}!</h2>
      <QueryState
        query={dashboard}
        loading={<DashboardSkeleton />}
        error="We could not load your agency's figures."
      >
        {(data) => <Ready data={data} />}
      </QueryState>
    </div>
  );
}

function Ready({ data }: { data: AgencyDashboard }) {
  const isNew = data.primary_clients === 0 && data.plans_by_provider.length === 0;
  const premium = data.premium_by_service.filter((p) => Number(p.amount) > 0);
  return (
    <>
      {isNew ? <FirstSteps /> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure
          label="Primary clients"
          value={data.primary_clients.toLocaleString('en-IN')}
          icon={<Users className="size-5" aria-hidden />}
        />
        <Figure
          label="Family members"
          value={data.secondary_clients.toLocaleString('en-IN')}
          icon={<UserPlus className="size-5" aria-hidden />}
        />
        <Figure
          label="Active policies"
          value={data.active_insurance_policies.toLocaleString('en-IN')}
          icon={<ShieldCheck className="size-5" aria-hidden />}
        />
        <Figure
          label="Active investments"
          value={data.active_investment_accounts.toLocaleString('en-IN')}
          icon={<LineChart className="size-5" aria-hidden />}
        />
        <Figure
          label="Annual premium"
          value={formatMoney(data.total_annual_premium)}
          icon={<IndianRupee className="size-5" aria-hidden />}
          money
        />
        <Figure
          label="Invested"
          value={formatMoney(data.total_invested)}
          icon={<PiggyBank className="size-5" aria-hidden />}
          money
        />
      </div>

      <Claims data={data} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Renewals data={data} />
        <Card title="Recently added clients">
          {data.recent_clients.length === 0 ? (
            <p className="text-sm text-slate-600">No clients yet. The clients you record will appear here.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.recent_clients.map((c) => (
                <li
                  key={c.primary_client_id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{c.full_name}</p>
                    <p className="text-sm text-slate-600">
                      <EmailAndPhone email={c.email} phone={c.phone} />
                    </p>
                  </div>
                  <div className="text-right text-sm">
                    <Badge tone="slate">{c.client_code}</Badge>
                    <p className="mt-1 text-slate-500">Added {formatDate(c.created_at)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Annual premium by service">
          {premium.length === 0 ? (
            <p className="text-sm text-slate-600">No active policies with a premium yet.</p>
          ) : (
            <BarList
              bars={premium.map((p) => ({
                key: p.service_code,
                label: `${p.service_name} (${p.count})`,
                value: Number(p.amount),
                text: formatMoney(p.amount),
              }))}
            />
          )}
        </Card>
        <Card title="Plans by provider">
          {data.plans_by_provider.length === 0 ? (
            <p className="text-sm text-slate-600">No plans recorded yet.</p>
          ) : (
            <BarList
              color="bg-green-600"
              bars={data.plans_by_provider.map((p) => ({
                key: p.provider_id,
                label: p.provider_name,
                value: p.count,
                text: `${p.count} ${p.count === 1 ? 'plan' : 'plans'}`,
              }))}
            />
          )}
        </Card>
      </div>

      <Card title="Active plans by service">
        <div className="grid gap-6 sm:grid-cols-2">
          {(
            [
              ['Insurance', data.insurance_by_service],
              ['Investments', data.investments_by_service],
            ] as const
          ).map(([heading, rows]) => (
            <div key={heading}>
              <h3 className="mb-2 text-sm font-medium text-slate-500">{heading}</h3>
              <ul className="flex flex-col gap-1.5 text-sm">
                {rows.map((s) => (
                  <li key={s.service_id} className="flex justify-between gap-3">
                    <span className="text-slate-700">{s.service_name}</span>
                    <span className="font-medium tabular-nums text-slate-900">{s.count}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
          <CalendarClock className="size-3.5" aria-hidden /> Figures as of {formatDate(data.as_of)}.
        </p>
      </Card>
    </>
  );
}
