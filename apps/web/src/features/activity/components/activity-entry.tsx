import type { ActivityEntry } from '@portal/contract';
import { Link } from 'react-router';
import { formatDate, formatTime } from '../../../lib/format.ts';

// One line of the activity log: when, who (and the role they acted in), what in words, and on what.

const TARGET_PATH = {
  plan: (id: string) => `/dashboard/plans/${id}`,
  member: (id: string) => `/dashboard/secondary-client/${id}`,
  provider: null,
  staff: null,
} as const;

function Target({ target }: { target: NonNullable<ActivityEntry['target']> }) {
  const path = TARGET_PATH[target.kind];
  if (path && target.link_id)
    return (
      <Link to={path(target.link_id)} className="font-medium text-primary-700 hover:underline">
        {target.label}
      </Link>
    );
  return <span className="font-medium text-slate-700">{target.label}</span>;
}

function Client({ client }: { client: NonNullable<ActivityEntry['client']> }) {
  const label = `${client.name} (${client.client_code})`;
  if (!client.exists) return <span className="text-slate-600">{label}, removed</span>;
  return (
    <Link
      to={`/dashboard/users/${client.primary_client_id}`}
      className="font-medium text-primary-700 hover:underline"
    >
      {label}
    </Link>
  );
}

export function ActivityEntryRow({ entry }: { entry: ActivityEntry }) {
  const failed = entry.action === 'auth.login_failed' || entry.action === 'auth.second_factor_failed';
  return (
    <li className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:gap-6">
      <time dateTime={entry.at} className="shrink-0 text-sm text-slate-500 tabular-nums sm:w-40">
        {formatDate(entry.at)} · {formatTime(entry.at)}
      </time>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-900">
          <span className="font-medium">{entry.actor.name}</span>
          {entry.actor.role ? <span className="text-slate-500"> · {entry.actor.role}</span> : null}
        </p>
        <p className={failed ? 'text-sm text-red-700' : 'text-sm text-slate-700'}>
          {entry.sentence}
          {entry.target || entry.client ? ': ' : null}
          {entry.target ? <Target target={entry.target} /> : null}
          {entry.target && entry.client ? <span className="text-slate-400"> · </span> : null}
          {entry.client ? <Client client={entry.client} /> : null}
        </p>
      </div>
    </li>
  );
}
