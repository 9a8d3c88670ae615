import type { Alert } from '@portal/contract';
import type { TFunction } from 'i18next';
import { CalendarClock, ShieldAlert, TrendingUp, UserRoundX } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/query-states.tsx';
import { useFormat } from '../../../i18n/format.ts';
import { namespace } from '../../../i18n/i18n.ts';
import alertsWords from '../../../i18n/messages/en/alerts.json';
import { cn } from '../../../lib/cn.ts';
import { clientPaths } from './client-paths.ts';
import { useClientT } from './client-words.ts';

/** The alerts' titles and hints by kind (decision 048). */
const useAlertsT = namespace('alerts', alertsWords);

// Upcoming Alerts & Actions (spec §2 Client dashboard home): a type icon, title, plan name, date and action
// hint — red when the hint says 'expiring', green when it says 'maturity' — and a Review button to the plan.

/** Spec §8: what the notification says when the alerts cannot be loaded. */
export const ALERTS_FAILED = 'No upcoming found for this service. Please Add.';

const ICONS = { insurance: ShieldAlert, investment: TrendingUp, other: UserRoundX } as const;

type Format = ReturnType<typeof useFormat>;

/**
 * The alert's title and hint in the client's language (decision 048): English is the API's own text, exactly;
 * in Hindi the words come from the alert's kind and values, dates and money formatted for hi-IN. An alert
 * without them (an older answer) keeps the API's English.
 */
export function alertWords(alert: Alert, t: TFunction, format: Format): { title: string; hint: string } {
  // `t` reads the alerts namespace; a claim's status is the client area's word (client:claimStatus).
  const text = alert.text;
  if (format.locale === 'en' || !text) return { title: alert.title, hint: alert.action_hint };
  const p = text.params;
  const date = typeof p.date === 'string' ? format.date(p.date) : '';
  const until = typeof p.until === 'string' ? format.date(p.until) : '';
  if (text.kind === 'claim_numbered' || text.kind === 'claim_on_policy') {
    const status = t(`client:claimStatus.${p.status}`, { defaultValue: String(p.status) });
    const values = {
      number: String(p.number),
      status,
      date,
      amount: p.amount === undefined ? '' : format.money(p.amount),
    };
    return {
      title: p.status === 'intimated' ? t('claim.title_intimated') : t('claim.title', { status }),
      hint: t(`${text.kind}.${p.amount === undefined ? 'hint' : 'hintAmount'}`, values),
    };
  }
  const values = typeof p.days === 'number' ? { count: p.days, date, until } : { date, until };
  return { title: t(`${text.kind}.title`), hint: t(`${text.kind}.hint`, values) };
}

export type HintTone = 'red' | 'green' | 'neutral';

export function hintTone(hint: string): HintTone {
  const text = hint.toLowerCase();
  if (text.includes('expiring')) return 'red';
  if (text.includes('maturity')) return 'green';
  return 'neutral';
}

const ICON_TONES: Record<HintTone, string> = {
  red: 'bg-red-50 text-red-700',
  green: 'bg-green-50 text-green-700',
  neutral: 'bg-amber-50 text-amber-800',
};
const HINT_TONES: Record<HintTone, string> = {
  red: 'text-red-700',
  green: 'text-green-700',
  neutral: 'text-slate-600',
};

export function AlertRow({ alert }: { alert: Alert }) {
  const Icon = ICONS[alert.alert_type];
  const tone = hintTone(alert.action_hint);
  const t = useClientT();
  const ta = useAlertsT();
  const format = useFormat();
  const { title, hint } = alertWords(alert, ta, format);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', ICON_TONES[tone])}
          role="img"
          aria-label={t(`alerts.typeLabel.${alert.alert_type}`)}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{title}</p>
          <p className="text-sm break-words text-slate-700">{alert.plan_name}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1 text-slate-500 tabular-nums">
              <CalendarClock className="size-3.5" aria-hidden />
              {format.date(alert.alert_date)}
            </span>
            <span className={cn('font-medium', HINT_TONES[tone])} data-tone={tone}>
              {hint}
            </span>
          </p>
        </div>
      </div>
      <Link
        to={
          // A claim's step (issue 28) opens the claim; every other alert its plan.
          alert.alert_id.startsWith('claim:')
            ? clientPaths.claim(alert.alert_id.slice('claim:'.length))
            : clientPaths.plan(alert.reference_id)
        }
        aria-label={t('alerts.reviewLabel', { plan: alert.plan_name })}
        className="inline-flex min-h-10 items-center justify-center self-start rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:self-center"
      >
        {t('alerts.review')}
      </Link>
    </li>
  );
}

export function AlertList({ alerts }: { alerts: readonly Alert[] }) {
  return (
    <ul className="-my-4 divide-y divide-slate-100">
      {alerts.map((alert) => (
        <AlertRow key={alert.alert_id} alert={alert} />
      ))}
    </ul>
  );
}

export function AlertSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul className="-my-4 divide-y divide-slate-100" aria-hidden>
      {Array.from({ length: rows }, (_, i) => `placeholder-${i}`).map((key) => (
        <li key={key} className="flex items-center gap-3 py-4">
          <Skeleton variant="bar" className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton variant="bar" className="h-4 w-40" />
            <Skeleton variant="bar" className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton variant="bar" className="h-10 w-20" />
        </li>
      ))}
    </ul>
  );
}
