import type { ClientProfile, ClientSummary } from '@portal/contract';
import { CreditCard, FileText, Hash, Inbox, Mail, Phone, UserRound, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useOwnAvatar } from '../api/get-own-avatar.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSummary } from '../api/get-summary.ts';
import { clientPaths } from './client-paths.ts';
import { Avatar } from './client-shell.tsx';
import { isNotFound } from './is-not-found.ts';

// The client's My Profile (spec §2): header, side menu, four tabs, with the real values
// where the earlier portal showed placeholders (decisions §4).

const TABS = ['Overview', 'Personal Info', 'Contact Details', 'Additional Info'] as const;
type Tab = (typeof TABS)[number];

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

function SideMenu() {
  const item = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium';
  return (
    <nav
      aria-label="Profile menu"
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <span aria-current="page" className={cn(item, 'bg-primary-50 text-primary-800')}>
        <UserRound className="size-4" aria-hidden /> Profile Information
      </span>
      <Link to={clientPaths.secondaryClients} className={cn(item, 'text-slate-700 hover:bg-slate-100')}>
        <Users className="size-4" aria-hidden /> Secondary Clients
      </Link>
      {/* Spec §2: Billing & Payments is listed but not clickable; premiums are paid to the agency. */}
      <span
        aria-disabled="true"
        className={cn(item, 'cursor-not-allowed text-slate-400')}
        title="Premiums are paid to your agency"
      >
        <CreditCard className="size-4" aria-hidden /> Billing &amp; Payments
      </span>
      <Link to={clientPaths.plans} className={cn(item, 'text-slate-700 hover:bg-slate-100')}>
        <FileText className="size-4" aria-hidden /> Services &amp; Plans
      </Link>
    </nav>
  );
}

function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (TABS.indexOf(tab) + step + TABS.length) % TABS.length;
    onChange(TABS[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Profile sections"
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {TABS.map((t, i) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={tab === t}
          tabIndex={tab === t ? 0 : -1}
          onClick={() => onChange(t)}
          onKeyDown={onKey}
          className={cn(
            '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
            tab === t
              ? 'border-primary-700 text-primary-800'
              : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {t}
        </button>
      ))}
    </div>
  );
}

function TabContent({
  tab,
  profile,
  summary,
  onRetry,
}: {
  tab: Tab;
  profile: ClientProfile;
  summary: ClientSummary | null;
  onRetry: () => void;
}) {
  const contact = profile.emergency_contact;
  const panels: Record<Tab, ReactNode> = {
    Overview: (
      <Fields>
        <Field
          label="Status"
          value={<Badge tone={profile.status === 'Active' ? 'green' : 'red'}>{profile.status}</Badge>}
        />
        <Field label="Client Since" value={formatDate(profile.client_since)} />
        <Field
          label="Last Login"
          value={profile.last_login ? dateTime.format(new Date(profile.last_login)) : 'First visit'}
        />
        {summary ? (
          <>
            <Field label="Total Plans" value={summary.total_plans.toLocaleString('en-IN')} />
            <Field label="Yearly Premium (active policies)" value={formatMoney(summary.total_premium)} />
            <Field label="Family Members" value={summary.total_secondary_clients.toLocaleString('en-IN')} />
          </>
        ) : (
          // Spec §8: the summary's own failure, with 'Try again'.
          <div
            role="alert"
            className="col-span-2 flex flex-wrap items-center gap-3 text-sm text-red-800 lg:col-span-3"
          >
            Unable to load dashboard data
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        )}
      </Fields>
    ),
    'Personal Info': (
      <Fields>
        <Field label="Full Name" value={profile.fullName} />
        <Field
          label="Date of Birth"
          value={profile.date_of_birth ? formatDate(profile.date_of_birth) : null}
        />
        <Field label="Gender" value={profile.gender} />
        <Field label="Nationality" value={profile.nationality} />
        <Field label="Occupation" value={profile.occupation} />
        <Field label="PAN" value={profile.pannumber} />
        <Field label="Aadhaar" value={profile.aadharnumber} />
      </Fields>
    ),
    'Contact Details': (
      <Fields>
        <Field label="Email" value={profile.email} className="col-span-2 lg:col-span-1" />
        <Field label="Phone" value={profile.phonenumber} />
        <Field label="Alternate Phone" value={profile.alternatephonenumber} />
        <Field label="Address" value={profile.address} className="col-span-2 lg:col-span-3" />
      </Fields>
    ),
    'Additional Info': (
      <Fields>
        <Field label="Client Code" value={profile.clientcode} />
        <Field label="Emergency Contact" value={contact?.name} />
        <Field label="Emergency Contact Phone" value={contact?.phone} />
      </Fields>
    ),
  };
  return (
    <div role="tabpanel" aria-label={tab} className="pt-5">
      {panels[tab]}
    </div>
  );
}

/** My Profile; `reminders` is the e-mail reminder card another feature gives, shown under the tabs. */
export function MyProfile({ reminders }: { reminders?: ReactNode }) {
  const profileQuery = useProfile();
  // The summary's own failure is told in the Overview tab, with 'Try again' (spec §8).
  const summaryQuery = useSummary();
  const [tab, setTab] = useState<Tab>('Overview');
  const headingId = useId();
  const profile = profileQuery.data ?? null;
  const avatar = useOwnAvatar(profile?.has_avatar ? profile.primaryclientid : null);

  if (
    profileQuery.isPending ||
    (profileQuery.isError && profileQuery.isFetching) ||
    summaryQuery.isPending ||
    (summaryQuery.isError && summaryQuery.isFetching)
  ) {
    return (
      <Loading label="Loading profile" className="flex flex-col gap-5">
        <Skeleton variant="bar" className="h-28 w-full rounded-xl" />
        <div className="grid grid-cols-1 gap-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <Skeleton variant="bar" className="h-44 rounded-xl" />
          <Skeleton variant="bar" className="h-64 rounded-xl" />
        </div>
      </Loading>
    );
  }
  if (profileQuery.isError || !profile) {
    return isNotFound(profileQuery.error) ? (
      <EmptyState icon={Inbox}>No profile data available.</EmptyState>
    ) : (
      <ErrorState icon onRetry={() => void profileQuery.refetch()}>
        We could not load your profile.
      </ErrorState>
    );
  }
  const summary = summaryQuery.data ?? null;
  const p = profile;
  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
        <Avatar name={p.fullName} src={avatar} size="large" />
        <div className="min-w-0 flex-1">
          <h1 id={headingId} className="text-xl font-semibold text-slate-900 md:text-2xl">
            {p.fullName}
          </h1>
          {p.email ? (
            <p className="mt-0.5 flex items-center gap-2 break-all text-sm text-slate-600">
              <Mail className="size-4 shrink-0" aria-hidden /> {p.email}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone="blue">
              <Hash className="mr-1 size-3" aria-hidden /> {p.clientcode}
            </Badge>
            {p.phonenumber ? (
              <Badge tone="slate">
                <Phone className="mr-1 size-3" aria-hidden /> {p.phonenumber}
              </Badge>
            ) : null}
          </div>
        </div>
        <div className="w-full sm:w-48">
          <p className="text-sm font-medium text-slate-700">Profile {p.profile_completeness}% complete</p>
          <div
            role="progressbar"
            aria-label="Profile completeness"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={p.profile_completeness}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-primary-600"
              style={{ width: `${p.profile_completeness}%` }}
            />
          </div>
        </div>
      </section>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <SideMenu />
        <Card region>
          <Tabs tab={tab} onChange={setTab} />
          <TabContent tab={tab} profile={p} summary={summary} onRetry={() => void summaryQuery.refetch()} />
        </Card>
      </div>
      {reminders}
    </div>
  );
}
