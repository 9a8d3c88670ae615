import type { ClientProfile, ClientSummary } from '@portal/contract';
import { CreditCard, FileText, Hash, Inbox, Mail, Phone, UserRound, Users } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Fields } from '../../../components/ui/detail-field.tsx';
import { EmptyState, ErrorState, Loading, Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { namespace } from '../../../i18n/i18n.ts';
import profileWords from '../../../i18n/messages/en/profile.json';
import { cn } from '../../../lib/cn.ts';
import { useOwnAvatar } from '../api/get-own-avatar.ts';
import { useProfile } from '../api/get-profile.ts';
import { useSummary } from '../api/get-summary.ts';
import { clientPaths } from './client-paths.ts';
import { Avatar } from './client-shell.tsx';
import { useClientT } from './client-words.ts';
import { isNotFound } from './is-not-found.ts';

// The client's My Profile (spec §2): header, side menu, four tabs, with the real values
// where the earlier portal showed placeholders (decisions §4).

const TABS = ['Overview', 'Personal Info', 'Contact Details', 'Additional Info'] as const;
type Tab = (typeof TABS)[number];

const useProfileT = namespace('profile', profileWords);

function SideMenu() {
  const item = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium';
  const t = useProfileT();
  return (
    <nav
      aria-label={t('menu')}
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <span aria-current="page" className={cn(item, 'bg-primary-50 text-primary-800')}>
        <UserRound className="size-4" aria-hidden /> {t('menu.profile')}
      </span>
      <Link to={clientPaths.secondaryClients} className={cn(item, 'text-slate-700 hover:bg-slate-100')}>
        <Users className="size-4" aria-hidden /> {t('menu.secondaryClients')}
      </Link>
      {/* Spec §2: Billing & Payments is listed but not clickable; premiums are paid to the agency. */}
      <span
        aria-disabled="true"
        className={cn(item, 'cursor-not-allowed text-slate-400')}
        title={t('menu.billingNote')}
      >
        <CreditCard className="size-4" aria-hidden /> {t('menu.billing')}
      </span>
      <Link to={clientPaths.plans} className={cn(item, 'text-slate-700 hover:bg-slate-100')}>
        <FileText className="size-4" aria-hidden /> {t('menu.plans')}
      </Link>
    </nav>
  );
}

function Tabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const t = useProfileT();
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
      aria-label={t('sections')}
      className="flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {TABS.map((each, i) => (
        <button
          key={each}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={tab === each}
          tabIndex={tab === each ? 0 : -1}
          onClick={() => onChange(each)}
          onKeyDown={onKey}
          className={cn(
            '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
            tab === each
              ? 'border-primary-700 text-primary-800'
              : 'border-transparent text-slate-600 hover:text-slate-900',
          )}
        >
          {t(`tab.${each}`)}
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
  const t = useProfileT();
  const tc = useClientT();
  const format = useFormat();
  // English shows the record as written; Hindi says the known values in words.
  const said = (prefix: string, value: string | null | undefined, key = value) =>
    value && key && format.locale !== 'en' ? t(`${prefix}.${key}`, { defaultValue: value }) : value;
  const panels: Record<Tab, ReactNode> = {
    Overview: (
      <Fields>
        <Field
          label={t('status')}
          value={
            <Badge tone={profile.status === 'Active' ? 'green' : 'red'}>
              {tc(`status.${profile.status}`, { defaultValue: profile.status })}
            </Badge>
          }
        />
        <Field label={t('clientSince')} value={format.date(profile.client_since)} />
        <Field
          label={t('lastLogin')}
          value={profile.last_login ? format.dateTime(profile.last_login) : t('firstVisit')}
        />
        {summary ? (
          <>
            <Field label={t('totalPlans')} value={format.count(summary.total_plans)} />
            <Field label={t('yearlyPremium')} value={format.money(summary.total_premium)} />
            <Field label={t('familyMembers')} value={format.count(summary.total_secondary_clients)} />
          </>
        ) : (
          // Spec §8: the summary's own failure, with 'Try again'.
          <div
            role="alert"
            className="col-span-2 flex flex-wrap items-center gap-3 text-sm text-red-800 lg:col-span-3"
          >
            {t('summaryFailed')}
            <Button variant="secondary" onClick={onRetry}>
              {t('tryAgain')}
            </Button>
          </div>
        )}
      </Fields>
    ),
    'Personal Info': (
      <Fields>
        <Field label={t('fullName')} value={profile.fullName} />
        <Field label={t('dob')} value={profile.date_of_birth ? format.date(profile.date_of_birth) : null} />
        <Field label={t('gender')} value={said('gender', profile.gender, profile.gender?.toLowerCase())} />
        <Field label={t('nationality')} value={said('nationality', profile.nationality)} />
        <Field label={t('occupation')} value={profile.occupation} />
        <Field label={t('pan')} value={profile.pannumber} />
        <Field label={t('aadhaar')} value={profile.aadharnumber} />
      </Fields>
    ),
    'Contact Details': (
      <Fields>
        <Field label={t('email')} value={profile.email} className="col-span-2 lg:col-span-1" />
        <Field label={t('phone')} value={profile.phonenumber} />
        <Field label={t('alternatePhone')} value={profile.alternatephonenumber} />
        <Field label={t('address')} value={profile.address} className="col-span-2 lg:col-span-3" />
      </Fields>
    ),
    'Additional Info': (
      <Fields>
        <Field label={t('clientCode')} value={profile.clientcode} />
        <Field label={t('emergencyContact')} value={contact?.name} />
        <Field label={t('emergencyPhone')} value={contact?.phone} />
      </Fields>
    ),
  };
  return (
    <div role="tabpanel" aria-label={t(`tab.${tab}`)} className="pt-5">
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
  const t = useProfileT();
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
      <Loading label={t('loading')} className="flex flex-col gap-5">
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
      <EmptyState icon={Inbox}>{t('none')}</EmptyState>
    ) : (
      <ErrorState icon onRetry={() => void profileQuery.refetch()}>
        {t('loadFailed')}
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
          <p className="text-sm font-medium text-slate-700">
            {t('completeness', { percent: p.profile_completeness })}
          </p>
          <div
            role="progressbar"
            aria-label={t('completenessLabel')}
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
