import type { ClientAgency } from '@portal/contract';
import {
  ArrowRight,
  Building2,
  FileText,
  Globe,
  IndianRupee,
  Mail,
  Phone,
  ShieldCheck,
  UserRound,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatementDownload } from '../../../components/documents/statement-download.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { combineQueries, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { namespace } from '../../../i18n/i18n.ts';
import home from '../../../i18n/messages/en/home.json';
import { cn } from '../../../lib/cn.ts';
import { useAgency } from '../api/get-agency.ts';
import { useAlerts } from '../api/get-alerts.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSummary } from '../api/get-summary.ts';
import { AlertList, AlertSkeleton } from './alert-list.tsx';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';

const useHomeT = namespace('home', home);

// /agency-client/dashboard (spec §2 Client dashboard home): welcome banner with the profile's completeness,
// the agency card, upcoming alerts and actions, and the summary figures.

/** How many alerts the home shows; 'View all' opens the rest (decisions §4). */
export const HOME_ALERTS = 5;

function Figure({
  label,
  value,
  icon,
  money,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  /** An amount: first and a whole row on a phone, so it never breaks mid-number (issue 24 item 14). */
  money?: boolean;
}) {
  return (
    <section
      aria-label={label}
      className={cn(
        'rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4',
        money && 'order-first col-span-3 lg:order-none lg:col-span-1',
      )}
    >
      <div className="flex items-center gap-1.5 text-xs font-medium text-slate-600 sm:gap-2 sm:text-sm [&>svg]:shrink-0">
        {icon}
        {label}
      </div>
      <p
        data-testid="figure-value"
        className={cn(
          'mt-2 text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl',
          money && 'whitespace-nowrap',
        )}
      >
        {value}
      </p>
    </section>
  );
}

function AgencyCard({ agency }: { agency: ClientAgency | null }) {
  const t = useHomeT();
  return (
    <Card
      region
      title={t('agencyCard')}
      action={
        agency ? (
          <Link to={clientPaths.agency} className="text-sm font-medium text-primary-700 hover:underline">
            {t('viewDetails')}
          </Link>
        ) : null
      }
    >
      {agency ? (
        <div className="flex flex-col gap-2 text-sm">
          <p className="flex items-center gap-2 text-base font-medium text-slate-900">
            <Building2 className="size-4 shrink-0 text-slate-500" aria-hidden />
            {agency.name}
          </p>
          <a
            href={`mailto:${agency.email}`}
            className="flex items-center gap-2 break-all text-primary-700 hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden />
            {agency.email}
          </a>
          <a
            href={`tel:${agency.phonenumber}`}
            className="flex items-center gap-2 text-primary-700 hover:underline"
          >
            <Phone className="size-4 shrink-0" aria-hidden />
            {agency.phonenumber}
          </a>
          {agency.website ? (
            <a
              href={/^https?:\/\//i.test(agency.website) ? agency.website : `https://${agency.website}`}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-2 break-all text-primary-700 hover:underline"
            >
              <Globe className="size-4 shrink-0" aria-hidden />
              {agency.website}
            </a>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{t('noAgency')}</p>
      )}
    </Card>
  );
}

function AlertsCard() {
  const query = useAlerts();
  const alerts = query.data?.alerts ?? [];
  const t = useHomeT();
  const tc = useClientT();
  return (
    <Card
      region
      title={tc('alerts.heading')}
      action={
        <Link
          to={clientPaths.alerts}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline"
        >
          {t('viewAll')}
          {query.isSuccess && alerts.length > 0 ? ` (${alerts.length})` : ''}
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      }
    >
      {query.isPending || (query.isError && query.isFetching) ? (
        <Loading label={tc('alerts.loading')}>
          <AlertSkeleton />
        </Loading>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {tc('alerts.loadFailed')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {tc('common:retry')}
          </Button>
        </div>
      ) : alerts.length === 0 ? (
        <p className="text-sm text-slate-600">{tc('alerts.none')}</p>
      ) : (
        <AlertList alerts={alerts.slice(0, HOME_ALERTS)} />
      )}
    </Card>
  );
}

function HomeSkeleton() {
  const t = useHomeT();
  return (
    <Loading label={t('loading')} className="flex flex-col gap-5">
      <Skeleton variant="bar" className="h-28 w-full rounded-xl" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="bar" className="h-24 rounded-xl" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Skeleton variant="bar" className="h-48 rounded-xl" />
        <Skeleton variant="bar" className="h-48 rounded-xl lg:col-span-2" />
      </div>
    </Loading>
  );
}

export function ClientHome() {
  const agencyQuery = useAgency();
  const t = useHomeT();
  const tc = useClientT();
  const format = useFormat();
  // The agency card says when the agency is unknown: its failure is not the home's.
  const home = combineQueries([useSummary(), useProfile()] as const);
  // The alerts are asked for with the rest of the home rather than once the rest has come (one request: the
  // card below shares this query).
  useAlerts();

  if (home.status === 'pending' || (home.status === 'error' && home.isFetching) || agencyQuery.isPending) {
    return <HomeSkeleton />;
  }
  if (home.status === 'error') {
    return (
      <ErrorState icon onRetry={() => void home.refetch()}>
        {t('loadFailed')}
      </ErrorState>
    );
  }
  const [summary, profile] = home.data as NonNullable<typeof home.data>;
  const agency = agencyQuery.data ?? null;
  const firstName = profile.fullName.split(' ')[0] ?? profile.fullName;

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-3 rounded-xl bg-gradient-to-r from-primary-700 to-primary-600 p-5 text-white shadow-sm sm:flex-row sm:items-center sm:justify-between md:p-6">
        <div>
          <h1 className="text-xl font-semibold md:text-2xl">{t('welcome', { name: firstName })}</h1>
          <p className="mt-1 text-sm text-primary-100">
            {t('intro', { agency: agency?.name ?? t('yourAgency') })}
          </p>
        </div>
        <Link
          to={clientPaths.profile}
          className="inline-flex items-center gap-2 self-start rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/30 hover:bg-white/25 sm:self-center"
        >
          <ShieldCheck className="size-4" aria-hidden />
          {t('completeness', { percent: profile.profile_completeness })}
        </Link>
      </section>

      <div className="grid grid-cols-3 gap-3 sm:gap-4 lg:grid-cols-4">
        <Figure
          label={t('totalPlans')}
          value={format.count(summary.total_plans)}
          icon={<FileText className="size-4" aria-hidden />}
        />
        <Figure
          label={t('secondaryClients')}
          value={format.count(summary.total_secondary_clients)}
          icon={<Users className="size-4" aria-hidden />}
        />
        <Figure
          label={t('totalPremium')}
          value={format.money(summary.total_premium)}
          icon={<IndianRupee className="size-4" aria-hidden />}
          money
        />
        <Figure
          label={t('claimsThisYear')}
          value={format.count(summary.claims_this_year)}
          icon={<ShieldCheck className="size-4" aria-hidden />}
        />
      </div>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="lg:order-2 lg:col-span-2">
          <AlertsCard />
        </div>
        <div className="flex flex-col gap-5 lg:order-1">
          <AgencyCard agency={agency} />
          <Card region title={t('quickLinks')}>
            <ul className="-my-1 flex flex-col">
              {[
                { to: clientPaths.plans, label: tc('nav.plans'), icon: FileText },
                { to: clientPaths.secondaryClients, label: tc('nav.secondaryClients'), icon: Users },
                { to: clientPaths.profile, label: tc('titles.profile'), icon: UserRound },
              ].map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  >
                    <Icon className="size-4 text-slate-500" aria-hidden />
                    {label}
                    <ArrowRight className="ml-auto size-4 text-slate-400" aria-hidden />
                  </Link>
                </li>
              ))}
            </ul>
            <StatementDownload source={{ area: 'client' }} className="mt-3 w-full">
              {t('downloadStatement')}
            </StatementDownload>
            <p className="mt-3 text-xs text-slate-500">{t('premiumNote')}</p>
          </Card>
        </div>
      </div>
    </div>
  );
}
