import { DUE_KIND_LABELS, type RenewalItem } from '@portal/contract';
import { AlertTriangle, Landmark, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ContactLinks } from '../../../components/ui/contact-links.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { NextFollowUp } from './plan-follow-ups.tsx';
import { SendOnWhatsApp } from './send-on-whatsapp.tsx';

const dayWord = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Why the plan is on the list and when: "Premium due in 5 days", "Renewal due 3 days ago", "Follow-up due today". */
function dueBadge(item: RenewalItem) {
  const days = item.work_days_left;
  if (days === null || item.due_kind === null) return <Badge tone="slate">No due date</Badge>;
  const what = DUE_KIND_LABELS[item.due_kind];
  if (days < 0) return <Badge tone="red">{`${what} ${dayWord(-days)} ago`}</Badge>;
  if (days === 0) return <Badge tone="red">{`${what} today`}</Badge>;
  if (days === 1) return <Badge tone="red">{`${what} tomorrow`}</Badge>;
  return <Badge tone={days <= 7 ? 'amber' : 'slate'}>{`${what} in ${dayWord(days)}`}</Badge>;
}

/** A missed premium's standing: in its grace period until a day, or lapsed (a life policy: revivable until). */
function premiumStanding(item: RenewalItem) {
  const p = item.premium;
  if (p.state === 'grace' && p.grace_until)
    return <Badge tone="amber">{`In grace period until ${formatDate(p.grace_until)}`}</Badge>;
  if (p.state === 'lapsed')
    return (
      <Badge tone="red">
        {p.revival_until ? `Lapsed · can be revived until ${formatDate(p.revival_until)}` : 'Lapsed'}
      </Badge>
    );
  return null;
}

/** The plan's money and dates: "Premium ₹12,000.00 Yearly · next due 05 Dec 2026 · Ends 05 Dec 2036". */
function moneyLine(item: RenewalItem): string {
  const parts: string[] = [];
  const p = item.premium;
  const recurring = p.next_due_date !== null && p.premium_mode !== 'Single premium';
  const amount = p.instalment_amount ?? item.amount;
  if (amount !== null) {
    const label = item.plan_type === 'insurance' ? 'Premium' : recurring ? 'Instalment' : 'Amount';
    parts.push(`${label} ${formatMoney(amount)}${recurring ? ` ${p.premium_mode}` : ''}`);
  }
  if (recurring && item.due_kind !== 'renewal') parts.push(`next due ${formatDate(p.next_due_date)}`);
  if (item.end_date)
    parts.push(
      `${item.plan_type === 'investment' || item.service_code === 'life' ? 'Matures' : 'Ends'} ${formatDate(item.end_date)}`,
    );
  else parts.push('No end date');
  return parts.join(' · ');
}

/** What has been done: reminders sent (dates), retries, the last contact and renewal events. */
function doneLines(item: RenewalItem): string[] {
  const current = item.reminders.filter((r) => r.end_date === item.end_date);
  const sent = current.filter((r) => r.status === 'sent' && r.sent_at);
  const lines: string[] = [];
  if (sent.length > 0) {
    lines.push(`Reminded by e-mail on ${sent.map((r) => formatDate(r.sent_at)).join(', ')}`);
  }
  const retrying = current.find((r) => r.status === 'pending' && r.attempts > 0);
  if (retrying)
    lines.push(
      `Reminder being retried (${retrying.attempts} attempt${retrying.attempts === 1 ? '' : 's'} so far)`,
    );
  if (item.last_contacted_at) {
    const contact = item.events.filter((e) => e.kind === 'contacted').at(-1);
    lines.push(
      `Contacted${contact?.channel === 'whatsapp' ? ' on WhatsApp' : ''} on ${formatDate(item.last_contacted_at)}${contact?.note ? `: “${contact.note}”` : ''}`,
    );
  }
  const renewed = item.events.filter((e) => e.kind === 'renewed').at(-1);
  if (renewed)
    lines.push(
      `Last renewed on ${formatDate(renewed.at)} (was ending ${formatDate(renewed.previous_end_date)})`,
    );
  return lines;
}

export function RenewalCard({
  item,
  onContacted,
  onFollowUp,
  onRenewed,
  onPaid,
  onLapsed,
  onLost,
}: {
  item: RenewalItem;
  onContacted: () => void;
  onFollowUp: () => void;
  onRenewed: () => void;
  /** A row whose premium is due apart from its end date is paid, not renewed (decision 042). */
  onPaid?: (() => void) | undefined;
  onLapsed: () => void;
  onLost: () => void;
}) {
  const done = doneLines(item);
  const Icon = item.plan_type === 'insurance' ? ShieldCheck : Landmark;
  return (
    <li className="flex flex-col gap-3 px-5 py-4" data-testid="renewal-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link
            to={`/dashboard/users/${item.primary_client_id}`}
            className="font-medium text-primary-700 hover:underline"
          >
            {item.client_name}
          </Link>
          {item.family_member ? <span className="text-slate-600"> · for {item.family_member}</span> : null}
          <span className="ml-2 font-mono text-xs text-slate-500">{item.client_code}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {dueBadge(item)}
          {premiumStanding(item)}
          {item.next_follow_up && item.due_kind !== 'follow_up' ? (
            <NextFollowUp date={item.next_follow_up} />
          ) : null}
        </div>
      </div>
      <div className="flex items-start gap-3 text-sm text-slate-700">
        <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
        <div className="min-w-0">
          <p>
            <Link to={`/dashboard/plans/${item.plan_id}`} className="font-medium break-all hover:underline">
              {item.plan_number}
            </Link>{' '}
            · {item.service_name} · {item.provider_name}
          </p>
          <p className="text-slate-600">{moneyLine(item)}</p>
          <ContactLinks
            className="text-slate-500"
            size="sm"
            name={item.client_name}
            email={item.client_email}
            phone={item.client_phone}
            // The message button below writes the agency's words; a bare chat link beside it would not.
            chat={false}
          />
        </div>
      </div>
      {done.length > 0 || item.problem ? (
        <ul className="flex flex-col gap-1 text-sm">
          {done.map((line) => (
            <li key={line} className="text-slate-600">
              {line}
            </li>
          ))}
          {item.problem ? (
            <li className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>Reminder not sent: {item.problem}</span>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">Nothing done yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <SendOnWhatsApp
          plan={item}
          nextDueDate={item.premium.next_due_date}
          premium={item.premium.instalment_amount}
        />
        <Button variant="secondary" onClick={onContacted}>
          Contacted
        </Button>
        <Button variant="secondary" onClick={onFollowUp}>
          Add follow-up
        </Button>
        {item.due_kind === 'premium' && onPaid ? (
          <Button onClick={onPaid}>Mark premium paid</Button>
        ) : (
          <Button onClick={onRenewed}>Mark renewed</Button>
        )}
        <Button variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={onLapsed}>
          {item.plan_type === 'insurance' ? 'Mark lapsed' : 'Mark closed'}
        </Button>
        <Button variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={onLost}>
          Mark lost
        </Button>
      </div>
    </li>
  );
}
