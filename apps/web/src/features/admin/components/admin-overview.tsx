import { RECENT_CLIENTS_ROWS } from '@portal/contract';
import { Activity, BadgeCheck, CalendarPlus, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { combineQueries, QueryState } from '../../../components/ui/query-states.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOwnerStats } from '../api/get-owner-stats.ts';
import { useOwners } from '../api/get-owners.ts';
import type { AdminClient } from '../api/normalize.ts';
import { ActiveBadge, VerifiedBadge } from './client-status-badges.tsx';
import { StatCard } from './stat-card.tsx';

// Charts load apart from the page (stack.md: recharts lazy), so the figures show first.
const StatusDonut = lazy(() => import('./status-donut.tsx').then((m) => ({ default: m.StatusDonut })));

const LOAD_ERROR =
  'Failed to load dashboard data. Please check if the backend server is running and getClients is correctly implemented.';
const EMPTY = 'No clients found. Please check if the API is returning data in the expected format.';
const COLORS = { active: '#16a34a', inactive: '#dc2626', verified: '#2563eb', notVerified: '#d97706' };

function percent(part: number, whole: number): number | undefined {
  return whole > 0 ? Math.round((part / whole) * 100) : undefined;
}

function ChartSkeleton() {
  return <div className="h-80 animate-pulse rounded-xl border border-slate-200 bg-white" />;
}

/** The admin's dashboard overview (spec §2): the owners' figures, two charts and the newest owners. */
export function AdminOverview() {
  const navigate = useNavigate();
  // The figures and the newest owners show together; a failure is logged with the spec's sentence (§4), and a
  // Retry shows the spinner again (the error is cleared at the start of a load).
  const overview = combineQueries([
    useOwnerStats({ errorLog: LOAD_ERROR }),
    useOwners({ offset: 0, limit: RECENT_CLIENTS_ROWS }, { errorLog: LOAD_ERROR }),
  ] as const);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Admin Dashboard Overview</h1>
        <Button variant="secondary" onClick={() => navigate('/agency-admin/dashboard/manage-clients')}>
          View All Clients
        </Button>
      </div>

      <QueryState
        query={overview}
        loading={
          <div className="flex justify-center py-16 text-primary-700">
            <Spinner size="large" label="Loading dashboard" />
          </div>
        }
        error={<p>{LOAD_ERROR}</p>}
      >
        {([stats, recent]) => (
          <>
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <StatCard label="Total Clients" value={stats.totalClients} icon={Users} />
              <StatCard
                label="Active Clients"
                value={stats.activeClients}
                icon={Activity}
                percent={percent(stats.activeClients, stats.totalClients)}
              />
              <StatCard
                label="Verified Clients"
                value={stats.verifiedClients}
                icon={BadgeCheck}
                percent={percent(stats.verifiedClients, stats.totalClients)}
              />
              <StatCard label="New This Month" value={stats.newThisMonth} icon={CalendarPlus} />
            </div>

            {stats.totalClients === 0 ? (
              <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-600">
                {EMPTY}
              </p>
            ) : (
              <>
                <div className="grid gap-4 lg:grid-cols-2">
                  <Suspense fallback={<ChartSkeleton />}>
                    <StatusDonut
                      title="Client Status Distribution"
                      slices={[
                        { name: 'Active', value: stats.activeClients, color: COLORS.active },
                        {
                          name: 'Inactive',
                          value: stats.totalClients - stats.activeClients,
                          color: COLORS.inactive,
                        },
                      ]}
                    />
                    <StatusDonut
                      title="Verification Status"
                      slices={[
                        { name: 'Verified', value: stats.verifiedClients, color: COLORS.verified },
                        {
                          name: 'Not Verified',
                          value: stats.totalClients - stats.verifiedClients,
                          color: COLORS.notVerified,
                        },
                      ]}
                    />
                  </Suspense>
                </div>
                <RecentClients clients={recent.items} />
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function RecentClients({ clients }: { clients: AdminClient[] }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-200 px-5 py-4 font-semibold text-slate-900">Recent Clients</h2>
      <table className="w-full text-left text-sm max-md:block">
        <thead className="bg-slate-50 text-slate-600 max-md:hidden">
          <tr>
            <th className="px-5 py-3 font-medium">Client ID</th>
            <th className="px-5 py-3 font-medium">Client Name</th>
            <th className="px-5 py-3 font-medium">Agency</th>
            <th className="px-5 py-3 font-medium">Status</th>
            <th className="px-5 py-3 font-medium">Verification</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 max-md:block">
          {clients.map((c) => (
            <tr
              key={c.ClientId}
              className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-1 max-md:px-5 max-md:py-3"
            >
              <td
                className="px-5 py-3 font-mono text-xs text-slate-500 max-md:col-span-2 max-md:p-0"
                title={c.ClientId}
              >
                {c.ClientId ? `${c.ClientId.slice(0, 8)}…` : 'N/A'}
              </td>
              <td className="px-5 py-3 font-medium text-slate-900 max-md:p-0">{c.ClientName || 'N/A'}</td>
              <td className="px-5 py-3 text-slate-700 max-md:p-0">{c.AgencyName ?? 'N/A'}</td>
              <td className="px-5 py-3 max-md:p-0">
                <ActiveBadge active={c.IsActive} />
              </td>
              <td className="px-5 py-3 max-md:p-0">
                <VerifiedBadge verified={c.IsVerified} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
